import { z } from 'zod';
import {
  contentBoolean,
  contentIdSchema,
  contentOptionalText,
  contentText,
  outOfRange,
} from '../content-fields.js';
import { fromNumberOrText } from '../ids.js';
import { blankToUndefined, optionalText } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { decorateImageSchema, isHttpsUrl, LINK_URL_MAX } from './links.js';

/**
 * 健康视频 of /decorate_m/video (issue 33): short health-education videos the member app plays,
 * each in one category of a fixed registry, with a cover image, an address (an uploaded MP4 or an
 * https URL), its duration, a sort order and an on/off switch. The public list
 * (`/v3/decorate/common/video/list`, no login) is what the app and the /video-list page read: the
 * enabled videos only, by sort.
 */
export const VideoPaths = {
  list: '/v3/decorate/admin/video/list',
  detail: '/v3/decorate/admin/video/detail',
  add: '/v3/decorate/admin/video/add',
  update: '/v3/decorate/admin/video/update',
  delete: '/v3/decorate/admin/video/delete',
  /** multipart, field `file`: an MP4 (checked by content), at most VIDEO_UPLOAD_MAX_BYTES. */
  upload: '/v3/decorate/admin/video/upload',
  /** Public (no login): the enabled videos by sort, `?category=` to take one category. */
  publicList: '/v3/decorate/common/video/list',
} as const;

/** The categories, in the order the app's tabs show them: key → Chinese and English label. */
export const VIDEO_CATEGORIES = {
  chronic: { label: '慢病管理', labelEn: 'Chronic care' },
  heart: { label: '心脏健康', labelEn: 'Heart health' },
  diet: { label: '饮食营养', labelEn: 'Diet and nutrition' },
  exercise: { label: '运动康复', labelEn: 'Exercise and rehab' },
  medication: { label: '用药指导', labelEn: 'Medication' },
} as const satisfies Record<string, { label: string; labelEn: string }>;
export type VideoCategory = keyof typeof VIDEO_CATEGORIES;
export const VIDEO_CATEGORY_KEYS = Object.keys(VIDEO_CATEGORIES) as [
  VideoCategory,
  ...VideoCategory[],
];
/** The categories' Chinese labels (the operation log, the server's messages). */
export const VIDEO_CATEGORY_LABELS = Object.fromEntries(
  VIDEO_CATEGORY_KEYS.map((k) => [k, VIDEO_CATEGORIES[k].label]),
) as Record<VideoCategory, string>;
export const VIDEO_CATEGORY_LABELS_EN = Object.fromEntries(
  VIDEO_CATEGORY_KEYS.map((k) => [k, VIDEO_CATEGORIES[k].labelEn]),
) as Record<VideoCategory, string>;

export const VIDEO_TITLE_MAX = 40;
export const VIDEO_DESCRIPTION_MAX = 200;
export const VIDEO_SORT_MAX = 9999;
/** Ten hours. */
export const VIDEO_DURATION_MAX_S = 36_000;
/** An uploaded video's size at most (the server stops reading past it). */
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** What an upload must be, by its content. */
export const VIDEO_UPLOAD_MIME = 'video/mp4';
/** The most videos the public list answers. */
export const PUBLIC_VIDEO_LIST_MAX = 200;

/** An uploaded MP4's address (`/uploads/<storage key>.mp4`). */
const UPLOADED_MP4 = /^\/uploads\/[a-z0-9]+(?:\/[a-z0-9-]+)*\.mp4$/;

/** Whether a video address is an upload of this site (else an https URL). */
export function isUploadedVideo(url: string): boolean {
  return UPLOADED_MP4.test(url);
}

