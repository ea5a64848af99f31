import { useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type DeviceReading } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import { MeasurementLevel, readingSummary } from '../../../shared/measurements/reading';
import { useDeviceReadings } from './api';

/** The readings a device uploaded, newest first, with their level and its reason. */
export function DeviceReadings({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(DEVICE_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const [current, setCurrent] = useState(1);
  const readings = useDeviceReadings(deviceId, current);
  return (
    <Table<DeviceReading>
      data-testid="device-readings"
      size="small"
      rowKey="id"
      loading={readings.isFetching}
      dataSource={readings.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('reading.none') }}
      pagination={{
        current,
        pageSize: 10,
        total: readings.data?.pagination.total ?? 0,
        showSizeChanger: false,
        size: 'small',
        showTotal: (total) => t('reading.total', { total }),
        onChange: setCurrent,
      }}
      columns={[
        {
          title: t('reading.measuredAt'),
          dataIndex: 'measuredAt',
          render: (v: number) => formatDate(v),
        },
        {
          title: t('reading.type'),
          dataIndex: 'type',
          render: (v: DeviceReading['type']) => te(`measurementType.${v}`),
        },
        {
          title: t('reading.values'),
          key: 'values',
          render: (_: unknown, r) => <span translate="no">{readingSummary(r, te)}</span>,
        },
        {
          title: t('reading.level'),
          dataIndex: 'level',
          render: (_: unknown, r) => <MeasurementLevel reading={r} />,
        },
      ]}
    />
  );
}
