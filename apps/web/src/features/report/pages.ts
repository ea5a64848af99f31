import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

const measurements = () => import('./measurements/MeasurementListPage');

/** The report centre's pages. */
export const REPORT_PAGES: PageSlice = {
  [PAGES.reportEcg]: { load: measurements },
  [PAGES.reportBp]: { load: measurements },
  [PAGES.reportBg]: { load: measurements },
  [PAGES.reportChol]: { load: measurements },
  [PAGES.reportUa]: { load: measurements },
  [PAGES.reportInspection]: { load: () => import('./inspections/InspectionListPage') },
};
