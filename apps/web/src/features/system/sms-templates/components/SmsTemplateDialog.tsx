import { Form, Input, Select, Switch, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SMS_CONTENT_MAX,
  SMS_SCENES,
  parseSmsPlaceholders,
  smsTemplateAddRequestSchema,
  type SmsTemplate,
  type SmsTemplateAddRequest,
} from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { useSaveSmsTemplate } from '../api';
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

/** The content, with the placeholders it has as its hint (checked as it is typed). */
function ContentField() {
  const { t } = useTranslation(CONTENT_NS);
  const content = (Form.useWatch('content', Form.useFormInstance()) as string | undefined) ?? '';
  const check = parseSmsPlaceholders(content);
  return (
    <Form.Item
      name="content"
      label={t('sms.content')}
      extra={
        check.ok && check.names.length > 0
          ? `${t('sms.params')}：${check.names.join('、')}`
          : t('sms.contentHint')
      }
      required
    >
      <Input.TextArea rows={4} count={{ show: true, max: SMS_CONTENT_MAX }} />
    </Form.Item>
  );
}

/** Add or edit an SMS template; the content's placeholders are checked as it is typed. */
export function SmsTemplateDialog({ open, template, onClose, onSaved }: SmsTemplateDialogProps) {
  const { t } = useTranslation(CONTENT_NS);
  const save = useSaveSmsTemplate(template?.id ?? null);
  return (
    <FormDialog
      title={template ? t('sms.editTitle') : t('sms.addTitle')}
      open={open}
      onClose={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      width={640}
      modalProps={{ forceRender: true }}
      name="smsTemplate"
      formProps={{ 'data-testid': 'sms-template-form' } as FormProps}
      schema={smsTemplateAddRequestSchema}
      initialValues={
        template
          ? {
              code: template.code,
              name: template.name,
              scene: template.scene,
              content: template.content,
              providerTemplateId: template.providerTemplateId,
              enabled: template.enabled,
            }
          : EMPTY
      }
      mutation={save}
      onDone={onSaved}
    >
      <Form.Item name="code" label={t('sms.code')} extra={t('sms.codeHint')} required>
        <Input placeholder={t('sms.codePlaceholder')} />
      </Form.Item>
      <Form.Item name="name" label={t('sms.name')} required>
        <Input />
      </Form.Item>
      <Form.Item name="scene" label={t('sms.scene')} required>
        <Select options={SMS_SCENES.map((v) => ({ value: v, label: t(`sms.scenes.${v}`) }))} />
      </Form.Item>
      <ContentField />
      <Form.Item
        name="providerTemplateId"
        label={t('sms.providerTemplateId')}
        extra={t('sms.providerTemplateIdHint')}
      >
        <Input />
      </Form.Item>
      <Form.Item name="enabled" label={t('sms.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
