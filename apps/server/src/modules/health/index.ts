import type { Area } from '../../platform/area.js';
import { HEALTH_AUDIT_LABELS } from './audit-labels.js';
import { healthDemoThroughApi } from './demo.js';
import { healthReportRoutes } from './reports/routes.js';
import { workbenchRoutes } from './workbench/routes.js';

/**
 * 健康管理: the doctor's workbench (the queue of alerts, claims), health reports from draft to
 * signed, published and amended, and the member's signed link to a report.
 */
export const health: Area = {
  name: 'health',
  routes: [workbenchRoutes, healthReportRoutes],
  audit: HEALTH_AUDIT_LABELS,
  demoThroughApi: healthDemoThroughApi,
};
