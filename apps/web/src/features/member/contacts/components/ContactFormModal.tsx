import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { contactInputSchema, contactUpdateRequestSchema, type ContactItem } from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { toast } from '../../../../shared/feedback/feedback';
import { useSaveContact } from '../api';
import { MEMBER_NS } from '../../locales';
import { useRelationshipOptions } from '../../members/components/MemberFormModal';

interface Values {
  name: string;
  phone?: string;
  relationship?: number | null;
  receiveWarningSms?: boolean;
}

const toRequest = (v: Values) => ({
  name: v.name,
  relationship: v.relationship ?? null,
  receiveWarningSms: v.receiveWarningSms ?? false,
  ...(v.phone ? { phone: v.phone } : {}),
});
const updateSchema = contactUpdateRequestSchema.omit({ id: true });

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
  const relationshipOptions = useRelationshipOptions();
  const save = useSaveContact(contact ? { id: contact.id } : { memberId: memberId ?? 0 });
  return (
    <FormDialog
      open={open}
      title={contact ? t('contact.editTitle') : t('contact.addTitle')}
      name="contactForm"
      schema={contact ? updateSchema : contactInputSchema}
      adapt={{ toInput: toRequest }}
      initialValues={
        contact
          ? {
              name: contact.name,
              relationship: contact.relationship,
              receiveWarningSms: contact.receiveWarningSms,
            }
          : { receiveWarningSms: false }
      }
      mutation={save}
      onClose={onClose}
      onDone={() => {
        toast.success(contact ? t('contact.saved') : t('contact.added'));
        onSaved();
      }}
    >
      <Form.Item name="name" label={t('contact.name')} required>
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('contact.phone')}
        extra={contact ? t('form.phoneKeep', { value: contact.phone }) : undefined}
        required={!contact}
      >
        <Input />
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
    </FormDialog>
  );
}
