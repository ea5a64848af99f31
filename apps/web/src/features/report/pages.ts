import type { PageSlice } from '../../shared/routing/route-handle';

/** The report centre's pages. */
export const REPORT_PAGES: PageSlice = {};
