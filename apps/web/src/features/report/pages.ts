import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** The report centre's pages. */
export const REPORT_PAGES: PageSlice = {
  [PAGES.reportInspection]: { load: () => import('./inspections/InspectionListPage') },
};
