import { z } from 'zod';
import { idSchema } from '../ids.js';
import { blankToUndefined } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { MEASUREMENT_LEVELS, type MeasurementLevel } from '../device/ingest.js';
import { MEASUREMENT_TYPES } from '../system/settings.js';
import { measurementTrendSchema } from '../report/measurements.js';
import { reportReadingSchema } from './reports.js';

/**
 * The doctor's workbench (医生工作台, PRODUCT.md §4 health): the queue of open alerts — the abnormal
 * readings the 预警配置 rules send to the doctor queue — most pressing first, claimed by one
 * doctor at a time while they read it, closed when its report is published (or the reading is
 * handled in 报告中心).
 *
 * Order: urgent first, then by the triage score, highest first. The score is what the doctor
 * reads on the row's "why" chips: the reading's level, how long it has waited, the member's age
 * and the member's abnormal readings of the 30 days before it (`triageOf`). Every part but the
 * wait is fixed when the alert is raised, and the wait grows alike for every row, so the order by
 * the live score is the order by one stored number (`queueRankOf`): the server sorts 100,000
 * open alerts by an index, not by computing scores.
 */
export const WorkbenchPaths = {
  queue: '/v3/health/admin/workbench/queue',
  /** Open alerts by level (the counters), polled every COUNT_POLL_SECONDS. */
  counts: '/v3/health/admin/workbench/counts',
  /** Server-sent events: `alert` (a new one's id and level) and `changed` (claimed, closed). */
  stream: '/v3/health/admin/workbench/stream',
  claim: '/v3/health/admin/workbench/claim',
  release: '/v3/health/admin/workbench/release',
  /** GET ?id=<alert id>: the alert, its reading, the member and their history and reports. */
  detail: '/v3/health/admin/workbench/detail',
} as const;

/** Points of the triage score (one per minute waited; the rest fixed when the alert is raised). */
export const TRIAGE_POINTS = {
  level: { urgent: 120, warning: 60, normal: 0 } satisfies Record<MeasurementLevel, number>,
  /** Members at least this old get AGE_POINTS. */
  elderAge: 65,
  elderPoints: 30,
  veryOldAge: 80,
  veryOldPoints: 60,
  /** Per abnormal reading of the member in the 30 days before, up to HISTORY_MAX. */
  historyEach: 10,
  historyMax: 60,
  /** The wait counts up to this many points (a day), so that a forgotten alert stays findable. */
  waitMax: 1440,
} as const;
/** Days of history the triage looks at. */
export const TRIAGE_HISTORY_DAYS = 30;

export const TRIAGE_REASONS = ['level', 'waited', 'age', 'history'] as const;
export type TriageReasonKind = (typeof TRIAGE_REASONS)[number];

export const triageReasonSchema = z.object({
  kind: z.enum(TRIAGE_REASONS),
  /** level: the level; waited: minutes; age: years; history: abnormal readings in 30 days. */
  value: z.union([z.string(), z.number()]),
  points: z.number().int(),
});
export type TriageReason = z.infer<typeof triageReasonSchema>;

export interface TriageFacts {
  level: MeasurementLevel;
  /** When the alert was raised (epoch ms). */
  raisedAt: number;
  /** The member's age in whole years then, if known. */
  age: number | null;
  /** The member's abnormal readings in the TRIAGE_HISTORY_DAYS before this one. */
  history: number;
}

const ageOf = (age: number | null) =>
  age === null
    ? 0
    : age >= TRIAGE_POINTS.veryOldAge
      ? TRIAGE_POINTS.veryOldPoints
      : age >= TRIAGE_POINTS.elderAge
        ? TRIAGE_POINTS.elderPoints
        : 0;

/** The fixed part of the score (everything but the wait). */
export function triageBaseOf(f: Omit<TriageFacts, 'raisedAt'>): number {
  return (
    TRIAGE_POINTS.level[f.level] +
    ageOf(f.age) +
    Math.min(TRIAGE_POINTS.historyMax, f.history * TRIAGE_POINTS.historyEach)
  );
}

/** The score at `now` and its reasons (the row's chips), largest part first. */
export function triageOf(f: TriageFacts, now: number): { score: number; reasons: TriageReason[] } {
  const waited = Math.max(0, Math.floor((now - f.raisedAt) / 60_000));
  const reasons: TriageReason[] = [
    { kind: 'level', value: f.level, points: TRIAGE_POINTS.level[f.level] },
    { kind: 'waited', value: waited, points: Math.min(TRIAGE_POINTS.waitMax, waited) },
  ];
  const age = ageOf(f.age);
  if (age > 0) reasons.push({ kind: 'age', value: f.age!, points: age });
  if (f.history > 0)
    reasons.push({
      kind: 'history',
      value: f.history,
      points: Math.min(TRIAGE_POINTS.historyMax, f.history * TRIAGE_POINTS.historyEach),
    });
  return {
    score: reasons.reduce((s, r) => s + r.points, 0),
    reasons: reasons.sort((a, b) => b.points - a.points),
  };
}

/** Urgent alerts rank above every other, whatever their score. */
const URGENT_RANK = 1e15;
/**
 * The stored sort key of an open alert: higher comes first. Ordering by it is ordering by the
 * live score (one point a minute waited: base − raisedAt/60000, the same `now` for every row),
 * urgent first. Exact below the wait cap; past a day's wait rows keep their order by age.
 */
export function queueRankOf(f: Omit<TriageFacts, 'raisedAt'>, raisedAt: number): number {
  return (f.level === 'urgent' ? URGENT_RANK : 0) + triageBaseOf(f) * 60_000 - raisedAt;
}

