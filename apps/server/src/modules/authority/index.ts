import type { Area } from '../../platform/area.js';
import { authorityDemo } from './demo.js';
import { authorityGroupRoutes } from './groups/routes.js';
import { operateLogRoutes } from './operate-logs/routes.js';
import { authorityOperatorRoutes } from './operators/routes.js';
import { AUTHORITY_AUDIT_LABELS } from './audit-labels.js';

/** Permission groups, operators and the operation log (/sysset_authority). */
export const authority: Area = {
  name: 'authority',
  routes: [authorityGroupRoutes, authorityOperatorRoutes, operateLogRoutes],
  audit: AUTHORITY_AUDIT_LABELS,
  demo: authorityDemo,
};
