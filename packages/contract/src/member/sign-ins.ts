import { DAY_MS } from '../china-day.js';
import { z } from 'zod';
import { outOfRange } from '../content-fields.js';
import { fromNumberOrText, optionalIdSchema } from '../ids.js';
import { checkTimeRange, optionalText, timeRangeQuerySchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';

/**
 * Daily check-in (PRODUCT.md §4 member_sign/sign): the rules (settings section `sign`, saved
 * through the ordinary settings endpoints), the check-in records and the daily counts.
 *
 * A member checks in once per local (China, UTC+8) calendar day; the streak is yesterday's streak
 * + 1 (or 1); a day pays the base points, and the streak day N listed in the rewards pays its extra
 * points once per streak. Points go through the points ledger (its daily cap applies).
 */

export const SignPaths = {
  recordList: '/v3/sign/admin/record/list',
  recordExport: '/v3/sign/admin/record/export',
  dailyCounts: '/v3/sign/admin/record/dailyCounts',
  /** Support staff record a check-in for a member who called in (action edit). */
  checkIn: '/v3/sign/admin/record/checkIn',
} as const;

export const SignMessages = {
  alreadySigned: '今日已签到',
  disabled: '签到功能未开启',
  memberNotFound: '会员不存在或已被删除',
  phoneNotFound: '没有该手机号的会员',
  memberNotNormal: '该会员状态异常（已冻结或已注销），不能签到',
  signed: (points: number, streak: number) => `签到成功，连续签到${streak}天，获得${points}积分`,
  rewardDayDuplicate: '连续签到天数不能重复',
  rangeTooLong: '日期范围最多366天',
  endBeforeStart: '结束日期不能早于开始日期',
  dateFormat: '日期格式应为 YYYY-MM-DD',
} as const;

/* ---------------------------------------------------------------- settings section `sign` */

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, outOfRange(label, min, max))
    .max(max, outOfRange(label, min, max));

export const SIGN_STREAK_DAY_MAX = 365;
export const SIGN_STREAK_REWARDS_MAX = 20;

export const signStreakRewardSchema = z.object({
  /** The streak day that pays (2 … 365). */
  day: int('连续签到天数', 2, SIGN_STREAK_DAY_MAX),
  points: int('奖励积分', 1, 100_000),
});
export type SignStreakReward = z.infer<typeof signStreakRewardSchema>;

