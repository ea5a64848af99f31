import {
  SignMessages,
  SignPaths,
  signCheckInRequestSchema,
  signCheckInResultSchema,
  signDailyCountsQuerySchema,
  signDailyCountsSchema,
  signRecordExportQuerySchema,
  signRecordListQuerySchema,
  signRecordPageSchema,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { sendExport } from '../../../platform/export.js';
import { SignService } from './service.js';

const tags = ['sign'];

const route = routeOptions(tags, PAGES.signIns);

/** Daily check-in (/member_sign/sign): records, daily counts, check-in on a member's behalf. */
export const signRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sign = new SignService(ctx);
  const { get } = standardRoutes(app, route);

  get(SignPaths.recordList, {
    summary: '签到记录（会员手机号片段、姓名、时间范围、连续天数筛选）',
    querystring: signRecordListQuerySchema,
    data: signRecordPageSchema,
    run: (request) => sign.list(request.query),
  });

  app.get(
    SignPaths.recordExport,
    route({
      summary: '导出签到记录（当前筛选条件，Excel）',
      action: 'export',
      querystring: signRecordExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await sign.export(actorOf(request), request.query)),
  );

  get(SignPaths.dailyCounts, {
    summary: '每日签到人数（start、end：YYYY-MM-DD，最多366天）',
    querystring: signDailyCountsQuerySchema,
    data: signDailyCountsSchema,
    run: (request) => sign.dailyCounts(request.query),
  });

  app.post(
    SignPaths.checkIn,
    route({
      summary: '代会员签到（客服为来电会员记录今日签到；每天一次，积分经积分账本发放）',
      action: 'edit',
      body: signCheckInRequestSchema,
      data: signCheckInResultSchema,
    }),
    async (request) => {
      const actor = actorOf(request);
      const memberId = request.body.memberId ?? (await sign.memberIdByPhone(request.body.phone));
      const result = await sign.checkIn(memberId, ctx.now(), {
        source: 'admin',
        operator: { id: actor.operatorId, name: actor.displayName },
        actor,
      });
      return ok(result, SignMessages.signed(result.pointsAwarded, result.streak));
    },
  );
};
