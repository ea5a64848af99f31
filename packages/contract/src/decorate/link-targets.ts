import { z } from 'zod';
import { idListSchema } from '../ids.js';
import { optionalText } from '../list-query.js';
import type { LinkTargetKind } from './links.js';

/**
 * The records a link can point to (goods, topics, service categories, health videos, notices):
 * the link field's picker searches them, a saved link shows its target's name, and a link whose
 * target is gone or no longer shown to members is refused when saved (ad slots) or published
 * (pages), and marked 链接失效 in the lists. One endpoint for every 装修 page that edits links.
 */
export const LinkTargetPaths = {
  /** `?kind=goods&keyword=血压` (a search) or `?kind=goods&ids=3,5` (the labels of saved links). */
  options: '/v3/decorate/admin/linkTarget/options',
} as const;

/** The kinds of record a link points to (the `takes` of LINK_TYPES that are records). */
export const LINK_RECORD_KINDS = [
  'goods',
  'topic',
  'packageType',
  'video',
  'notice',
] as const satisfies readonly Exclude<LinkTargetKind, 'none' | 'url'>[];
export type LinkRecordKind = (typeof LINK_RECORD_KINDS)[number];

/** At most this many options an answer. */
export const LINK_TARGET_OPTIONS_MAX = 50;
export const LINK_TARGET_KEYWORD_MAX = 50;

/** Why a link's target cannot be linked to (the save's refusal, the list's 链接失效). */
export const LinkTargetMessages = {
  kindInvalid: '链接内容类型不正确',
  goodsMissing: '商品不存在或已删除',
  goodsOffShelf: '商品已下架',
  goodsNotApproved: '商品未通过审核',
  topicMissing: '专题不存在或已删除',
  topicUnpublished: '专题尚未发布',
  packageTypeMissing: '服务分类不存在或已删除',
  packageTypeDisabled: '服务分类已停用',
  videoMissing: '视频不存在或已删除',
  videoDisabled: '视频已停用',
  noticeMissing: '公告不存在或已删除',
  noticeUnsent: '公告尚未发送',
  noticeWithdrawn: '公告已撤回',
} as const;

export const linkTargetOptionsQuerySchema = z.object({
  kind: z.enum(LINK_RECORD_KINDS, { error: LinkTargetMessages.kindInvalid }),
  /** Part of the name or title ("" → the first ones). */
  keyword: optionalText(LINK_TARGET_KEYWORD_MAX),
  /** These records, whatever their state (a saved link's label); the keyword is then ignored. */
  ids: idListSchema('链接内容编号', {
    max: LINK_TARGET_OPTIONS_MAX,
    maxMessage: `一次最多查询${LINK_TARGET_OPTIONS_MAX}条`,
  }),
});
export type LinkTargetOptionsQuery = z.infer<typeof linkTargetOptionsQuerySchema>;

export const linkTargetOptionSchema = z.object({
  id: z.number().int(),
  /** The record's name or title (data: not translated). */
  label: z.string(),
  /** Shown to members now (on shelf, published, enabled, sent): a link to it works. */
  live: z.boolean(),
});
export type LinkTargetOption = z.infer<typeof linkTargetOptionSchema>;
export const linkTargetOptionsSchema = z.array(linkTargetOptionSchema);
