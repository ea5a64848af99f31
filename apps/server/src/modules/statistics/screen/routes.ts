import {
  PAGES,
  SCREEN_PATHS,
  SCREEN_TOKEN_HEADER,
  ScreenMessages,
  screenLinkAddSchema,
  screenLinkCreatedSchema,
  screenLinkIdSchema,
  screenLinkListSchema,
  screenSnapshotSchema,
} from '@health/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { registerEventStream } from '../../../platform/event-stream.js';
import type { LinkTokenAccess } from '../../../platform/permissions.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { ScreenService } from './service.js';

/**
 * 数字大屏: the snapshot and the live alerts (the operator's session with the page, or a screen
 * link's token in X-Screen-Token — no other route takes one), and 大屏链接 (the page's `links`
 * action).
 */
export const screenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new ScreenService(ctx);
  const route = routeOptions(['statistics'], PAGES.largeScreen);
  const { get, post } = standardRoutes(app, route);
  const linkToken: LinkTokenAccess = {
    header: SCREEN_TOKEN_HEADER,
    verify: async (token) => {
      await service.verifyLink(token);
    },
  };
  /** A route's options that also take a screen link. */
  const screenRoute = (spec: Parameters<typeof route>[0]) => {
    const options = route(spec);
    return { ...options, config: { ...options.config, linkToken } };
  };

  app.get(
    SCREEN_PATHS.snapshot,
    screenRoute({ summary: '数字大屏数据（会话或大屏链接）', data: screenSnapshotSchema }),
    async () => ok(await service.snapshot()),
  );

  // Server-sent events: `ready` once, `alert` with each new alert (masked), `ping` to keep the
  // connection open. A fetch stream (the browser's EventSource cannot send a header).
  await registerEventStream(
    app,
    SCREEN_PATHS.stream,
    screenRoute({ summary: '数字大屏实时预警（SSE）' }),
    ScreenMessages.streamOnly,
    (_request, send) => service.subscribe((alert) => send({ event: 'alert', data: alert })),
  );

  get(SCREEN_PATHS.linkList, {
    summary: '大屏链接列表（含最后在线时间）',
    action: 'links',
    data: screenLinkListSchema,
    run: () => service.links(),
  });

  post(SCREEN_PATHS.linkAdd, {
    summary: '新建大屏链接（令牌只返回这一次）',
    action: 'links',
    body: screenLinkAddSchema,
    data: screenLinkCreatedSchema,
    run: (request) => service.addLink(actorOf(request), request.body),
    message: '已创建大屏链接',
  });

  post(SCREEN_PATHS.linkRevoke, {
    summary: '撤销大屏链接（立即失效）',
    action: 'links',
    body: screenLinkIdSchema,
    data: z.object({ id: z.number().int() }),
    run: (request) => service.revokeLink(actorOf(request), request.body.id),
    message: '已撤销',
  });
};
