import { useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type DeviceReading } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { DEVICE_NS } from '../locales';
import { useDeviceReadings } from './api';

const LEVEL_COLORS: Record<DeviceReading['level'], string> = {
  normal: 'green',
  warning: 'orange',
  urgent: 'red',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A reading's values in a line: "142/91 mmHg · 脉搏 72", "6.8 mmol/L · 空腹", ... */
export function readingSummary(r: DeviceReading, t: Translate, te: Translate): string {
  const v = r.values as Record<string, unknown>;
  switch (r.type) {
    case 'bp':
      return t('reading.bp', { systolic: v.systolic, diastolic: v.diastolic, pulse: v.pulse });
    case 'bg':
      return t('reading.bg', { mmol: v.mmol, context: te(`bgContext.${String(v.context)}`) });
    case 'chol':
      return t('reading.chol', { mmol: v.mmol });
    case 'ua':
      return t('reading.ua', { umol: v.umol });
    case 'ecg': {
      const seconds = Math.round(Number(v.samplesPerLead) / Number(v.sampleRate));
      const duration =
        seconds >= 3600
          ? t('reading.hours', { n: Math.round(seconds / 360) / 10 })
          : t('reading.seconds', { n: seconds });
      return typeof v.heartRate === 'number'
        ? t('reading.ecg', { hr: v.heartRate, duration })
        : t('reading.ecgNoRate', { duration });
    }
  }
}

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
          render: (_: unknown, r) => <span translate="no">{readingSummary(r, t, te)}</span>,
        },
        {
          title: t('reading.level'),
          dataIndex: 'level',
          render: (v: DeviceReading['level'], r) => (
            <span>
              <Tag color={LEVEL_COLORS[v]}>{te(`level.${v}`)}</Tag>
              {v !== 'normal' || r.label !== '正常' ? (
                <Typography.Text type="secondary">
                  {te(`classification.${r.label}`, { defaultValue: r.label })}
                </Typography.Text>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}
