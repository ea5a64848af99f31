import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/feedback/feedback';
import { setNestedFieldErrors } from '../../../../shared/utils/form';
import { isApiError } from '../../../../shared/api/errors';
import { adjustPoints, freezeMember, unfreezeMember } from '../api';
import { changeMemberGrade, useGradeOptions } from '../../grades/api';
import { MEMBER_NS } from '../../locales';

export interface MemberRef {
  id: number;
  name: string;
  status: 'normal' | 'frozen' | 'logged_off';
  pointsBalance: number;
}

/** Freeze (reason required) or unfreeze (note optional) one member. */
export function FreezeDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberRef | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const freezing = member?.status !== 'frozen';
  const submit = async () => {
    if (!member) return;
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      if (freezing) await freezeMember(member.id, reason);
      else await unfreezeMember(member.id, reason ?? '');
      toast.success(freezing ? '会员已冻结' : '会员已解冻');
      form.resetFields();
      onDone();
    } catch (e) {
      if (isApiError(e)) setNestedFieldErrors(form, e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={member !== null}
      title={t(freezing ? 'freeze.title' : 'freeze.unfreezeTitle', { name: member?.name })}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      {freezing && (
        <Alert type="warning" showIcon message={t('freeze.hint')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} name="freezeForm" layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t(freezing ? 'freeze.reason' : 'freeze.unfreezeReason')}
          rules={
            freezing
              ? [{ required: true, whitespace: true, message: t('freeze.reasonRequired') }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Add or deduct points with a reason (the points area's adjust endpoint writes the ledger). */
export function AdjustPointsDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberRef | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const [form] = Form.useForm<{ direction: 'plus' | 'minus'; amount: number; reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!member) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      const amount = values.direction === 'minus' ? -values.amount : values.amount;
      const result = await adjustPoints(member.id, amount, values.reason);
      toast.success(`积分已调整，当前积分 ${result.balance}`);
      form.resetFields();
      onDone();
    } catch (e) {
      if (isApiError(e)) setNestedFieldErrors(form, e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={member !== null}
      title={t('points.title', { name: member?.name })}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{t('points.balance', { balance: member?.pointsBalance ?? 0 })}</p>
      <Form
        form={form}
        name="pointsForm"
        layout="vertical"
        preserve={false}
        initialValues={{ direction: 'plus' }}
      >
        <Form.Item name="direction" label={t('points.direction')}>
          <Radio.Group>
            <Radio value="plus">{t('points.plus')}</Radio>
            <Radio value="minus">{t('points.minus')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('points.amount')}
          rules={[{ required: true, message: t('points.amountRequired') }]}
        >
          <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('points.reason')}
          rules={[{ required: true, whitespace: true, message: t('points.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Set a member's grade by hand, with a reason (written to the grade log). */
export function ChangeGradeDialog({
  member,
  onClose,
  onDone,
}: {
  member: (MemberRef & { gradeId: number; gradeName: string }) | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const grades = useGradeOptions();
  const [form] = Form.useForm<{ gradeId: number; remark: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!member) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await changeMemberGrade({ memberId: member.id, ...values });
      toast.success(t('grade.done'));
      form.resetFields();
      onDone();
    } catch (e) {
      if (isApiError(e)) setNestedFieldErrors(form, e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={member !== null}
      title={t('grade.title', { name: member?.name })}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('grade.hint')} style={{ marginBottom: 16 }} />
      <p>{t('grade.current', { grade: member?.gradeName ?? '-' })}</p>
      <Form form={form} name="gradeForm" layout="vertical" preserve={false}>
        <Form.Item
          name="gradeId"
          label={t('grade.target')}
          rules={[{ required: true, message: t('grade.targetRequired') }]}
        >
          <Select
            loading={grades.isPending}
            options={(grades.data ?? [])
              .filter((g) => g.id !== member?.gradeId)
              .map((g) => ({ label: g.name, value: g.id }))}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('grade.reason')}
          rules={[{ required: true, whitespace: true, message: t('grade.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
