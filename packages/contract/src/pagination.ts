import { z } from 'zod';
import { fromNumberOrText } from './ids.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

/** Query of every list endpoint: current page and page size (max 100). */
export const listQuerySchema = z.object({
  current: fromNumberOrText(
    z.coerce
      .number({ error: '页码必须是数字' })
      .int('页码必须是整数')
      .min(1, '页码最小为1')
      .default(1),
  ),
  pageSize: fromNumberOrText(
    z.coerce
      .number({ error: '每页条数必须是数字' })
      .int('每页条数必须是整数')
      .min(1, '每页条数最小为1')
      .max(MAX_PAGE_SIZE, `每页条数最多为${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  ),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const paginationSchema = z.object({
  current: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /**
   * Set when a very large table stopped counting at `total` (the list shows "10000+"): counting
   * a million rows for every page would cost more than the page itself.
   */
  totalCapped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The data of a list answer: `{ list, pagination }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), pagination: paginationSchema });
}
export interface Page<T> {
  list: T[];
  pagination: Pagination;
}
