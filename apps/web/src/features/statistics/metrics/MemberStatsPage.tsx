import { PAGES, STATS_PAGE_METRICS } from '@health/contract';
import { StatsPage, type StatsPageConfig } from './StatsPage';

const CONFIG: StatsPageConfig = {
  page: PAGES.statsMembers,
  name: 'member',
  ...STATS_PAGE_METRICS.member,
};

/**
 * /statistics_data/member 会员统计: new, active (7 and 30 days, distinct), total, logged off and
 * check-ins with 环比; new and active members by day; new members by channel, province, gender,
 * age band and grade; the table by day and its export.
 */
export default function MemberStatsPage() {
  return <StatsPage config={CONFIG} />;
}