export const signSetSchema = z
  .object({
    enabled: z.boolean({ error: '请选择是否开启签到' }),
    basePoints: int('每日签到积分', 0, 10_000),
    streakRewards: z
      .array(signStreakRewardSchema, { error: '连续签到奖励格式不正确' })
      .max(SIGN_STREAK_REWARDS_MAX, `连续签到奖励最多${SIGN_STREAK_REWARDS_MAX}条`),
    reminderEnabled: z.boolean({ error: '请选择是否开启签到提醒' }),
    reminderTime: z
      .string({ error: '请选择提醒时间' })
      .regex(HHMM, '提醒时间格式应为 时:分（如 20:00）'),
    ruleText: z
      .string({ error: '请输入签到规则说明' })
      .trim()
      .max(1000, '签到规则说明最多1000个字'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.streakRewards.forEach((r, i) => {
      if (seen.has(r.day)) {
        ctx.addIssue({
          code: 'custom',
          path: ['streakRewards', i, 'day'],
          message: SignMessages.rewardDayDuplicate,
        });
      }
      seen.add(r.day);
    });
  });
export type SignSet = z.infer<typeof signSetSchema>;

export const DEFAULT_SIGN_SET: SignSet = {
  enabled: true,
  basePoints: 5,
  streakRewards: [
    { day: 3, points: 10 },
    { day: 7, points: 30 },
    { day: 30, points: 100 },
  ],
  reminderEnabled: true,
  reminderTime: '20:00',
  ruleText: '每天可签到一次；连续签到达到指定天数可额外获得奖励积分；中断后重新计算连续天数。',
};

/** Extra points of streak day `streak` (0 when that day pays no reward). */
export function streakRewardOf(rules: SignSet, streak: number): number {
  return rules.streakRewards.find((r) => r.day === streak)?.points ?? 0;
}

/* ---------------------------------------------------------------- records */

export const SIGN_SOURCES = ['app', 'admin'] as const;
export type SignSourceKind = (typeof SIGN_SOURCES)[number];
export const SIGN_SOURCE_LABELS: Record<SignSourceKind, string> = {
  app: 'APP 签到',
  admin: '后台代签',
};

/** SIGN_SOURCE_LABELS's English, for the English UI and the operation log. */
export const SIGN_SOURCE_LABELS_EN: Record<SignSourceKind, string> = {
  app: 'App',
  admin: 'By an operator',
};

export const signRecordSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked (spec §5). */
  memberPhone: z.string(),
  signDate: z.string(),
  streak: z.number().int(),
  basePoints: z.number().int(),
  rewardPoints: z.number().int(),
  /** What the ledger paid (the daily cap may cut it). */
  pointsAwarded: z.number().int(),
  source: z.enum(SIGN_SOURCES),
  operatorName: z.string(),
  createdAt: z.number().int(),
});
export type SignRecord = z.infer<typeof signRecordSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const recordFilterShape = {
  /** Part of the member's phone number. */
  phone: optionalText(11),
  /** Part of the member's name. */
  name: optionalText(50),
  /** Streak at least. */
  minStreak: z.preprocess(
    blankToUndefined,
    fromNumberOrText(
      z.coerce
        .number({ error: '连续天数必须是数字' })
        .int('连续天数必须是整数')
        .min(1, outOfRange('连续天数', 1, 10_000))
        .max(10_000, outOfRange('连续天数', 1, 10_000))
        .optional(),
    ),
  ),
};

export const signRecordExportQuerySchema = z
  .object(recordFilterShape)
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type SignRecordExportQuery = z.infer<typeof signRecordExportQuerySchema>;

export const signRecordListQuerySchema = listQuerySchema
  .extend(recordFilterShape)
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type SignRecordListQuery = z.infer<typeof signRecordListQuerySchema>;
export const signRecordPageSchema = pageOf(signRecordSchema);

/* ---------------------------------------------------------------- daily counts */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DATE, SignMessages.dateFormat)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), SignMessages.dateFormat);

export const SIGN_DAILY_MAX_DAYS = 366;

export const signDailyCountsQuerySchema = z
  .object({ start: dateText('开始日期'), end: dateText('结束日期') })
  .superRefine((v, ctx) => {
    if (!DATE.test(v.start) || !DATE.test(v.end)) return;
    const days = (Date.parse(v.end) - Date.parse(v.start)) / DAY_MS;
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: SignMessages.endBeforeStart });
    } else if (days + 1 > SIGN_DAILY_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: SignMessages.rangeTooLong });
    }
  });
export type SignDailyCountsQuery = z.infer<typeof signDailyCountsQuerySchema>;

export const signDailyCountsSchema = z.object({
  /** Every day of the range, oldest first, zero when nobody checked in. */
  list: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type SignDailyCounts = z.infer<typeof signDailyCountsSchema>;

/* ---------------------------------------------------------------- admin check-in */

export const signCheckInRequestSchema = z
  .object({
    memberId: optionalIdSchema('会员编号'),
    /** Or the member's full phone number (what a caller tells support staff). */
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^1\d{10}$/, '请输入正确的11位手机号')
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.memberId === undefined && v.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: '请输入会员手机号' });
    }
  });
export type SignCheckInRequest = z.infer<typeof signCheckInRequestSchema>;

export const signCheckInResultSchema = z.object({
  recordId: z.number().int(),
  signDate: z.string(),
  streak: z.number().int(),
  basePoints: z.number().int(),
  rewardPoints: z.number().int(),
  pointsAwarded: z.number().int(),
});
export type SignCheckInResult = z.infer<typeof signCheckInResultSchema>;
