import { lazy, Suspense, useState } from 'react';
import { Card, Col, Row, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChinaDate, PAGES, STATS_PAGE_METRICS, type SilentDevice } from '@health/contract';
import { ProgressFallback } from '../../../shared/components/ProgressFallback';
import { STATISTICS_NS } from '../locales';
import { StatsPage, type StatsPageConfig } from '../metrics/StatsPage';
import { useDeviceSnapshot, useSilentDevices } from './api';

const BreakdownChart = lazy(() => import('../metrics/components/BreakdownChart'));

const CONFIG: StatsPageConfig = {
  page: PAGES.statsDevices,
  name: 'device',
  ...STATS_PAGE_METRICS.device,
};

const SILENT_DAY_OPTIONS = [3, 7, 14, 30, 90];

/** The devices as they are now: by state and by type. */
function DevicesNow() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language === 'en-US';
  const snapshot = useDeviceSnapshot().data;
  const chart = (title: string, rows: NonNullable<typeof snapshot>['byStatus'], id: string) => (
    <Col xs={24} md={12}>
      <Card size="small" title={title} data-testid={id}>
        <Suspense fallback={<ProgressFallback />}>
          <BreakdownChart rows={rows} english={english} label={title} otherLabel="" />
        </Suspense>
      </Card>
    </Col>
  );
  return (
    <Card
      size="small"
      title={t('device.now')}
      extra={
        snapshot && (
          <Typography.Text type="secondary" data-testid="devices-total">
            {t('device.total', { n: snapshot.total })}
          </Typography.Text>
        )
      }
    >
      {!snapshot ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {chart(t('device.byStatus'), snapshot.byStatus, 'devices-by-status')}
          {chart(t('device.byType'), snapshot.byType, 'devices-by-type')}
        </Row>
      )}
    </Card>
  );
}

/** Bound devices silent for the chosen days, with their members (phones masked). */
function SilentDevices() {
  const { t } = useTranslation(STATISTICS_NS);
  const [days, setDays] = useState(7);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const silent = useSilentDevices({ days, ...page });
  const time = (v: number | null, empty: string) =>
    v === null ? empty : formatChinaDate(v, '{y}-{m}-{d} {h}:{i}');
  return (
    <Card
      size="small"
      title={t('device.silent')}
      data-testid="silent-devices"
      extra={
        <Space>
          <Typography.Text>{t('device.silentDays')}</Typography.Text>
          <Select
            aria-label={t('device.silentDays')}
            value={days}
            style={{ width: 100 }}
            onChange={(v: number) => {
              setDays(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={SILENT_DAY_OPTIONS.map((n) => ({ value: n, label: t('device.days', { n }) }))}
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('device.silentHint')}</Typography.Paragraph>
      <Table<SilentDevice>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={silent.isFetching}
        dataSource={silent.data?.list ?? []}
        locale={{ emptyText: t('device.noSilent') }}
        pagination={{
          ...page,
          total: silent.data?.pagination.total ?? 0,
          showSizeChanger: false,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: t('device.serial'), dataIndex: 'serial' },
          {
            title: t('device.model'),
            dataIndex: 'modelName',
            render: (v: string) => <span translate="no">{v}</span>,
          },
          {
            title: t('device.member'),
            dataIndex: 'memberName',
            render: (v: string) => <span translate="no">{v}</span>,
          },
          { title: t('device.phone'), dataIndex: 'memberPhone' },
          {
            title: t('device.boundAt'),
            dataIndex: 'boundAt',
            render: (v: number | null) => (
              <span style={{ whiteSpace: 'nowrap' }}>{time(v, '-')}</span>
            ),
          },
          {
            title: t('device.lastUpload'),
            dataIndex: 'lastUploadAt',
            render: (v: number | null) => (
              <span style={{ whiteSpace: 'nowrap' }}>{time(v, t('device.never'))}</span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /statistics_data/device 设备统计: devices bound, lent and returned and readings by type for a
 * period with 环比; the devices now by state and type; the silent ones with their members.
 */
export default function DeviceStatsPage() {
  return (
    <StatsPage config={CONFIG}>
      <DevicesNow />
      <SilentDevices />
    </StatsPage>
  );
}
