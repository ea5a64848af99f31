import type { Area } from '../../platform/area.js';

/**
 * The report centre: the readings of each type (classified by versioned thresholds), their trends,
 * ECG recordings read through min/max pyramids, and lab reports.
 */
export const report: Area = {
  name: 'report',
  routes: [],
};
