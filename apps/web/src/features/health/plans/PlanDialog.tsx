import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  healthPlanAddSchema,
  healthPlanUpdateSchema,
  PLAN_DOSE_MAX,
  PLAN_DRUG_MAX,
  PLAN_EVERY_DAYS_MAX,
  PLAN_EVERY_DAYS_MIN,
  PLAN_GOAL_MAX,
  PLAN_GOALS_MAX,
  PLAN_MED_NOTE_MAX,
  PLAN_MED_TIMES_MAX,
  PLAN_MEDICATIONS_MAX,
  PLAN_OCCURRENCES_MAX,
  PLAN_OCCURRENCES_MIN,
  PLAN_TEXT_MAX,
  PLAN_TITLE_MAX,
  TASK_KINDS,
  type HealthPlan,
  type HealthTaskKind,
  type PlanMedication,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { toast } from '../../../shared/feedback/feedback';
import { useAppStore } from '../../../shared/stores/app';
import { dayjs } from '../../../shared/utils/dayjs';
import { StaffSelect } from '../tasks/TaskDialogs';
import { HEALTH_PLANS_NS } from './locales';
import { useAddPlan, usePlanMemberOptions, usePlanStaff, useUpdatePlan } from './api';

/** A new schedule's tasks are due at this hour of their day. */
const DUE_HOUR = 9;

interface PlanFormValues {
  memberId?: number;
  title: string;
  goals: string[];
  diet: string;
  exercise: string;
  medications: PlanMedication[];
  hasSchedule: boolean;
  schedule: {
    kind: HealthTaskKind;
    everyDays?: number | null;
    occurrences?: number | null;
    startAt?: Dayjs | null;
    assigneeId?: number | null;
  };
}

/** A time's errors (medications.0.times.1) go on its medication's times field. */
const TIME_FIELDS: Record<string, string> = {};
for (let i = 0; i < PLAN_MEDICATIONS_MAX; i++)
  for (let j = 0; j < PLAN_MED_TIMES_MAX + 4; j++)
    TIME_FIELDS[`medications.${i}.times.${j}`] = `medications.${i}.times`;

/**
 * A new plan (its member first) or an active plan's content: goals, diet, exercise, medication
 * reminders and the follow-up schedule that makes its tasks.
 */
