import {
  envelope,
  formatDate,
  SIGN_PAGE,
  SIGN_SOURCE_LABELS,
  SignMessages,
  SignPaths,
  signCheckInRequestSchema,
  signCheckInResultSchema,
  signDailyCountsQuerySchema,
  signDailyCountsSchema,
  signRecordExportQuerySchema,
  signRecordListQuerySchema,
  signRecordPageSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/envelope.js';
import { sendAuditedExport, type ExportColumn } from '../../platform/export.js';
import { countRows, readInBatches } from '../../platform/pagination.js';
import { SignRepo, type SignRecordRow } from './repo.js';
import { SIGN_AUDIT_MODULE, SignService, toSignRecord } from './service.js';

const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];
const tags = ['sign'];

/** Daily check-in (/member_sign/sign): records, daily counts, check-in on a member's behalf. */
export const signRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sign = new SignService(ctx);
  const repo = new SignRepo(ctx.db);

  app.get(
    SignPaths.recordList,
    {
      config: { frontPath: SIGN_PAGE },
      schema: {
        tags,
        summary: '签到记录（会员手机号片段、姓名、时间范围、连续天数筛选）',
        querystring: signRecordListQuerySchema,
        response: { 200: envelope(signRecordPageSchema) },
      },
    },
    async (request) => ok(await sign.list(request.query)),
  );

  app.get(
    SignPaths.recordExport,
    {
      config: { frontPath: SIGN_PAGE, action: 'export' },
      schema: {
        tags,
        summary: '导出签到记录（当前筛选条件，Excel）',
        querystring: signRecordExportQuerySchema,
      },
    },
    async (request, reply) => {
      const maxId = await ctx.db
        .selectFrom('sign_records')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      const q = repo.filtered(request.query).where('s.id', '<=', Number(maxId?.max ?? 0));
      const columns: ExportColumn<SignRecordRow>[] = [
        { header: '会员姓名', value: (r) => toSignRecord(r).memberName, width: 14 },
        { header: '手机号', value: (r) => toSignRecord(r).memberPhone, width: 16 },
        { header: '签到日期', value: (r) => r.sign_date, width: 14 },
        { header: '连续天数', value: (r) => Number(r.streak), width: 10 },
        { header: '基础积分', value: (r) => Number(r.base_points), width: 10 },
        { header: '连续奖励', value: (r) => Number(r.reward_points), width: 10 },
        { header: '实得积分', value: (r) => Number(r.points_awarded), width: 10 },
        { header: '来源', value: (r) => SIGN_SOURCE_LABELS[r.source], width: 12 },
        { header: '操作人', value: (r) => r.operator_name, width: 12 },
        { header: '签到时间', value: (r) => formatDate(Number(r.created_at)), width: 20 },
      ];
      return sendAuditedExport(ctx, request, reply, {
        module: SIGN_AUDIT_MODULE,
        title: '签到记录',
        filter: request.query,
        total: await countRows(ctx.db, q),
        columns,
        batches: readInBatches(q, 1000),
      });
    },
  );

  app.get(
    SignPaths.dailyCounts,
    {
      config: { frontPath: SIGN_PAGE },
      schema: {
        tags,
        summary: '每日签到人数（start、end：YYYY-MM-DD，最多366天）',
        querystring: signDailyCountsQuerySchema,
        response: { 200: envelope(signDailyCountsSchema) },
      },
    },
    async (request) => ok(await sign.dailyCounts(request.query)),
  );

  app.post(
    SignPaths.checkIn,
    {
      config: { frontPath: SIGN_PAGE, action: 'edit' },
      schema: {
        tags,
        summary: '代会员签到（客服为来电会员记录今日签到；每天一次，积分经积分账本发放）',
        consumes: BODY_TYPES,
        body: signCheckInRequestSchema,
        response: { 200: envelope(signCheckInResultSchema) },
      },
    },
    async (request) => {
      const operator = request.operator;
      const memberId = request.body.memberId ?? (await sign.memberIdByPhone(request.body.phone));
      const result = await sign.checkIn(memberId, ctx.now(), {
        source: 'admin',
        operator: operator
          ? { id: operator.id, name: operator.realName || operator.username }
          : null,
        request,
      });
      return ok(result, SignMessages.signed(result.pointsAwarded, result.streak));
    },
  );
};
