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
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
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
  const { get, post } = standardRoutes(app, route);

  get(OperatorPaths.list, {
    summary: '操作员列表（手机号已脱敏）',
    querystring: operatorListQuerySchema,
    data: operatorListResponseSchema,
    run: (request) => operators.list(actorOf(request), request.query),
  });

  get(OperatorPaths.detail, {
    summary: '操作员详情（手机号已脱敏）',
    querystring: operatorIdQuerySchema,
    data: operatorDetailSchema,
    run: (request) => operators.detail(actorOf(request), request.query.id),
  });

  post(OperatorPaths.add, {
    summary: '新增操作员（初始密码留空则由系统生成，仅在本次应答中返回；首次登录须修改）',
    action: 'add',
    body: operatorAddRequestSchema,
    data: initialPasswordResponseSchema,
    run: (request) => operators.add(actorOf(request), request.body),
    message: '操作员已新增',
  });

  post(OperatorPaths.update, {
    summary: '修改操作员（不提交 phone 则保留原手机号）',
    action: 'edit',
    body: operatorUpdateRequestSchema,
    data: idResponseSchema,
    run: async (request) => {
      const { id, ...input } = request.body;
      await operators.update(actorOf(request), id, input);
      return { id };
    },
    message: '操作员已保存',
  });

  post(OperatorPaths.delete, {
    summary: '删除操作员（不能删除自己或最后一个启用的超级管理员）',
    action: 'delete',
    body: operatorIdRequestSchema,
    data: z.null(),
    run: (request) => operators.delete(actorOf(request), request.body.id),
    message: '操作员已删除',
  });

  post(OperatorPaths.resetPwd, {
    summary: '重置密码（新的初始密码，下次登录须修改；该操作员的会话全部结束）',
    action: 'reset',
    body: operatorResetPwdRequestSchema,
    data: initialPasswordResponseSchema,
    run: (request) =>
      operators.resetPassword(actorOf(request), request.body.id, request.body.password),
    message: '密码已重置',
  });

  post(OperatorPaths.enable, {
    summary: '启用操作员',
    action: 'edit',
    body: operatorIdRequestSchema,
    data: countResponseSchema,
    run: async (request) => {
      await operators.setEnabled(actorOf(request), request.body.id, true);
      return { count: 0 };
    },
    message: '操作员已启用',
  });

  post(OperatorPaths.disable, {
    summary: '停用操作员（其会话立即结束；count 为结束的会话数）',
    action: 'edit',
    body: operatorIdRequestSchema,
    data: countResponseSchema,
    run: async (request) => {
      const count = await operators.setEnabled(actorOf(request), request.body.id, false);
      return { count };
    },
    message: '操作员已停用',
  });

  post(OperatorPaths.revealPhone, {
    summary: '查看手机号明文（记入操作日志）',
    action: 'reveal',
    body: operatorIdRequestSchema,
    data: revealPhoneResponseSchema,
    run: async (request) => ({
      phone: await operators.revealPhone(actorOf(request), request.body.id),
    }),
  });

  get(OperatorPaths.sessions, {
    summary: '操作员的在线会话',
    action: 'session',
    querystring: operatorIdQuerySchema,
    data: sessionListResponseSchema,
    run: (request) => operators.sessions(actorOf(request), request.query.id),
  });

  post(OperatorPaths.revokeSession, {
    summary: '结束操作员的一个会话',
    action: 'session',
    body: revokeSessionRequestSchema,
    data: z.null(),
    run: (request) =>
      operators.revokeSession(actorOf(request), request.body.id, request.body.sessionId),
    message: '会话已结束',
  });
};
