import { PAGES } from '@health/contract';
import type { Area } from '../../platform/area.js';
import { DEVICE_AUDIT_LABELS } from './audit-labels.js';
import { deviceCodeRoutes } from './codes/routes.js';
import { deviceDemo, deviceDemoThroughApi } from './demo.js';
import { deviceRoutes } from './devices/routes.js';
import { ingestRoutes } from './ingest/routes.js';
import { deviceImportRoutes } from './imports/routes.js';
import { deviceModelRoutes } from './models/routes.js';
import { deviceReturnRoutes } from './returns/routes.js';
import { DeviceReturnService } from './returns/service.js';

/** The device centre: models, devices through their lifecycle, codes, imports, returns. */
export const device: Area = {
  name: 'device',
  routes: [
    deviceModelRoutes,
    deviceRoutes,
    deviceCodeRoutes,
    deviceReturnRoutes,
    deviceImportRoutes,
    ingestRoutes,
  ],
  audit: DEVICE_AUDIT_LABELS,
  todos: (ctx) => {
    const returns = new DeviceReturnService(ctx);
    return [
      {
        key: 'pendingReturn',
        title: '待处理设备寄回',
        link: PAGES.devices,
        query: 'pendingReturn=true',
        count: (db) => returns.pendingCount(db),
      },
    ];
  },
  demo: deviceDemo,
  demoThroughApi: deviceDemoThroughApi,
};
