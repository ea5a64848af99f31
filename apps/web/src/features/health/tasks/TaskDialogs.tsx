import { Alert, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  healthTaskAddSchema,
  healthTaskAssignSchema,
  healthTaskBookSchema,
  healthTaskCancelSchema,
  healthTaskCompleteSchema,
  healthTaskUpdateSchema,
  HealthTaskMessages,
  formatDate,
  PAGES,
  TASK_KINDS,
  TASK_NOTE_MAX,
  TASK_OUTCOME_MAX,
  TASK_TITLE_MAX,
  type HealthTask,
  type HealthTaskKind,
  type HealthTaskStep,
  type TaskStaff,
} from '@health/contract';
import {
  FormDialog,
  type DialogCallbacks,
  type DialogMutation,
} from '../../../shared/components/form-dialog';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { toast } from '../../../shared/feedback/feedback';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageActions } from '../../../shared/stores/permission';
import { dayjs } from '../../../shared/utils/dayjs';
import { HEALTH_TASKS_NS } from './locales';
import {
  useAddTask,
  useAssignTask,
  useBookTask,
  useCancelTask,
  useCompleteTask,
  useTaskMemberOptions,
  useTaskStaff,
  useUpdateTask,
} from './api';

const msOf = (d: Dayjs | null | undefined) => (d ? d.valueOf() : null);
const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * The assignee select: doctors and assistants with how many open tasks each holds. Each page
 * passes the staff query its own endpoint answers (the page's permission decides who may list
 * them), as MemberPicker does.
 */
export function StaffSelect(props: {
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
  useStaff?: (enabled: boolean) => UseQueryResult<TaskStaff[]>;
}) {
  const { t } = useTranslation(HEALTH_TASKS_NS);
  const staff = (props.useStaff ?? useTaskStaff)(true);
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      allowClear
      loading={staff.isLoading}
      showSearch
      optionFilterProp="label"
      placeholder={t('assignLater')}
      options={(staff.data ?? []).map((s) => ({
        value: s.id,
        label: t('assigneeOption', {
          name: s.name,
          role: t(`role.${s.staffRole}`),
          n: s.openTasks,
        }),
      }))}
    />
  );
}

interface TaskFormValues {
  kind?: HealthTaskKind;
  memberId?: number;
  title: string;
  note: string;
  dueAt?: Dayjs | null;
  assigneeId?: number;
}

/** The alert a new task follows up (the workbench): its member is the task's. */
export interface TaskAlert {
  id: number;
  memberName: string;
  memberPhone: string;
}

/**
 * A new task (member — or the alert it follows up —, kind, optional assignee) or an open task's
 * kind, title, notes and due time.
 */
