import type { Area } from '../../platform/area.js';
import { REPORT_AUDIT_LABELS } from './audit-labels.js';
import { reportMeasurementRoutes } from './measurements/routes.js';
import { ruleVersionRoutes } from './rules/routes.js';

/**
 * The report centre: the readings of each type (classified by versioned thresholds), their trends,
 * ECG recordings read through min/max pyramids, and lab reports.
 */
export const report: Area = {
  name: 'report',
  routes: [reportMeasurementRoutes, ruleVersionRoutes],
  audit: REPORT_AUDIT_LABELS,
};
