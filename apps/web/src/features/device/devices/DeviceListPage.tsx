import { useMemo, useState } from 'react';
import { Button, Dropdown, Modal, Space, Tag, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_MODEL_TYPES,
  DEVICE_STATUSES,
  DEVICE_TRANSITIONS,
  DevicePaths,
  formatDate,
  transitionsFrom,
  type Device,
  type DeviceSecret,
  type DeviceTransition,
} from '@health/contract';
import {
  AddButton,
  exportIf,
  ListPage,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { useDeviceModelOptions } from '../models/api';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import { deviceKeys, fetchDevices, useResetDeviceSecret } from './api';
import { CodeBindDialog, DeviceDialog, SecretModal, TransitionDialog } from './DeviceDialogs';
import { DeviceDrawer } from './DeviceDrawer';
import { DeviceStatusTag } from '../../../shared/components/DeviceStatusTag';

/**
 * /device_list/list: devices through their lifecycle — bind, lend, returns, faults, scrapping —
 * each step offered only where the state machine and the operator's permissions allow it.
 */
export default function DeviceListPage() {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const actions = usePageActions(useFrontPath<'devices'>());
  const models = useDeviceModelOptions();
  const resetSecret = useResetDeviceSecret().mutateAsync;
  const [editing, setEditing] = useState<{ device: Device | null } | null>(null);
  const [stepping, setStepping] = useState<{ device: Device; name: DeviceTransition } | null>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [codeBinding, setCodeBinding] = useState<Device | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const columns = useMemo<ListColumn<Device>[]>(() => {
    const held = actions as readonly string[];
    const confirmReset = (d: Device) =>
      Modal.confirm({
        title: `${t('device.resetSecret')}：${d.serial}`,
        content: t('device.resetConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            setSecret(await resetSecret(d.id));
          } catch {
            // Toasted by the api client.
          }
        },
      });
    return [
      {
        title: t('device.serial'),
        dataIndex: 'serial',
        sorter: true,
        search: { type: 'text' },
        render: (v: string, r) => (
          <Typography.Link
            translate="no"
            style={{ whiteSpace: 'nowrap' }}
            onClick={() => setViewing(r.id)}
          >
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('device.model'),
        dataIndex: 'modelName',
        search: {
          type: 'select',
          name: 'modelId',
          options: (models.data ?? []).map((m) => ({ value: m.id, label: m.name })),
        },
        render: (v: string, r) => (
          <span>
            <span translate="no">{v}</span>
            <br />
            <Typography.Text type="secondary">{te(`modelType.${r.type}`)}</Typography.Text>
          </span>
        ),
      },
      {
        title: t('device.type'),
        dataIndex: 'type',
        hideInTable: true,
        search: {
          type: 'select',
          options: DEVICE_MODEL_TYPES.map((v) => ({ value: v, label: te(`modelType.${v}`) })),
        },
      },
      {
        title: t('device.status'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: DEVICE_STATUSES.map((v) => ({ value: v, label: te(`status.${v}`) })),
        },
        render: (v: Device['status']) => <DeviceStatusTag status={v} />,
      },
      {
        title: t('device.member'),
        dataIndex: 'memberName',
        render: (_: unknown, r) =>
          r.memberId ? (
            <span translate="no">
              {r.memberName}
              <br />
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {r.memberPhone}
              </Typography.Text>
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: t('device.memberKeyword'),
        dataIndex: 'phone',
        hideInTable: true,
        search: { type: 'text' },
      },
      {
        title: t('device.lastUpload'),
        dataIndex: 'lastUploadAt',
        sorter: true,
        render: (v: number | null, r) =>
          v ? (
            <span>
              {formatDate(v)}
              <br />
              <Tag color={r.online ? 'green' : undefined}>
                {r.online ? t('device.onlineYes') : t('device.onlineNo')}
              </Tag>
            </span>
          ) : (
            <Typography.Text type="secondary">{t('device.never')}</Typography.Text>
          ),
      },
      {
        title: t('device.online'),
        dataIndex: 'online',
        hideInTable: true,
        search: {
          type: 'select',
          options: [
            { value: 'true', label: t('device.onlineYes') },
            { value: 'false', label: t('device.onlineNo') },
          ],
        },
      },
      {
        title: t('device.battery'),
        dataIndex: 'battery',
        render: (v: number | null, r) => (
          <span>
            {v === null ? '-' : `${v}%`}
            <br />
            <Typography.Text type="secondary" translate="no">
              {r.firmware || ''}
            </Typography.Text>
          </span>
        ),
      },
      {
        title: t('device.returnDue'),
        dataIndex: 'returnDueAt',
        render: (v: number | null, r) =>
          v === null ? (
            '-'
          ) : (
            <span>
              {formatDate(v, '{y}-{m}-{d}')}
              {r.status === 'lent' && v < Date.now() && (
                <>
                  <br />
                  <Tag color="red">{t('device.overdue')}</Tag>
                </>
              )}
            </span>
          ),
      },
      {
        title: t('device.pendingReturn'),
        dataIndex: 'pendingReturn',
        search: {
          type: 'select',
          options: [
            { value: 'true', label: t('device.pendingReturnYes') },
            { value: 'false', label: t('device.pendingReturnNo') },
          ],
        },
        render: (_: unknown, r) =>
          r.pendingReturns > 0 ? <Tag color="orange">{r.pendingReturns}</Tag> : '-',
      },
      timeColumn<Device>(t('device.createdAt'), { search: undefined }),
      {
        title: t('common.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => {
          const steps = transitionsFrom(r.status).filter((name) =>
            held.includes(DEVICE_TRANSITIONS[name].action),
          );
          const items = [
            ...(held.includes('edit') && r.status !== 'scrapped'
              ? [{ key: 'edit', label: t('common.edit') }]
              : []),
            ...steps.map((name) => ({ key: name, label: te(`transition.${name}`) })),
            ...(steps.includes('bind') ? [{ key: 'codeBind', label: t('device.codeBind') }] : []),
            ...(held.includes('secret') && r.status !== 'scrapped'
              ? [{ key: 'secret', label: t('device.resetSecret') }]
              : []),
          ];
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                {t('common.detail')}
              </Button>
              {items.length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items,
                    onClick: ({ key }) => {
                      if (key === 'edit') setEditing({ device: r });
                      else if (key === 'secret') confirmReset(r);
                      else if (key === 'codeBind') setCodeBinding(r);
                      else setStepping({ device: r, name: key as DeviceTransition });
                    },
                  }}
                >
                  <Button type="link" size="small">
                    {t('common.more')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ];
  }, [actions, models.data, resetSecret, t, te]);

  return (
    <>
      <ListPage<Device>
        columns={columns}
        rowKey="id"
        queryKey={deviceKeys.all}
        request={fetchDevices}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        headerTitle={t('device.title')}
        exportSpec={exportIf(actions, DevicePaths.export, `${t('device.title')}.xlsx`)}
        toolbar={
          actions.includes('add') && (
            <AddButton onClick={() => setEditing({ device: null })}>{t('common.add')}</AddButton>
          )
        }
      />
      <DeviceDialog
        open={editing !== null}
        device={editing?.device ?? null}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
        onSecret={setSecret}
      />
      <TransitionDialog
        device={stepping?.device ?? null}
        name={stepping?.name ?? null}
        onClose={() => setStepping(null)}
        onDone={() => setStepping(null)}
      />
      <CodeBindDialog
        device={codeBinding}
        onClose={() => setCodeBinding(null)}
        onDone={() => setCodeBinding(null)}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeviceDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
