import { Alert, Form, Input, InputNumber, Radio, Select } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  changeMemberGradeRequestSchema,
  memberFreezeRequestSchema,
  memberUnfreezeRequestSchema,
  pointsAdjustRequestSchema,
} from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { toast } from '../../../../shared/feedback/feedback';
import { useAdjustPoints, useChangeMemberGrade, useSetMemberFrozen } from '../api';
import { useGradeOptions } from '../../grades/api';
import { MEMBER_NS } from '../../locales';

/** A dialog title naming a member: the name is data (not translated). */
function DataTitle(props: { t: TFunction; i18nKey: string; name: string | undefined }) {
  return (
    <Trans
      t={props.t}
      i18nKey={props.i18nKey}
      values={{ name: props.name ?? '' }}
      components={[<span key="name" translate="no" />]}
    />
  );
}

export interface MemberRef {
  id: number;
  name: string;
  status: 'normal' | 'frozen' | 'logged_off';
  pointsBalance: number;
}

interface DialogProps<M> {
  member: M | null;
  onClose: () => void;
  onDone: () => void;
}

const freezeSchema = memberFreezeRequestSchema.pick({ reason: true });
const unfreezeSchema = memberUnfreezeRequestSchema.pick({ reason: true });

/** Freeze (reason required) or unfreeze (note optional) one member. */
export function FreezeDialog({ member, onClose, onDone }: DialogProps<MemberRef>) {
  const { t } = useTranslation(MEMBER_NS);
  const freezing = member?.status !== 'frozen';
  const mutation = useSetMemberFrozen(member?.id ?? 0, freezing);
  return (
    <FormDialog
      open={member !== null}
      title={
        <DataTitle
          t={t}
          i18nKey={freezing ? 'freeze.title' : 'freeze.unfreezeTitle'}
          name={member?.name}
        />
      }
      name="freezeForm"
      schema={freezing ? freezeSchema : unfreezeSchema}
      mutation={mutation}
      onClose={onClose}
      onDone={() => {
        toast.success(freezing ? t('freeze.frozen') : t('freeze.unfrozen'));
        onDone();
      }}
      intro={
        freezing && (
          <Alert type="warning" showIcon message={t('freeze.hint')} style={{ marginBottom: 16 }} />
        )
      }
    >
      <Form.Item
        name="reason"
        label={t(freezing ? 'freeze.reason' : 'freeze.unfreezeReason')}
        required={freezing}
      >
        <Input.TextArea rows={3} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

type AdjustValues = { direction: 'plus' | 'minus'; amount?: number | null; reason?: string };
const adjustSchema = pointsAdjustRequestSchema.omit({ memberId: true });
const adjustInput = ({ direction, amount, reason }: AdjustValues) => ({
  amount: direction === 'minus' && typeof amount === 'number' ? -amount : amount,
  reason,
});

/** Add or deduct points with a reason (the points area's adjust endpoint writes the ledger). */
export function AdjustPointsDialog({ member, onClose, onDone }: DialogProps<MemberRef>) {
  const { t } = useTranslation(MEMBER_NS);
  const mutation = useAdjustPoints(member?.id ?? 0);
  return (
    <FormDialog
      open={member !== null}
      title={<DataTitle t={t} i18nKey="points.title" name={member?.name} />}
      name="pointsForm"
      schema={adjustSchema}
      adapt={{ toInput: adjustInput }}
      initialValues={{ direction: 'plus' }}
      mutation={mutation}
      onClose={onClose}
      onDone={(result) => {
        toast.success(t('points.done', { balance: result.balance }));
        onDone();
      }}
      intro={<p>{t('points.balance', { balance: member?.pointsBalance ?? 0 })}</p>}
    >
      <Form.Item name="direction" label={t('points.direction')}>
        <Radio.Group>
          <Radio value="plus">{t('points.plus')}</Radio>
          <Radio value="minus">{t('points.minus')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="amount" label={t('points.amount')} required>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('points.reason')} required>
        <Input.TextArea rows={3} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

const gradeSchema = changeMemberGradeRequestSchema.omit({ memberId: true });

/** Set a member's grade by hand, with a reason (written to the grade log). */
export function ChangeGradeDialog({
  member,
  onClose,
  onDone,
}: DialogProps<MemberRef & { gradeId: number; gradeName: string }>) {
  const { t } = useTranslation(MEMBER_NS);
  const grades = useGradeOptions();
  const mutation = useChangeMemberGrade(member?.id ?? 0);
  return (
    <FormDialog
      open={member !== null}
      title={<DataTitle t={t} i18nKey="grade.title" name={member?.name} />}
      name="gradeForm"
      schema={gradeSchema}
      mutation={mutation}
      onClose={onClose}
      onDone={() => {
        toast.success(t('grade.done'));
        onDone();
      }}
      intro={
        <>
          <Alert type="info" showIcon message={t('grade.hint')} style={{ marginBottom: 16 }} />
          <p>{t('grade.current', { grade: member?.gradeName ?? '-' })}</p>
        </>
      }
    >
      <Form.Item name="gradeId" label={t('grade.target')} required>
        <Select
          loading={grades.isPending}
          options={(grades.data ?? [])
            .filter((g) => g.id !== member?.gradeId)
            .map((g) => ({ label: g.name, value: g.id }))}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('grade.reason')} required>
        <Input.TextArea rows={3} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}
