import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@health/contract';
import { applyFieldErrors } from '../../../../shared/utils/form';
import { useUpdatePassword } from '../api';
import { useAfterPasswordChange } from './use-after-password-change';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPasswordCfm: string;
}

/**
 * The manual change-password form (spec §5): old password required, new password required and
 * 6–20 characters, confirmation required with the same length rule, at most 20 characters typed.
 * No complexity check here: the server enforces it and its message is shown.
 */
export function ChangePasswordForm({ onCancel }: { onCancel?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mutation = useUpdatePassword();
  const afterChange = useAfterPasswordChange();
  const lengthRule = {
    min: PASSWORD_MIN_LENGTH,
    max: PASSWORD_MAX_LENGTH,
    message: t('password.msg.length'),
  };

  const onFinish = async (values: Values) => {
    try {
      afterChange(await mutation.mutateAsync(values));
      form.resetFields();
    } catch (e) {
      applyFieldErrors(form, e);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      requiredMark
      name="change-password"
    >
      <Form.Item
        label={t('password.old')}
        name="oldPassword"
        rules={[{ required: true, message: t('password.msg.oldRequired') }]}
      >
        <Input.Password
          placeholder={t('password.oldPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item
        label={t('password.new')}
        name="newPassword"
        rules={[{ required: true, message: t('password.msg.newRequired') }, lengthRule]}
      >
        <Input.Password placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('password.confirm')}
        name="newPasswordCfm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.msg.confirmRequired') },
          lengthRule,
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.msg.mismatch'))),
          }),
        ]}
      >
        <Input.Password
          placeholder={t('password.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Space>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('password.submit')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
