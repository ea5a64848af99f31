import {
  BP_PERIOD_MAX_DAYS,
  bpSummaryAnswerSchema,
  bpSummaryQuerySchema,
  envelope,
  healthReportAddSchema,
  healthReportAmendSchema,
  healthReportDetailSchema,
  healthReportIdSchema,
  healthReportLinkSchema,
  healthReportListQuerySchema,
  healthReportListSchema,
  healthReportShareSchema,
  healthReportUpdateSchema,
  HealthReportPaths,
  HealthReportPublicPaths,
  PAGES,
  publicReportQuerySchema,
  publicReportSchema,
  reportMemberOptionsQuerySchema,
  reportMemberOptionsSchema,
  reportPhrasesQuerySchema,
  reportPhrasesSchema,
  type AnyPageAction,
} from '@health/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import { MINUTE_MS } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { PermissionError } from '../../../platform/errors.js';
import { holdsPage } from '../../../platform/permissions.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { HealthReportService, type ReportScope } from './service.js';

const idData = z.object({ id: z.number().int() });
const PAGE = PAGES.healthReports;
/** The doctor workbench writes reports too: its one report action is `publish`. */
const WORKBENCH = PAGES.doctorWorkbench;
const BOTH = [PAGE, WORKBENCH] as const;

/**
 * Writing a draft (add, update) on the reports page needs that action; on the workbench its
 * `publish` (the workbench has no add/edit of its own). The guard admits holders of either page;
 * this asks for the action of the page held.
 */
function assertWrites(request: FastifyRequest, action: AnyPageAction): void {
  if (!holdsPage(request, PAGE, action) && !holdsPage(request, WORKBENCH, 'publish'))
    throw new PermissionError();
}

/**
 * Which reports the request reaches (see ReportScope): every one with the reports page (and the
 * action), else — admitted by the guard through the workbench — those of an alert's reading.
 */
function scopeOf(request: FastifyRequest, action?: AnyPageAction): ReportScope {
  return holdsPage(request, PAGE, action) ? 'all' : 'workbench';
}

/** Health reports: list, detail, drafts, signing, publishing, amending, share links; the preview. */
export const healthReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const reports = new HealthReportService(ctx);
  const route = routeOptions(['health-report'], PAGE);
  const { get, post } = standardRoutes(app, route);

  get(HealthReportPaths.list, {
    summary:
      '健康报告列表（状态、类型、会员手机号/姓名、创建时间筛选；最新在前，手机号脱敏；医生工作台只能按预警的测量记录查询）',
    frontPath: BOTH,
    querystring: healthReportListQuerySchema,
    data: healthReportListSchema,
    run: (request) => reports.list(request.query, scopeOf(request)),
  });

  get(HealthReportPaths.detail, {
    summary: '健康报告详情（测量记录、全部版本（最新在前）、有效的分享链接）',
    frontPath: BOTH,
    querystring: healthReportIdSchema,
    data: healthReportDetailSchema,
    run: (request) => reports.detail(request.query.id, scopeOf(request)),
  });

  get(HealthReportPaths.phrases, {
    summary: '结论与建议的常用语（按报告类型）',
    frontPath: BOTH,
    querystring: reportPhrasesQuerySchema,
    data: reportPhrasesSchema,
    run: async (request) => reports.phrases(request.query.kind),
  });

  get(HealthReportPaths.bpSummary, {
    summary: `会员某一周期的血压读数及汇总（均值、晨间/晚间均值、按预警配置的分级；周期最长${BP_PERIOD_MAX_DAYS}天）`,
    querystring: bpSummaryQuerySchema,
    data: bpSummaryAnswerSchema,
    run: (request) => reports.bpSummary(request.query),
  });

  get(HealthReportPaths.memberOptions, {
    summary:
      '可写报告的会员（手机号前缀或姓名；最多20个，手机号脱敏；附年龄与最近一次测量，可按测量类型）',
    querystring: reportMemberOptionsQuerySchema,
    data: reportMemberOptionsSchema,
    run: (request) => reports.memberOptions(request.query),
  });

  post(HealthReportPaths.add, {
    summary: '新增报告草稿（测量记录或会员；可关联其预警，发布时关闭）',
    frontPath: BOTH,
    body: healthReportAddSchema,
    data: idData,
    run: async (request) => {
      assertWrites(request, 'add');
      return { id: await reports.add(actorOf(request), request.body, scopeOf(request, 'add')) };
    },
  });

  post(HealthReportPaths.update, {
    summary: '修改报告草稿（签名后不能再改）',
    frontPath: BOTH,
    body: healthReportUpdateSchema,
    data: idData,
    run: async (request) => {
      assertWrites(request, 'edit');
      await reports.update(actorOf(request), request.body, scopeOf(request, 'edit'));
      return { id: request.body.id };
    },
  });

  post(HealthReportPaths.delete, {
    summary: '删除报告草稿（仅草稿）',
    action: 'delete',
    body: healthReportIdSchema,
    data: idData,
    run: async (request) => {
      await reports.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });

  post(HealthReportPaths.sign, {
    summary: '签名报告（签名后内容不可修改）',
    frontPath: BOTH,
    action: 'publish',
    body: healthReportIdSchema,
    data: idData,
    run: async (request) => {
      await reports.sign(actorOf(request), request.body.id, scopeOf(request, 'publish'));
      return { id: request.body.id };
    },
  });

  post(HealthReportPaths.publish, {
    summary: '发布报告（草稿由发布人先签名；取代上一发布版本；关闭关联预警）',
    frontPath: BOTH,
    action: 'publish',
    body: healthReportIdSchema,
    data: idData,
    run: async (request) => {
      await reports.publish(actorOf(request), request.body.id, scopeOf(request, 'publish'));
      return { id: request.body.id };
    },
  });

  post(HealthReportPaths.amend, {
    summary: '修订已发布报告（新建下一版本草稿，附修订原因）',
    frontPath: BOTH,
    action: 'publish',
    body: healthReportAmendSchema,
    data: idData,
    run: async (request) => ({
      id: await reports.amend(actorOf(request), request.body, scopeOf(request, 'publish')),
    }),
  });

  post(HealthReportPaths.shareLink, {
    summary: '生成报告分享链接（已发布报告；有效天数默认取运营配置）',
    frontPath: BOTH,
    action: 'publish',
    body: healthReportShareSchema,
    data: healthReportLinkSchema,
    run: (request) =>
      reports.shareLink(
        actorOf(request),
        request.body.id,
        request.body.days,
        scopeOf(request, 'publish'),
      ),
  });

  post(HealthReportPaths.revokeLinks, {
    summary: '使报告的全部分享链接失效',
    frontPath: BOTH,
    action: 'publish',
    body: healthReportIdSchema,
    data: z.object({ revoked: z.number().int() }),
    run: async (request) => ({
      revoked: await reports.revokeLinks(
        actorOf(request),
        request.body.id,
        scopeOf(request, 'publish'),
      ),
    }),
  });

  app.get(
    HealthReportPublicPaths.preview,
    {
      // The token is in the query, whose values the request log never writes (log-redaction.ts).
      config: {
        public: true,
        rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: MINUTE_MS },
      },
      schema: {
        tags: ['health-report'],
        summary: '公开：分享链接打开的报告（无需登录；链接签名、有效期、撤销均由服务端校验）',
        querystring: publicReportQuerySchema,
        response: { 200: envelope(publicReportSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('referrer-policy', 'no-referrer');
      return ok(await reports.preview(request.query.token));
    },
  );
};
