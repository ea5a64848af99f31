import { Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DevicePaths, formatDate, type Device } from '@health/contract';
import { api } from '../../../../shared/api/client';
import { DeviceStatusTag } from '../../../../shared/components/DeviceStatusTag';
import { DEVICE_ENUMS_NS } from '../../../../shared/i18n/device-enums';
import { MEMBER_NS } from '../../locales';

/** The member detail's devices tab: what the member holds now, bound or lent. */
export function MemberDevices({ memberId }: { memberId: number }) {
  const { t } = useTranslation(MEMBER_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const devices = useQuery({
    // Under the device area's key prefix: a change on the device list refreshes this tab too.
    queryKey: ['device', 'devices', 'ofMember', memberId],
    queryFn: () => api.get<Device[]>(DevicePaths.ofMember, { params: { memberId } }),
  });
  return (
    <Table<Device>
      rowKey="id"
      size="small"
      loading={devices.isLoading}
      dataSource={devices.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('detail.noDevices') }}
      columns={[
        {
          title: t('detail.deviceSerial'),
          dataIndex: 'serial',
          render: (v: string) => <span translate="no">{v}</span>,
        },
        {
          title: t('detail.deviceModel'),
          dataIndex: 'modelName',
          render: (v: string, r) => (
            <span>
              <span translate="no">{v}</span>
              <br />
              <Typography.Text type="secondary">{te(`modelType.${r.type}`)}</Typography.Text>
            </span>
          ),
        },
        {
          title: t('detail.deviceStatus'),
          dataIndex: 'status',
          render: (v: Device['status']) => <DeviceStatusTag status={v} />,
        },
        {
          title: t('detail.deviceSince'),
          dataIndex: 'boundAt',
          render: (v: number | null) => (v ? formatDate(v) : '-'),
        },
        {
          title: t('detail.deviceReturnDue'),
          dataIndex: 'returnDueAt',
          render: (v: number | null) => (v ? formatDate(v, '{y}-{m}-{d}') : '-'),
        },
        {
          title: t('detail.deviceLastUpload'),
          dataIndex: 'lastUploadAt',
          render: (v: number | null, r) =>
            v ? (
              <span>
                {formatDate(v)}{' '}
                <Tag color={r.online ? 'green' : undefined}>
                  {r.online ? t('detail.deviceOnline') : t('detail.deviceOffline')}
                </Tag>
              </span>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
}
