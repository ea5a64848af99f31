import { formatDate } from '@health/contract';
import type { ExportSpec, ListColumn } from './types';

/**
 * The time column of a log or request list: `createdAt`, sortable (lists open newest first), a
 * date-range filter. `overrides` changes any of it (another field, another filter).
 */
export function timeColumn<T>(
  title: string,
  overrides: Partial<ListColumn<T>> = {},
): ListColumn<T> {
  return {
    title,
    dataIndex: 'createdAt',
    width: 170,
    sorter: true,
    render: (v: number) => formatDate(v),
    search: { type: 'dateRange' },
    ...overrides,
  } as ListColumn<T>;
}

/**
 * A list's export button, when the operator may export: `allowed` is a flag or the page's held
 * actions (then it needs 'export').
 */
export const exportIf = (
  allowed: boolean | readonly string[],
  path: string,
  fileName: string,
): ExportSpec | undefined =>
  (typeof allowed === 'boolean' ? allowed : allowed.includes('export'))
    ? { path, fileName }
    : undefined;
