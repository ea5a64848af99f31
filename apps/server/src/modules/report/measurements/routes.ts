import {
  PAGES,
  REPORT_MEASUREMENT_PAGES,
  REPORT_PAGE_OF_TYPE,
  ReportMeasurementMessages,
  ReportMeasurementPaths,
  measurementExportQuerySchema,
  measurementHandleRequestSchema,
  measurementHandledSchema,
  measurementListQuerySchema,
  measurementListSchema,
  measurementTrendQuerySchema,
  measurementTrendSchema,
  memberMeasurementSummarySchema,
  memberSummaryQuerySchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { sendExport } from '../../../platform/export.js';
import { assertHolds, holdsPage } from '../../../platform/permissions.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { ReportMeasurementService } from './service.js';

/**
 * The report lists of the five reading types. One endpoint serves them all: the guard admits an
 * operator holding any of the five pages, then `assertHolds` asks for the page of the type asked.
 */
export const reportMeasurementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new ReportMeasurementService(ctx);
  const route = routeOptions(['report'], REPORT_MEASUREMENT_PAGES);
  // The member detail's 测量 tab reads one member's readings of any type.
  const listPages = [...REPORT_MEASUREMENT_PAGES, PAGES.memberDetail];
  const { get, post } = standardRoutes(app, route);

  get(ReportMeasurementPaths.list, {
    summary: '测量记录列表（按类型；会员、设备、预警级别、处理状态、时间筛选；最新在前）',
    frontPath: listPages,
    querystring: measurementListQuerySchema,
    data: measurementListSchema,
    run: (request) => {
      const ofMember =
        request.query.memberId !== undefined && holdsPage(request, PAGES.memberDetail);
      if (!ofMember) assertHolds(request, REPORT_PAGE_OF_TYPE[request.query.type]);
      return service.list(request.query);
    },
  });

  post(ReportMeasurementPaths.handle, {
    summary: '标记测量记录已处理（同时处理其预警）',
    action: 'handle',
    body: measurementHandleRequestSchema,
    data: measurementHandledSchema,
    run: (request) => {
      assertHolds(request, REPORT_PAGE_OF_TYPE[request.body.type], 'handle');
      return service.handle(actorOf(request), request.body);
    },
    message: (data) => ReportMeasurementMessages.handled(data.handled),
  });

  get(ReportMeasurementPaths.trend, {
    summary: '会员血压/血糖趋势（含当前预警规则的分级区间）',
    frontPath: [PAGES.reportBp, PAGES.reportBg, PAGES.memberDetail],
    querystring: measurementTrendQuerySchema,
    data: measurementTrendSchema,
    run: (request) => service.trend(request.query),
  });

  get(ReportMeasurementPaths.memberSummary, {
    summary: '会员各类测量的最新记录与数量（会员详情）',
    frontPath: [PAGES.memberDetail, ...REPORT_MEASUREMENT_PAGES],
    querystring: memberSummaryQuerySchema,
    data: memberMeasurementSummarySchema,
    run: (request) => service.memberSummary(request.query.memberId),
  });

  app.get(
    ReportMeasurementPaths.export,
    route({
      summary: '导出测量记录（当前筛选，会员手机号脱敏）',
      action: 'export',
      querystring: measurementExportQuerySchema,
    }),
    async (request, reply) => {
      assertHolds(request, REPORT_PAGE_OF_TYPE[request.query.type], 'export');
      return sendExport(ctx, reply, await service.export(actorOf(request), request.query));
    },
  );
};
