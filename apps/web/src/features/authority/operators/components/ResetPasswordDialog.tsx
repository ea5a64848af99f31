import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  operatorResetPwdRequestSchema,
  type InitialPasswordResponse,
  type OperatorListItem,
} from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { useResetOperatorPassword } from '../api';
import { AUTHORITY_NS } from '../../locales';

interface Props {
  operator: OperatorListItem | null;
  onClose: () => void;
  /** After a successful reset, with the server's answer. */
  onDone: (operator: OperatorListItem, answer: InitialPasswordResponse) => void;
}

const schema = operatorResetPwdRequestSchema.pick({ password: true });

/** Reset an operator's password to an entered or generated initial password. */
export function ResetPasswordDialog({ operator, onClose, onDone }: Props) {
  const { t } = useTranslation(AUTHORITY_NS);
  const reset = useResetOperatorPassword(operator?.id ?? 0);
  return (
    <FormDialog
      open={operator !== null}
      title={t('operator.resetTitle', { name: operator?.realName || operator?.username })}
      okText={t('operator.resetOk')}
      okButtonProps={{ danger: true }}
      schema={schema}
      initialValues={{ password: '' }}
      mutation={reset}
      onClose={onClose}
      onDone={(answer) => operator && onDone(operator, answer)}
      intro={
        <Alert
          type="warning"
          showIcon
          message={t('operator.resetHint')}
          style={{ marginBottom: 16 }}
        />
      }
    >
      <Form.Item
        name="password"
        label={t('operator.resetPassword')}
        extra={t('operator.passwordHint')}
      >
        <Input.Password
          placeholder={t('operator.resetPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </FormDialog>
  );
}
