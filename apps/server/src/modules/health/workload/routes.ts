import { PAGES, WorkloadPaths, workloadQuerySchema, workloadSchema } from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { WorkloadService } from './service.js';

/** 医护工作量: the period's table and daily series, and its export. */
export const workloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new WorkloadService(ctx);
  const route = routeOptions(['health'], PAGES.staffWorkload);
  const { get } = standardRoutes(app, route);

  get(WorkloadPaths.list, {
    summary: '医护工作量（按人员：判读、发布报告、处理预警、响应时长中位数与90分位、任务）',
    querystring: workloadQuerySchema,
    data: workloadSchema,
    run: (request) => service.workload(request.query),
  });

  app.get(
    WorkloadPaths.export,
    route({
      summary: '导出医护工作量（当前时间段）',
      action: 'export',
      querystring: workloadQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );
};
