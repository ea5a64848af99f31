import {
  contentDeletedSchema,
  contentIdQuerySchema,
  envelope,
  NOTICE_DETAIL_PAGE,
  NOTICE_PAGE,
  NoticeMessages,
  NoticePaths,
  noticeIdBodySchema,
  noticeListQuerySchema,
  noticePageSchema,
  noticeSaveRequestSchema,
  noticeScheduleRequestSchema,
  noticeSchema,
  noticeTargetOptionsSchema,
  noticeUpdateRequestSchema,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { NoticeService } from './service.js';

const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];
const READ_PAGES = [NOTICE_PAGE, NOTICE_DETAIL_PAGE];
const tags = ['notice'];

/** Notices to members (/member_sign/activity, activitydetail) and their scheduled sending. */
export const noticeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const notices = new NoticeService(ctx);

  app.get(
    NoticePaths.list,
    {
      config: { frontPath: NOTICE_PAGE },
      schema: {
        tags,
        summary: '通知列表（标题、状态、创建时间筛选）',
        querystring: noticeListQuerySchema,
        response: { 200: envelope(noticePageSchema) },
      },
    },
    async (request) => ok(await notices.list(request.query)),
  );

  app.get(
    NoticePaths.detail,
    {
      config: { frontPath: READ_PAGES },
      schema: {
        tags,
        summary: '通知详情',
        querystring: contentIdQuerySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => ok(await notices.detail(request.query.id)),
  );

  app.get(
    NoticePaths.targetOptions,
    {
      config: { frontPath: READ_PAGES },
      schema: {
        tags,
        summary: '可选的发送对象（会员等级、渠道）',
        response: { 200: envelope(noticeTargetOptionsSchema) },
      },
    },
    async () => ok(await notices.targetOptions()),
  );

  app.post(
    NoticePaths.add,
    {
      config: { frontPath: NOTICE_PAGE, action: 'add' },
      schema: {
        tags,
        summary: '新建通知（草稿；富文本内容经过滤后保存）',
        consumes: BODY_TYPES,
        body: noticeSaveRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok({ id: await notices.add(actorOf(request), request.body) }),
  );

  app.post(
    NoticePaths.update,
    {
      config: { frontPath: NOTICE_PAGE, action: 'edit' },
      schema: {
        tags,
        summary: '修改通知（草稿或待发送；待发送的通知修改后回到草稿）',
        consumes: BODY_TYPES,
        body: noticeUpdateRequestSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      await notices.update(actorOf(request), id, input);
      return ok({ id });
    },
  );

  app.post(
    NoticePaths.delete,
    {
      config: { frontPath: NOTICE_PAGE, action: 'delete' },
      schema: {
        tags,
        summary: '删除通知（已发送的须先撤回）',
        consumes: BODY_TYPES,
        body: noticeIdBodySchema,
        response: { 200: envelope(contentDeletedSchema) },
      },
    },
    async (request) => {
      await notices.delete(actorOf(request), request.body.id);
      return ok({ deleted: 1 });
    },
  );

  app.post(
    NoticePaths.schedule,
    {
      config: { frontPath: NOTICE_PAGE, action: 'publish' },
      schema: {
        tags,
        summary: '定时发送（草稿 → 待发送；到时间由服务端发送，重启后仍会发送）',
        consumes: BODY_TYPES,
        body: noticeScheduleRequestSchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) =>
      ok(
        await notices.schedule(actorOf(request), request.body.id, request.body.scheduledAt),
        NoticeMessages.scheduled,
      ),
  );

  app.post(
    NoticePaths.send,
    {
      config: { frontPath: NOTICE_PAGE, action: 'publish' },
      schema: {
        tags,
        summary: '立即发送（草稿或待发送 → 已发送）',
        consumes: BODY_TYPES,
        body: noticeIdBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => {
      const notice = await notices.send(actorOf(request), request.body.id);
      return ok(notice, NoticeMessages.sent(notice.recipients));
    },
  );

  app.post(
    NoticePaths.withdraw,
    {
      config: { frontPath: NOTICE_PAGE, action: 'publish' },
      schema: {
        tags,
        summary: '撤回已发送的通知',
        consumes: BODY_TYPES,
        body: noticeIdBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) =>
      ok(await notices.withdraw(actorOf(request), request.body.id), NoticeMessages.withdrawn),
  );
};
