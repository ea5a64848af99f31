import { z } from 'zod';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalText,
  contentText,
} from '../content-fields.js';
import { blankToUndefined as blank, optionalText, sortQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/** Acquisition channels: where members registered from (PRODUCT.md §4 member). */
/** API paths of channels. */
export const ChannelPaths = {
  list: '/v3/member/admin/channel/list',
  /** Every channel (selects of other pages). */
  options: '/v3/member/admin/channel/options',
  detail: '/v3/member/admin/channel/detail',
  add: '/v3/member/admin/channel/add',
  update: '/v3/member/admin/channel/update',
  delete: '/v3/member/admin/channel/delete',
  /** The registration link of a channel and its QR code (PNG data URL). */
  qrcode: '/v3/member/admin/channel/qrcode',
} as const;

export const ChannelMessages = {
  channelNotFound: '渠道不存在或已被删除',
  channelNameRequired: '请输入渠道名称',
  channelCodeRequired: '请输入渠道编码',
  channelCodeInvalid: '渠道编码只能包含字母、数字、下划线和短横线',
  channelCodeTaken: '渠道编码已存在',
  channelInUse: (n: number) => `该渠道下有${n}名会员，不能删除，可以停用`,
  h5DomainMissing: '请先在站点配置中填写 H5 域名',
} as const;

/* ---------------------------------------------------------------- channels */

export const CHANNEL_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const CHANNEL_CODE_MAX = 32;

export const memberChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  memberCount: z.number().int(),
  /** Registration link (site_info's H5 domain + ?channel=code); '' when no domain is set. */
  link: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MemberChannel = z.infer<typeof memberChannelSchema>;

export const channelOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  enabled: z.boolean(),
});
export type ChannelOption = z.infer<typeof channelOptionSchema>;
export const channelOptionsSchema = z.array(channelOptionSchema);

export const channelListQuerySchema = listQuerySchema
  .extend(sortQuerySchema(['createdAt', 'memberCount'] as const).shape)
  .extend({
    name: optionalText(30),
    code: optionalText(CHANNEL_CODE_MAX),
    enabled: z.preprocess(blank, contentBoolean('状态不正确').optional()),
  });
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;
export const channelListSchema = pageOf(memberChannelSchema);

const channelFields = {
  name: contentText(ChannelMessages.channelNameRequired, 30, '渠道名称'),
  code: contentText(ChannelMessages.channelCodeRequired, CHANNEL_CODE_MAX, '渠道编码').regex(
    CHANNEL_CODE_PATTERN,
    ChannelMessages.channelCodeInvalid,
  ),
  remark: contentOptionalText(200, '备注'),
  enabled: contentBoolean('请选择是否启用').default(true),
};
export const channelSaveRequestSchema = z.object(channelFields);
export type ChannelSaveRequest = z.infer<typeof channelSaveRequestSchema>;
export const channelUpdateRequestSchema = z.object({ id: contentIdSchema, ...channelFields });
export type ChannelUpdateRequest = z.infer<typeof channelUpdateRequestSchema>;

export const channelQrcodeSchema = z.object({
  link: z.string(),
  /** data:image/png;base64,... */
  dataUrl: z.string(),
  fileName: z.string(),
});
export type ChannelQrcode = z.infer<typeof channelQrcodeSchema>;
