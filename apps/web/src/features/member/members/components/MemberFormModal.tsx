import { useMemo } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../../shared/utils/dayjs';
import { useTranslation } from 'react-i18next';
import {
  RELATIONSHIP_CODES,
  memberAddRequestSchema,
  memberUpdateRequestSchema,
} from '@health/contract';
import { FormDialog } from '../../../../shared/components/form-dialog';
import { toast } from '../../../../shared/feedback/feedback';
import { useChannelOptions } from '../../channels/api';
import { useMemberDetail, useSaveMember } from '../api';
import { MEMBER_NS } from '../../locales';
import { MEMBER_ENUMS_NS } from '../../enum-locales';

interface ContactValues {
  name: string;
  phone: string;
  relationship?: number | null;
  receiveWarningSms?: boolean;
}
interface Values {
  phone?: string;
  name: string;
  gender: 'male' | 'female' | 'unknown';
  birthday?: Dayjs | null;
  idNumber?: string;
  province?: string;
  city?: string;
  address?: string;
  channelId?: number | null;
  growthValue?: number;
  remark?: string;
  contacts?: ContactValues[];
}

/** The relationship codes (spec §3) as select options, labelled in the current language. */
export function useRelationshipOptions() {
  const { t } = useTranslation(MEMBER_ENUMS_NS);
  return useMemo(
    () => RELATIONSHIP_CODES.map((value) => ({ value, label: t(`relationship.${value}`) })),
    [t],
  );
}

/** The request of the form's values (add: every field; update: numbers only when re-entered). */
function toRequest(v: Values, isNew: boolean) {
  const common = {
    name: v.name,
    gender: v.gender,
    birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
    province: v.province ?? '',
    city: v.city ?? '',
    address: v.address ?? '',
    channelId: v.channelId ?? null,
    remark: v.remark ?? '',
  };
  if (!isNew)
    return {
      ...common,
      ...(v.phone ? { phone: v.phone } : {}),
      ...(v.idNumber ? { idNumber: v.idNumber } : {}),
    };
  return {
    ...common,
    phone: v.phone ?? '',
    idNumber: v.idNumber ?? '',
    growthValue: v.growthValue ?? 0,
    contacts: (v.contacts ?? []).map((c) => ({
      name: c.name,
      phone: c.phone,
      relationship: c.relationship ?? null,
      receiveWarningSms: c.receiveWarningSms ?? false,
    })),
  };
}

const addSchema = memberAddRequestSchema;
const updateSchema = memberUpdateRequestSchema.omit({ id: true });
const NEW_VALUES = { gender: 'unknown', growthValue: 0 } as const;

/** New member (with family members) or edit of one (masked numbers kept unless re-entered). */
export function MemberFormModal({
  open,
  memberId,
  onClose,
  onSaved,
}: {
  open: boolean;
  memberId: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const relationshipOptions = useRelationshipOptions();
  const isNew = memberId === null;
  const detail = useMemberDetail(open ? memberId : null);
  const channels = useChannelOptions();
  const save = useSaveMember(memberId);
  const record = detail.data;
  const initialValues =
    !isNew && record
      ? {
          ...NEW_VALUES,
          name: record.name,
          gender: record.gender,
          birthday: record.birthday ? dayjs(record.birthday) : null,
          province: record.province,
          city: record.city,
          address: record.address,
          channelId: record.channelId,
          remark: record.remark,
        }
      : NEW_VALUES;

  return (
    <FormDialog
      open={open}
      width={760}
      title={isNew ? t('form.addTitle') : t('form.editTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      modalProps={{ loading: !isNew && detail.isLoading }}
      name="memberForm"
      schema={isNew ? addSchema : updateSchema}
      adapt={{ toInput: (v: Values) => toRequest(v, isNew) }}
      initialValues={initialValues}
      mutation={save}
      onClose={onClose}
      onDone={({ id }) => {
        toast.success(isNew ? t('form.added') : t('form.saved'));
        onSaved(id);
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="phone"
            label={t('form.phone')}
            extra={
              !isNew && record ? t('form.phoneKeep', { value: record.phone || '-' }) : undefined
            }
            required={isNew}
          >
            <Input placeholder={isNew ? '' : record?.phone} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label={t('form.name')} required>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="gender" label={t('form.gender')}>
            <Select
              options={(['male', 'female', 'unknown'] as const).map((g) => ({
                value: g,
                label: t(`gender.${g}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="birthday" label={t('form.birthday')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="idNumber"
            label={t('form.idNumber')}
            extra={
              !isNew && record?.idNumber
                ? t('form.idNumberKeep', { value: record.idNumber })
                : undefined
            }
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="channelId" label={t('form.channel')}>
            <Select
              allowClear
              placeholder={t('form.channelNone')}
              loading={channels.isLoading}
              options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="province" label={t('form.province')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="city" label={t('form.city')}>
            <Input />
          </Form.Item>
        </Col>
        {isNew && (
          <Col span={8}>
            <Form.Item name="growthValue" label={t('form.growth')} extra={t('form.growthHint')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="address" label={t('form.address')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('form.remark')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
      </Row>
      {isNew && (
        <Card size="small" title={t('form.contacts')}>
          <Form.List name="contacts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap data-testid="contact-row">
                    <Form.Item name={[field.name, 'name']}>
                      <Input placeholder={t('contact.name')} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'phone']}>
                      <Input placeholder={t('contact.phone')} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'relationship']}>
                      <Select
                        allowClear
                        placeholder={t('contact.relationship')}
                        options={relationshipOptions}
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'receiveWarningSms']}
                      valuePropName="checked"
                      label={t('contact.receiveWarningSms')}
                      layout="horizontal"
                    >
                      <Switch size="small" />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<MinusCircleOutlined />}
                      aria-label={t('form.removeContact')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ receiveWarningSms: false })}
                >
                  {t('form.addContact')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
      )}
    </FormDialog>
  );
}
