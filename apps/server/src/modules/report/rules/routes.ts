import {
  PAGES,
  PrewarningRulePaths,
  ReportMeasurementMessages,
  rejudgeRequestSchema,
  rejudgeResultSchema,
  ruleVersionListSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { RuleVersionService } from './service.js';

/** 预警配置's versions of the rules and the re-judge action. */
export const ruleVersionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = new RuleVersionService(ctx);
  const { get, post } = standardRoutes(app, routeOptions(['report'], PAGES.prewarningSet));

  get(PrewarningRulePaths.versions, {
    summary: '预警规则的历史版本（每个版本判定的记录数）',
    data: ruleVersionListSchema,
    run: () => service.versions(),
  });

  post(PrewarningRulePaths.rejudge, {
    summary: '按当前规则重新判定一段时间的测量记录（可先试算；写入操作日志）',
    action: 'rejudge',
    body: rejudgeRequestSchema,
    data: rejudgeResultSchema,
    run: (request) => service.rejudge(actorOf(request), request.body),
    message: (d) =>
      d.dryRun ? '试算完成' : ReportMeasurementMessages.rejudged(d.changed, d.total),
  });
};
