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
  // 待分配, 待预约 and 全部任务 are views of one task list (the page reads its front path).
  [PAGES.taskAssign]: { load: () => import('./tasks/TaskListPage') },
  [PAGES.taskBooking]: { load: () => import('./tasks/TaskListPage') },
  [PAGES.tasks]: { load: () => import('./tasks/TaskListPage') },
  [PAGES.healthPlans]: { load: () => import('./plans/PlanListPage') },
  [PAGES.staffWorkload]: { load: () => import('./workload/WorkloadPage') },
  [PAGES.assistantWorkbench]: { load: () => import('./assistant/AssistantWorkbenchPage') },
};
