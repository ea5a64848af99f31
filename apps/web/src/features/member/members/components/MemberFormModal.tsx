import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAINLAND_PHONE, RELATIONSHIPS, isValidIdNumber } from '@health/contract';
import { isApiError } from '../../../../shared/api/errors';
import { toast } from '../../../../shared/feedback/feedback';
import { setNestedFieldErrors } from '../../../../shared/utils/form';
import { addMember, updateMember, useChannelOptions, useMemberDetail } from '../api';
import { MEMBER_NS } from '../../locales';

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

export const relationshipOptions = Object.entries(RELATIONSHIPS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

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
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const isNew = memberId === null;
  const detail = useMemberDetail(open ? memberId : null);
  const channels = useChannelOptions();
  const record = detail.data;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!isNew && record) {
      form.setFieldsValue({
        name: record.name,
        gender: record.gender,
        birthday: record.birthday ? dayjs(record.birthday) : null,
        province: record.province,
        city: record.city,
        address: record.address,
        channelId: record.channelId,
        remark: record.remark,
      });
    }
  }, [open, isNew, record, form]);

  const submit = async () => {
    const v = await form.validateFields();
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
    setSaving(true);
    try {
      let id: number;
      if (isNew) {
        id = (
          await addMember({
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
          })
        ).id;
        toast.success('会员已新增');
      } else {
        id = (
          await updateMember({
            ...common,
            id: memberId,
            ...(v.phone ? { phone: v.phone } : {}),
            ...(v.idNumber ? { idNumber: v.idNumber } : {}),
          })
        ).id;
        toast.success('会员已保存');
      }
      onSaved(id);
    } catch (e) {
      if (isApiError(e)) setNestedFieldErrors(form, e.fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  const idRule = {
    validator: (_: unknown, value?: string) => {
      const v = (value ?? '').trim().toUpperCase();
      if (!v) return Promise.resolve();
      if (!/^\d{17}[\dX]$/.test(v)) return Promise.reject(new Error(t('form.idNumberRule')));
      if (!isValidIdNumber(v)) return Promise.reject(new Error(t('form.idNumberChecksum')));
      return Promise.resolve();
    },
  };

  return (
    <Modal
      open={open}
      width={760}
      title={isNew ? t('form.addTitle') : t('form.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      loading={!isNew && detail.isLoading}
      destroyOnHidden
    >
      <Form
        form={form}
        name="memberForm"
        layout="vertical"
        initialValues={{ gender: 'unknown', growthValue: 0 }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="phone"
              label={t('form.phone')}
              extra={
                !isNew && record ? t('form.phoneKeep', { value: record.phone || '-' }) : undefined
              }
              rules={[
                ...(isNew ? [{ required: true, message: t('form.phoneRequired') }] : []),
                { pattern: MAINLAND_PHONE, message: t('form.phoneRule') },
              ]}
            >
              <Input maxLength={11} placeholder={isNew ? '' : record?.phone} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('form.name')}
              rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
            >
              <Input maxLength={30} />
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
              rules={[idRule]}
            >
              <Input maxLength={18} />
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
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="city" label={t('form.city')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          {isNew && (
            <Col span={8}>
              <Form.Item name="growthValue" label={t('form.growth')} extra={t('form.growthHint')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="address" label={t('form.address')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('form.remark')}>
              <Input.TextArea rows={2} maxLength={200} />
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
                      <Form.Item
                        name={[field.name, 'name']}
                        rules={[
                          { required: true, whitespace: true, message: t('contact.nameRequired') },
                        ]}
                      >
                        <Input
                          placeholder={t('contact.name')}
                          maxLength={30}
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'phone']}
                        rules={[
                          { required: true, message: t('form.phoneRequired') },
                          { pattern: MAINLAND_PHONE, message: t('form.phoneRule') },
                        ]}
                      >
                        <Input
                          placeholder={t('contact.phone')}
                          maxLength={11}
                          style={{ width: 150 }}
                        />
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
      </Form>
    </Modal>
  );
}
