import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Card, Col, Empty, Row, Skeleton, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  METRIC_DIMENSION_LABELS,
  type FrontPath,
  type MetricDimension,
  type MetricKey,
  type MetricValue,
  type StatsPageName,
} from '@health/contract';
import { ProgressFallback } from '../../../shared/components/ProgressFallback';
import { usePageActions } from '../../../shared/stores/permission';
import { STATISTICS_NS } from '../locales';
import { exportMetrics, useBreakdown, useMetrics, type Period } from './api';
import { MetricCard, MetricName, RateCard, useMetricText } from './components/MetricCard';
import { PeriodBar } from './components/PeriodBar';
import { presetPeriod } from './period';
import './statistics.css';

// ECharts loads with the page, in its own chunk.
const DailyChart = lazy(() => import('./components/DailyChart'));
const BreakdownChart = lazy(() => import('./components/BreakdownChart'));

/** What a statistics page shows: its cards, the lines of its chart and its breakdowns. */
export interface StatsPageConfig {
  page: FrontPath;
  /** Its strings in the statistics namespace: `<name>.title`, `.exportFile`, `.chart`. */
  name: StatsPageName;
  cards: readonly MetricKey[];
  /** Shares shown as cards after the metrics: numerator ÷ denominator of the period. */
  rates?: readonly { key: string; numerator: MetricKey; denominator: MetricKey }[];
  chart: readonly MetricKey[];
  breakdowns: readonly { key: MetricKey; dimension: MetricDimension }[];
}

/** One dimension of a metric over the period. */
function Breakdown(props: { metricKey: MetricKey; dimension: MetricDimension; period: Period }) {
  const { metricKey, dimension, period } = props;
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language === 'en-US';
  const name = useMetricText()(metricKey).name;
  const title = t('byDimension', {
    metric: name,
    dimension: METRIC_DIMENSION_LABELS[dimension][english ? 1 : 0],
  });
  const answer = useBreakdown(metricKey, dimension, period);
  const rows = answer.data?.rows;
  return (
    <Card size="small" title={title} data-testid={`breakdown-${metricKey}-${dimension}`}>
      {!rows ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <Suspense fallback={<ProgressFallback />}>
          <BreakdownChart rows={rows} english={english} label={title} otherLabel={t('other')} />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * The one statistics page: a period of China days (presets or custom), a card per metric with its
 * 环比 and definition, the chart's metrics by day, the breakdowns, and the table by day with its
 * export (the same numbers: one request answers the cards, the chart and the table).
 */
export function StatsPage({
  config,
  children,
}: {
  config: StatsPageConfig;
  /** More of the page under the breakdowns; a function gets the page's period. */
  children?: ReactNode | ((period: Period) => ReactNode);
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const text = useMetricText();
  const canExport = (usePageActions(config.page) as readonly string[]).includes('export');
  const keys = config.cards;
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const [exporting, setExporting] = useState(false);
  const answer = useMetrics(keys, period);
  const metrics = answer.data?.metrics;
  const byKey = new Map(metrics?.map((m) => [m.key, m]));

  const exportFile = async () => {
    setExporting(true);
    try {
      await exportMetrics(
        keys,
        config.breakdowns,
        period,
        t(`${config.name}.title`),
        t(`${config.name}.exportFile`),
      );
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
    ...keys.map((key, i) => ({
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
          {answer.isError ? <Empty description={t('loadFailed')} /> : <Skeleton active />}
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {keys.map((key) => (
              <Col key={key} xs={12} md={8} xl={4}>
                <MetricCard metric={byKey.get(key) as MetricValue} />
              </Col>
            ))}
            {config.rates?.map((rate) => (
              <Col key={rate.key} xs={12} md={8} xl={4}>
                <RateCard
                  rateKey={rate.key}
                  numerator={byKey.get(rate.numerator) as MetricValue}
                  denominator={byKey.get(rate.denominator) as MetricValue}
                />
              </Col>
            ))}
          </Row>
          <Card title={t(`${config.name}.chart`)} size="small">
            <Suspense fallback={<ProgressFallback />}>
              <DailyChart
                metrics={config.chart.map((k) => byKey.get(k) as MetricValue)}
                names={config.chart.map((k) => text(k).name)}
                label={t(`${config.name}.chart`)}
                dateLabel={t('date')}
              />
            </Suspense>
          </Card>
          <Row gutter={[16, 16]}>
            {config.breakdowns.map(({ key, dimension }) => (
              <Col key={`${key}-${dimension}`} xs={24} md={12} xl={8}>
                <Breakdown metricKey={key} dimension={dimension} period={period} />
              </Col>
            ))}
          </Row>
          {typeof children === 'function' ? children(period) : children}
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
