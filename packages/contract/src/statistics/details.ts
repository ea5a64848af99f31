import { z } from 'zod';
import { countRowSchema } from './devices.js';

/**
 * What the health and points pages show beside the glossary's metrics for the same period: the
 * numbers that are not sums of days (a median, the doctors, the goods, the members who redeemed)
 * and those that are of now (the points members hold, the orders' states), read from the source
 * tables for the period.
 */
export const STATISTICS_DETAIL_PATHS = {
  health: '/v3/statistics/admin/health/details',
  mall: '/v3/statistics/admin/mall/details',
} as const;

/** How fast alerts were answered by a published report, in a period. */
export const responseTimesSchema = z.object({
  /** Alerts answered by a report published in the period. */
  answered: z.number().int(),
  /** Minutes from an alert to its published report (null: none answered). */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});
export type ResponseTimes = z.infer<typeof responseTimesSchema>;

export const doctorReportsSchema = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  /** Reports this person published in the period (every version). */
  published: z.number().int(),
  /** Of them, answers to an alert. */
  alertsAnswered: z.number().int(),
  medianMinutes: z.number().nullable(),
});
export type DoctorReports = z.infer<typeof doctorReportsSchema>;

export const healthDetailsSchema = z.object({
  current: responseTimesSchema,
  /** The previous period of the same length. */
  previous: responseTimesSchema,
  /** The people who published reports in the period, most first. */
  byDoctor: z.array(doctorReportsSchema),
  asOf: z.number(),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;

export const TOP_GOODS = 10;

export const topGoodsSchema = z.object({
  goodsId: z.number().int(),
  name: z.string(),
  orders: z.number().int(),
  quantity: z.number().int(),
  points: z.number(),
});
export type TopGoods = z.infer<typeof topGoodsSchema>;

export const mallDetailsSchema = z.object({
  /** Points members hold now (every member's balance added). */
  balanceOutstanding: z.number(),
  /** Orders placed in the period, by the state they are in now (every state, zeros included). */
  ordersByState: z.array(countRowSchema),
  /** The goods redeemed most in the period (by orders, then quantity), at most TOP_GOODS. */
  topGoods: z.array(topGoodsSchema),
  /** Members who placed an order in the period, each once; and in the previous period. */
  redeemers: z.number().int(),
  previousRedeemers: z.number().int(),
  asOf: z.number(),
});
export type MallDetails = z.infer<typeof mallDetailsSchema>;
