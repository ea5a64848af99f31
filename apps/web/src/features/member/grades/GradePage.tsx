import { useMemo, useRef, useState } from 'react';
import { Button, Form, Image, Input, InputNumber, Space, Tag, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  gradeSaveRequestSchema,
  type GradeSaveRequest,
  type MemberGrade,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { ImageUpload } from '../../../shared/components/upload';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { type DialogCallbacks, FormDialog } from '../../../shared/components/form-dialog';
import { fetchGrades, gradeKeys, useDeleteGrade, useSaveGrade } from './api';
import { MEMBER_ADMIN_NS } from '../admin-locales';
import { useEditDialogProps } from '../edit-dialog';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** The form holds the multiplier as a factor (1.2); the API takes percent (120). */
type Values = Omit<GradeSaveRequest, 'pointsMultiplierPct'> & { multiplier: number };

const toRequest = ({ multiplier, ...rest }: Values) => ({
  ...rest,
  icon: rest.icon ?? '',
  benefits: rest.benefits ?? '',
  pointsMultiplierPct:
    typeof multiplier === 'number' ? Math.round(multiplier * 100) : (multiplier ?? undefined),
});

function GradeDialog({
  grade,
  open,
  onClose,
  onDone,
}: { grade: MemberGrade | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const save = useSaveGrade(grade?.id ?? null);
  const dialogProps = useEditDialogProps(onDone);
  return (
    <FormDialog
      {...dialogProps}
      title={grade ? t('grade.editTitle') : t('grade.addTitle')}
      open={open}
      onClose={onClose}
      name="memberGrade"
      formProps={{ 'data-testid': 'grade-form' } as FormProps}
      schema={gradeSaveRequestSchema}
      // The form holds the multiplier as a factor; its errors belong to that field.
      adapt={{ toInput: toRequest, fieldOf: { pointsMultiplierPct: 'multiplier' } }}
      initialValues={
        grade
          ? {
              name: grade.name,
              icon: grade.icon,
              growthRequired: grade.growthRequired,
              benefits: grade.benefits,
              multiplier: grade.pointsMultiplierPct / 100,
            }
          : { name: '', icon: '', growthRequired: undefined, benefits: '', multiplier: 1 }
      }
      mutation={save}
    >
      <Form.Item name="name" label={t('grade.name')} required>
        <Input />
      </Form.Item>
      <Form.Item name="icon" label={t('grade.icon')}>
        <ImageUpload label={t('grade.icon')} size={80} />
      </Form.Item>
      <Form.Item
        name="growthRequired"
        label={t('grade.growthRequired')}
        extra={t('grade.growthHint')}
        required
      >
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="multiplier"
        label={t('grade.multiplier')}
        extra={t('grade.multiplierHint')}
        required
      >
        <InputNumber step={0.1} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="benefits" label={t('grade.benefits')}>
        <Input.TextArea rows={4} count={{ show: true, max: 500 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** /member_manage/grade: grades ordered by growth, add/edit in a modal, delete when unused. */
export default function GradePage() {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  const actions = usePageActions(useFrontPath<'grades'>());
  const deleteGrade = useDeleteGrade().mutateAsync;
  const ref = useRef<ListPageAction>(null);
  const [editing, setEditing] = useState<{ grade: MemberGrade | null } | null>(null);

  const columns = useMemo<ListColumn<MemberGrade>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteGrade(id);
        toast.success(t('common.deleted'));
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
              <ConfirmAction
                title={t('common.deleteConfirm')}
                danger
                onConfirm={() => remove(r.id)}
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
  }, [actions, deleteGrade, t]);

  return (
    <>
      <ListPage<MemberGrade>
        columns={columns}
        rowKey="id"
        queryKey={gradeKeys.all}
        request={fetchGrades}
        defaultSort={{ field: 'growthRequired', order: 'ascend' }}
        actionRef={ref}
        headerTitle={t('grade.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ grade: null })}>{t('common.add')}</AddButton>
          )
        }
      />
      <GradeDialog
        open={editing !== null}
        grade={editing?.grade ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
    </>
  );
}
