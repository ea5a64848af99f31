import { PAGES, STATS_PAGE_METRICS } from '@health/contract';
import { HealthDetailsPanel } from '../details/DetailPanels';
import { StatsPage, type StatsPageConfig } from './StatsPage';

const CONFIG: StatsPageConfig = {
  page: PAGES.statsHealth,
  name: 'health',
  ...STATS_PAGE_METRICS.health,
  rates: [{ key: 'abnormalRate', numerator: 'readings.abnormal', denominator: 'readings.all' }],
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
