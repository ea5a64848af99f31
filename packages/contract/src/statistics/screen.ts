import { z } from 'zod';
import { idSchema } from '../ids.js';
import { contentOptionalText, contentText } from '../content-fields.js';
import { metricValueSchema } from './metrics.js';
import { countRowSchema } from './devices.js';

/**
 * 数字大屏: one snapshot of the platform for a wall screen (its numbers are the glossary's
 * metrics, so the same period gives the same number as the statistics pages and their exports),
 * the live feed of new alerts over server-sent events, and 大屏链接 — named links that open the
 * screen on a TV without a login. A link's token is sent in `X-Screen-Token`; only the snapshot
 * and the stream accept it. Only its SHA-256 is stored.
 */
export const SCREEN_PATHS = {
  snapshot: '/v3/statistics/screen/snapshot',
  stream: '/v3/statistics/screen/stream',
  linkAdd: '/v3/statistics/admin/screenLink/add',
  linkRevoke: '/v3/statistics/admin/screenLink/revoke',
  linkList: '/v3/statistics/admin/screenLink/list',
} as const;

/** The header a screen link's token travels in (lower case, as Node gives headers). */
export const SCREEN_TOKEN_HEADER = 'x-screen-token';
/**
 * The screen page reads a link's token from the URL's fragment (`#screen=`): a fragment is never
 * sent to a server, so the token stays out of every access log on the way.
 */
export const SCREEN_TOKEN_FRAGMENT = 'screen';
/** The design size the screen is laid out at and scaled from. */
export const SCREEN_WIDTH = 1920;
export const SCREEN_HEIGHT = 1080;
/** The snapshot is fetched again this long after the last answer arrived. */
export const SCREEN_POLL_SECONDS = 30;
/** Alerts in the live feed. */
export const SCREEN_FEED_SIZE = 8;
/** Days of the trend chart (today included). */
export const SCREEN_TREND_DAYS = 30;
/** A screen link lives at most this long. */
export const SCREEN_LINK_MAX_DAYS = 366;
export const SCREEN_LINK_NAME_MAX = 30;
export const SCREEN_LINK_NOTE_MAX = 100;

export const ScreenMessages = {
  /** 266: the token is unknown or was tampered with. */
  linkInvalid: '大屏链接无效',
  linkExpired: '大屏链接已过期，请重新创建',
  linkRevoked: '大屏链接已被撤销',
  linkNotFound: '大屏链接不存在',
  linkAlreadyRevoked: '该大屏链接已撤销',
  expiryPast: '有效期须晚于当前时间',
  expiryTooFar: `有效期最长为${SCREEN_LINK_MAX_DAYS}天`,
  expiryRequired: '请选择有效期',
  nameRequired: '请输入链接名称',
  streamOnly: '请以 text/event-stream 方式订阅',
} as const;

/* ------------------------------------------------------------ provinces */

/**
 * The 34 provincial units by their short names (the names on the screen's map): 23 provinces
 * (台湾 included), 5 autonomous regions, 4 municipalities and 2 special administrative regions.
 */
export const PROVINCIAL_UNITS = [
  '北京',
  '天津',
  '上海',
  '重庆',
  '河北',
  '山西',
  '辽宁',
  '吉林',
  '黑龙江',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '海南',
  '四川',
  '贵州',
  '云南',
  '陕西',
  '甘肃',
  '青海',
  '台湾',
  '内蒙古',
  '广西',
  '西藏',
  '宁夏',
  '新疆',
  '香港',
  '澳门',
] as const;

