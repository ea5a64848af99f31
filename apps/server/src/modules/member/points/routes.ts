import {
  envelope,
  PointsMessages,
  pointsAdjustRequestSchema,
  pointsAdjustResultSchema,
  pointsLedgerExportQuerySchema,
  pointsLedgerListQuerySchema,
  pointsLedgerPageSchema,
  PointsPaths,
  pointsSummaryQuerySchema,
  pointsSummarySchema,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { sendExport } from '../../../platform/export.js';
import { PointsAdminService } from './service.js';

const TAGS = ['points'];
const route = routeOptions(TAGS, PAGES.members);

/** 积分明细 (ledger list, summary, export) and the admin adjustment of a member's points. */
export const pointsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = new PointsAdminService(ctx);
  const { get, post } = standardRoutes(app, route);

  post(PointsPaths.adjust, {
    summary: '调整会员积分（正数增加、负数扣减，需填写原因；余额不能小于0）',
    action: 'points',
    body: pointsAdjustRequestSchema,
    data: pointsAdjustResultSchema,
    run: (request) => service.adjust(actorOf(request), request.body),
    message: PointsMessages.adjusted,
  });

  app.get(
    PointsPaths.ledgerList,
    {
      // Also the member detail's 积分明细 tab (like the grade-log and action-log lists).
      config: { frontPath: [PAGES.pointsLedger, PAGES.memberDetail] },
      schema: {
        tags: TAGS,
        summary: '积分明细（按会员手机号片段/姓名、类型、收支、时间筛选；手机号已脱敏）',
        querystring: pointsLedgerListQuerySchema,
        response: { 200: envelope(pointsLedgerPageSchema) },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  get(PointsPaths.ledgerSummary, {
    summary: '积分汇总：时间范围内发放、兑换、过期与后台扣减的积分',
    frontPath: PAGES.pointsLedger,
    querystring: pointsSummaryQuerySchema,
    data: pointsSummarySchema,
    run: (request) => service.summary(request.query),
  });

  app.get(
    PointsPaths.ledgerExport,
    {
      config: { frontPath: PAGES.pointsLedger, action: 'export' },
      schema: {
        tags: TAGS,
        summary: '导出积分明细（当前筛选条件，Excel 流式下载，手机号已脱敏）',
        querystring: pointsLedgerExportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendExport(ctx, reply, await service.export(actorOf(request), request.query)),
  );
};
