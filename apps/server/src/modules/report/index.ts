import type { Area } from '../../platform/area.js';
import { REPORT_AUDIT_LABELS } from './audit-labels.js';
import { reportDemo, reportDemoThroughApi } from './demo.js';
import { inspectionRoutes } from './inspections/routes.js';

/**
 * The report centre: the readings of each type (classified by versioned thresholds), their trends,
 * ECG recordings read through min/max pyramids, and lab reports.
 */
export const report: Area = {
  name: 'report',
  routes: [inspectionRoutes],
  audit: REPORT_AUDIT_LABELS,
  demo: reportDemo,
  demoThroughApi: reportDemoThroughApi,
};
