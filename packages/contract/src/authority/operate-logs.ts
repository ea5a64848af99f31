import { z } from 'zod';
import { listQuerySchema } from '../pagination.js';
import {
  checkTimeRange,
  optionalText,
  sortQuerySchema,
  timeRangeQuerySchema,
} from '../list-query.js';

/** The operation log page (/sysset_authority/operate_log). */
export const OperateLogPaths = {
  list: '/v3/system/admin/operateLog/list',
  export: '/v3/system/admin/operateLog/export',
  options: '/v3/system/admin/operateLog/options',
} as const;

export const OPERATE_LOG_RESULTS = ['success', 'failure'] as const;
export type OperateLogResult = (typeof OPERATE_LOG_RESULTS)[number];
export const OPERATE_LOG_RESULT_LABELS: Record<OperateLogResult, string> = {
  success: '成功',
  failure: '失败',
};

export const OPERATE_LOG_SORT_FIELDS = ['createdAt'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Filters shared by the list and the export. */
export const operateLogFilterSchema = z
  .object({
    /** Operator user name, contains. */
    operatorName: optionalText(50),
    module: optionalText(50),
    action: optionalText(50),
    result: z.preprocess(
      blank,
      z.enum(OPERATE_LOG_RESULTS, { error: '结果只能是成功或失败' }).optional(),
    ),
  })
  .extend(timeRangeQuerySchema.shape)
  .extend(sortQuerySchema(OPERATE_LOG_SORT_FIELDS).shape);

export const operateLogListQuerySchema = listQuerySchema
  .extend(operateLogFilterSchema.shape)
  .superRefine(checkTimeRange);
export type OperateLogListQuery = z.infer<typeof operateLogListQuerySchema>;

export const operateLogExportQuerySchema = operateLogFilterSchema.superRefine(checkTimeRange);
export type OperateLogExportQuery = z.infer<typeof operateLogExportQuerySchema>;

/** A text in both languages of the UI (the operation log names everything in both). */
export const localizedTextSchema = z.object({ zh: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** One field of an entry's before/after table, read as a person would (labels, masked, times). */
export const operateLogChangeSchema = z.object({
  /** The field's key path as written ("status", "filter.phone"); "" when a snapshot is one value. */
  field: z.string(),
  label: localizedTextSchema,
  /** null: the field is not in that snapshot (an add has no before, a delete no after). */
  before: localizedTextSchema.nullable(),
  after: localizedTextSchema.nullable(),
  changed: z.boolean(),
});
export type OperateLogChange = z.infer<typeof operateLogChangeSchema>;

export const operateLogItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  module: z.string(),
  moduleLabel: localizedTextSchema,
  action: z.string(),
  actionLabel: localizedTextSchema,
  /** What was changed ("会员 张三（138****1234）"), personal numbers masked. */
  target: localizedTextSchema,
  ip: z.string(),
  result: z.enum(OPERATE_LOG_RESULTS),
  /** A known message in English too; a reason an operator typed reads as written in both. */
  message: localizedTextSchema,
  requestId: z.string(),
  /** The before/after table (secrets shown as hidden, never their value); empty when none. */
  changes: z.array(operateLogChangeSchema),
});
export type OperateLogItem = z.infer<typeof operateLogItemSchema>;

export const localizedOptionSchema = z.object({ value: z.string(), label: localizedTextSchema });
export type LocalizedOption = z.infer<typeof localizedOptionSchema>;

export const operateLogOptionsSchema = z.object({
  modules: z.array(localizedOptionSchema),
  actions: z.array(localizedOptionSchema),
});
export type OperateLogOptions = z.infer<typeof operateLogOptionsSchema>;
