import { PAGES } from '@health/contract';
import { HealthDetailsPanel } from '../details/DetailPanels';
import { StatsPage, type StatsPageConfig } from './StatsPage';

const CONFIG: StatsPageConfig = {
  page: PAGES.statsHealth,
  name: 'health',
  cards: [
    'readings.all',
    'readings.abnormal',
    'alerts.raised',
    'alerts.claimed',
    'alerts.handled',
    'reports.published',
    'tasks.done',
    'readings.bp',
    'readings.bg',
    'readings.chol',
    'readings.ua',
    'readings.ecg',
  ],
  rates: [{ key: 'abnormalRate', numerator: 'readings.abnormal', denominator: 'readings.all' }],
  chart: ['readings.all', 'readings.abnormal', 'alerts.raised', 'reports.published'],
  breakdowns: [
    { key: 'readings.all', dimension: 'type' },
    { key: 'readings.all', dimension: 'level' },
    { key: 'readings.abnormal', dimension: 'type' },
    { key: 'alerts.raised', dimension: 'level' },
    { key: 'reports.published', dimension: 'type' },
    { key: 'tasks.done', dimension: 'type' },
  ],
};

/**
 * /statistics_data/health 健康数据统计: readings by type and level, the abnormal rate, alerts raised
 * and handled, reports published and tasks done, with 环比, by day, broken down, and exported;
 * then how fast alerts were answered (median, p90) and the reports by doctor.
 */
export default function HealthStatsPage() {
  return (
    <StatsPage config={CONFIG}>{(period) => <HealthDetailsPanel period={period} />}</StatsPage>
  );
}
