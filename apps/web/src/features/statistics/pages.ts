import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';
import { screenLinkToken } from './screen/link-token';

/** 统计中心's pages. */
export const STATISTICS_PAGES: PageSlice = {
  [PAGES.statsMembers]: { load: () => import('./metrics/MemberStatsPage') },
  [PAGES.statsDevices]: { load: () => import('./devices/DeviceStatsPage') },
  [PAGES.statsHealth]: { load: () => import('./metrics/HealthStatsPage') },
  [PAGES.statsMall]: { load: () => import('./metrics/MallStatsPage') },
  // Outside the layout, in its own tab; a wall TV opens it by a screen link without a session.
  [PAGES.largeScreen]: {
    load: () => import('./screen/ScreenPage'),
    bare: true,
    opensWithLink: () => screenLinkToken() !== null,
  },
};