const UNIT_SUFFIX = /(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/**
 * A province as members write it ("浙江省", "广西壮族自治区", "香港特别行政区") by its short name
 * ("浙江", "广西", "香港"); a name that is no provincial unit stays as it is.
 */
export function provinceShortName(name: string): string {
  const trimmed = name.trim();
  const short = trimmed.replace(UNIT_SUFFIX, '');
  return (PROVINCIAL_UNITS as readonly string[]).includes(short) ? short : trimmed;
}

/* ------------------------------------------------------------- snapshot */

/** A running total: what it counts (the glossary's wording) and its value now. */
export const screenTotalSchema = z.object({
  key: z.enum(['members', 'devices', 'readings', 'reports']),
  name: z.string(),
  nameEn: z.string(),
  definition: z.string(),
  definitionEn: z.string(),
  unit: z.string(),
  unitEn: z.string(),
  value: z.number(),
});
export type ScreenTotal = z.infer<typeof screenTotalSchema>;

/** One alert of the live feed: the member masked (张*), never a phone. */
export const screenAlertSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  level: z.enum(['warning', 'urgent']),
  type: z.string(),
  label: z.string(),
  member: z.string(),
  province: z.string(),
});
export type ScreenAlert = z.infer<typeof screenAlertSchema>;

export const screenSnapshotSchema = z.object({
  /** The China day the numbers of today are of (YYYY-MM-DD). */
  day: z.string(),
  asOf: z.number(),
  totals: z.array(screenTotalSchema),
  /** Today so far, each with yesterday up to the same time (the glossary's metric answers). */
  today: z.array(metricValueSchema),
  /** Today's readings by measurement type, every type (zeros included). */
  readingsByType: z.array(countRowSchema),
  /** Today's alerts by level. */
  alertsByLevel: z.array(countRowSchema),
  /**
   * Members to date by province (members.new summed over every day, by province), by the short
   * names of PROVINCIAL_UNITS; members without a province are left out.
   */
  provinces: z.array(z.object({ name: z.string(), value: z.number() })),
  /** Devices now by state. */
  devices: z.array(countRowSchema),
  /** The last SCREEN_TREND_DAYS days of readings, alerts raised and new members. */
  trend: z.array(metricValueSchema),
  /** The newest alerts, newest first. */
  alerts: z.array(screenAlertSchema),
});
export type ScreenSnapshot = z.infer<typeof screenSnapshotSchema>;

/** The stream's events: `ready` once, `alert` with each new alert, `ping` to keep it open. */
export type ScreenEvent = { kind: 'alert'; alert: ScreenAlert };

/* ---------------------------------------------------------------- links */

export const screenLinkAddSchema = z.object({
  name: contentText(ScreenMessages.nameRequired, SCREEN_LINK_NAME_MAX, '链接名称'),
  note: contentOptionalText(SCREEN_LINK_NOTE_MAX, '备注'),
  /** Epoch milliseconds, strict like an id. */
  expiresAt: idSchema('有效期', { invalid: ScreenMessages.expiryRequired }),
});
export type ScreenLinkAdd = z.infer<typeof screenLinkAddSchema>;

export const screenLinkIdSchema = z.object({ id: idSchema('大屏链接编号') });

/** The answer to add: the token and URL are shown this once and never again. */
export const screenLinkCreatedSchema = z.object({
  id: z.number().int(),
  /** The screen's path with the token in its fragment; the page puts its origin before it. */
  url: z.string(),
  token: z.string(),
});
export type ScreenLinkCreated = z.infer<typeof screenLinkCreatedSchema>;

export const SCREEN_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ScreenLinkState = (typeof SCREEN_LINK_STATES)[number];
export const SCREEN_LINK_STATE_LABELS: Record<ScreenLinkState, string> = {
  active: '有效',
  expired: '已过期',
  revoked: '已撤销',
};

export const screenLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string(),
  state: z.enum(SCREEN_LINK_STATES),
  expiresAt: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
  /** When a screen last fetched through it (null: never). */
  lastSeenAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  revokedBy: z.string().nullable(),
});
export type ScreenLink = z.infer<typeof screenLinkSchema>;
export const screenLinkListSchema = z.object({ list: z.array(screenLinkSchema) });
export type ScreenLinkList = z.infer<typeof screenLinkListSchema>;
