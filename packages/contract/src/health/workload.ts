import { z } from 'zod';
import { DAY_MS } from '../china-day.js';
import { optionalIdSchema } from '../ids.js';
import { optionalEpochMs } from '../list-query.js';

/**
 * 医护工作量 (/health_medical_studio/medical_staff_report): what each doctor and assistant did in
 * a period, counted from the records of the work itself — the health reports (who signed and
 * published each version, the alert it answered) and the health tasks' events (who completed or
 * booked each task) — never from a counter kept on the side.
 *
 * - 判读 (read): report versions the person signed — signing is the doctor's reading;
 * - 发布报告: versions the person published; 处理预警: alerts closed by those publications;
 * - 响应时长: from an alert being raised to the publication of the report that answered it, median
 *   and 90th percentile (nearest rank) in minutes, over the alerts the person answered;
 * - 预约 / 完成任务: the task steps the person took.
 */
export const WorkloadPaths = {
  list: '/v3/health/admin/workload/list',
  export: '/v3/health/admin/workload/export',
} as const;

/** The longest period one query covers. */
export const WORKLOAD_MAX_DAYS = 366;

export const WorkloadMessages = {
  periodRequired: '请选择统计时间段',
  periodTooLong: `统计时间段最长${WORKLOAD_MAX_DAYS}天`,
  periodOrder: '结束时间不能早于开始时间',
} as const;

export const workloadQuerySchema = z
  .object({
    startTime: optionalEpochMs,
    endTime: optionalEpochMs,
    /** One person's series in the chart (default: everyone's). */
    operatorId: optionalIdSchema('人员'),
  })
  .superRefine((v, ctx) => {
    if (v.startTime === undefined || v.endTime === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['startTime'],
        message: WorkloadMessages.periodRequired,
      });
      return;
    }
    if (v.endTime < v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: WorkloadMessages.periodOrder });
    else if (v.endTime - v.startTime > WORKLOAD_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: WorkloadMessages.periodTooLong });
  });
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

export const workloadRowSchema = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  /** doctor | assistant | admin | operator: anyone who did any of the work counts. */
  staffRole: z.enum(['admin', 'doctor', 'assistant', 'operator']),
  read: z.number().int(),
  published: z.number().int(),
  alertsAnswered: z.number().int(),
  /** Minutes from alert to published report (null: no alert answered). */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  tasksBooked: z.number().int(),
  tasksDone: z.number().int(),
});
export type WorkloadRow = z.infer<typeof workloadRowSchema>;

export const workloadDaySchema = z.object({
  /** China day, YYYY-MM-DD. */
  date: z.string(),
  published: z.number().int(),
  tasksDone: z.number().int(),
});
export type WorkloadDay = z.infer<typeof workloadDaySchema>;

export const workloadSchema = z.object({
  /** Busiest first (published + tasks done), then by name. */
  rows: z.array(workloadRowSchema),
  /** Every China day of the period (the chart), for everyone or the chosen person. */
  days: z.array(workloadDaySchema),
  /** Everyone's response times together. */
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});
export type Workload = z.infer<typeof workloadSchema>;

/** The nearest-rank percentile (0 < p ≤ 100) of a list of numbers; null when empty. */
export function percentileOf(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
