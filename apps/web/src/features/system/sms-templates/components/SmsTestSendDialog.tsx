import { Alert, Form, Input, Typography, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderSmsTemplate, smsTestSendRequestSchema, type SmsTemplate } from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { useTestSendSms } from '../api';
import { CONTENT_NS } from '../../content-locales';

export interface SmsTestSendDialogProps {
  template: SmsTemplate | null;
  onClose: () => void;
  onSent: () => void;
}

const schema = smsTestSendRequestSchema.omit({ id: true });

/** The message as it would be sent with the values entered so far. */
function Preview({ template }: { template: SmsTemplate }) {
  const { t } = useTranslation(CONTENT_NS);
  const params = (Form.useWatch('params', Form.useFormInstance()) ?? {}) as Record<string, string>;
  const preview = renderSmsTemplate(
    template.content,
    Object.fromEntries(Object.entries(params).filter(([, v]) => !!v && v.trim() !== '')),
  );
  return (
    <div>
      <Typography.Text type="secondary">{t('sms.testPreview')}</Typography.Text>
      <Typography.Paragraph
        style={{ background: '#fafafa', padding: '8px 12px', borderRadius: 6, marginTop: 4 }}
        data-testid="sms-preview"
      >
        {preview}
      </Typography.Paragraph>
    </div>
  );
}

/** Send a template to a phone with a value for each of its placeholders. */
export function SmsTestSendDialog({ template, onClose, onSent }: SmsTestSendDialogProps) {
  const { t } = useTranslation(CONTENT_NS);
  const send = useTestSendSms(template?.id ?? 0);
  return (
    <FormDialog
      title={template ? t('sms.testTitle', { name: template.name }) : ''}
      open={template !== null}
      onClose={onClose}
      okText={t('sms.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !template?.enabled }}
      modalProps={{ forceRender: true }}
      name="smsTest"
      formProps={{ 'data-testid': 'sms-test-form' } as FormProps}
      schema={schema}
      mutation={send}
      onDone={onSent}
      intro={
        template &&
        !template.enabled && (
          <Alert
            type="warning"
            showIcon
            message={t('sms.testDisabled')}
            style={{ marginBottom: 16 }}
          />
        )
      }
    >
      <Form.Item name="phone" label={t('sms.testPhone')} required>
        <Input placeholder={t('sms.testPhonePlaceholder')} inputMode="numeric" />
      </Form.Item>
      {template && template.params.length > 0 && (
        <Typography.Text strong>{t('sms.testParams')}</Typography.Text>
      )}
      {template?.params.map((name) => (
        <Form.Item
          key={name}
          name={['params', name]}
          label={`\${${name}}`}
          // A value for each placeholder: the request's schema does not know the template.
          rules={[
            { required: true, whitespace: true, message: t('sms.testParamRequired', { name }) },
          ]}
        >
          <Input />
        </Form.Item>
      ))}
      {template && <Preview template={template} />}
    </FormDialog>
  );
}
