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
import { routeOptions, standardRoutes } from '../../../platform/route-options.js';
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
  const { get, post } = standardRoutes(app, route);

  get(ChannelPaths.list, {
    summary: '渠道列表（名称、编码、状态筛选；含会员数与注册链接）',
    querystring: channelListQuerySchema,
    data: channelListSchema,
    run: (request) => channels.list(request.query),
  });

  get(ChannelPaths.options, {
    summary: '全部渠道（下拉选项）',
    frontPath: CHANNEL_READERS,
    data: channelOptionsSchema,
    run: () => channels.options(),
  });

  get(ChannelPaths.detail, {
    summary: '渠道详情',
    querystring: contentIdQuerySchema,
    data: memberChannelSchema,
    run: (request) => channels.detail(request.query.id),
  });

  get(ChannelPaths.qrcode, {
    summary: '渠道注册链接与二维码（PNG data URL）',
    querystring: contentIdQuerySchema,
    data: channelQrcodeSchema,
    run: (request) => channels.qrcode(request.query.id),
  });

  post(ChannelPaths.add, {
    summary: '新增渠道（编码唯一：字母、数字、下划线、短横线）',
    action: 'add',
    body: channelSaveRequestSchema,
    data: idData,
    run: async (request) => ({ id: await channels.add(actorOf(request), request.body) }),
  });

  post(ChannelPaths.update, {
    summary: '修改渠道（含启用/停用）',
    action: 'edit',
    body: channelUpdateRequestSchema,
    data: idData,
    run: async (request) => {
      const { id, ...input } = request.body;
      await channels.update(actorOf(request), id, input);
      return { id };
    },
  });

  post(ChannelPaths.delete, {
    summary: '删除渠道（有会员的渠道不能删除，可停用）',
    action: 'delete',
    body: memberAdminIdBodySchema,
    data: idData,
    run: async (request) => {
      await channels.delete(actorOf(request), request.body.id);
      return { id: request.body.id };
    },
  });
};
