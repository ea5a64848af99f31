import { PAGES, STATS_PAGE_METRICS } from '@health/contract';
import { MallDetailsPanel } from '../details/DetailPanels';
import { StatsPage, type StatsPageConfig } from './StatsPage';

const CONFIG: StatsPageConfig = {
  page: PAGES.statsMall,
  name: 'mall',
  ...STATS_PAGE_METRICS.mall,
};

/**
 * /statistics_data/mall 积分统计: points issued (by source), redeemed, refunded and expired, and the
 * mall's orders, with 环比, by day and exported; then the points members hold, the period's orders
 * by state, the goods redeemed most and the members who redeemed.
 */
export default function MallStatsPage() {
  return <StatsPage config={CONFIG}>{(period) => <MallDetailsPanel period={period} />}</StatsPage>;
}
