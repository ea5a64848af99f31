import {
  channelListQuerySchema,
  channelListSchema,
  channelOptionsSchema,
  channelQrcodeSchema,
  channelSaveRequestSchema,
  channelUpdateRequestSchema,
  contentIdQuerySchema,
  memberAdminIdBodySchema,
  memberChannelSchema,
  ChannelPaths,
  PAGES,
} from '@health/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ok } from '../../../platform/envelope.js';
import { routeOptions } from '../../../platform/route-options.js';
import { ChannelService } from './service.js';

const tags = ['member-channel'];
const idData = z.object({ id: z.number().int() });
/** Pages that pick a channel from a list (filters, targets). */
const CHANNEL_READERS = [
  PAGES.channels,
  PAGES.members,
  PAGES.memberDetail,
  PAGES.notices,
  PAGES.noticeEdit,
];

const route = routeOptions(tags, PAGES.channels);

/** Acquisition channels: CRUD, registration link and QR code. */
export const memberChannelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const channels = new ChannelService(ctx);

  app.get(
    ChannelPaths.list,
    route({
      summary: '渠道列表（名称、编码、状态筛选；含会员数与注册链接）',
      querystring: channelListQuerySchema,
      data: channelListSchema,
    }),
    async (request) => ok(await channels.list(request.query)),
  );

  app.get(
    ChannelPaths.options,
    route({
      summary: '全部渠道（下拉选项）',
      frontPath: CHANNEL_READERS,
      data: channelOptionsSchema,
    }),
    async () => ok(await channels.options()),
  );

  app.get(
    ChannelPaths.detail,
    route({ summary: '渠道详情', querystring: contentIdQuerySchema, data: memberChannelSchema }),
    async (request) => ok(await channels.detail(request.query.id)),
  );

  app.get(
    ChannelPaths.qrcode,
    route({
      summary: '渠道注册链接与二维码（PNG data URL）',
      querystring: contentIdQuerySchema,
      data: channelQrcodeSchema,
    }),
    async (request) => ok(await channels.qrcode(request.query.id)),
  );

  app.post(
    ChannelPaths.add,
    route({
      summary: '新增渠道（编码唯一：字母、数字、下划线、短横线）',
      action: 'add',
      body: channelSaveRequestSchema,
      data: idData,
    }),
    async (request) => ok({ id: await channels.add(actorOf(request), request.body) }),
  );

  app.post(
    ChannelPaths.update,
    route({
      summary: '修改渠道（含启用/停用）',
      action: 'edit',
      body: channelUpdateRequestSchema,
      data: idData,
    }),
    async (request) => {
      const { id, ...input } = request.body;
      await channels.update(actorOf(request), id, input);
      return ok({ id });
    },
  );

  app.post(
    ChannelPaths.delete,
    route({
      summary: '删除渠道（有会员的渠道不能删除，可停用）',
      action: 'delete',
      body: memberAdminIdBodySchema,
      data: idData,
    }),
    async (request) => {
      await channels.delete(actorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );
};
