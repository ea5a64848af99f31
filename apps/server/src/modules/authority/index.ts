import type { Area } from '../../platform/area.js';
import { authorityDemo } from './demo.js';
import { authorityGroupRoutes } from './groups/routes.js';
import { operateLogRoutes } from './operate-logs/routes.js';
import { authorityOperatorRoutes } from './operators/routes.js';

/** Permission groups, operators and the operation log (/sysset_authority). */
export const authority: Area = {
  name: 'authority',
  routes: [authorityGroupRoutes, authorityOperatorRoutes, operateLogRoutes],
  auditModules: { authority: '权限管理' },
  demo: authorityDemo,
};
