import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Skeleton, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  METRIC_DIMENSION_LABELS,
  PAGES,
  type MetricDimension,
  type MetricKey,
  type MetricValue,
} from '@health/contract';
import { ProgressFallback } from '../../../shared/components/ProgressFallback';
import { usePageActions } from '../../../shared/stores/permission';
import { STATISTICS_NS } from '../locales';
import { exportMetrics, useBreakdown, useMetrics, type Period } from './api';
import { MetricCard, MetricName, useMetricText } from './components/MetricCard';
import { PeriodBar } from './components/PeriodBar';
import { presetPeriod } from './period';
import './statistics.css';

// ECharts loads with the page, in its own chunk.
const DailyChart = lazy(() => import('./components/DailyChart'));
const BreakdownChart = lazy(() => import('./components/BreakdownChart'));

const CARDS: readonly MetricKey[] = [
  'members.new',
  'members.active7',
  'members.active30',
  'members.total',
  'members.loggedOff',
  'signs.checkIns',
];
const CHART: readonly MetricKey[] = ['members.new', 'members.active7'];
const BREAKDOWNS: readonly MetricDimension[] = [
  'channel',
  'province',
  'gender',
  'ageBand',
  'grade',
];

/** One dimension of the period's new members. */
function Breakdown({ dimension, period }: { dimension: MetricDimension; period: Period }) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language === 'en-US';
  const title = METRIC_DIMENSION_LABELS[dimension][english ? 1 : 0];
  const answer = useBreakdown('members.new', dimension, period);
  const rows = answer.data?.rows;
  return (
    <Card size="small" title={title} data-testid={`breakdown-${dimension}`}>
      {!rows ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noBreakdown')} />
      ) : (
        <Suspense fallback={<ProgressFallback />}>
          <BreakdownChart
            rows={rows}
            english={english}
            label={`${t('member.breakdownTitle')} ${title}`}
            otherLabel={english ? 'Other' : '其他'}
          />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * /statistics_data/member 会员统计: new, active (7 and 30 days, distinct), total, logged off and
 * check-ins for a period of China days with 环比; new and active members by day; new members by
 * channel, province, gender, age band and grade; the table by day and its export.
 */
export default function MemberStatsPage() {
  const { t } = useTranslation(STATISTICS_NS);
  const text = useMetricText();
  const canExport = (usePageActions(PAGES.statsMembers) as readonly string[]).includes('export');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const [exporting, setExporting] = useState(false);
  const answer = useMetrics(CARDS, period);
  const metrics = answer.data?.metrics;
  const byKey = new Map(metrics?.map((m) => [m.key, m]));

  const exportFile = async () => {
    setExporting(true);
    try {
      await exportMetrics(CARDS, period, t('member.title'), t('member.exportFile'));
    } catch {
      // Toasted by the api client.
    } finally {
      setExporting(false);
    }
  };

  const columns = [
    {
      title: t('date'),
      dataIndex: 'day',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
    },
    ...CARDS.map((key, i) => ({
      title: <MetricName metricKey={key} />,
      key,
      align: 'right' as const,
      render: (_: unknown, row: { values: number[] }) => row.values[i],
    })),
  ];
  const tableRows = metrics?.[0]
    ? [...metrics[0].daily].reverse().map((d) => ({
        day: d.day,
        values: metrics.map((m) => m.daily.find((x) => x.day === d.day)?.value ?? 0),
      }))
    : [];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <PeriodBar
          period={period}
          onChange={setPeriod}
          asOf={answer.data?.asOf}
          onExport={canExport ? () => void exportFile() : undefined}
          exporting={exporting}
        />
      </Card>
      {!metrics ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {CARDS.map((key) => (
              <Col key={key} xs={12} md={8} xl={4}>
                <MetricCard metric={byKey.get(key) as MetricValue} />
              </Col>
            ))}
          </Row>
          <Card title={t('member.newChart')} size="small">
            <Suspense fallback={<ProgressFallback />}>
              <DailyChart
                metrics={CHART.map((k) => byKey.get(k) as MetricValue)}
                names={CHART.map((k) => text(k).name)}
                label={t('member.newChart')}
                dateLabel={t('date')}
              />
            </Suspense>
          </Card>
          <Row gutter={[16, 16]}>
            {BREAKDOWNS.map((dimension) => (
              <Col key={dimension} xs={24} md={12} xl={8}>
                <Breakdown dimension={dimension} period={period} />
              </Col>
            ))}
          </Row>
          <Card title={t('tableTitle')} size="small">
            <Table
              rowKey="day"
              size="middle"
              columns={columns}
              dataSource={tableRows}
              pagination={tableRows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
              scroll={{ x: 'max-content' }}
              loading={answer.isFetching}
              data-testid="stats-daily-table"
            />
          </Card>
        </>
      )}
    </Space>
  );
}
