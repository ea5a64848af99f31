import { PAGES } from '@health/contract';
import { StatsPage, type StatsPageConfig } from './StatsPage';

const CONFIG: StatsPageConfig = {
  page: PAGES.statsMembers,
  name: 'member',
  cards: [
    'members.new',
    'members.active7',
    'members.active30',
    'members.total',
    'members.loggedOff',
    'signs.checkIns',
  ],
  chart: ['members.new', 'members.active7'],
  breakdowns: (['channel', 'province', 'gender', 'ageBand', 'grade'] as const).map((dimension) => ({
    key: 'members.new',
    dimension,
  })),
};

/**
 * /statistics_data/member 会员统计: new, active (7 and 30 days, distinct), total, logged off and
 * check-ins with 环比; new and active members by day; new members by channel, province, gender,
 * age band and grade; the table by day and its export.
 */
export default function MemberStatsPage() {
  return <StatsPage config={CONFIG} />;
}
