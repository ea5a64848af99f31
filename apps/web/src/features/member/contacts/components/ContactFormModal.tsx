import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAINLAND_PHONE, type ContactItem } from '@health/contract';
import { isApiError } from '../../../../shared/api/errors';
import { toast } from '../../../../shared/feedback/feedback';
import { setNestedFieldErrors } from '../../../../shared/utils/form';
import { saveContact } from '../../members/api';
import { MEMBER_NS } from '../../locales';
import { relationshipOptions } from '../../members/components/MemberFormModal';

interface Values {
  name: string;
  phone?: string;
  relationship?: number | null;
  receiveWarningSms?: boolean;
}

/** Add a family member to a member, or edit one (the masked phone is kept unless re-entered). */
export function ContactFormModal({
  open,
  memberId,
  contact,
  onClose,
  onSaved,
}: {
  open: boolean;
  memberId: number | null;
  contact: ContactItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (contact)
      form.setFieldsValue({
        name: contact.name,
        relationship: contact.relationship,
        receiveWarningSms: contact.receiveWarningSms,
      });
  }, [open, contact, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const values = {
        name: v.name,
        relationship: v.relationship ?? null,
        receiveWarningSms: v.receiveWarningSms ?? false,
        ...(v.phone ? { phone: v.phone } : {}),
      };
      if (contact) await saveContact(values, { id: contact.id });
      else if (memberId !== null) await saveContact(values, { memberId });
      toast.success(contact ? '家庭成员已保存' : '家庭成员已新增');
      onSaved();
    } catch (e) {
      if (isApiError(e)) setNestedFieldErrors(form, e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={contact ? t('contact.editTitle') : t('contact.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        name="contactForm"
        layout="vertical"
        initialValues={{ receiveWarningSms: false }}
      >
        <Form.Item
          name="name"
          label={t('contact.name')}
          rules={[{ required: true, whitespace: true, message: t('contact.nameRequired') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('contact.phone')}
          extra={contact ? t('form.phoneKeep', { value: contact.phone }) : undefined}
          rules={[
            ...(contact ? [] : [{ required: true, message: t('form.phoneRequired') }]),
            { pattern: MAINLAND_PHONE, message: t('form.phoneRule') },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="relationship" label={t('contact.relationship')}>
          <Select allowClear options={relationshipOptions} />
        </Form.Item>
        <Form.Item
          name="receiveWarningSms"
          label={t('contact.receiveWarningSms')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
