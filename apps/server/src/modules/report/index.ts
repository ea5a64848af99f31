import type { Area } from '../../platform/area.js';
import { REPORT_AUDIT_LABELS } from './audit-labels.js';
import { reportDemo, reportDemoThroughApi } from './demo.js';
import { inspectionRoutes } from './inspections/routes.js';
import { reportMeasurementRoutes } from './measurements/routes.js';
import { ruleVersionRoutes } from './rules/routes.js';
import { ECG_STORED_JOB } from '../device/ingest/ecg-file.js';
import { ecgRoutes } from './ecg/routes.js';
import { EcgService } from './ecg/service.js';

/**
 * The report centre: the readings of each type (classified by versioned thresholds), their trends,
 * ECG recordings read through min/max pyramids, and lab reports.
 */
export const report: Area = {
  name: 'report',
  routes: [reportMeasurementRoutes, ruleVersionRoutes, ecgRoutes, inspectionRoutes],
  audit: REPORT_AUDIT_LABELS,
  jobs: (ctx) => {
    const ecg = new EcgService(ctx);
    // A long ECG recording was stored: its analysis and pyramids, before anyone opens it.
    return { [ECG_STORED_JOB]: (job) => ecg.analyseStored(job.refId) };
  },
  demo: reportDemo,
  demoThroughApi: reportDemoThroughApi,
};
