import { z } from 'zod';
import { outOfRange } from '../content-fields.js';
import { fromNumberOrText, idSchema, optionalIdSchema } from '../ids.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { checkTimeRange, optionalText, timeRangeQuerySchema } from '../list-query.js';

/**
 * Points (PRODUCT.md §4 "member_integral"): the ledger of every member's points, the admin
 * adjustment of a balance, the ledger list / export / summary, and the earning rules saved as the
 * settings section `integral` (through the ordinary settings endpoints).
 *
 * A member's `points_balance` always equals the sum of its ledger rows and is never negative.
 */

export const PointsPaths = {
  /** Admin adjustment of one member's balance (member list / detail, action 'points'). */
  adjust: '/v3/member/admin/points/adjust',
  ledgerList: '/v3/points/admin/ledger/list',
  ledgerExport: '/v3/points/admin/ledger/export',
  ledgerSummary: '/v3/points/admin/ledger/summary',
} as const;

export const POINTS_ADJUST_MAX = 100_000;

export const PointsMessages = {
  insufficient: '积分余额不足',
  memberNotFound: '会员不存在或已被删除',
  memberFrozen: '该会员已被冻结，不能获得或使用积分',
  memberLoggedOff: '该会员已注销，不能获得或使用积分',
  amountRequired: '请输入调整数量',
  amountInteger: '调整数量必须是整数',
  amountZero: '调整数量不能为0',
  amountTooLarge: `调整数量的绝对值不能超过${POINTS_ADJUST_MAX}`,
  reasonRequired: '请输入调整原因',
  reasonTooLong: '调整原因最多200个字',
  adjusted: '积分已调整',
} as const;

/* ---------------------------------------------------------------- ledger types */

export const POINTS_TYPES = [
  'register',
  'check_in',
  'check_in_streak',
  'measurement',
  'health_task',
  'purchase',
  'redeem',
  'refund',
  'adjust',
  'expire',
] as const;
export type PointsType = (typeof POINTS_TYPES)[number];

export const POINTS_TYPE_LABELS: Record<PointsType, string> = {
  register: '注册奖励',
  check_in: '每日签到',
  check_in_streak: '连续签到奖励',
  measurement: '上传测量',
  health_task: '完成健康任务',
  purchase: '消费奖励',
  redeem: '积分兑换',
  refund: '兑换退回',
  adjust: '后台调整',
  expire: '积分过期',
};

/** POINTS_TYPE_LABELS's English, for the English UI and the operation log. */
export const POINTS_TYPE_LABELS_EN: Record<PointsType, string> = {
  register: 'Registration',
  check_in: 'Daily check-in',
  check_in_streak: 'Streak reward',
  measurement: 'Measurement',
  health_task: 'Health task',
  purchase: 'Purchase reward',
  redeem: 'Redemption',
  refund: 'Redemption refund',
  adjust: 'Manual adjustment',
  expire: 'Expired',
};

/** Types that earn points under the integral rules (multiplier + daily cap apply). */
export const EARNING_TYPES = [
  'register',
  'check_in',
  'check_in_streak',
  'measurement',
  'health_task',
  'purchase',
] as const satisfies readonly PointsType[];
export type EarningType = (typeof EARNING_TYPES)[number];

/** Earning types counted against the daily cap (registration is a one-off and is not capped). */
export const CAPPED_EARNING_TYPES = [
  'check_in',
  'check_in_streak',
  'measurement',
  'health_task',
  'purchase',
] as const satisfies readonly PointsType[];

/* ---------------------------------------------------------------- integral settings section */

export const EXPIRY_POLICIES = ['never', 'yearly', 'rolling'] as const;
export type ExpiryPolicy = (typeof EXPIRY_POLICIES)[number];
export const EXPIRY_POLICY_LABELS: Record<ExpiryPolicy, string> = {
  never: '永不过期',
  yearly: '按年清零（第N年获得的积分在第N+1年年底过期）',
  rolling: '滚动过期（获得后N个月过期）',
};

/** EXPIRY_POLICY_LABELS's English, for the English UI and the operation log. */
export const EXPIRY_POLICY_LABELS_EN: Record<ExpiryPolicy, string> = {
  never: 'Never expire',
  yearly: 'Yearly (points earned in year N expire at the end of year N+1)',
  rolling: 'Rolling (expire N months after earning)',
};

