import { z } from 'zod';
import { fromNumberOrText } from './ids.js';
import { listQuerySchema } from './pagination.js';

/**
 * Reusable pieces of list queries, combined with `listQuerySchema` by each list endpoint:
 *
 *   export const fooListQuerySchema = listQuerySchema
 *     .extend(sortQuerySchema(['createdAt', 'name']).shape)
 *     .extend(timeRangeQuerySchema.shape)
 *     .extend({ name: optionalText(50) })
 *     .superRefine(checkTimeRange);
 *
 * The web list page sends `sortField` / `sortOrder` (antd Table's `ascend | descend`) and query
 * fields exactly as named here.
 */

export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface SortQuery<F extends string = string> {
  sortField?: F;
  sortOrder?: SortOrder;
}

/** Empty query-string values ("") mean "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : value;

/** A member's phone fragment (digits only) for "part of a phone number" searches. */
export const phoneFragmentSchema = z.preprocess(
  (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .regex(/^\d{1,11}$/, '手机号只能输入数字（最多11位）')
    .optional(),
);

/** `sortField` (one of the sortable columns) and `sortOrder` (ascend | descend), both optional. */
export function sortQuerySchema<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({
    sortField: z.preprocess(
      blankToUndefined,
      z.enum(fields, { error: '不支持按该字段排序' }).optional(),
    ),
    sortOrder: z.preprocess(
      blankToUndefined,
      z.enum(SORT_ORDERS, { error: '排序方向只能是 ascend 或 descend' }).optional(),
    ),
  });
}

/** An optional trimmed text filter of at most `max` characters ("" → not given). */
export function optionalText(max = 100) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z.string().max(max, `最多${max}个字符`).optional(),
  );
}

/** An optional epoch-millisecond time (query string → number; "" → not given). */
export const optionalEpochMs = z.preprocess(
  blankToUndefined,
  fromNumberOrText(
    z.coerce
      .number({ error: '时间格式不正确' })
      .int('时间格式不正确')
      .min(0, '时间格式不正确')
      .optional(),
  ),
);

/** `startTime` / `endTime` (epoch ms, inclusive) of a time-range filter. */
export const timeRangeQuerySchema = z.object({
  startTime: optionalEpochMs,
  endTime: optionalEpochMs,
});
export type TimeRangeQuery = z.infer<typeof timeRangeQuerySchema>;

export const TimeRangeMessages = {
  endBeforeStart: '结束时间不能早于开始时间',
} as const;

/** superRefine of a query holding a time range: the end may not be before the start. */
export function checkTimeRange(
  value: { startTime?: number; endTime?: number },
  ctx: z.RefinementCtx,
): void {
  if (value.startTime !== undefined && value.endTime !== undefined) {
    if (value.endTime < value.startTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: TimeRangeMessages.endBeforeStart,
      });
    }
  }
}

/** Rows per export file at most; a larger filter is refused before anything is streamed. */
export const EXPORT_MAX_ROWS = 100_000;
export const ExportMessages = {
  tooMany: (max: number) => `导出数据超过${max}条，请缩小筛选范围后再导出`,
} as const;

/**
 * The list and export queries of a log (newest first, sortable by `createdAt`, a time range and
 * the log's own `filters`): the export's is the list's without the page.
 *
 *   export const { listQuery: fooLogListQuerySchema, exportQuery: fooLogExportQuerySchema } =
 *     logQuerySchemas({ memberId: optionalId, action: optionalText(30) });
 */
export function logQuerySchemas<F extends z.ZodRawShape>(filters: F) {
  const sort = sortQuerySchema(['createdAt'] as const);
  return {
    exportQuery: sort
      .extend(timeRangeQuerySchema.shape)
      .extend(filters)
      .superRefine(checkTimeRange),
    listQuery: listQuerySchema
      .extend(sort.shape)
      .extend(timeRangeQuerySchema.shape)
      .extend(filters)
      .superRefine(checkTimeRange),
  };
}
