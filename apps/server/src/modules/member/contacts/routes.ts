import {
  MemberMessages,
  MemberPages,
  MemberPaths,
  contactAddRequestSchema,
  contactExportQuerySchema,
  contactIdRequestSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactUpdateRequestSchema,
  envelope,
  memberIdResponseSchema,
  revealMemberPhoneResponseSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { sendExport } from '../../../platform/export.js';
import { ContactsService } from './service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];
/** Contacts are read and changed from the member list / detail and from 家庭成员管理. */
const PAGES = [MemberPages.lists, MemberPages.manage];
const READ_PAGES = [MemberPages.lists, MemberPages.detail, MemberPages.manage];
const TAGS = ['member'];

export const memberContactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const contacts = new ContactsService(ctx);

  app.get(
    MemberPaths.contactList,
    {
      config: { frontPath: READ_PAGES },
      schema: {
        tags: TAGS,
        summary: '家庭成员列表（memberId 为某会员的家庭成员；手机号脱敏）',
        querystring: contactListQuerySchema,
        response: { 200: envelope(contactListResponseSchema) },
      },
    },
    async (request) => ok(await contacts.list(request.query)),
  );

  app.post(
    MemberPaths.contactAdd,
    {
      config: { frontPath: PAGES, action: 'edit' },
      schema: {
        tags: TAGS,
        summary: '新增家庭成员',
        consumes: FORM_OR_JSON,
        body: contactAddRequestSchema,
        response: { 200: envelope(memberIdResponseSchema) },
      },
    },
    async (request) => {
      const { memberId, ...values } = request.body;
      return ok(
        { id: await contacts.add(actorOf(request), memberId, values) },
        MemberMessages.contactAdded,
      );
    },
  );

  app.post(
    MemberPaths.contactUpdate,
    {
      config: { frontPath: PAGES, action: 'edit' },
      schema: {
        tags: TAGS,
        summary: '修改家庭成员（不提交 phone 则保留原号码）',
        consumes: FORM_OR_JSON,
        body: contactUpdateRequestSchema,
        response: { 200: envelope(memberIdResponseSchema) },
      },
    },
    async (request) => {
      const { id, ...values } = request.body;
      await contacts.update(actorOf(request), id, values);
      return ok({ id }, MemberMessages.contactSaved);
    },
  );

  app.post(
    MemberPaths.contactDelete,
    {
      config: { frontPath: PAGES, action: 'edit' },
      schema: {
        tags: TAGS,
        summary: '删除家庭成员',
        consumes: FORM_OR_JSON,
        body: contactIdRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await contacts.delete(actorOf(request), request.body.id);
      return ok(null, MemberMessages.contactDeleted);
    },
  );

  app.post(
    MemberPaths.contactRevealPhone,
    {
      config: { frontPath: PAGES, action: 'reveal' },
      schema: {
        tags: TAGS,
        summary: '查看家庭成员手机号明文（记入操作日志）',
        consumes: FORM_OR_JSON,
        body: contactIdRequestSchema,
        response: { 200: envelope(revealMemberPhoneResponseSchema) },
      },
    },
    async (request) => ok({ phone: await contacts.revealPhone(actorOf(request), request.body.id) }),
  );

  app.get(
    MemberPaths.contactExport,
    {
      config: { frontPath: MemberPages.manage, action: 'export' },
      schema: {
        tags: TAGS,
        summary: '导出家庭成员（当前筛选条件，手机号脱敏，流式生成）',
        querystring: contactExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendExport(ctx, reply, await contacts.export(actorOf(request), request.query)),
  );
};
