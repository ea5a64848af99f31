import type { FrontPath } from '@health/contract';
import { AUTHORITY_PAGES } from '../features/authority/pages';
import { DECORATE_PAGES } from '../features/decorate/pages';
import { DEVICE_PAGES } from '../features/device/pages';
import { HEALTH_PAGES } from '../features/health/pages';
import { INTEGRALMALL_PAGES } from '../features/integralmall/pages';
import { MARKETING_PAGES } from '../features/marketing/pages';
import { MEMBER_PAGES } from '../features/member/pages';
import { REPORT_PAGES } from '../features/report/pages';
import { STATISTICS_PAGES } from '../features/statistics/pages';
import { SYSTEM_PAGES } from '../features/system/pages';
import type { PageEntry, PageSlice } from '../shared/routing/route-handle';

/**
 * The pages this build of the web app has, by front path (the catalogue's page keys), composed
 * from each area's `pages.ts`. The menu, the top tabs and the routes show only pages that are both
 * in the operator's resource list and here: a page not built yet is not in the menu. Adding a page
 * later is one line in its area's `pages.ts` (and its entry in the contract catalogue).
 */
const SLICES: readonly PageSlice[] = [
  SYSTEM_PAGES,
  AUTHORITY_PAGES,
  MEMBER_PAGES,
  DEVICE_PAGES,
  REPORT_PAGES,
  HEALTH_PAGES,
  INTEGRALMALL_PAGES,
  DECORATE_PAGES,
  STATISTICS_PAGES,
  MARKETING_PAGES,
];

export const PAGE_REGISTRY = Object.assign({}, ...SLICES) as Partial<Record<FrontPath, PageEntry>>;

export const REGISTERED_PATHS = Object.keys(PAGE_REGISTRY) as readonly FrontPath[];
