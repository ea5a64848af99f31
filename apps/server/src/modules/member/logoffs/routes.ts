import {
  logoffListQuerySchema,
  logoffListSchema,
  logoffRejectRequestSchema,
  memberAdminIdBodySchema,
  LogoffMessages,
  LogoffPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { LogoffService } from './service.js';

const tags = ['member-logoff'];

const route = routeOptions(tags, PAGES.logoffs);

/** Members' log-off requests: list, approve (anonymise), reject with a reason. */
export const memberLogoffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const logoff = new LogoffService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(LogoffPaths.list, {
    summary: '注销申请列表（手机号片段、姓名、状态、申请时间）',
    querystring: logoffListQuerySchema,
    data: logoffListSchema,
    run: (request) => logoff.list(request.query),
  });

  post(LogoffPaths.approve, {
    summary: '通过注销申请（同一事务内清除会员个人信息，保留统计数据）',
    action: 'audit',
    body: memberAdminIdBodySchema,
    data: z.null(),
    run: (request) => logoff.approve(actorOf(request), request.body.id),
    message: LogoffMessages.approved,
  });

  post(LogoffPaths.reject, {
    summary: '驳回注销申请（需填写驳回原因）',
    action: 'audit',
    body: logoffRejectRequestSchema,
    data: z.null(),
    run: (request) => logoff.reject(actorOf(request), request.body.id, request.body.rejectReason),
    message: LogoffMessages.rejected,
  });
};
