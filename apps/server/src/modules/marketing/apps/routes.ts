import { APP_CENTER_PATHS, appCenterSchema, PAGES } from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { AppCenterService } from './service.js';

/** 应用中心: the apps' cards (switches are saved through each app's own settings). */
export const appCenterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new AppCenterService(ctx);
  const { get } = standardRoutes(app, routeOptions(['marketing'], PAGES.appCenter));
  get(APP_CENTER_PATHS.list, {
    summary: '应用中心：可打开的应用、开关状态和今日数据',
    data: appCenterSchema,
    run: (request) => service.list(actorOf(request)),
  });
};
