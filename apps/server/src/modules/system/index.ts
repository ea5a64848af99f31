import type { Area } from '../../platform/area.js';
import { agreementRoutes } from './agreements/routes.js';
import { systemDemo } from './demo.js';
import { overviewRoutes } from './overview/routes.js';
import { paymentRoutes } from './payments/routes.js';
import { searchRoutes } from './search-words/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { smsRoutes } from './sms-templates/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { SYSTEM_AUDIT_LABELS } from './audit-labels.js';

/** The home overview and the system settings: site, payments, search words, SMS, agreements. */
export const system: Area = {
  name: 'system',
  routes: [
    overviewRoutes,
    settingsRoutes,
    paymentRoutes,
    uploadRoutes,
    searchRoutes,
    smsRoutes,
    agreementRoutes,
  ],
  audit: SYSTEM_AUDIT_LABELS,
  demo: systemDemo,
};
