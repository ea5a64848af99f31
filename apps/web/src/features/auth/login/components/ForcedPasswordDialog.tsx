import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkForcedPasswordForm } from '@health/contract';
import { useUpdatePassword } from '../../profile/api';
import { localMessage } from '../../../../shared/i18n';
import { type ForcedMode } from '../forced-password';
import { useAfterPasswordChange } from '../../profile/components/use-after-password-change';

interface Values {
  oldPassword?: string;
  newPassword?: string;
  newPasswordCfm?: string;
}

/**
 * The forced password dialog (spec §4, §5). first: cannot be closed, no old-password field.
 * over90: closable, with a "later" button. Checks run in the order of checkForcedPasswordForm and
 * the first failing message is shown.
 */
export function ForcedPasswordDialog({ mode, onLater }: { mode: ForcedMode; onLater: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUpdatePassword();
  const afterChange = useAfterPasswordChange();
  const closable = mode === 'over90';

  const submit = async () => {
    const values = form.getFieldsValue();
    const failed = checkForcedPasswordForm(values, mode);
    if (failed) {
      setProblem(localMessage(failed));
      return;
    }
    setProblem(null);
    try {
      const msg = await mutation.mutateAsync({
        oldPassword: mode === 'first' ? undefined : values.oldPassword,
        newPassword: values.newPassword ?? '',
        newPasswordCfm: values.newPasswordCfm ?? '',
      });
      afterChange(msg);
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open
      title={mode === 'first' ? t('password.forcedFirst') : t('password.forcedOver90')}
      closable={closable}
      maskClosable={false}
      keyboard={closable}
      onCancel={closable ? onLater : undefined}
      width={460}
      footer={
        <Space>
          {closable && <Button onClick={onLater}>{t('password.later')}</Button>}
          <Button type="primary" onClick={() => void submit()} loading={mutation.isPending}>
            {t('password.submit')}
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        message={mode === 'first' ? t('password.forcedFirstTip') : t('password.forcedOver90Tip')}
        description={t('password.msg.hint')}
        style={{ marginBottom: 16 }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        name="forced-password"
        onFinish={() => void submit()}
        requiredMark
      >
        {mode === 'over90' && (
          <Form.Item label={t('password.old')} name="oldPassword" required>
            <Input.Password
              placeholder={t('password.oldPlaceholder')}
              autoComplete="current-password"
            />
          </Form.Item>
        )}
        <Form.Item label={t('password.new')} name="newPassword" required>
          <Input.Password placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('password.confirm')}
          name="newPasswordCfm"
          required
          style={{ marginBottom: 8 }}
        >
          <Input.Password
            placeholder={t('password.confirmPlaceholder')}
            autoComplete="new-password"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        {problem && (
          <Alert
            type="error"
            showIcon
            message={problem}
            role="alert"
            data-testid="password-error"
          />
        )}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
