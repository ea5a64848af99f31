import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** 应用中心's page. */
export const MARKETING_PAGES: PageSlice = {
  [PAGES.appCenter]: { load: () => import('./apps/AppCenterPage') },
};
