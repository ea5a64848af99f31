import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** 健康管理's pages. */
export const HEALTH_PAGES: PageSlice = {
  [PAGES.doctorWorkbench]: { load: () => import('./workbench/WorkbenchPage') },
  [PAGES.doctorWorkbenchDetail]: { load: () => import('./workbench/WorkbenchDetailPage') },
  [PAGES.healthReports]: { load: () => import('./reports/ReportListPage') },
  [PAGES.healthReportPreview]: { load: () => import('./reports/ReportPreviewPage') },
  [PAGES.ecgReportCreate]: { load: () => import('./reports/EcgReportPage') },
  [PAGES.bpReportCreate]: { load: () => import('./reports/BpReportPage') },
};
