import { z } from 'zod';
import { contentBoolean, contentIdSchema, contentText, outOfRange } from '../content-fields.js';
import { fromNumberOrText } from '../ids.js';
import { blankToUndefined, optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { NAV_TYPES, decorateImageSchema, navLinkSchema, type NavType } from './links.js';

/**
 * 广告位 (/decorate_m/adv, PRODUCT.md §4 decorate): images the member app shows at fixed places
 * (the splash screen, the home pop-up, the carousels, the video page's banner), each with a link
 * (decorate/links.ts), a time window and an order. The app reads the slots of a place that are
 * showing now through the public list.
 */
export const AdvertPaths = {
  list: '/v3/decorate/admin/adv/list',
  add: '/v3/decorate/admin/adv/add',
  update: '/v3/decorate/admin/adv/update',
  delete: '/v3/decorate/admin/adv/delete',
  /** Public (the member app, no login): `?position=` → the slots showing there now, by sort. */
  publicList: '/v3/decorate/common/adv/list',
} as const;

export interface AdvertPositionDef {
  label: string;
  labelEn: string;
  /** The image size the app draws it at (px): the upload hint and the preview's aspect ratio. */
  width: number;
  height: number;
}

/** Where a slot shows in the app. */
export const ADVERT_POSITIONS = {
  splash: { label: '启动页', labelEn: 'Splash screen', width: 750, height: 1334 },
  home_popup: { label: '首页弹窗', labelEn: 'Home pop-up', width: 600, height: 800 },
  home_carousel: { label: '首页轮播', labelEn: 'Home carousel', width: 750, height: 360 },
  mall_carousel: { label: '商城轮播', labelEn: 'Mall carousel', width: 750, height: 360 },
  video_banner: { label: '健康视频页横幅', labelEn: 'Video page banner', width: 750, height: 240 },
} as const satisfies Record<string, AdvertPositionDef>;
export type AdvertPosition = keyof typeof ADVERT_POSITIONS;
export const ADVERT_POSITION_KEYS = Object.keys(ADVERT_POSITIONS) as [
  AdvertPosition,
  ...AdvertPosition[],
];

/** A slot's state now: enabled and inside its window, before it, after it; or switched off. */
export const ADVERT_STATES = ['live', 'scheduled', 'ended', 'disabled'] as const;
export type AdvertState = (typeof ADVERT_STATES)[number];
export const ADVERT_STATE_LABELS: Record<AdvertState, string> = {
  live: '投放中',
  scheduled: '待投放',
  ended: '已结束',
  disabled: '已停用',
};
export const ADVERT_STATE_LABELS_EN: Record<AdvertState, string> = {
  live: 'Live',
  scheduled: 'Scheduled',
  ended: 'Ended',
  disabled: 'Disabled',
};

/** The state of a slot at `now` (the window is [startAt, endAt)). */
export function advertStateAt(
  slot: { enabled: boolean; startAt: number; endAt: number },
  now: number,
): AdvertState {
  if (!slot.enabled) return 'disabled';
  if (now < slot.startAt) return 'scheduled';
  if (now >= slot.endAt) return 'ended';
  return 'live';
}

export const ADVERT_TITLE_MAX = 30;
export const ADVERT_SORT_MAX = 9999;
/** The public list answers at most this many slots of a position. */
export const ADVERT_PUBLIC_MAX = 20;

export const AdvertMessages = {
  notFound: '广告不存在或已被删除',
  titleRequired: '请输入广告标题',
  positionRequired: '请选择广告位置',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  endBeforeStart: '结束时间必须晚于开始时间',
} as const;

/** A slot as the admin list answers it. */
export const advertSchema = z.object({
  id: z.number().int(),
  position: z.enum(ADVERT_POSITION_KEYS),
  title: z.string(),
  image: z.string(),
  navType: z.enum(NAV_TYPES as [NavType, ...NavType[]]),
  subContent: z.string(),
  /** Epoch ms; the slot shows from startAt until (not including) endAt. */
  startAt: z.number().int(),
  endAt: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
  state: z.enum(ADVERT_STATES),
  /** The linked record's name (goods, topic, …), the URL of a web link, '' for the rest. */
  linkLabel: z.string(),
  /** Why the link no longer works (its target gone or hidden), null when it does. */
  linkProblem: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Advert = z.infer<typeof advertSchema>;

export const advertListQuerySchema = listQuerySchema.extend({
  title: optionalText(ADVERT_TITLE_MAX),
  position: z.preprocess(
    blankToUndefined,
    z.enum(ADVERT_POSITION_KEYS, { error: '广告位置不正确' }).optional(),
  ),
  state: z.preprocess(
    blankToUndefined,
    z.enum(ADVERT_STATES, { error: '投放状态不正确' }).optional(),
  ),
});
export type AdvertListQuery = z.infer<typeof advertListQuerySchema>;
export const advertListSchema = pageOf(advertSchema);

/** A required epoch-ms time ("" or missing → `required`). */
const requiredTime = (required: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    fromNumberOrText(
      z.coerce
        .number({ error: required })
        .int('时间格式不正确')
        .min(0, '时间格式不正确')
        .max(Number.MAX_SAFE_INTEGER, '时间格式不正确'),
    ),
  );

const advertFields = {
  title: contentText(AdvertMessages.titleRequired, ADVERT_TITLE_MAX, '广告标题'),
  position: z.enum(ADVERT_POSITION_KEYS, { error: AdvertMessages.positionRequired }),
  image: decorateImageSchema('广告图片'),
  /** Where a tap goes: `{ navType, subContent }`; its target must exist and be shown. */
  link: navLinkSchema,
  startAt: requiredTime(AdvertMessages.startRequired),
  endAt: requiredTime(AdvertMessages.endRequired),
  sort: fromNumberOrText(
    z.coerce
      .number({ error: '排序必须是数字' })
      .int('排序必须是整数')
      .min(0, outOfRange('排序', 0, ADVERT_SORT_MAX))
      .max(ADVERT_SORT_MAX, outOfRange('排序', 0, ADVERT_SORT_MAX))
      .default(0),
  ),
  enabled: contentBoolean('请选择是否启用').default(true),
};

function checkWindow(value: { startAt: number; endAt: number }, ctx: z.RefinementCtx): void {
  if (value.endAt <= value.startAt) {
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: AdvertMessages.endBeforeStart });
  }
}

/** POST add (JSON: the link is an object). */
export const advertSaveRequestSchema = z.object(advertFields).superRefine(checkWindow);
export type AdvertSaveRequest = z.infer<typeof advertSaveRequestSchema>;

/** POST update: the id and every field (the dialog sends the whole slot). */
export const advertUpdateRequestSchema = z
  .object({ id: contentIdSchema, ...advertFields })
  .superRefine(checkWindow);
export type AdvertUpdateRequest = z.infer<typeof advertUpdateRequestSchema>;

export const publicAdvertQuerySchema = z.object({
  position: z.enum(ADVERT_POSITION_KEYS, { error: '广告位置不正确' }),
});

/** A slot as the member app reads it. */
export const publicAdvertSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** `none` when the linked record is no longer shown (the image stays, a tap does nothing). */
  navType: z.enum(NAV_TYPES as [NavType, ...NavType[]]),
  subContent: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  sort: z.number().int(),
});
export type PublicAdvert = z.infer<typeof publicAdvertSchema>;
export const publicAdvertListSchema = z.object({ list: z.array(publicAdvertSchema) });
