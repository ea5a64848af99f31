import {
  PAGES,
  countResponseSchema,
  idResponseSchema,
  initialPasswordResponseSchema,
  operatorAddRequestSchema,
  operatorDetailSchema,
  operatorIdQuerySchema,
  operatorIdRequestSchema,
  operatorListQuerySchema,
  operatorListResponseSchema,
  operatorResetPwdRequestSchema,
  operatorUpdateRequestSchema,
  revealPhoneResponseSchema,
  revokeSessionRequestSchema,
  sessionListResponseSchema,
  OperatorPaths,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions } from '../../../platform/route-options.js';
import { OperatorsService } from './service.js';

const PAGE = PAGES.operators;
const TAGS = ['authority'];

const route = routeOptions(TAGS, PAGE);

/**
 * 操作员管理: accounts, initial passwords, enable / disable, phone reveal and sessions. (The
 * caller's own account — user info, resources, password, own sessions — is auth/profile.)
 */
export const authorityOperatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const operators = new OperatorsService(ctx);

  app.get(
    OperatorPaths.list,
    route({
      summary: '操作员列表（手机号已脱敏）',
      querystring: operatorListQuerySchema,
      data: operatorListResponseSchema,
    }),
    async (request) => ok(await operators.list(actorOf(request), request.query)),
  );

  app.get(
    OperatorPaths.detail,
    route({
      summary: '操作员详情（手机号已脱敏）',
      querystring: operatorIdQuerySchema,
      data: operatorDetailSchema,
    }),
    async (request) => ok(await operators.detail(actorOf(request), request.query.id)),
  );

  app.post(
    OperatorPaths.add,
    route({
      summary: '新增操作员（初始密码留空则由系统生成，仅在本次应答中返回；首次登录须修改）',
      action: 'add',
      body: operatorAddRequestSchema,
      data: initialPasswordResponseSchema,
    }),
    async (request) => ok(await operators.add(actorOf(request), request.body), '操作员已新增'),
  );

  app.post(
    OperatorPaths.update,
    route({
      summary: '修改操作员（不提交 phone 则保留原手机号）',
      action: 'edit',
      body: operatorUpdateRequestSchema,
      data: idResponseSchema,
    }),
    async (request) => {
      const { id, ...input } = request.body;
      await operators.update(actorOf(request), id, input);
      return ok({ id }, '操作员已保存');
    },
  );

  app.post(
    OperatorPaths.delete,
    route({
      summary: '删除操作员（不能删除自己或最后一个启用的超级管理员）',
      action: 'delete',
      body: operatorIdRequestSchema,
      data: z.null(),
    }),
    async (request) => {
      await operators.delete(actorOf(request), request.body.id);
      return ok(null, '操作员已删除');
    },
  );

  app.post(
    OperatorPaths.resetPwd,
    route({
      summary: '重置密码（新的初始密码，下次登录须修改；该操作员的会话全部结束）',
      action: 'reset',
      body: operatorResetPwdRequestSchema,
      data: initialPasswordResponseSchema,
    }),
    async (request) =>
      ok(
        await operators.resetPassword(actorOf(request), request.body.id, request.body.password),
        '密码已重置',
      ),
  );

  app.post(
    OperatorPaths.enable,
    route({
      summary: '启用操作员',
      action: 'edit',
      body: operatorIdRequestSchema,
      data: countResponseSchema,
    }),
    async (request) => {
      await operators.setEnabled(actorOf(request), request.body.id, true);
      return ok({ count: 0 }, '操作员已启用');
    },
  );

  app.post(
    OperatorPaths.disable,
    route({
      summary: '停用操作员（其会话立即结束；count 为结束的会话数）',
      action: 'edit',
      body: operatorIdRequestSchema,
      data: countResponseSchema,
    }),
    async (request) => {
      const count = await operators.setEnabled(actorOf(request), request.body.id, false);
      return ok({ count }, '操作员已停用');
    },
  );

  app.post(
    OperatorPaths.revealPhone,
    route({
      summary: '查看手机号明文（记入操作日志）',
      action: 'reveal',
      body: operatorIdRequestSchema,
      data: revealPhoneResponseSchema,
    }),
    async (request) =>
      ok({ phone: await operators.revealPhone(actorOf(request), request.body.id) }),
  );

  app.get(
    OperatorPaths.sessions,
    route({
      summary: '操作员的在线会话',
      action: 'session',
      querystring: operatorIdQuerySchema,
      data: sessionListResponseSchema,
    }),
    async (request) => ok(await operators.sessions(actorOf(request), request.query.id)),
  );

  app.post(
    OperatorPaths.revokeSession,
    route({
      summary: '结束操作员的一个会话',
      action: 'session',
      body: revokeSessionRequestSchema,
      data: z.null(),
    }),
    async (request) => {
      await operators.revokeSession(actorOf(request), request.body.id, request.body.sessionId);
      return ok(null, '会话已结束');
    },
  );
};
