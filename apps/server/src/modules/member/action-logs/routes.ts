import {
  actionLogExportQuerySchema,
  actionLogListQuerySchema,
  actionLogListSchema,
  ActionLogPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { ActionLogService } from './service.js';

const tags = ['member-action-log'];

const route = routeOptions(tags, PAGES.actionLogs);

/** The members' action log: list (also the member detail tab) and export. */
export const memberActionLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const logs = new ActionLogService(ctx);
  const { get } = standardRoutes(app, route);

  get(ActionLogPaths.list, {
    summary: '会员行为日志（手机号片段、姓名、行为、IP、时间；memberId）',
    frontPath: [PAGES.actionLogs, PAGES.memberDetail],
    querystring: actionLogListQuerySchema,
    data: actionLogListSchema,
    run: (request) => logs.list(request.query),
  });

  app.get(
    ActionLogPaths.export,
    route({
      summary: '导出会员行为日志（当前筛选）',
      action: 'export',
      querystring: actionLogExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await logs.export(actorOf(request), request.query)),
  );
};