export const VideoMessages = {
  titleRequired: '请输入视频标题',
  categoryRequired: '请选择视频分类',
  categoryInvalid: '视频分类不正确',
  urlRequired: '请上传视频或输入视频地址',
  urlInvalid: '视频地址必须是上传的 MP4 或 https 地址',
  urlTooLong: `视频地址最多${LINK_URL_MAX}个字符`,
  fileMissing: '视频文件不存在，请重新上传',
  coverMissing: '视频封面图片不存在，请重新上传',
  durationRequired: '请填写视频时长',
  durationInteger: '视频时长必须是整数秒',
  durationRange: outOfRange('视频时长', 1, VIDEO_DURATION_MAX_S, '秒'),
  sortInteger: '排序必须是整数',
  sortRange: outOfRange('排序', 0, VIDEO_SORT_MAX),
  enabledInvalid: '请选择是否启用',
  statusInvalid: '状态不正确',
  notFound: '视频不存在或已被删除',
  fileRequired: '请选择要上传的视频',
  tooLarge: `视频不能超过 ${VIDEO_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  badType: '只能上传 MP4 视频（按文件内容识别）',
  unreadable: '视频文件不完整，无法读取（缺少 moov 信息），请重新导出后上传',
  uploaded: '视频上传成功',
} as const;

/** A video as the admin API answers it. */
export const videoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(VIDEO_CATEGORY_KEYS),
  cover: z.string(),
  url: z.string(),
  durationS: z.number().int(),
  description: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Video = z.infer<typeof videoSchema>;

const categoryField = z.enum(VIDEO_CATEGORY_KEYS, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? VideoMessages.categoryRequired
      : VideoMessages.categoryInvalid,
});

export const videoListQuerySchema = listQuerySchema.extend({
  keyword: optionalText(VIDEO_TITLE_MAX),
  category: z.preprocess(
    blankToUndefined,
    z.enum(VIDEO_CATEGORY_KEYS, { error: VideoMessages.categoryInvalid }).optional(),
  ),
  enabled: z.preprocess(blankToUndefined, contentBoolean(VideoMessages.statusInvalid).optional()),
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;
export const videoListSchema = pageOf(videoSchema);

/** The address: an uploaded MP4 or an https URL. */
const videoUrlField = z
  .string({ error: VideoMessages.urlRequired })
  .trim()
  .min(1, VideoMessages.urlRequired)
  .max(LINK_URL_MAX, VideoMessages.urlTooLong)
  .refine((v) => isUploadedVideo(v) || isHttpsUrl(v), { message: VideoMessages.urlInvalid });

const videoFields = {
  title: contentText(VideoMessages.titleRequired, VIDEO_TITLE_MAX, '视频标题'),
  category: categoryField,
  cover: decorateImageSchema('视频封面'),
  url: videoUrlField,
  durationS: z.preprocess(
    // A number, or a number as text (a form); missing or blank → the "required" message.
    (v) =>
      v === '' || v === null || v === undefined
        ? undefined
        : typeof v === 'number'
          ? v
          : typeof v === 'string' && v.trim() !== ''
            ? Number(v)
            : Number.NaN,
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? VideoMessages.durationRequired
            : VideoMessages.durationInteger,
      })
      .int(VideoMessages.durationInteger)
      .min(1, VideoMessages.durationRange)
      .max(VIDEO_DURATION_MAX_S, VideoMessages.durationRange),
  ),
  description: contentOptionalText(VIDEO_DESCRIPTION_MAX, '视频简介'),
  sort: fromNumberOrText(
    z.coerce
      .number({ error: VideoMessages.sortInteger })
      .int(VideoMessages.sortInteger)
      .min(0, VideoMessages.sortRange)
      .max(VIDEO_SORT_MAX, VideoMessages.sortRange)
      .default(0),
  ),
  enabled: contentBoolean(VideoMessages.enabledInvalid).default(true),
};

/** POST add. */
export const videoSaveRequestSchema = z.object(videoFields);
export type VideoSaveRequest = z.infer<typeof videoSaveRequestSchema>;

/** POST update: the id and every field (the dialog and the list's switch send the whole video). */
export const videoUpdateRequestSchema = z.object({ id: contentIdSchema, ...videoFields });
export type VideoUpdateRequest = z.infer<typeof videoUpdateRequestSchema>;

/** POST upload's answer: where the MP4 is served, its size, and its duration from its `mvhd`. */
export const videoUploadResultSchema = z.object({
  url: z.string(),
  size: z.number().int(),
  /** Whole seconds (rounded, at least 1); null when the file does not say (a fragmented MP4). */
  durationS: z.number().int().nullable(),
});
export type VideoUploadResult = z.infer<typeof videoUploadResultSchema>;

/** GET publicList's query. */
export const publicVideoListQuerySchema = z.object({
  category: z.preprocess(
    blankToUndefined,
    z.enum(VIDEO_CATEGORY_KEYS, { error: VideoMessages.categoryInvalid }).optional(),
  ),
});
export type PublicVideoListQuery = z.infer<typeof publicVideoListQuerySchema>;

/** A video as the public list shows it (nothing of the back office). */
export const publicVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(VIDEO_CATEGORY_KEYS),
  cover: z.string(),
  url: z.string(),
  durationS: z.number().int(),
  description: z.string(),
});
export type PublicVideo = z.infer<typeof publicVideoSchema>;

export const publicVideoListSchema = z.object({
  /** The categories that have an enabled video, in the registry's order, with how many. */
  categories: z.array(
    z.object({ key: z.enum(VIDEO_CATEGORY_KEYS), label: z.string(), count: z.number().int() }),
  ),
  /** The enabled videos (of the category asked for, else all), by sort; at most 200. */
  list: z.array(publicVideoSchema),
});
export type PublicVideoList = z.infer<typeof publicVideoListSchema>;

/** A duration as the lists show it: "mm:ss", or "h:mm:ss" from an hour. */
export function formatVideoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
