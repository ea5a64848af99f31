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
  formatDate,
  relationshipLabel,
  type ContactItem,
  memberIdResponseSchema,
  revealMemberPhoneResponseSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { sendAuditedExport, type ExportColumn } from '../../../platform/export.js';
import { countRows } from '../../../platform/pagination.js';
import { AUDIT_MODULE } from '../members/service.js';
import { ContactsService } from './service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];
/** Contacts are read and changed from the member list / detail and from 家庭成员管理. */
const PAGES = [MemberPages.lists, MemberPages.manage];
const READ_PAGES = [MemberPages.lists, MemberPages.detail, MemberPages.manage];
const TAGS = ['member'];

const EXPORT_COLUMNS: ExportColumn<ContactItem>[] = [
  { header: '会员编号', value: (r) => r.memberId, width: 10 },
  { header: '会员姓名', value: (r) => r.memberName, width: 12 },
  { header: '会员手机号', value: (r) => r.memberPhone, width: 16 },
  { header: '家庭成员', value: (r) => r.name, width: 12 },
  { header: '手机号', value: (r) => r.phone, width: 16 },
  // Spec §3: a missing code shows '-', an unknown one shows nothing.
  { header: '关系', value: (r) => relationshipLabel(r.relationship), width: 10 },
  { header: '接收预警短信', value: (r) => (r.receiveWarningSms ? '是' : '否'), width: 14 },
  { header: '添加时间', value: (r) => formatDate(r.createdAt), width: 20 },
];

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
      return ok({ id: await contacts.add(request, memberId, values) }, MemberMessages.contactAdded);
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
      await contacts.update(request, id, values);
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
      await contacts.delete(request, request.body.id);
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
    async (request) => ok({ phone: await contacts.revealPhone(request, request.body.id) }),
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
    async (request, reply) => {
      return sendAuditedExport(ctx, request, reply, {
        module: AUDIT_MODULE,
        title: '家庭成员',
        filter: request.query,
        total: await countRows(ctx.db, await contacts.exportQuery(request.query)),
        columns: EXPORT_COLUMNS,
        batches: contacts.exportBatches(request.query),
      });
    },
  );
};
