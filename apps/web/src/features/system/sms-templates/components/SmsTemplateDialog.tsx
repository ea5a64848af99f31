import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SMS_CONTENT_MAX,
  SMS_SCENE_LABELS,
  SMS_SCENES,
  SmsMessages,
  parseSmsPlaceholders,
  type SmsTemplate,
  type SmsTemplateAddRequest,
} from '@health/contract';
import { applyFieldErrors } from '../../../../shared/utils/form';
import { saveSmsTemplate } from '../api';
import { CONTENT_NS } from '../../content-locales';

export interface SmsTemplateDialogProps {
  open: boolean;
  /** The template to edit; null adds one. */
  template: SmsTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: SmsTemplateAddRequest = {
  code: '',
  name: '',
  scene: 'verify_code',
  content: '',
  providerTemplateId: '',
  enabled: true,
};

/** Add or edit an SMS template; the content's placeholders are checked as it is typed. */
export function SmsTemplateDialog({ open, template, onClose, onSaved }: SmsTemplateDialogProps) {
  const { t } = useTranslation(CONTENT_NS);
  const [form] = Form.useForm<SmsTemplateAddRequest>();
  const [saving, setSaving] = useState(false);
  const content = Form.useWatch('content', form) ?? '';
  const check = parseSmsPlaceholders(content);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? {
            code: template.code,
            name: template.name,
            scene: template.scene,
            content: template.content,
            providerTemplateId: template.providerTemplateId,
            enabled: template.enabled,
          }
        : EMPTY,
    );
  }, [form, open, template]);

  const submit = async () => {
    let values: SmsTemplateAddRequest;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveSmsTemplate(values, template?.id ?? null);
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={template ? t('sms.editTitle') : t('sms.addTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form<SmsTemplateAddRequest>
        form={form}
        name="smsTemplate"
        layout="vertical"
        initialValues={EMPTY}
        data-testid="sms-template-form"
      >
        <Form.Item
          name="code"
          label={t('sms.code')}
          extra={t('sms.codeHint')}
          rules={[
            { required: true, whitespace: true, message: SmsMessages.codeRequired },
            { pattern: /^[a-z][a-z0-9_]*$/, message: SmsMessages.codeFormat },
          ]}
        >
          <Input maxLength={50} placeholder={t('sms.codePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('sms.name')}
          rules={[{ required: true, whitespace: true, message: SmsMessages.nameRequired }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="scene"
          label={t('sms.scene')}
          rules={[{ required: true, message: SmsMessages.sceneRequired }]}
        >
          <Select options={SMS_SCENES.map((v) => ({ value: v, label: SMS_SCENE_LABELS[v] }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('sms.content')}
          extra={
            check.ok && check.names.length > 0
              ? `${t('sms.params')}：${check.names.join('、')}`
              : t('sms.contentHint')
          }
          rules={[
            { required: true, whitespace: true, message: SmsMessages.contentRequired },
            {
              validator: async (_, value: string | undefined) => {
                const result = parseSmsPlaceholders(value ?? '');
                if (!result.ok) throw new Error(result.error);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={SMS_CONTENT_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="providerTemplateId"
          label={t('sms.providerTemplateId')}
          extra={t('sms.providerTemplateIdHint')}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="enabled" label={t('sms.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
