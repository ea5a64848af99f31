import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { memberActionLogRoutes } from './action-logs/routes.js';
import { memberChannelRoutes } from './channels/routes.js';
import { memberGradeRoutes } from './grades/routes.js';
import { memberLogoffRoutes } from './logoff/routes.js';

/** Member administration: grades + grade log, channels, action log, log-off requests. */
export const memberAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  for (const plugin of [
    memberGradeRoutes,
    memberChannelRoutes,
    memberActionLogRoutes,
    memberLogoffRoutes,
  ]) {
    await app.register(plugin, { ctx });
  }
};
