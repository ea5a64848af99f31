import {
  PAGES,
  WorkbenchMessages,
  WorkbenchPaths,
  workbenchAlertRequestSchema,
  workbenchClaimSchema,
  workbenchCountsSchema,
  workbenchDetailQuerySchema,
  workbenchDetailSchema,
  workbenchQueueQuerySchema,
  workbenchQueueSchema,
} from '@health/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { registerEventStream } from '../../../platform/event-stream.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { WorkbenchService } from './service.js';

/**
 * 医生工作台: the queue, its counters, the alert's detail, claims, and the live stream — all on the
 * workbench page (its hidden detail page comes with it); claiming needs the page's `claim` action.
 */
export const workbenchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new WorkbenchService(ctx);
  const route = routeOptions(['health'], PAGES.doctorWorkbench);
  const { get, post } = standardRoutes(app, route);

  get(WorkbenchPaths.queue, {
    summary: '医生工作台队列（紧急优先，再按分诊分数；可按级别、类型、认领筛选）',
    querystring: workbenchQueueQuerySchema,
    data: workbenchQueueSchema,
    run: (request) => service.queue(actorOf(request), request.query),
  });

  get(WorkbenchPaths.counts, {
    summary: '待处理预警数（按级别、超时、我认领的）',
    data: workbenchCountsSchema,
    run: (request) => service.counts(actorOf(request)),
  });

  get(WorkbenchPaths.detail, {
    summary: '预警详情（测量、会员、近期测量）',
    querystring: workbenchDetailQuerySchema,
    data: workbenchDetailSchema,
    run: (request) => service.detail(actorOf(request), request.query.id),
  });

  post(WorkbenchPaths.claim, {
    summary: '认领预警（同一时间只有一位医生；到期自动释放）',
    action: 'claim',
    body: workbenchAlertRequestSchema,
    data: workbenchClaimSchema,
    run: (request) => service.claim(actorOf(request), request.body.id),
  });

  post(WorkbenchPaths.release, {
    summary: '释放我认领的预警',
    action: 'claim',
    body: workbenchAlertRequestSchema,
    data: z.object({ id: z.number().int() }),
    run: (request) => service.release(actorOf(request), request.body.id),
  });

  // Server-sent events: `alert` for a new alert, `changed` when one was claimed or released.
  // The session and page are checked like every route (a fetch with the bearer token: the
  // browser's EventSource cannot send one).
  await registerEventStream(
    app,
    WorkbenchPaths.stream,
    route({ summary: '工作台实时事件（SSE）' }),
    WorkbenchMessages.streamOnly,
    (request, send) => {
      actorOf(request);
      return service.subscribe((event) => send({ event: event.kind, data: event }));
    },
  );
};
