import {
  GENDER_LABELS,
  MEMBER_STATUS_LABELS,
  MemberMessages,
  MemberPages,
  MemberPaths,
  envelope,
  formatDate,
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
  type MemberListItem,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { sendAuditedExport, type ExportColumn } from '../../../platform/export.js';
import { countRows } from '../../../platform/pagination.js';
import { AUDIT_MODULE, MembersService } from './service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];
const PAGE = MemberPages.lists;
/** The detail page is granted with the list page; either lets an operator read a member. */
const READ_PAGES = [MemberPages.lists, MemberPages.detail];
const TAGS = ['member'];

type ExportRow = MemberListItem & { idNumber: string; province: string; city: string };

const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: '会员编号', value: (r) => r.id, width: 10 },
  { header: '姓名', value: (r) => r.name, width: 12 },
  { header: '手机号', value: (r) => r.phone, width: 16 },
  { header: '身份证号', value: (r) => r.idNumber, width: 22 },
  { header: '性别', value: (r) => GENDER_LABELS[r.gender], width: 8 },
  { header: '省份', value: (r) => r.province, width: 10 },
  { header: '城市', value: (r) => r.city, width: 10 },
  { header: '会员等级', value: (r) => r.gradeName, width: 12 },
  { header: '渠道', value: (r) => r.channelName, width: 14 },
  { header: '状态', value: (r) => MEMBER_STATUS_LABELS[r.status], width: 10 },
  { header: '积分', value: (r) => r.pointsBalance, width: 10 },
  { header: '成长值', value: (r) => r.growthValue, width: 10 },
  { header: '注册时间', value: (r) => formatDate(r.registeredAt), width: 20 },
  { header: '最近活跃', value: (r) => formatDate(r.lastActiveAt), width: 20 },
];

/** 会员列表 / 会员详情: members with masked personal numbers, changes audited. */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const members = new MembersService(ctx);

  app.get(
    MemberPaths.list,
    {
      config: { frontPath: PAGE },
      schema: {
        tags: TAGS,
        summary: '会员列表（手机号脱敏；phone 为号码片段，phonePrefix 为号码开头）',
        querystring: memberListQuerySchema,
        response: { 200: envelope(memberListResponseSchema) },
      },
    },
    async (request) => ok(await members.list(request.query)),
  );

  app.get(
    MemberPaths.detail,
    {
      config: { frontPath: READ_PAGES },
      schema: {
        tags: TAGS,
        summary: '会员详情（手机号、身份证号脱敏）',
        querystring: memberIdQuerySchema,
        response: { 200: envelope(memberDetailSchema) },
      },
    },
    async (request) => ok(await members.detail(request.query.id)),
  );

  app.post(
    MemberPaths.add,
    {
      config: { frontPath: PAGE, action: 'add' },
      schema: {
        tags: TAGS,
        summary: '新增会员（可同时新增家庭成员；等级按成长值确定）',
        consumes: FORM_OR_JSON,
        body: memberAddRequestSchema,
        response: { 200: envelope(memberIdResponseSchema) },
      },
    },
    async (request) => ok({ id: await members.add(request, request.body) }, MemberMessages.added),
  );

  app.post(
    MemberPaths.update,
    {
      config: { frontPath: PAGE, action: 'edit' },
      schema: {
        tags: TAGS,
        summary: '修改会员资料（不提交 phone / idNumber 则保留原值）',
        consumes: FORM_OR_JSON,
        body: memberUpdateRequestSchema,
        response: { 200: envelope(memberIdResponseSchema) },
      },
    },
    async (request) => {
      await members.update(request, request.body);
      return ok({ id: request.body.id }, MemberMessages.saved);
    },
  );

  app.post(
    MemberPaths.freeze,
    {
      config: { frontPath: PAGE, action: 'freeze' },
      schema: {
        tags: TAGS,
        summary: '冻结会员（须填写原因）',
        consumes: FORM_OR_JSON,
        body: memberFreezeRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await members.freeze(request, request.body.id, request.body.reason);
      return ok(null, MemberMessages.frozen);
    },
  );

  app.post(
    MemberPaths.unfreeze,
    {
      config: { frontPath: PAGE, action: 'freeze' },
      schema: {
        tags: TAGS,
        summary: '解冻会员',
        consumes: FORM_OR_JSON,
        body: memberUnfreezeRequestSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await members.unfreeze(request, request.body.id, request.body.reason);
      return ok(null, MemberMessages.unfrozen);
    },
  );

  app.post(
    MemberPaths.revealPhone,
    {
      config: { frontPath: PAGE, action: 'reveal' },
      schema: {
        tags: TAGS,
        summary: '查看会员手机号明文（记入操作日志）',
        consumes: FORM_OR_JSON,
        body: memberIdRequestSchema,
        response: { 200: envelope(revealMemberPhoneResponseSchema) },
      },
    },
    async (request) => ok({ phone: await members.revealPhone(request, request.body.id) }),
  );

  app.post(
    MemberPaths.revealIdNumber,
    {
      config: { frontPath: PAGE, action: 'reveal' },
      schema: {
        tags: TAGS,
        summary: '查看会员身份证号明文（记入操作日志）',
        consumes: FORM_OR_JSON,
        body: memberIdRequestSchema,
        response: { 200: envelope(revealIdNumberResponseSchema) },
      },
    },
    async (request) => ok({ idNumber: await members.revealIdNumber(request, request.body.id) }),
  );

  app.get(
    MemberPaths.export,
    {
      config: { frontPath: PAGE, action: 'export' },
      schema: {
        tags: TAGS,
        summary: '导出会员（当前筛选条件，手机号、身份证号脱敏，流式生成）',
        querystring: memberExportQuerySchema,
      },
    },
    async (request, reply) => {
      return sendAuditedExport(ctx, request, reply, {
        module: AUDIT_MODULE,
        title: '会员列表',
        filter: request.query,
        total: await countRows(ctx.db, await members.exportQuery(request.query)),
        columns: EXPORT_COLUMNS,
        batches: members.exportBatches(request.query),
      });
    },
  );
};
