import {
  breakdownAnswerSchema,
  breakdownQuerySchema,
  glossaryEntrySchema,
  metricQuerySchema,
  metricsAnswerSchema,
  metricsExportQuerySchema,
  metricsQuerySchema,
  metricValueSchema,
  findPage,
  PAGES,
  STATISTICS_PATHS,
  STATISTICS_DETAIL_PATHS,
  healthDetailsSchema,
  mallDetailsSchema,
  periodQuerySchema,
} from '@health/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { StatisticsDetailsService } from './details.js';
import { StatisticsService } from './service.js';

/**
 * The statistics pages this build offers: the routes serve any one of them; each metric is then
 * checked against its own page.
 */
export const STATISTICS_PAGES = [
  PAGES.statsMembers,
  PAGES.statsDevices,
  PAGES.statsHealth,
  PAGES.statsMall,
].filter((page) => findPage(page) !== undefined);

/** 统计中心: the glossary, any metric for a period, several at once, and a metric's breakdown. */
export const metricRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new StatisticsService(ctx);
  const route = routeOptions(['statistics'], STATISTICS_PAGES);
  const { get } = standardRoutes(app, route);

  get(STATISTICS_PATHS.glossary, {
    summary: '统计指标释义（每个指标的名称、定义和单位）',
    // The overview shows the glossary's headline numbers too.
    frontPath: [...STATISTICS_PAGES, PAGES.overview],
    data: z.array(glossaryEntrySchema),
    run: async () => service.glossary(),
  });

  get(STATISTICS_PATHS.metric, {
    summary: '一个指标在一段时间（北京时间的日期，含首尾）的数值、上一周期数值和每日数值',
    querystring: metricQuerySchema,
    data: metricValueSchema,
    run: (request) =>
      service.metric(actorOf(request), request.query.key, request.query.start, request.query.end),
  });

  get(STATISTICS_PATHS.metrics, {
    summary: '同一时间段的多个指标（keys 以逗号分隔）',
    querystring: metricsQuerySchema,
    data: metricsAnswerSchema,
    run: (request) =>
      service.metrics(actorOf(request), request.query.keys, request.query.start, request.query.end),
  });

  app.get(
    STATISTICS_PATHS.export,
    route({
      summary: '导出统计页面的每日数据（与页面表格一致）',
      action: 'export',
      querystring: metricsExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );

  get(STATISTICS_PATHS.breakdown, {
    summary: '一个指标按维度（渠道、省份、性别、年龄段、等级、类型、级别、来源）拆分',
    querystring: breakdownQuerySchema,
    data: breakdownAnswerSchema,
    run: (request) => service.breakdown(actorOf(request), request.query),
  });

  const details = new StatisticsDetailsService(ctx);
  get(STATISTICS_DETAIL_PATHS.health, {
    summary: '健康数据统计：预警到发布报告的中位数与 P90 用时（与上一周期）、各医生发布的报告',
    frontPath: PAGES.statsHealth,
    querystring: periodQuerySchema,
    data: healthDetailsSchema,
    run: (request) => details.health(request.query),
  });

  get(STATISTICS_DETAIL_PATHS.mall, {
    summary: '积分统计：会员持有积分、时间段内订单按状态、兑换最多的商品、兑换会员数',
    frontPath: PAGES.statsMall,
    querystring: periodQuerySchema,
    data: mallDetailsSchema,
    run: (request) => details.mall(request.query),
  });
};
