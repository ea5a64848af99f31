import { useMemo, useState } from 'react';
import { Button, Form, Image, Input, Select, Space, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_MODEL_TYPES,
  deviceModelSaveRequestSchema,
  type DeviceModel,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { ImageUpload } from '../../../shared/components/upload';
import { toast } from '../../../shared/feedback/feedback';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import {
  deviceModelKeys,
  fetchDeviceModels,
  useDeleteDeviceModel,
  useSaveDeviceModel,
} from './api';

function ModelDialog({
  model,
  open,
  onClose,
  onDone,
}: { model: DeviceModel | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const save = useSaveDeviceModel(model?.id ?? null);
  return (
    <FormDialog
      title={model ? t('model.editTitle') : t('model.addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('common.saved'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      modalProps={{ forceRender: true }}
      width={640}
      name="deviceModel"
      schema={deviceModelSaveRequestSchema}
      initialValues={
        model
          ? {
              name: model.name,
              type: model.type,
              maker: model.maker,
              picture: model.picture,
              params: model.params,
              remark: model.remark,
            }
          : { name: '', type: undefined, maker: '', picture: '', params: [], remark: '' }
      }
      mutation={save}
    >
      <Form.Item name="name" label={t('model.name')} required>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('model.type')} required>
        <Select
          options={DEVICE_MODEL_TYPES.map((v) => ({ value: v, label: te(`modelType.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="maker" label={t('model.maker')}>
        <Input />
      </Form.Item>
      <Form.Item name="picture" label={t('model.picture')}>
        <ImageUpload label={t('model.picture')} size={96} />
      </Form.Item>
      <Form.Item label={t('model.params')}>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'name']} noStyle>
                    <Input placeholder={t('model.paramName')} aria-label={t('model.paramName')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <Input placeholder={t('model.paramValue')} aria-label={t('model.paramValue')} />
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label={t('common.delete')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', value: '' })}
              >
                {t('model.addParam')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')}>
        <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** /device_list/info: device models — type, maker, picture, parameters; in use ones stay. */
export default function DeviceModelPage() {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const actions = usePageActions(useFrontPath<'deviceModels'>());
  const deleteModel = useDeleteDeviceModel().mutateAsync;
  const [editing, setEditing] = useState<{ model: DeviceModel | null } | null>(null);

  const columns = useMemo<ListColumn<DeviceModel>[]>(() => {
    const remove = async (id: number) => {
      try {
        await deleteModel(id);
        toast.success(t('common.deleted'));
      } catch {
        // Toasted by the api client.
      }
    };
    return [
      {
        title: t('model.picture'),
        dataIndex: 'picture',
        render: (v: string) =>
          v ? <Image src={v} width={48} height={48} style={{ objectFit: 'contain' }} /> : '-',
      },
      {
        title: t('model.name'),
        dataIndex: 'name',
        sorter: true,
        search: { type: 'text' },
        render: (v: string) => <span translate="no">{v}</span>,
      },
      {
        title: t('model.type'),
        dataIndex: 'type',
        search: {
          type: 'select',
          options: DEVICE_MODEL_TYPES.map((v) => ({ value: v, label: te(`modelType.${v}`) })),
        },
        render: (v: DeviceModel['type']) => <Tag>{te(`modelType.${v}`)}</Tag>,
      },
      { title: t('model.maker'), dataIndex: 'maker', render: (v: string) => v || '-' },
      {
        title: t('model.params'),
        dataIndex: 'params',
        render: (v: DeviceModel['params']) =>
          v.length ? (
            <span>
              {v.map((p, i) => (
                <div key={i}>{`${p.name}：${p.value}`}</div>
              ))}
            </span>
          ) : (
            '-'
          ),
      },
      { title: t('model.deviceCount'), dataIndex: 'deviceCount' },
      timeColumn<DeviceModel>(t('common.createdAt'), { search: undefined }),
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => setEditing({ model: r })}>
                {t('common.edit')}
              </Button>
            )}
            {actions.includes('delete') && (
              <ConfirmAction
                title={t('common.deleteConfirm')}
                description={t('model.deleteHint')}
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
  }, [actions, deleteModel, t, te]);

  return (
    <>
      <ListPage<DeviceModel>
        columns={columns}
        rowKey="id"
        queryKey={deviceModelKeys.all}
        request={fetchDeviceModels}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('model.title')}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ model: null })}>{t('common.add')}</AddButton>
          )
        }
      />
      <ModelDialog
        open={editing !== null}
        model={editing?.model ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
    </>
  );
}
