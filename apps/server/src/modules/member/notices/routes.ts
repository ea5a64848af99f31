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
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
import { NoticeService } from './service.js';

const READ_PAGES = [PAGES.notices, PAGES.noticeEdit];
const tags = ['notice'];

const route = routeOptions(tags, PAGES.notices);

/** Notices to members (/member_sign/activity, activitydetail) and their scheduled sending. */
export const noticeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const notices = new NoticeService(ctx);
  const { get, post } = standardRoutes(app, route);

  get(NoticePaths.list, {
    summary: '通知列表（标题、状态、创建时间筛选）',
    querystring: noticeListQuerySchema,
    data: noticePageSchema,
    run: (request) => notices.list(request.query),
  });

  get(NoticePaths.detail, {
    summary: '通知详情',
    frontPath: READ_PAGES,
    querystring: contentIdQuerySchema,
    data: noticeSchema,
    run: (request) => notices.detail(request.query.id),
  });

  get(NoticePaths.targetOptions, {
    summary: '可选的发送对象（会员等级、渠道）',
    frontPath: READ_PAGES,
    data: noticeTargetOptionsSchema,
    run: () => notices.targetOptions(),
  });

  post(NoticePaths.add, {
    summary: '新建通知（草稿；富文本内容经过滤后保存）',
    action: 'add',
    body: noticeSaveRequestSchema,
    data: z.object({ id: z.number().int() }),
    run: async (request) => ({ id: await notices.add(actorOf(request), request.body) }),
  });

  post(NoticePaths.update, {
    summary: '修改通知（草稿或待发送；待发送的通知修改后回到草稿）',
    action: 'edit',
    body: noticeUpdateRequestSchema,
    data: z.object({ id: z.number().int() }),
    run: async (request) => {
      const { id, ...input } = request.body;
      await notices.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(NoticePaths.delete, {
    summary: '删除通知（已发送的须先撤回）',
    action: 'delete',
    body: noticeIdBodySchema,
    data: contentDeletedSchema,
    run: async (request) => {
      await notices.delete(actorOf(request), request.body.id);
      return { deleted: 1 };
    },
  });

  post(NoticePaths.schedule, {
    summary: '定时发送（草稿 → 待发送；到时间由服务端发送，重启后仍会发送）',
    action: 'publish',
    body: noticeScheduleRequestSchema,
    data: noticeSchema,
    run: (request) => notices.schedule(actorOf(request), request.body.id, request.body.scheduledAt),
    message: NoticeMessages.scheduled,
  });

  post(NoticePaths.send, {
    summary: '立即发送（草稿或待发送 → 已发送）',
    action: 'publish',
    body: noticeIdBodySchema,
    data: noticeSchema,
    run: (request) => notices.send(actorOf(request), request.body.id),
    message: (notice) => NoticeMessages.sent(notice.recipients),
  });

  post(NoticePaths.withdraw, {
    summary: '撤回已发送的通知',
    action: 'publish',
    body: noticeIdBodySchema,
    data: noticeSchema,
    run: (request) => notices.withdraw(actorOf(request), request.body.id),
    message: NoticeMessages.withdrawn,
  });
};
