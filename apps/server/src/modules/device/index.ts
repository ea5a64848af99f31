import type { Area } from '../../platform/area.js';
import { DEVICE_AUDIT_LABELS } from './audit-labels.js';
import { deviceDemo, deviceDemoThroughApi } from './demo.js';
import { deviceRoutes } from './devices/routes.js';
import { ingestRoutes } from './ingest/routes.js';
import { deviceModelRoutes } from './models/routes.js';

/** The device centre: models, devices through their lifecycle, codes, imports, returns. */
export const device: Area = {
  name: 'device',
  routes: [deviceModelRoutes, deviceRoutes, ingestRoutes],
  audit: DEVICE_AUDIT_LABELS,
  demo: deviceDemo,
  demoThroughApi: deviceDemoThroughApi,
};
