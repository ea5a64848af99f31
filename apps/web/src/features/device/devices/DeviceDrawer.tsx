import { Drawer, Empty, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type DeviceDetail, type DeviceReturn } from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { useAppStore } from '../../../shared/stores/app';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import { useDeviceDetail } from './api';
import { DeviceReadings } from './DeviceReadings';
import { DeviceStatusTag } from '../../../shared/components/DeviceStatusTag';

const time = (v: number | null) => (v === null ? null : formatDate(v));

/** A device with its lifecycle events (who and when) and the returns its member filed. */
export function DeviceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useDeviceDetail(id);
  const d: DeviceDetail | undefined = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={mobile ? '100%' : 760}
      title={d ? <span translate="no">{d.serial}</span> : t('common.detail')}
      destroyOnHidden
    >
      {detail.isLoading || !d ? (
        <Spin />
      ) : (
        <>
          <DetailView
            column={mobile ? 1 : 2}
            sections={[
              {
                items: [
                  { label: t('device.serial'), value: <span translate="no">{d.serial}</span> },
                  { label: t('device.model'), value: <span translate="no">{d.modelName}</span> },
                  { label: t('device.type'), value: te(`modelType.${d.type}`) },
                  { label: t('device.status'), value: <DeviceStatusTag status={d.status} /> },
                  {
                    label: t('device.member'),
                    value: d.memberId ? (
                      <span translate="no">
                        {d.memberName}{' '}
                        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                          {d.memberPhone}
                        </Typography.Text>
                      </span>
                    ) : null,
                  },
                  { label: t('device.boundAt'), value: time(d.boundAt) },
                  { label: t('device.lentAt'), value: time(d.lentAt) },
                  {
                    label: t('device.deposit'),
                    value:
                      d.depositFen === null
                        ? null
                        : `${(d.depositFen / 100).toFixed(2)} ${t('common.yuan')}`,
                  },
                  { label: t('device.returnDue'), value: time(d.returnDueAt) },
                  {
                    label: t('device.lastUpload'),
                    value: d.lastUploadAt ? (
                      <>
                        {formatDate(d.lastUploadAt)}{' '}
                        <Tag color={d.online ? 'green' : undefined}>
                          {d.online ? t('device.onlineYes') : t('device.onlineNo')}
                        </Tag>
                      </>
                    ) : (
                      t('device.never')
                    ),
                  },
                  {
                    label: t('device.batteryLevel'),
                    value: d.battery === null ? null : `${d.battery}%`,
                  },
                  { label: t('device.firmware'), value: d.firmware },
                  { label: t('device.createdAt'), value: time(d.createdAt) },
                  { label: t('device.previousSecretUntil'), value: time(d.previousSecretUntil) },
                  { label: t('common.remark'), value: d.remark, span: 2 },
                ],
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('reading.title')}
          </Typography.Title>
          <DeviceReadings deviceId={d.id} />
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {t('device.events')}
          </Typography.Title>
          {d.events.length === 0 ? (
            <Empty description={t('device.noEvents')} />
          ) : (
            <Timeline
              data-testid="device-events"
              items={d.events.map((e) => ({
                key: e.id,
                children: (
                  <div>
                    <Typography.Text strong>{te(`event.${e.action}`)}</Typography.Text>{' '}
                    {e.fromStatus && e.fromStatus !== e.toStatus && (
                      <Typography.Text type="secondary">
                        {te(`status.${e.fromStatus}`)} → {te(`status.${e.toStatus}`)}
                      </Typography.Text>
                    )}
                    <br />
                    <Typography.Text type="secondary">
                      {formatDate(e.createdAt)} · {t('device.operator')}{' '}
                      <span translate="no">{e.operatorName || '-'}</span>
                      {e.memberName && (
                        <>
                          {' · '}
                          {t('device.member')} <span translate="no">{e.memberName}</span>
                        </>
                      )}
                    </Typography.Text>
                    {e.remark && (
                      <div>
                        <Typography.Text translate="no">{e.remark}</Typography.Text>
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {t('device.returns')}
          </Typography.Title>
          <Table<DeviceReturn>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={d.returns}
            locale={{ emptyText: t('device.noReturns') }}
            columns={[
              {
                title: t('device.filedAt'),
                dataIndex: 'filedAt',
                render: (v: number) => formatDate(v),
              },
              { title: t('device.courier'), dataIndex: 'courier' },
              { title: t('device.trackingNo'), dataIndex: 'trackingNo' },
              {
                title: t('device.status'),
                dataIndex: 'status',
                render: (v: DeviceReturn['status']) => (
                  <Tag color={v === 'pending' ? 'orange' : 'green'}>
                    {t(`device.returnStatus.${v}`)}
                  </Tag>
                ),
              },
              {
                title: t('device.handledBy'),
                dataIndex: 'handledBy',
                render: (v: string | null) => v ?? '-',
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
