import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PACKAGE_KINDS,
  PACKAGE_TASK_COUNT_MAX,
  PACKAGE_TYPE_NAME_MAX,
  TASK_KINDS,
  packageTypeSaveRequestSchema,
  type PackageKind,
  type PackageType,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { INTEGRALMALL_NS } from '../locales';
import { KIND_COLORS } from './kinds';
import {
  fetchPackageTypes,
  packageTypeKeys,
  useDeletePackageType,
  useSavePackageType,
} from './api';

function TypeDialog({
  type,
  open,
  onClose,
  onDone,
}: { type: PackageType | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(INTEGRALMALL_NS);
  const save = useSavePackageType(type?.id ?? null);
  return (
    <FormDialog
      title={type ? t('type.editTitle') : t('type.addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('common.saved'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      modalProps={{ forceRender: true }}
      width={600}
      name="packageType"
      schema={packageTypeSaveRequestSchema}
      initialValues={
        type
          ? {
              name: type.name,
              kind: type.kind,
              tasks: type.tasks,
              description: type.description,
              sort: type.sort,
              enabled: type.enabled,
            }
          : { name: '', kind: 'goods', tasks: [], description: '', sort: 0, enabled: true }
      }
      mutation={save}
    >
      {(form) => (
        <>
          <Form.Item name="name" label={t('type.name')} required>
            <Input count={{ show: true, max: PACKAGE_TYPE_NAME_MAX }} />
          </Form.Item>
          <Form.Item name="kind" label={t('type.kind')} required>
            <Radio.Group
              options={PACKAGE_KINDS.map((v) => ({ value: v, label: t(`packageKind.${v}`) }))}
              onChange={(e) => {
                // A service package starts with one task; a goods category has none.
                const kind = e.target.value as PackageKind;
                const tasks = (form.getFieldValue('tasks') as PackageType['tasks']) ?? [];
                if (kind === 'goods') form.setFieldValue('tasks', []);
                else if (tasks.length === 0)
                  form.setFieldValue('tasks', [{ kind: 'follow_up_call', count: 1 }]);
              }}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
            {() =>
              form.getFieldValue('kind') === 'service' ? (
                <Form.Item label={t('type.tasks')} required extra={t('type.tasksHint')}>
                  <Form.List name="tasks">
                    {(fields, { add, remove }, { errors }) => (
                      <Space direction="vertical" style={{ width: '100%' }}>
                        {fields.map((field) => (
                          <Space key={field.key} align="baseline" wrap>
                            <Form.Item name={[field.name, 'kind']} noStyle>
                              <Select
                                style={{ width: 160 }}
                                aria-label={t('type.taskKind')}
                                options={TASK_KINDS.map((v) => ({
                                  value: v,
                                  label: t(`taskKind.${v}`),
                                }))}
                              />
                            </Form.Item>
                            <Form.Item name={[field.name, 'count']} noStyle>
                              <InputNumber
                                min={1}
                                max={PACKAGE_TASK_COUNT_MAX}
                                precision={0}
                                aria-label={t('type.taskCount')}
                                addonAfter={t('type.taskCount')}
                                style={{ width: 130 }}
                              />
                            </Form.Item>
                            <MinusCircleOutlined
                              aria-label={t('type.removeTask')}
                              onClick={() => remove(field.name)}
                            />
                          </Space>
                        ))}
                        {fields.length < TASK_KINDS.length && (
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            onClick={() => {
                              const used = new Set(
                                ((form.getFieldValue('tasks') as PackageType['tasks']) ?? []).map(
                                  (x) => x.kind,
                                ),
                              );
                              add({ kind: TASK_KINDS.find((k) => !used.has(k)), count: 1 });
                            }}
                          >
                            {t('type.addTask')}
                          </Button>
                        )}
                        {/* The list's own errors (at least one task, each kind once). */}
                        <Form.ErrorList errors={errors} />
                      </Space>
                    )}
                  </Form.List>
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="description" label={t('type.description')}>
            <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
          </Form.Item>
          <Form.Item name="sort" label={t('common.sort')} extra={t('common.sortHint')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('common.enabled')}
              unCheckedChildren={t('common.disabled')}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** /integralmall/package_type 套餐类型: goods categories and service packages with their tasks. */
export default function PackageTypePage() {
  const { t } = useTranslation(INTEGRALMALL_NS);
  const actions = usePageActions(useFrontPath<'packageTypes'>());
  const deleteType = useDeletePackageType().mutateAsync;
  const [editing, setEditing] = useState<{ type: PackageType | null } | null>(null);

  const columns = useMemo<ListColumn<PackageType>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteType(id);
        toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('type.name'),
        dataIndex: 'name',
        search: { type: 'text' },
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('type.kind'),
        dataIndex: 'kind',
        search: {
          type: 'select',
          options: PACKAGE_KINDS.map((v) => ({ value: v, label: t(`packageKind.${v}`) })),
        },
        render: (v: PackageKind) => <Tag color={KIND_COLORS[v]}>{t(`packageKind.${v}`)}</Tag>,
      },
      {
        title: t('type.tasks'),
        dataIndex: 'tasks',
        render: (v: PackageType['tasks']) =>
          v.length ? (
            <Space size={[4, 4]} wrap>
              {v.map((task) => (
                <Tag key={task.kind}>
                  {t(`taskKind.${task.kind}`)} {t('type.taskTimes', { count: task.count })}
                </Tag>
              ))}
            </Space>
          ) : (
            t('type.none')
          ),
      },
      {
        title: t('type.description'),
        dataIndex: 'description',
        ellipsis: true,
        width: 220,
        render: (v: string) => (v ? <span translate="no">{v}</span> : t('type.none')),
      },
      { title: t('type.goodsCount'), dataIndex: 'goodsCount' },
      { title: t('common.sort'), dataIndex: 'sort', sorter: true },
      {
        title: t('common.status'),
        dataIndex: 'enabled',
        search: {
          type: 'select',
          options: [
            { value: 'true', label: t('common.enabled') },
            { value: 'false', label: t('common.disabled') },
          ],
        },
        render: (v: boolean) => (
          <Tag color={v ? 'green' : 'default'}>
            {v ? t('common.enabled') : t('common.disabled')}
          </Tag>
        ),
      },
      timeColumn<PackageType>(t('common.createdAt'), { search: undefined }),
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ type: r })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('common.deleteConfirm')}
                description={t('type.deleteHint')}
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
  }, [actions, deleteType, t]);

  return (
    <>
      <ListPage<PackageType>
        columns={columns}
        rowKey="id"
        queryKey={packageTypeKeys.all}
        request={fetchPackageTypes}
        defaultSort={{ field: 'sort', order: 'ascend' }}
        headerTitle={t('type.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ type: null })}>{t('common.add')}</AddButton>
          )
        }
      />
      <TypeDialog
        open={editing !== null}
        type={editing?.type ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
    </>
  );
}
