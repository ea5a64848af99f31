import {
  contentDeletedSchema,
  contentIdQuerySchema,
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
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions } from '../../../platform/route-options.js';
import { NoticeService } from './service.js';

const READ_PAGES = [PAGES.notices, PAGES.noticeEdit];
const tags = ['notice'];

const route = routeOptions(tags, PAGES.notices);

/** Notices to members (/member_sign/activity, activitydetail) and their scheduled sending. */
export const noticeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const notices = new NoticeService(ctx);

  app.get(
    NoticePaths.list,
    route({
      summary: '通知列表（标题、状态、创建时间筛选）',
      querystring: noticeListQuerySchema,
      data: noticePageSchema,
    }),
    async (request) => ok(await notices.list(request.query)),
  );

  app.get(
    NoticePaths.detail,
    route({
      summary: '通知详情',
      frontPath: READ_PAGES,
      querystring: contentIdQuerySchema,
      data: noticeSchema,
    }),
    async (request) => ok(await notices.detail(request.query.id)),
  );

  app.get(
    NoticePaths.targetOptions,
    route({
      summary: '可选的发送对象（会员等级、渠道）',
      frontPath: READ_PAGES,
      data: noticeTargetOptionsSchema,
    }),
    async () => ok(await notices.targetOptions()),
  );

  app.post(
    NoticePaths.add,
    route({
      summary: '新建通知（草稿；富文本内容经过滤后保存）',
      action: 'add',
      body: noticeSaveRequestSchema,
      data: z.object({ id: z.number().int() }),
    }),
    async (request) => ok({ id: await notices.add(actorOf(request), request.body) }),
  );

  app.post(
    NoticePaths.update,
    route({
      summary: '修改通知（草稿或待发送；待发送的通知修改后回到草稿）',
      action: 'edit',
      body: noticeUpdateRequestSchema,
      data: z.object({ id: z.number().int() }),
    }),
    async (request) => {
      const { id, ...input } = request.body;
      await notices.update(actorOf(request), id, input);
      return ok({ id });
    },
  );

  app.post(
    NoticePaths.delete,
    route({
      summary: '删除通知（已发送的须先撤回）',
      action: 'delete',
      body: noticeIdBodySchema,
      data: contentDeletedSchema,
    }),
    async (request) => {
      await notices.delete(actorOf(request), request.body.id);
      return ok({ deleted: 1 });
    },
  );

  app.post(
    NoticePaths.schedule,
    route({
      summary: '定时发送（草稿 → 待发送；到时间由服务端发送，重启后仍会发送）',
      action: 'publish',
      body: noticeScheduleRequestSchema,
      data: noticeSchema,
    }),
    async (request) =>
      ok(
        await notices.schedule(actorOf(request), request.body.id, request.body.scheduledAt),
        NoticeMessages.scheduled,
      ),
  );

  app.post(
    NoticePaths.send,
    route({
      summary: '立即发送（草稿或待发送 → 已发送）',
      action: 'publish',
      body: noticeIdBodySchema,
      data: noticeSchema,
    }),
    async (request) => {
      const notice = await notices.send(actorOf(request), request.body.id);
      return ok(notice, NoticeMessages.sent(notice.recipients));
    },
  );

  app.post(
    NoticePaths.withdraw,
    route({
      summary: '撤回已发送的通知',
      action: 'publish',
      body: noticeIdBodySchema,
      data: noticeSchema,
    }),
    async (request) =>
      ok(await notices.withdraw(actorOf(request), request.body.id), NoticeMessages.withdrawn),
  );
};