export function PlanDialog({
  plan,
  open,
  onClose,
  onDone,
}: { plan: HealthPlan | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(HEALTH_PLANS_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const add = useAddPlan();
  const update = useUpdatePlan();
  const old = plan?.schedule ?? null;

  const startOf = (d: Dayjs | null | undefined) => {
    if (!d) return undefined;
    // The same day as before keeps its time: an unchanged schedule is not remade.
    if (old && dayjs(old.startAt).isSame(d, 'day')) return old.startAt;
    return d.startOf('day').add(DUE_HOUR, 'hour').valueOf();
  };
  const toInput = (v: PlanFormValues) => ({
    ...(plan ? { id: plan.id } : { memberId: v.memberId }),
    title: v.title ?? '',
    goals: v.goals ?? [],
    diet: v.diet ?? '',
    exercise: v.exercise ?? '',
    medications: (v.medications ?? []).map((m) => ({
      drug: m?.drug ?? '',
      dose: m?.dose ?? '',
      times: m?.times ?? [],
      note: m?.note ?? '',
    })),
    schedule: v.hasSchedule
      ? {
          kind: v.schedule?.kind ?? 'follow_up_call',
          everyDays: v.schedule?.everyDays ?? undefined,
          occurrences: v.schedule?.occurrences ?? undefined,
          startAt: startOf(v.schedule?.startAt),
          assigneeId: v.schedule?.assigneeId ?? undefined,
        }
      : null,
  });

  const initialValues: PlanFormValues = plan
    ? {
        title: plan.title,
        goals: plan.goals,
        diet: plan.diet,
        exercise: plan.exercise,
        medications: plan.medications,
        hasSchedule: old !== null,
        schedule: old
          ? {
              kind: old.kind,
              everyDays: old.everyDays,
              occurrences: old.occurrences,
              startAt: dayjs(old.startAt),
              assigneeId: old.assigneeId,
            }
          : { kind: 'follow_up_call', everyDays: 14, occurrences: 6, startAt: null },
      }
    : {
        title: '',
        goals: [''],
        diet: '',
        exercise: '',
        medications: [],
        hasSchedule: true,
        schedule: {
          kind: 'follow_up_call',
          everyDays: 14,
          occurrences: 6,
          // The day, not this instant: FormDialog resets the form when its initial values'
          // JSON changes, and an instant's changes at every render (a re-render wiped the
          // fields and their errors).
          startAt: dayjs().add(1, 'day').startOf('day'),
        },
      };

  return (
    <FormDialog
      title={plan ? t('editTitle') : t('addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('saved'));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancelButton')}
      name="healthPlan"
      width={mobile ? '100%' : 880}
      schema={plan ? healthPlanUpdateSchema : healthPlanAddSchema}
      adapt={{ toInput, fieldOf: TIME_FIELDS }}
      initialValues={initialValues}
      formProps={{ layout: 'vertical' }}
      mutation={{
        isPending: add.isPending || update.isPending,
        mutateAsync: (request: object) =>
          plan
            ? update.mutateAsync(request as Parameters<typeof update.mutateAsync>[0])
            : add.mutateAsync(request as Parameters<typeof add.mutateAsync>[0]),
      }}
    >
      {(form) => (
        <>
          {plan ? (
            <Form.Item label={t('member')}>
              <span translate="no">
                {plan.memberName}{' '}
                <Typography.Text type="secondary">{plan.memberPhone}</Typography.Text>
              </span>
            </Form.Item>
          ) : (
            <Form.Item name="memberId" label={t('member')} required>
              <MemberPicker useOptions={usePlanMemberOptions} placeholder={t('memberSearch')} />
            </Form.Item>
          )}
          <Form.Item name="title" label={t('planTitle')} required>
            <Input
              placeholder={t('titlePlaceholder')}
              count={{ show: true, max: PLAN_TITLE_MAX }}
            />
          </Form.Item>
          <Form.Item label={t('goals')} required={false} style={{ marginBottom: 8 }}>
            <Form.List name="goals">
              {(fields, { add: addGoal, remove }) => (
                <>
                  {fields.map((field) => (
                    <Flex key={field.key} gap={8} align="start">
                      <Form.Item name={field.name} style={{ flex: 1, marginBottom: 8 }}>
                        <Input
                          placeholder={t('goalPlaceholder')}
                          count={{ show: true, max: PLAN_GOAL_MAX }}
                          aria-label={`${t('goals')} ${field.name + 1}`}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('remove')}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  ))}
                  {fields.length < PLAN_GOALS_MAX && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => addGoal('')}>
                      {t('addGoal')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item name="diet" label={t('diet')}>
            <Input.TextArea rows={2} count={{ show: true, max: PLAN_TEXT_MAX }} />
          </Form.Item>
          <Form.Item name="exercise" label={t('exercise')}>
            <Input.TextArea rows={2} count={{ show: true, max: PLAN_TEXT_MAX }} />
          </Form.Item>
          <Form.Item label={t('medications')} style={{ marginBottom: 8 }}>
            <Form.List name="medications">
              {(fields, { add: addMed, remove }) => (
                <>
                  {fields.length > 0 && !mobile && (
                    <Flex gap={8} style={{ padding: '0 8px 4px' }}>
                      <Typography.Text type="secondary" style={{ width: 170 }}>
                        {t('drug')}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ width: 110 }}>
                        {t('dose')}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ width: 220 }}>
                        {t('times')}
                      </Typography.Text>
                      <Typography.Text type="secondary">{t('medNote')}</Typography.Text>
                    </Flex>
                  )}
                  {fields.map((field) => (
                    <Flex
                      key={field.key}
                      gap={8}
                      wrap
                      align="start"
                      data-testid="plan-medication"
                      style={{
                        padding: 8,
                        marginBottom: 8,
                        background: 'rgba(0,0,0,0.02)',
                        borderRadius: 6,
                      }}
                    >
                      <Form.Item
                        name={[field.name, 'drug']}
                        style={{ width: mobile ? '100%' : 170, marginBottom: 0 }}
                      >
                        <Input
                          placeholder={t('drug')}
                          aria-label={t('drug')}
                          maxLength={PLAN_DRUG_MAX + 10}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'dose']}
                        style={{ width: mobile ? 'calc(50% - 4px)' : 110, marginBottom: 0 }}
                      >
                        <Input
                          placeholder={t('dose')}
                          aria-label={t('dose')}
                          maxLength={PLAN_DOSE_MAX + 10}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'times']}
                        style={{ width: mobile ? 'calc(50% - 4px)' : 220, marginBottom: 0 }}
                      >
                        <Select
                          mode="tags"
                          open={false}
                          tokenSeparators={[',', '，', ' ']}
                          placeholder={t('timesPlaceholder')}
                          aria-label={t('times')}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'note']}
                        style={{ flex: 1, minWidth: 120, marginBottom: 0 }}
                      >
                        <Input
                          placeholder={t('medNote')}
                          aria-label={t('medNote')}
                          maxLength={PLAN_MED_NOTE_MAX + 10}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('remove')}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  ))}
                  {fields.length < PLAN_MEDICATIONS_MAX && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => addMed({ drug: '', dose: '', times: ['08:00'], note: '' })}
                    >
                      {t('addMedication')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item
            name="hasSchedule"
            label={t('schedule')}
            valuePropName="checked"
            style={{ marginBottom: 8 }}
          >
            <Switch checkedChildren={t('hasSchedule')} unCheckedChildren={t('noSchedule')} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.hasSchedule !== b.hasSchedule}>
            {() =>
              form.getFieldValue('hasSchedule') ? (
                <>
                  <Alert
                    type="info"
                    showIcon
                    message={t('scheduleHint')}
                    style={{ marginBottom: 16 }}
                  />
                  <Flex gap={12} wrap>
                    <Form.Item
                      name={['schedule', 'kind']}
                      label={t('kind')}
                      required
                      style={{ width: mobile ? '100%' : 160 }}
                    >
                      <Select
                        options={TASK_KINDS.map((v) => ({ value: v, label: t(`taskKind.${v}`) }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={['schedule', 'everyDays']}
                      label={t('everyDays')}
                      required
                      style={{ width: mobile ? 'calc(50% - 6px)' : 120 }}
                    >
                      <InputNumber
                        min={PLAN_EVERY_DAYS_MIN}
                        max={PLAN_EVERY_DAYS_MAX}
                        precision={0}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={['schedule', 'occurrences']}
                      label={t('occurrences')}
                      required
                      style={{ width: mobile ? 'calc(50% - 6px)' : 100 }}
                    >
                      <InputNumber
                        min={PLAN_OCCURRENCES_MIN}
                        max={PLAN_OCCURRENCES_MAX}
                        precision={0}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={['schedule', 'startAt']}
                      label={t('startAt')}
                      required
                      style={{ width: mobile ? '100%' : 160 }}
                    >
                      <DatePicker style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={['schedule', 'assigneeId']}
                      label={t('assignee')}
                      style={{ flex: 1, minWidth: mobile ? '100%' : 180 }}
                    >
                      <StaffSelect useStaff={usePlanStaff} />
                    </Form.Item>
                  </Flex>
                </>
              ) : null
            }
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