const pointsInt = (label: string, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(0, outOfRange(label, 0, max))
    .max(max, outOfRange(label, 0, max));

/** Settings section `integral`: the earning rules, the daily cap and the expiry policy. */
export const integralSetSchema = z.object({
  /** Points for registering (once). */
  registerPoints: pointsInt('注册奖励积分', 100_000),
  /** Points per uploaded measurement. */
  measurementPoints: pointsInt('上传测量积分', 10_000),
  /** Points per completed health task. */
  healthTaskPoints: pointsInt('完成健康任务积分', 10_000),
  /** Points per yuan spent. */
  pointsPerYuan: pointsInt('每消费1元获得积分', 1_000),
  /** Most points a member can earn per day (earning types except registration); 0 = no cap. */
  dailyCap: pointsInt('每日获取上限', 1_000_000),
  expiryPolicy: z.enum(EXPIRY_POLICIES, { error: '请选择过期策略' }),
  /** Months until expiry with the rolling policy. */
  expiryMonths: z
    .number({ error: '请输入过期月数' })
    .int('过期月数必须是整数')
    .min(1, outOfRange('过期月数', 1, 120))
    .max(120, outOfRange('过期月数', 1, 120)),
});
export type IntegralSet = z.infer<typeof integralSetSchema>;

export const DEFAULT_INTEGRAL_SET: IntegralSet = {
  registerPoints: 100,
  measurementPoints: 10,
  healthTaskPoints: 20,
  pointsPerYuan: 1,
  dailyCap: 200,
  expiryPolicy: 'yearly',
  expiryMonths: 12,
};

/**
 * Points of one earning event under the rules (before multiplier and cap); null = not a rule here.
 * Check-in points are the check-in page's (settings section `sign`): the caller passes them.
 */
export function basePointsOf(rules: IntegralSet, type: EarningType, quantity = 1): number | null {
  switch (type) {
    case 'register':
      return rules.registerPoints;
    case 'measurement':
      return rules.measurementPoints * quantity;
    case 'health_task':
      return rules.healthTaskPoints * quantity;
    case 'purchase':
      return Math.floor(rules.pointsPerYuan * quantity);
    default:
      return null;
  }
}

/* ---------------------------------------------------------------- adjust */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** POST adjust (form or JSON): `{ memberId, amount (+/−, ≠ 0), reason }`. */
export const pointsAdjustRequestSchema = z.object({
  memberId: idSchema('会员编号', { required: '请选择会员' }),
  amount: z.preprocess(
    blankToUndefined,
    fromNumberOrText(
      z.coerce
        .number({ error: PointsMessages.amountRequired })
        .int(PointsMessages.amountInteger)
        .refine((v) => v !== 0, { message: PointsMessages.amountZero })
        .refine((v) => Math.abs(v) <= POINTS_ADJUST_MAX, {
          message: PointsMessages.amountTooLarge,
        }),
    ),
  ),
  reason: z
    .string({ error: PointsMessages.reasonRequired })
    .trim()
    .min(1, PointsMessages.reasonRequired)
    .max(200, PointsMessages.reasonTooLong),
});
export type PointsAdjustRequest = z.infer<typeof pointsAdjustRequestSchema>;

export const pointsAdjustResultSchema = z.object({
  memberId: z.number().int(),
  amount: z.number().int(),
  balance: z.number().int(),
  ledgerId: z.number().int(),
});
export type PointsAdjustResult = z.infer<typeof pointsAdjustResultSchema>;

/* ---------------------------------------------------------------- ledger list */

export const POINTS_SIGNS = ['plus', 'minus'] as const;
export type PointsSign = (typeof POINTS_SIGNS)[number];

const ledgerFilterShape = {
  /** Part of the member's phone number. */
  phone: optionalText(11),
  /** Part of the member's name. */
  name: optionalText(50),
  type: z.preprocess(
    blankToUndefined,
    z.enum(POINTS_TYPES, { error: '积分类型不正确' }).optional(),
  ),
  sign: z.preprocess(
    blankToUndefined,
    z.enum(POINTS_SIGNS, { error: '收支方向只能是 plus 或 minus' }).optional(),
  ),
  memberId: optionalIdSchema('会员编号'),
};

export const pointsLedgerExportQuerySchema = z
  .object(ledgerFilterShape)
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type PointsLedgerExportQuery = z.infer<typeof pointsLedgerExportQuerySchema>;

export const pointsLedgerListQuerySchema = listQuerySchema
  .extend(ledgerFilterShape)
  .extend(timeRangeQuerySchema.shape)
  .superRefine(checkTimeRange);
export type PointsLedgerListQuery = z.infer<typeof pointsLedgerListQuerySchema>;

export const pointsLedgerItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked (spec §5). */
  memberPhone: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  type: z.enum(POINTS_TYPES),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  remark: z.string(),
  operatorName: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type PointsLedgerItem = z.infer<typeof pointsLedgerItemSchema>;
export const pointsLedgerPageSchema = pageOf(pointsLedgerItemSchema);

/* ---------------------------------------------------------------- summary */

export const pointsSummaryQuerySchema = timeRangeQuerySchema.superRefine(checkTimeRange);
export type PointsSummaryQuery = z.infer<typeof pointsSummaryQuerySchema>;

export const pointsSummarySchema = z.object({
  /** Points earned or granted (positive rows except refunds). */
  issued: z.number().int(),
  /** Points spent on redemptions (positive number), net of refunds. */
  redeemed: z.number().int(),
  /** Points expired (positive number). */
  expired: z.number().int(),
  /** Points removed by admin adjustments (positive number). */
  deducted: z.number().int(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;
