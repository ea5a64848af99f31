import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** The authority area's pages. */
export const AUTHORITY_PAGES: PageSlice = {
  [PAGES.groups]: { load: () => import('./groups/GroupListPage') },
  [PAGES.groupEdit]: { load: () => import('./groups/GroupEditPage') },
  [PAGES.operators]: { load: () => import('./operators/OperatorListPage') },
  [PAGES.operatorEdit]: { load: () => import('./operators/OperatorEditPage') },
  [PAGES.operateLogs]: { load: () => import('./operate-logs/OperateLogPage') },
};
