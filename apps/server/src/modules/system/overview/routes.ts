import { PAGES, ApiPaths, homeOverviewSchema } from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { OverviewService } from './service.js';

const route = routeOptions(['system'], PAGES.overview);

/** The home overview (/sysset_home/basic). */
export const overviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const overview = new OverviewService(ctx);
  const { get } = standardRoutes(app, route);

  get(ApiPaths.homeOverview, {
    summary: '概况：今日与近7天指标、7天趋势',
    data: homeOverviewSchema,
    run: (request) => overview.homeOverview(actorOf(request)),
  });
};
