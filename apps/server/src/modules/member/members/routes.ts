import {
  MemberMessages,
  MemberPaths,
  memberAddRequestSchema,
  memberDetailSchema,
  memberExportQuerySchema,
  memberFreezeRequestSchema,
  memberIdQuerySchema,
  memberIdRequestSchema,
  memberIdResponseSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberUnfreezeRequestSchema,
  memberUpdateRequestSchema,
  revealIdNumberResponseSchema,
  revealMemberPhoneResponseSchema,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { sendExport } from '../../../platform/export.js';
import { MembersService } from './service.js';

const PAGE = PAGES.members;
/** The detail page is granted with the list page; either lets an operator read a member. */
const READ_PAGES = [PAGES.members, PAGES.memberDetail];
const TAGS = ['member'];

const route = routeOptions(TAGS, PAGE);

/** 会员列表 / 会员详情: members with masked personal numbers, changes audited. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const members = new MembersService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(MemberPaths.list, {
    summary: '会员列表（手机号脱敏；phone 为号码片段，phonePrefix 为号码开头）',
    querystring: memberListQuerySchema,
    data: memberListResponseSchema,
    run: (request) => members.list(request.query),
  });

  get(MemberPaths.detail, {
    summary: '会员详情（手机号、身份证号脱敏）',
    frontPath: READ_PAGES,
    querystring: memberIdQuerySchema,
    data: memberDetailSchema,
    run: (request) => members.detail(request.query.id),
  });

  post(MemberPaths.add, {
    summary: '新增会员（可同时新增家庭成员；等级按成长值确定）',
    action: 'add',
    body: memberAddRequestSchema,
    data: memberIdResponseSchema,
    run: async (request) => ({ id: await members.add(actorOf(request), request.body) }),
    message: MemberMessages.added,
  });

  post(MemberPaths.update, {
    summary: '修改会员资料（不提交 phone / idNumber 则保留原值）',
    action: 'edit',
    body: memberUpdateRequestSchema,
    data: memberIdResponseSchema,
    run: async (request) => {
      await members.update(actorOf(request), request.body);
      return { id: request.body.id };
    },
    message: MemberMessages.saved,
  });

  post(MemberPaths.freeze, {
    summary: '冻结会员（须填写原因）',
    action: 'freeze',
    body: memberFreezeRequestSchema,
    data: z.null(),
    run: (request) => members.freeze(actorOf(request), request.body.id, request.body.reason),
    message: MemberMessages.frozen,
  });

  post(MemberPaths.unfreeze, {
    summary: '解冻会员',
    action: 'freeze',
    body: memberUnfreezeRequestSchema,
    data: z.null(),
    run: (request) => members.unfreeze(actorOf(request), request.body.id, request.body.reason),
    message: MemberMessages.unfrozen,
  });

  post(MemberPaths.revealPhone, {
    summary: '查看会员手机号明文（记入操作日志）',
    action: 'reveal',
    body: memberIdRequestSchema,
    data: revealMemberPhoneResponseSchema,
    run: async (request) => ({
      phone: await members.revealPhone(actorOf(request), request.body.id),
    }),
  });

  post(MemberPaths.revealIdNumber, {
    summary: '查看会员身份证号明文（记入操作日志）',
    action: 'reveal',
    body: memberIdRequestSchema,
    data: revealIdNumberResponseSchema,
    run: async (request) => ({
      idNumber: await members.revealIdNumber(actorOf(request), request.body.id),
    }),
  });

  app.get(
    MemberPaths.export,
    route({
      summary: '导出会员（当前筛选条件，手机号、身份证号脱敏，流式生成）',
      action: 'export',
      querystring: memberExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await members.export(actorOf(request), request.query)),
  );
};
