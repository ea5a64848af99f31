import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Image, Input, InputNumber, Modal, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, type GradeSaveRequest, type MemberGrade } from '@health/contract';
import {
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { ImageUpload } from '../../../shared/components/upload';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { applyFieldErrors } from '../../../shared/utils/form';
import { deleteGrade, fetchGrades, memberAdminKeys, saveGrade } from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** The form holds the multiplier as a factor (1.2); the API takes percent (120). */
type Values = Omit<GradeSaveRequest, 'pointsMultiplierPct'> & { multiplier: number };

function GradeDialog({
  grade,
  open,
  onClose,
  onSaved,
}: {
  grade: MemberGrade | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      grade
        ? {
            name: grade.name,
            icon: grade.icon,
            growthRequired: grade.growthRequired,
            benefits: grade.benefits,
            multiplier: grade.pointsMultiplierPct / 100,
          }
        : { name: '', icon: '', growthRequired: undefined, benefits: '', multiplier: 1 },
    );
  }, [form, grade, open]);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { multiplier, ...rest } = values;
      await saveGrade(
        {
          ...rest,
          icon: rest.icon ?? '',
          benefits: rest.benefits ?? '',
          pointsMultiplierPct: Math.round(multiplier * 100),
        },
        grade?.id ?? null,
      );
      toast.success(t('common.saved'));
      onSaved();
    } catch (error) {
      // pointsMultiplierPct errors belong to the multiplier field.
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={grade ? t('grade.editTitle') : t('grade.addTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" name="memberGrade" data-testid="grade-form">
        <Form.Item
          name="name"
          label={t('grade.name')}
          rules={[{ required: true, whitespace: true, message: t('grade.nameRequired') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="icon" label={t('grade.icon')}>
          <ImageUpload label={t('grade.icon')} size={80} />
        </Form.Item>
        <Form.Item
          name="growthRequired"
          label={t('grade.growthRequired')}
          extra={t('grade.growthHint')}
          rules={[{ required: true, message: t('grade.growthRequiredMsg') }]}
        >
          <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="multiplier"
          label={t('grade.multiplier')}
          extra={t('grade.multiplierHint')}
          rules={[{ required: true, message: t('grade.multiplierRequired') }]}
        >
          <InputNumber min={0.1} max={10} step={0.1} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="benefits" label={t('grade.benefits')}>
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /member_manage/grade: grades ordered by growth, add/edit in a modal, delete when unused. */
export default function GradePage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'grades'>());
  const queryClient = useQueryClient();
  const ref = useRef<ListPageAction>(null);
  const [editing, setEditing] = useState<{ grade: MemberGrade | null } | null>(null);

  const columns = useMemo<ListColumn<MemberGrade>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteGrade(id);
        toast.success(t('common.deleted'));
        await queryClient.invalidateQueries({ queryKey: memberAdminKeys.grades });
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('grade.name'),
        dataIndex: 'name',
        search: { type: 'text' },
        render: (name: string, r) => (
          <Space>
            {r.icon ? <Image src={r.icon} width={28} height={28} preview={false} alt="" /> : null}
            <span>{name}</span>
            {r.growthRequired === 0 ? <Tag>{t('grade.lowest')}</Tag> : null}
          </Space>
        ),
      },
      { title: t('grade.growthRequired'), dataIndex: 'growthRequired', sorter: true, width: 130 },
      {
        title: t('grade.multiplier'),
        dataIndex: 'pointsMultiplierPct',
        width: 110,
        render: (v: number) => `×${(v / 100).toFixed(2).replace(/\.?0+$/, '')}`,
      },
      { title: t('grade.benefits'), dataIndex: 'benefits', ellipsis: true },
      { title: t('grade.memberCount'), dataIndex: 'memberCount', width: 100 },
      {
        title: t('common.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        sorter: true,
        render: (v: number) => formatDate(v),
      },
      {
        title: t('common.op'),
        key: 'op',
        width: 140,
        render: (_: unknown, r) => (
          <Space>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ grade: r })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <Popconfirm title={t('common.deleteConfirm')} onConfirm={() => remove(r.id)}>
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, queryClient, t]);

  return (
    <>
      <ListPage<MemberGrade>
        columns={columns}
        rowKey="id"
        queryKey={memberAdminKeys.grades}
        request={fetchGrades}
        defaultSort={{ field: 'growthRequired', order: 'ascend' }}
        actionRef={ref}
        headerTitle={t('grade.title')}
        toolbar={
          actions.includes('add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ grade: null })}
            >
              {t('common.add')}
            </Button>
          )
        }
      />
      <GradeDialog
        open={editing !== null}
        grade={editing?.grade ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: ['member'] });
        }}
      />
    </>
  );
}
