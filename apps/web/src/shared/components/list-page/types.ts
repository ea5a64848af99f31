import type { Key, ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import type { Page, SortOrder } from '@health/contract';

/** Field types of the query form. */
export type SearchFieldType =
  | 'text'
  | 'select'
  | 'number'
  | 'date'
  /** Two dates: start of the first day … end of the last day (epoch ms). */
  | 'dateRange'
  /** Two date-times, sent as picked (epoch ms). */
  | 'dateTimeRange';

export interface SearchOption {
  label: ReactNode;
  value: string | number;
}

/** How a column appears in the query form. */
export interface SearchSpec {
  type: SearchFieldType;
  /** Query parameter name; default the column's `key` or `dataIndex`. */
  name?: string;
  /** Range fields: the two parameter names; default ['startTime', 'endTime']. */
  names?: [string, string];
  /** Form label; default the column title. */
  label?: string;
  placeholder?: string;
  /** select: the options. */
  options?: SearchOption[];
  /** select: several values (sent as repeated parameters). */
  multiple?: boolean;
  /** Value the form starts with and returns to on reset (a form value, e.g. a dayjs pair). */
  initialValue?: unknown;
  /** Position in the form (lower first); default the column order. */
  order?: number;
}

/**
 * One column array declares the query form and the table (like ProTable). A column with `search`
 * is a query field; `hideInTable` keeps it out of the table (a pure filter), `hideInSearch` out
 * of the form. Columns size to their content so the table fits its container; `width` sizes only
 * a truncated (`ellipsis`) column, and `fixed` holds only on desktop widths (ListPage).
 */
export interface ListColumn<T> extends Omit<
  TableColumnType<T>,
  'title' | 'dataIndex' | 'key' | 'render' | 'sorter'
> {
  title: string;
  dataIndex?: string | string[];
  key?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  render?: (value: any, record: T, index: number) => ReactNode;
  /** Server-side sorting: true sorts by the column's key (or dataIndex); a string names the sortField. */
  sorter?: boolean | string;
  search?: SearchSpec;
  hideInTable?: boolean;
  hideInSearch?: boolean;
}

/** What the request function receives: page, sort and the query fields' parameters. */
export interface ListParams {
  current: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  [param: string]: unknown;
}

export type ListRequest<T> = (params: ListParams) => Promise<Page<T>>;

/** Imperative handle (`actionRef`). */
export interface ListPageAction {
  /** Refetch the current page with the current filter. */
  reload: () => Promise<void>;
  /** Clear the query form, sort and selection; back to page 1. */
  reset: () => void;
  /** Filter and sort parameters of the current query (without current / pageSize). */
  filterParams: () => Record<string, unknown>;
  clearSelection: () => void;
}

export interface BatchContext<T> {
  selectedRowKeys: Key[];
  selectedRows: T[];
  clearSelection: () => void;
  reload: () => Promise<void>;
}

export interface ExportSpec {
  /** API path of the export endpoint (it receives the current filter and sort). */
  path: string;
  /** File name used if the server names none. */
  fileName?: string;
  /** Button text; default "导出Excel". */
  label?: string;
}
