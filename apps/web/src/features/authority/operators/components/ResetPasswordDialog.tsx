import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InitialPasswordResponse, OperatorListItem } from '@health/contract';
import { applyFieldErrors } from '../../../../shared/utils/form';
import { resetOperatorPassword } from '../api';
import { AUTHORITY_NS } from '../../locales';

interface Props {
  operator: OperatorListItem | null;
  onClose: () => void;
  /** After a successful reset, with the server's answer. */
  onDone: (operator: OperatorListItem, answer: InitialPasswordResponse) => void;
}

/** Reset an operator's password to an entered or generated initial password. */
export function ResetPasswordDialog({ operator, onClose, onDone }: Props) {
  const { t } = useTranslation(AUTHORITY_NS);
  const [form] = Form.useForm<{ password?: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!operator) return;
    const { password } = await form.validateFields();
    setSaving(true);
    try {
      const answer = await resetOperatorPassword(operator.id, password);
      form.resetFields();
      onDone(operator, answer);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={operator !== null}
      title={t('operator.resetTitle', { name: operator?.realName || operator?.username })}
      okText={t('operator.resetOk')}
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        message={t('operator.resetHint')}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" initialValues={{ password: '' }}>
        <Form.Item
          name="password"
          label={t('operator.resetPassword')}
          extra={t('operator.passwordHint')}
        >
          <Input.Password
            placeholder={t('operator.resetPasswordPlaceholder')}
            maxLength={20}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