export const QUEUE_CLAIM_FILTERS = ['all', 'mine', 'free'] as const;
export type QueueClaimFilter = (typeof QUEUE_CLAIM_FILTERS)[number];

export const workbenchQueueQuerySchema = listQuerySchema.extend({
  level: z.preprocess(
    blankToUndefined,
    z.enum(MEASUREMENT_LEVELS, { error: '预警级别不正确' }).optional(),
  ),
  type: z.preprocess(
    blankToUndefined,
    z.enum(MEASUREMENT_TYPES, { error: '测量类型不正确' }).optional(),
  ),
  claim: z.preprocess(
    blankToUndefined,
    z.enum(QUEUE_CLAIM_FILTERS, { error: '认领筛选不正确' }).optional(),
  ),
});
export type WorkbenchQueueQuery = z.infer<typeof workbenchQueueQuerySchema>;

export const workbenchQueueRowSchema = z.object({
  /** The alert's id. */
  id: z.number().int(),
  measurementId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  memberAge: z.number().int().nullable(),
  type: z.enum(MEASUREMENT_TYPES),
  level: z.enum(MEASUREMENT_LEVELS),
  /** The classification's key (grade2, ...) and words ("二级高血压"). */
  category: z.string(),
  label: z.string(),
  values: z.record(z.string(), z.unknown()),
  measuredAt: z.number().int(),
  /** When the alert was raised (the wait clock starts here). */
  raisedAt: z.number().int(),
  status: z.enum(['open', 'handled']),
  /** A closed alert: when and by whom (its report published, or handled in 报告中心). */
  handledAt: z.number().int().nullable(),
  handledBy: z.string().nullable(),
  /** The doctor holding the claim (name), null when free, expired or the alert is closed. */
  claimedBy: z.string().nullable(),
  claimedById: z.number().int().nullable(),
  /** The operator asking holds the claim. */
  claimedByMe: z.boolean(),
  claimExpiresAt: z.number().int().nullable(),
  score: z.number().int(),
  reasons: z.array(triageReasonSchema),
});
export type WorkbenchQueueRow = z.infer<typeof workbenchQueueRowSchema>;
export const workbenchQueueSchema = pageOf(workbenchQueueRowSchema).extend({
  /** The server's clock when it answered (wait clocks count from it). */
  now: z.number().int(),
  /** 运营配置: minutes after which a wait shows red. */
  waitLimitMinutes: z.number().int(),
});
export type WorkbenchQueue = z.infer<typeof workbenchQueueSchema>;

export const workbenchCountsSchema = z.object({
  urgent: z.number().int(),
  warning: z.number().int(),
  normal: z.number().int(),
  total: z.number().int(),
  /** Open alerts waiting past the limit. */
  overdue: z.number().int(),
  /** Claimed by the operator asking. */
  mine: z.number().int(),
});
export type WorkbenchCounts = z.infer<typeof workbenchCountsSchema>;

export const workbenchAlertRequestSchema = z.object({ id: idSchema('预警编号') });
export type WorkbenchAlertRequest = z.infer<typeof workbenchAlertRequestSchema>;

export const workbenchClaimSchema = z.object({
  id: z.number().int(),
  claimedBy: z.string(),
  claimedById: z.number().int(),
  claimedAt: z.number().int(),
  claimExpiresAt: z.number().int(),
});
export type WorkbenchClaim = z.infer<typeof workbenchClaimSchema>;

/** The events of the workbench stream (their `data` is this JSON). */
export const workbenchEventSchema = z.object({
  kind: z.enum(['alert', 'changed']),
  id: z.number().int(),
  level: z.enum(MEASUREMENT_LEVELS).optional(),
});
export type WorkbenchEvent = z.infer<typeof workbenchEventSchema>;

/** Readings of the member the detail lists (newest first). */
export const WORKBENCH_HISTORY_MAX = 30;

/** A reading as the detail's history lists it (the same shape as a report's reading). */
export const workbenchReadingSchema = reportReadingSchema;
export type WorkbenchReading = z.infer<typeof workbenchReadingSchema>;

/** One alert as the doctor opens it: the row, the member, their recent readings. */
/** Days of the BP / glucose series the detail shows. */
export const WORKBENCH_TREND_DAYS = 30;

export const workbenchDetailSchema = z.object({
  alert: workbenchQueueRowSchema,
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Masked. */
    phone: z.string(),
    gender: z.string(),
    age: z.number().int().nullable(),
  }),
  history: z.array(workbenchReadingSchema),
  /** A BP or glucose alert: the member's series of that type over WORKBENCH_TREND_DAYS. */
  trend: measurementTrendSchema.nullable(),
  now: z.number().int(),
  waitLimitMinutes: z.number().int(),
});
export type WorkbenchDetail = z.infer<typeof workbenchDetailSchema>;
export const workbenchDetailQuerySchema = z.object({ id: idSchema('预警编号') });

export const WorkbenchMessages = {
  notFound: '预警不存在',
  closed: '该预警已处理完毕',
  claimedByOther: (name: string) => `该预警已由${name}认领，请选择其他预警`,
  notClaimed: '您没有认领该预警',
  claimFirst: '请先认领该预警再撰写报告',
  /** Writing, signing or publishing the report of an alert another doctor holds. */
  heldByOther: (name: string) => `该预警已由${name}认领，只有认领的医生可以撰写、签名或发布其报告`,
  streamOnly: '该接口是事件流，请以 Accept: text/event-stream 连接',
} as const;
