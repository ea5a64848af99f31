import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** 统计中心's pages. */
export const STATISTICS_PAGES: PageSlice = {
  [PAGES.statsMembers]: { load: () => import('./metrics/MemberStatsPage') },
  [PAGES.statsDevices]: { load: () => import('./devices/DeviceStatsPage') },
  [PAGES.statsHealth]: { load: () => import('./metrics/HealthStatsPage') },
  [PAGES.statsMall]: { load: () => import('./metrics/MallStatsPage') },
};