export function TaskDialog({
  task,
  alert = null,
  open,
  onClose,
  onDone,
}: { task: HealthTask | null; alert?: TaskAlert | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(HEALTH_TASKS_NS);
  const add = useAddTask();
  const update = useUpdateTask();
  const canAssign = (usePageActions(PAGES.taskAssign) as readonly string[]).includes('assign');
  const toInput = (v: TaskFormValues) =>
    task
      ? { id: task.id, kind: v.kind, title: v.title, note: v.note, dueAt: msOf(v.dueAt) }
      : {
          kind: v.kind,
          ...(alert ? { alertId: alert.id } : { memberId: v.memberId }),
          title: v.title,
          note: v.note,
          dueAt: msOf(v.dueAt),
          assigneeId: v.assigneeId,
        };
  return (
    <FormDialog
      title={task ? t('editTitle') : t('addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('saved'));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancelButton')}
      name="healthTask"
      schema={task ? healthTaskUpdateSchema : healthTaskAddSchema}
      adapt={{ toInput }}
      initialValues={
        task
          ? {
              kind: task.kind,
              title: task.title,
              note: task.note,
              dueAt: task.dueAt === null ? null : dayjs(task.dueAt),
            }
          : { kind: 'follow_up_call', title: '', note: '', dueAt: null }
      }
      mutation={{
        isPending: add.isPending || update.isPending,
        mutateAsync: (request: object) =>
          task
            ? update.mutateAsync(request as Parameters<typeof update.mutateAsync>[0])
            : add.mutateAsync(request as Parameters<typeof add.mutateAsync>[0]),
      }}
    >
      {!task && alert && (
        <Form.Item label={t('memberPick')}>
          <span translate="no">
            {alert.memberName}{' '}
            <Typography.Text type="secondary">{alert.memberPhone}</Typography.Text>
          </span>
        </Form.Item>
      )}
      {!task && !alert && (
        <Form.Item name="memberId" label={t('memberPick')} required>
          <MemberPicker useOptions={useTaskMemberOptions} placeholder={t('memberSearch')} />
        </Form.Item>
      )}
      <Form.Item name="kind" label={t('kindLabel')} required>
        <Select options={TASK_KINDS.map((v) => ({ value: v, label: t(`kind.${v}`) }))} />
      </Form.Item>
      <Form.Item name="title" label={t('taskTitle')} extra={t('titleHint')}>
        <Input count={{ show: true, max: TASK_TITLE_MAX }} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea rows={3} count={{ show: true, max: TASK_NOTE_MAX }} />
      </Form.Item>
      <Form.Item
        name="dueAt"
        label={t('dueAt')}
        // A booked task is due no earlier than its appointment (the server says the same).
        extra={
          task?.appointmentAt != null
            ? t('dueNotBefore', { time: formatDate(task.appointmentAt, '{y}-{m}-{d} {h}:{i}') })
            : undefined
        }
        rules={[
          {
            validator: (_, v: Dayjs | null | undefined) =>
              task?.appointmentAt != null && v && v.valueOf() < task.appointmentAt
                ? Promise.reject(new Error(localMessage(HealthTaskMessages.dueBeforeAppointment)))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} style={{ width: '100%' }} />
      </Form.Item>
      {!task && canAssign && (
        <Form.Item name="assigneeId" label={t('assignee')}>
          <StaffSelect />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** A step of the workflow the operator chose on a task. */
export interface StepRequest {
  task: HealthTask;
  step: HealthTaskStep;
}

const STEP_SCHEMAS = {
  assign: healthTaskAssignSchema,
  reassign: healthTaskAssignSchema,
  book: healthTaskBookSchema,
  reschedule: healthTaskBookSchema,
  complete: healthTaskCompleteSchema,
  cancel: healthTaskCancelSchema,
} as const;

interface StepFormValues {
  assigneeId?: number;
  appointmentAt?: Dayjs | null;
  note?: string;
  outcome?: string;
  reason?: string;
}

/**
 * One step of a task: the assignee (assign, reassign), the time agreed with the member (book,
 * reschedule), the outcome (complete) or the reason (cancel).
 */
export function TaskStepDialog({
  request,
  via,
  onClose,
  onDone,
}: {
  request: StepRequest | null;
  /** Another endpoint that takes the step (助理工作台's book); default the task pages'. */
  via?: DialogMutation<object, unknown>;
} & DialogCallbacks) {
  const { t } = useTranslation(HEALTH_TASKS_NS);
  const mutations = {
    assign: useAssignTask(),
    book: useBookTask(),
    complete: useCompleteTask(),
    cancel: useCancelTask(),
  };
  const step = request?.step ?? 'assign';
  const mutation: DialogMutation<object, unknown> =
    via ??
    ((step === 'reassign'
      ? mutations.assign
      : step === 'reschedule'
        ? mutations.book
        : mutations[step]) as DialogMutation<object, unknown>);
  const label = t(`step.${step}`);
  const toInput = (v: StepFormValues) => {
    const id = request?.task.id;
    if (step === 'assign' || step === 'reassign') return { id, assigneeId: v.assigneeId };
    if (step === 'book' || step === 'reschedule')
      return { id, appointmentAt: msOf(v.appointmentAt), note: v.note ?? '' };
    if (step === 'complete') return { id, outcome: v.outcome ?? '' };
    return { id, reason: v.reason ?? '' };
  };
  const task = request?.task;
  const dueAt = task?.dueAt ?? null;
  return (
    <FormDialog
      title={t('stepTitle', { step: label, title: task?.title ?? '' })}
      open={request !== null}
      onClose={onClose}
      onDone={() => {
        toast.success(t('stepDone', { step: label }));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancelButton')}
      name="healthTaskStep"
      schema={STEP_SCHEMAS[step]}
      adapt={{ toInput }}
      initialValues={{
        assigneeId: task?.assigneeId ?? undefined,
        appointmentAt: task?.appointmentAt ? dayjs(task.appointmentAt) : null,
        note: '',
        outcome: '',
        reason: '',
      }}
      mutation={mutation}
      intro={
        step === 'complete' ? (
          <Alert type="info" showIcon message={t('completeHint')} style={{ marginBottom: 16 }} />
        ) : undefined
      }
    >
      {(step === 'assign' || step === 'reassign') && (
        <Form.Item name="assigneeId" label={t('assignee')} required>
          <StaffSelect />
        </Form.Item>
      )}
      {(step === 'book' || step === 'reschedule') && (
        <>
          <Form.Item
            name="appointmentAt"
            label={t('appointmentAt')}
            required
            // No later than the task's deadline (the server says the same).
            extra={
              dueAt !== null
                ? t('appointmentNotAfter', { time: formatDate(dueAt, '{y}-{m}-{d} {h}:{i}') })
                : undefined
            }
            rules={[
              {
                validator: (_, v: Dayjs | null | undefined) =>
                  dueAt !== null && v && v.valueOf() > dueAt
                    ? Promise.reject(
                        new Error(localMessage(HealthTaskMessages.appointmentAfterDue)),
                      )
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME}
              disabledDate={(d) =>
                d.isBefore(dayjs(), 'day') || (dueAt !== null && d.isAfter(dayjs(dueAt), 'day'))
              }
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="note" label={t('bookNote')}>
            <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
          </Form.Item>
        </>
      )}
      {step === 'complete' && (
        <Form.Item name="outcome" label={t('outcome')} required>
          <Input.TextArea
            rows={3}
            placeholder={t('outcomePlaceholder')}
            count={{ show: true, max: TASK_OUTCOME_MAX }}
          />
        </Form.Item>
      )}
      {step === 'cancel' && (
        <Form.Item name="reason" label={t('reason')} required>
          <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
