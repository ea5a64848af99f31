import {
  contactAddRequestSchema,
  contactExportQuerySchema,
  contactIdRequestSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactUpdateRequestSchema,
  memberIdResponseSchema,
  revealMemberPhoneResponseSchema,
  ContactMessages,
  ContactPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { sendExport } from '../../../platform/export.js';
import { ContactsService } from './service.js';

/** Contacts are read and changed from the member list / detail and from 家庭成员管理. */
const WRITE_PAGES = [PAGES.members, PAGES.contacts];
const READ_PAGES = [PAGES.members, PAGES.memberDetail, PAGES.contacts];
const TAGS = ['member'];

const route = routeOptions(TAGS, WRITE_PAGES);

export const memberContactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const contacts = new ContactsService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(ContactPaths.list, {
    summary: '家庭成员列表（memberId 为某会员的家庭成员；手机号脱敏）',
    frontPath: READ_PAGES,
    querystring: contactListQuerySchema,
    data: contactListResponseSchema,
    run: (request) => contacts.list(request.query),
  });

  post(ContactPaths.add, {
    summary: '新增家庭成员',
    action: 'edit',
    body: contactAddRequestSchema,
    data: memberIdResponseSchema,
    run: async (request) => {
      const { memberId, ...values } = request.body;
      return { id: await contacts.add(actorOf(request), memberId, values) };
    },
    message: ContactMessages.contactAdded,
  });

  post(ContactPaths.update, {
    summary: '修改家庭成员（不提交 phone 则保留原号码）',
    action: 'edit',
    body: contactUpdateRequestSchema,
    data: memberIdResponseSchema,
    run: async (request) => {
      const { id, ...values } = request.body;
      await contacts.update(actorOf(request), id, values);
      return { id };
    },
    message: ContactMessages.contactSaved,
  });

  post(ContactPaths.delete, {
    summary: '删除家庭成员',
    action: 'edit',
    body: contactIdRequestSchema,
    data: z.null(),
    run: (request) => contacts.delete(actorOf(request), request.body.id),
    message: ContactMessages.contactDeleted,
  });

  post(ContactPaths.revealPhone, {
    summary: '查看家庭成员手机号明文（记入操作日志）',
    action: 'reveal',
    body: contactIdRequestSchema,
    data: revealMemberPhoneResponseSchema,
    run: async (request) => ({
      phone: await contacts.revealPhone(actorOf(request), request.body.id),
    }),
  });

  app.get(
    ContactPaths.export,
    route({
      summary: '导出家庭成员（当前筛选条件，手机号脱敏，流式生成）',
      frontPath: PAGES.contacts,
      action: 'export',
      querystring: contactExportQuerySchema,
    }),
    async (request, reply) =>
      sendExport(ctx, reply, await contacts.export(actorOf(request), request.query)),
  );
};
