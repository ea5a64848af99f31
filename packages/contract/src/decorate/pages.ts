import { z } from 'zod';
import { contentIdSchema, contentText } from '../content-fields.js';
import { idSchema } from '../ids.js';
import { optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { pageDocumentSchema, type PageDocument } from './page-document.js';

/**
 * The 装修 pages (issue 33): home pages (/decorate_m/lists), topics (/decorate_m/topic_lists) and
 * the mall's home (/integralmall/deco), all built in one builder. A page has ONE draft, saved
 * with its revision (a save names the revision it started from; a stale one is refused and
 * nothing is overwritten), and immutable published versions; a rollback makes a new draft from
 * an old version. Preview links show the draft as it was when the link was made.
 */
export const DecoratePagePaths = {
  list: '/v3/decorate/admin/page/list',
  add: '/v3/decorate/admin/page/add',
  detail: '/v3/decorate/admin/page/detail',
  saveDraft: '/v3/decorate/admin/page/saveDraft',
  publish: '/v3/decorate/admin/page/publish',
  /** 定时发布: publish the draft's revision at a time (checked again then). */
  schedule: '/v3/decorate/admin/page/schedule',
  unschedule: '/v3/decorate/admin/page/unschedule',
  versions: '/v3/decorate/admin/page/versions',
  /** GET ?id=&version=: one version's document. */
  version: '/v3/decorate/admin/page/version',
  rollback: '/v3/decorate/admin/page/rollback',
  enable: '/v3/decorate/admin/page/enable',
  copy: '/v3/decorate/admin/page/copy',
  rename: '/v3/decorate/admin/page/rename',
  delete: '/v3/decorate/admin/page/delete',
  previewLink: '/v3/decorate/admin/page/previewLink',
  revokePreview: '/v3/decorate/admin/page/revokePreview',
  /** POST { document }: the records its blocks show (goods, videos, packages), for the builder. */
  resolve: '/v3/decorate/admin/page/resolve',
  /** The edit lock: take (or renew, or take over) and release. */
  lock: '/v3/decorate/admin/page/lock',
  unlock: '/v3/decorate/admin/page/unlock',
} as const;

/** What the member app reads (no login). */
export const DecoratePublicPaths = {
  home: '/v3/decorate/common/page/home',
  topic: '/v3/decorate/common/page/topic',
  mall: '/v3/decorate/common/page/mall',
  preview: '/v3/decorate/common/page/preview',
} as const;

/** The public page a preview link opens (`?token=`), phone-first. */
export const DECORATE_PREVIEW_PAGE = '/m/preview';

export const PAGE_KINDS = ['home', 'topic', 'mall'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export const PAGE_KIND_LABELS: Record<PageKind, string> = {
  home: '首页',
  topic: '专题',
  mall: '商城首页',
};
export const PAGE_KIND_LABELS_EN: Record<PageKind, string> = {
  home: 'Home page',
  topic: 'Topic',
  mall: 'Mall home',
};
/** Kinds of which exactly one page is enabled (the one the app shows). */
export const ONE_ENABLED_KINDS: readonly PageKind[] = ['home', 'mall'];

/** 草稿 (never published) | 已发布 | 有未发布修改 (the draft differs from the live version). */
export const PAGE_STATUSES = ['draft', 'published', 'changed'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: '草稿',
  published: '已发布',
  changed: '有未发布修改',
};
export const PAGE_STATUS_LABELS_EN: Record<PageStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Unpublished changes',
};

export const PAGE_NAME_MAX = 30;
export const PAGE_NOTE_MAX = 100;
/** A preview link's life by default, and at most. */
export const PREVIEW_LINK_MINUTES = 30;
export const PREVIEW_LINK_MAX_MINUTES = 24 * 60;
/** The edit lock lasts this long unless renewed; the builder renews it every LOCK_HEARTBEAT_MS. */
export const PAGE_LOCK_MS = 90_000;
export const PAGE_LOCK_HEARTBEAT_MS = 30_000;

export const DecoratePageMessages = {
  notFound: '页面不存在或已被删除',
  nameRequired: '请输入页面名称',
  kindInvalid: '页面类型不正确',
  revisionRequired: '缺少草稿版本号，请刷新后重试',
  stale: (by: string, at: string) => `该页面已被${by}于${at}保存，请载入最新草稿后再修改`,
  problems: (n: number) => `页面有${n}处问题，修改后才能发布`,
  versionNotFound: '该版本不存在',
  deleteEnabled: '启用中的页面不能删除，请先启用其他页面',
  enableNeedsPublished: '页面尚未发布，发布后才能启用',
  enableKind: '专题页面无需启用',
  lockedBy: (name: string) => `${name} 正在编辑`,
  lockLost: (name: string) => `${name} 已接管编辑，您的修改未保存`,
  scheduleInPast: '定时发布时间必须晚于当前时间',
  scheduleNothing: '该页面没有定时发布',
  previewInvalid: '预览链接无效',
  previewExpired: '预览链接已过期，请重新生成',
  previewRevoked: '预览链接已被撤销',
  published: (version: number) => `已发布为第${version}版`,
  rolledBack: (version: number) => `已用第${version}版生成新草稿`,
} as const;

const kindField = z.enum(PAGE_KINDS, { error: DecoratePageMessages.kindInvalid });

/* ---------------------------------------------------------------- answers */

export const decoratePageRowSchema = z.object({
  id: z.number().int(),
  kind: kindField,
  name: z.string(),
  enabled: z.boolean(),
  status: z.enum(PAGE_STATUSES),
  revision: z.number().int(),
  draftSavedAt: z.number().int(),
  draftSavedBy: z.string(),
  publishedVersion: z.number().int().nullable(),
  publishedAt: z.number().int().nullable(),
  publishedBy: z.string().nullable(),
  scheduledAt: z.number().int().nullable(),
  /** Why links of the live version no longer work (链接失效), empty when they all do. */
  brokenLinks: z.array(z.string()),
  /** Who holds the edit lock now, if anyone. */
  lockedBy: z.string().nullable(),
  createdAt: z.number().int(),
});
export type DecoratePageRow = z.infer<typeof decoratePageRowSchema>;
export const decoratePageListSchema = pageOf(decoratePageRowSchema);

export const decoratePageDetailSchema = decoratePageRowSchema.extend({
  /** The draft. */
  document: pageDocumentSchema,
});
export type DecoratePageDetail = Omit<z.infer<typeof decoratePageDetailSchema>, 'document'> & {
  document: PageDocument;
};

export const pageVersionRowSchema = z.object({
  version: z.number().int(),
  revision: z.number().int(),
  note: z.string(),
  publishedBy: z.string(),
  publishedAt: z.number().int(),
  /** The version the app shows now. */
  live: z.boolean(),
});
export type PageVersionRow = z.infer<typeof pageVersionRowSchema>;
export const pageVersionDetailSchema = pageVersionRowSchema.extend({
  document: pageDocumentSchema,
});

/**
 * A publish refused: every problem, each naming its block (`data.errors`): `id` is the block's id
 * as the API names it (null: the page's own settings); `blockId` the same, as the builder reads it.
 */
export const pageProblemSchema = z.object({
  id: z.string().nullable(),
  blockId: z.string().nullable(),
  field: z.string(),
  msg: z.string(),
});
export type PageProblemAnswer = z.infer<typeof pageProblemSchema>;

export const previewLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.number().int(),
  revision: z.number().int(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const pageLockSchema = z.object({
  /** The lock is the caller's until then. */
  expiresAt: z.number().int(),
});

/* --------------------------------------------------------------- requests */

export const decoratePageListQuerySchema = listQuerySchema.extend({
  kind: kindField,
  name: optionalText(PAGE_NAME_MAX),
});
export type DecoratePageListQuery = z.infer<typeof decoratePageListQuerySchema>;

const nameField = contentText(DecoratePageMessages.nameRequired, PAGE_NAME_MAX, '页面名称');
/** A draft's revision: a strict positive integer like an id (no "0x2", "2e0", true). */
const revisionField = idSchema('草稿版本号', { invalid: DecoratePageMessages.revisionRequired });

export const decoratePageAddSchema = z.object({ kind: kindField, name: nameField });
export const decoratePageRenameSchema = z.object({ id: contentIdSchema, name: nameField });
export const decoratePageIdSchema = z.object({ id: contentIdSchema });

export const saveDraftRequestSchema = z.object({
  id: contentIdSchema,
  revision: revisionField,
  document: pageDocumentSchema,
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;

export const publishRequestSchema = z.object({
  id: contentIdSchema,
  revision: revisionField,
  note: z.string().trim().max(PAGE_NOTE_MAX, `说明最多${PAGE_NOTE_MAX}个字`).default(''),
});
export const scheduleRequestSchema = publishRequestSchema.extend({
  /** Epoch milliseconds, strict like an id. */
  at: idSchema('发布时间', { invalid: '请选择发布时间' }),
});
export const rollbackRequestSchema = z.object({
  id: contentIdSchema,
  version: idSchema('版本号'),
});
export const versionQuerySchema = rollbackRequestSchema;
export const lockRequestSchema = z.object({
  id: contentIdSchema,
  /** Take the lock from whoever holds it (接管). */
  takeOver: z.boolean().default(false),
});
export const previewLinkRequestSchema = z.object({
  id: contentIdSchema,
  minutes: z
    .number()
    .int()
    .min(5, `有效期应在5到${PREVIEW_LINK_MAX_MINUTES}分钟之间`)
    .max(PREVIEW_LINK_MAX_MINUTES, `有效期应在5到${PREVIEW_LINK_MAX_MINUTES}分钟之间`)
    .default(PREVIEW_LINK_MINUTES),
});
export const resolveRequestSchema = z.object({ document: pageDocumentSchema });
export const topicQuerySchema = z.object({ id: idSchema('专题编号') });
export const previewQuerySchema = z.object({
  token: z.string({ error: DecoratePageMessages.previewInvalid }).max(400),
});

/* ------------------------------------------------- the public (resolved) page */

/** A goods item as a goods list shows it (current name, price and stock). */
export const resolvedGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  pointsPrice: z.number().int(),
  cashFen: z.number().int(),
  soldOut: z.boolean(),
});
export type ResolvedGoods = z.infer<typeof resolvedGoodsSchema>;
export const resolvedVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  url: z.string(),
  durationS: z.number().int(),
});
export type ResolvedVideo = z.infer<typeof resolvedVideoSchema>;
/** A service package's plan: a goods item of that package type members may redeem. */
export const resolvedPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pointsPrice: z.number().int(),
  cashFen: z.number().int(),
  soldOut: z.boolean(),
});
export type ResolvedPlan = z.infer<typeof resolvedPlanSchema>;
export const resolvedPackageTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Its plans, cheapest first, at most PLANS_PER_PACKAGE (empty when the block hides plans). */
  plans: z.array(resolvedPlanSchema),
});
export type ResolvedPackageType = z.infer<typeof resolvedPackageTypeSchema>;
/** How many plans a health-service block shows under each package. */
export const PLANS_PER_PACKAGE = 3;

/**
 * The records a page's blocks show, by block id: goods of a goods list, the video, the service
 * packages. Links stay `{ navType, subContent }`; the app opens them.
 */
export const resolvedRecordsSchema = z.record(
  z.string(),
  z.object({
    goods: z.array(resolvedGoodsSchema).optional(),
    video: resolvedVideoSchema.nullable().optional(),
    packageTypes: z.array(resolvedPackageTypeSchema).optional(),
  }),
);
export type ResolvedRecords = z.infer<typeof resolvedRecordsSchema>;

export const publicPageSchema = z.object({
  /** The published version (0: the built-in default page, nothing published yet). */
  version: z.number().int(),
  name: z.string(),
  document: pageDocumentSchema,
  records: resolvedRecordsSchema,
});
export type PublicPage = Omit<z.infer<typeof publicPageSchema>, 'document'> & {
  document: PageDocument;
};
