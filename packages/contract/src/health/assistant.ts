import { z } from 'zod';
import { contentOptionalText } from '../content-fields.js';
import { deviceReturnSchema, DEVICE_STATUSES } from '../device/devices.js';
import { idSchema } from '../ids.js';
import { healthTaskSchema, HealthTaskMessages, TASK_OUTCOME_MAX } from './tasks.js';

/**
 * 助理工作台 (/health_medical_studio/assistant-workbench): the assistant's day in one place —
 *
 * - 异常随访: the follow-up calls of abnormal results assigned to them; each call is recorded:
 *   reached (the outcome completes the task, the member earns the task points) or not reached
 *   (an attempt on the task's timeline; the task stays to be called again);
 * - 待预约: their tasks waiting for a time agreed with the member;
 * - 设备寄回: returns members filed by post, to receive when the device arrives.
 *
 * Everything here is a step of the task workflow or of the device lifecycle, taken under this
 * page's permission (its `edit` action), with the same rules and events as on their own pages.
 */
export const AssistantPaths = {
  overview: '/v3/health/admin/assistant/overview',
  /** Record a follow-up call: reached (completes the task) or not. */
  call: '/v3/health/admin/assistant/call',
  book: '/v3/health/admin/assistant/book',
  /** The device of a pending return has arrived: received, back from the member. */
  receive: '/v3/health/admin/assistant/receive',
} as const;

/** Rows of each list the overview answers at most (the counts are exact). */
export const ASSISTANT_LIST_MAX = 50;

export const AssistantMessages = {
  notMine: '该任务未分配给你',
  notFollowUp: '只有电话随访任务可以在此记录随访',
  returnNotFound: '寄回记录不存在或已签收',
  outcomeRequired: HealthTaskMessages.outcomeRequired,
} as const;

export const assistantReturnSchema = deviceReturnSchema.extend({
  /** Masked. */
  memberPhone: z.string().nullable(),
  deviceStatus: z.enum(DEVICE_STATUSES),
});
export type AssistantReturn = z.infer<typeof assistantReturnSchema>;

export const assistantOverviewSchema = z.object({
  counts: z.object({
    followUps: z.number().int(),
    toBook: z.number().int(),
    returns: z.number().int(),
  }),
  /** Follow-up calls assigned to the caller, to book or booked; the earliest appointment first. */
  followUps: z.array(healthTaskSchema),
  /** The caller's other tasks waiting for a time with the member, the oldest first. */
  toBook: z.array(healthTaskSchema),
  /** Pending device returns, the oldest first. */
  returns: z.array(assistantReturnSchema),
});
export type AssistantOverview = z.infer<typeof assistantOverviewSchema>;

export const CALL_RESULTS = ['reached', 'unreachable'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const assistantCallSchema = z
  .object({
    id: idSchema('任务编号'),
    result: z.enum(CALL_RESULTS, { error: '请选择随访结果' }),
    /** Reached: what the member said and what was advised (required); not reached: a note. */
    outcome: contentOptionalText(TASK_OUTCOME_MAX, '随访记录'),
  })
  .refine((v) => v.result !== 'reached' || v.outcome.length > 0, {
    message: AssistantMessages.outcomeRequired,
    path: ['outcome'],
  });
export type AssistantCall = z.infer<typeof assistantCallSchema>;

export const assistantReceiveSchema = z.object({
  /** The return's id. */
  id: idSchema('寄回记录'),
  remark: contentOptionalText(200, '签收说明'),
});
export type AssistantReceive = z.infer<typeof assistantReceiveSchema>;
