import {
  PAGES,
  OperateLogPaths,
  operateLogExportQuerySchema,
  operateLogItemSchema,
  operateLogListQuerySchema,
  operateLogOptionsSchema,
  pageOf,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { sendExport } from '../../../platform/export.js';
import { OperateLogService } from './service.js';

const PAGE = PAGES.operateLogs;

const route = routeOptions(['authority'], PAGE);

/** The operation log: list, filter options and the streamed Excel export. */
export const operateLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new OperateLogService(ctx);
  const { get } = standardRoutes(app, route);

  get(OperateLogPaths.list, {
    summary: '操作日志列表（按操作员、模块、操作、结果、时间筛选；默认最新在前）',
    querystring: operateLogListQuerySchema,
    data: pageOf(operateLogItemSchema),
    run: (request) => service.list(request.query),
  });

  get(OperateLogPaths.options, {
    summary: '操作日志中出现的模块与操作（带中文名称）',
    data: operateLogOptionsSchema,
    run: () => service.options(),
  });

  app.get(
    OperateLogPaths.export,
    {
      config: { frontPath: PAGE, action: 'export' },
      schema: {
        tags: ['authority'],
        summary: '导出操作日志（当前筛选条件，Excel 流式下载）',
        querystring: operateLogExportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );
};
