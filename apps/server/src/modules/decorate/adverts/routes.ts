import {
  AdvertPaths,
  PAGES,
  advertListQuerySchema,
  advertListSchema,
  advertSaveRequestSchema,
  advertUpdateRequestSchema,
  contentDeletedSchema,
  contentIdsBodySchema,
  envelope,
  publicAdvertListSchema,
  publicAdvertQuerySchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { AdvertService } from './service.js';

const idSchema = z.object({ id: z.number().int() });

/** 广告位 (/decorate_m/adv) and the member app's public list of what shows at a place now. */
export const advertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const adverts = new AdvertService(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['decorate'], PAGES.decorateAdverts));

  get(AdvertPaths.list, {
    summary: '广告位列表（标题、位置、投放状态筛选；含链接目标名称与失效原因）',
    querystring: advertListQuerySchema,
    data: advertListSchema,
    run: (request) => adverts.list(request.query),
  });

  post(AdvertPaths.add, {
    summary: '新增广告（JSON；链接的商品、专题等须存在且对会员可见）',
    action: 'add',
    body: advertSaveRequestSchema,
    data: idSchema,
    run: async (request) => ({ id: await adverts.add(actorOf(request), request.body) }),
  });

  post(AdvertPaths.update, {
    summary: '修改广告（JSON，整条提交）',
    action: 'edit',
    body: advertUpdateRequestSchema,
    data: idSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      await adverts.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(AdvertPaths.delete, {
    summary: '删除广告（ids：一个或多个编号，逗号分隔或数组）',
    action: 'delete',
    body: contentIdsBodySchema,
    data: contentDeletedSchema,
    run: async (request) => ({ deleted: await adverts.delete(actorOf(request), request.body.ids) }),
  });

  app.get(
    AdvertPaths.publicList,
    {
      // Public like the other app-facing endpoints, and held to the same per-IP limit.
      config: {
        public: true,
        rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['decorate'],
        summary: '公开：某位置当前投放中的广告（已启用且在投放时间内，按排序；无需登录）',
        querystring: publicAdvertQuerySchema,
        response: { 200: envelope(publicAdvertListSchema) },
      },
    },
    async (request, reply) => {
      // A slot starts and ends by the clock: never served from a cache past its window.
      reply.header('cache-control', 'no-cache');
      return ok({ list: await adverts.showing(request.query.position) });
    },
  );
};
