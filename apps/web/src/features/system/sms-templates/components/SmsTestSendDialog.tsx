import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAINLAND_PHONE,
  SMS_PARAM_VALUE_MAX,
  SmsMessages,
  renderSmsTemplate,
  type SmsTemplate,
} from '@health/contract';
import { isApiError } from '../../../../shared/api/errors';
import { testSendSms } from '../api';
import { CONTENT_NS } from '../../content-locales';

export interface SmsTestSendDialogProps {
  template: SmsTemplate | null;
  onClose: () => void;
  onSent: () => void;
}

interface Values {
  phone: string;
  params: Record<string, string>;
}

/** Send a template to a phone with a value for each of its placeholders. */
export function SmsTestSendDialog({ template, onClose, onSent }: SmsTestSendDialogProps) {
  const { t } = useTranslation(CONTENT_NS);
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const params = (Form.useWatch('params', form) ?? {}) as Record<string, string>;

  useEffect(() => {
    if (template) form.resetFields();
  }, [form, template]);

  const submit = async () => {
    if (!template) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    try {
      await testSendSms(template.id, values.phone, values.params ?? {});
      onSent();
    } catch (error) {
      // Field errors ("phone", "params.code") onto their fields.
      if (isApiError(error)) {
        form.setFields(
          error.fieldErrors.map((e) => ({
            name: e.field.split('.') as ['phone'] | ['params', string],
            errors: [e.msg],
          })),
        );
      }
    } finally {
      setSending(false);
    }
  };

  const preview = template
    ? renderSmsTemplate(
        template.content,
        Object.fromEntries(Object.entries(params).filter(([, v]) => !!v && v.trim() !== '')),
      )
    : '';

  return (
    <Modal
      title={template ? t('sms.testTitle', { name: template.name }) : ''}
      open={template !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('sms.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !template?.enabled }}
      confirmLoading={sending}
      destroyOnHidden
      forceRender
    >
      {template && !template.enabled && (
        <Alert
          type="warning"
          showIcon
          message={t('sms.testDisabled')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values> form={form} name="smsTest" layout="vertical" data-testid="sms-test-form">
        <Form.Item
          name="phone"
          label={t('sms.testPhone')}
          rules={[
            { required: true, whitespace: true, message: SmsMessages.phoneRequired },
            { pattern: MAINLAND_PHONE, message: SmsMessages.phoneFormat },
          ]}
        >
          <Input maxLength={11} placeholder={t('sms.testPhonePlaceholder')} inputMode="numeric" />
        </Form.Item>
        {template && template.params.length > 0 && (
          <Typography.Text strong>{t('sms.testParams')}</Typography.Text>
        )}
        {template?.params.map((name) => (
          <Form.Item
            key={name}
            name={['params', name]}
            label={`\${${name}}`}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('sms.testParamRequired', { name }),
              },
            ]}
          >
            <Input maxLength={SMS_PARAM_VALUE_MAX} />
          </Form.Item>
        ))}
      </Form>
      {template && (
        <div>
          <Typography.Text type="secondary">{t('sms.testPreview')}</Typography.Text>
          <Typography.Paragraph
            style={{ background: '#fafafa', padding: '8px 12px', borderRadius: 6, marginTop: 4 }}
            data-testid="sms-preview"
          >
            {preview}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
