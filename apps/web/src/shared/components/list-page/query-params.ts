import type { Dayjs } from 'dayjs';
import { dayjs } from '../../utils/dayjs';
import { DEFAULT_PAGE_SIZE, SORT_ORDERS, type SortOrder } from '@health/contract';
import type { ListColumn, SearchSpec } from './types';

/**
 * Pure conversions of the list page: columns → query fields, form values ↔ request parameters,
 * and the list state ↔ URL search parameters (so a reload keeps the filter, page and sort).
 */

export const DEFAULT_RANGE_NAMES: [string, string] = ['startTime', 'endTime'];
const LIST_KEYS = ['current', 'pageSize', 'sortField', 'sortOrder'];

export interface SearchField {
  /** Form item name. */
  key: string;
  label: string;
  spec: SearchSpec;
  /** Request parameter names this field produces. */
  params: string[];
}

function columnKey<T>(column: ListColumn<T>): string | undefined {
  if (column.key) return column.key;
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  return column.dataIndex;
}

/** The sortField a column sorts by, or undefined when it is not sortable. */
export function sortFieldOf<T>(column: ListColumn<T>): string | undefined {
  if (!column.sorter) return undefined;
  return typeof column.sorter === 'string' ? column.sorter : columnKey(column);
}

const isRange = (spec: SearchSpec) => spec.type === 'dateRange' || spec.type === 'dateTimeRange';

/** The query fields of a column array, in form order. */
export function searchFieldsOf<T>(columns: readonly ListColumn<T>[]): SearchField[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.search && !column.hideInSearch)
    .sort(
      (a, b) =>
        (a.column.search?.order ?? a.index) - (b.column.search?.order ?? b.index) ||
        a.index - b.index,
    )
    .map(({ column }) => {
      const spec = column.search as SearchSpec;
      const key = spec.name ?? columnKey(column) ?? column.title;
      const params = isRange(spec) ? (spec.names ?? DEFAULT_RANGE_NAMES) : [key];
      return { key, label: spec.label ?? column.title, spec, params: [...params] };
    });
}

const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

function asDayjs(v: unknown): Dayjs | null {
  if (dayjs.isDayjs(v)) return v.isValid() ? v : null;
  if (typeof v === 'number' || v instanceof Date) return dayjs(v);
  return null;
}

/** Form values → request parameters (empty fields left out). */
export function formToParams(
  fields: readonly SearchField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (!present(value)) continue;
    const { spec } = field;
    switch (spec.type) {
      case 'text': {
        const text = String(value).trim();
        if (text) params[field.key] = text;
        break;
      }
      case 'number': {
        const n = Number(value);
        if (Number.isFinite(n)) params[field.key] = n;
        break;
      }
      case 'select':
        params[field.key] = value;
        break;
      case 'date': {
        const d = asDayjs(value);
        if (d) params[field.key] = d.startOf('day').valueOf();
        break;
      }
      case 'dateRange':
      case 'dateTimeRange': {
        if (!Array.isArray(value)) break;
        const [start, end] = [asDayjs(value[0]), asDayjs(value[1])];
        const [startName, endName] = field.params as [string, string];
        const dateOnly = spec.type === 'dateRange';
        if (start) params[startName] = (dateOnly ? start.startOf('day') : start).valueOf();
        if (end) params[endName] = (dateOnly ? end.endOf('day') : end).valueOf();
        break;
      }
    }
  }
  return params;
}

function matchOption(spec: SearchSpec, raw: string): unknown {
  const option = spec.options?.find((o) => String(o.value) === raw);
  return option ? option.value : raw;
}

/** Request parameters (as read from the URL: strings or string arrays) → form values. */
export function paramsToForm(
  fields: readonly SearchField[],
  params: Record<string, string | string[]>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const one = (name: string): string | undefined => {
    const v = params[name];
    return Array.isArray(v) ? v[0] : v;
  };
  for (const field of fields) {
    const { spec } = field;
    switch (spec.type) {
      case 'text': {
        const v = one(field.key);
        if (v !== undefined) values[field.key] = v;
        break;
      }
      case 'number': {
        const v = one(field.key);
        if (v !== undefined && Number.isFinite(Number(v))) values[field.key] = Number(v);
        break;
      }
      case 'select': {
        const v = params[field.key];
        if (v === undefined) break;
        const list = Array.isArray(v) ? v : [v];
        values[field.key] = spec.multiple
          ? list.map((x) => matchOption(spec, x))
          : matchOption(spec, list[0] ?? '');
        break;
      }
      case 'date': {
        const v = Number(one(field.key));
        if (one(field.key) !== undefined && Number.isFinite(v)) values[field.key] = dayjs(v);
        break;
      }
      case 'dateRange':
      case 'dateTimeRange': {
        const [s, e] = field.params.map((n) => one(n));
        const start = s !== undefined && Number.isFinite(Number(s)) ? dayjs(Number(s)) : null;
        const end = e !== undefined && Number.isFinite(Number(e)) ? dayjs(Number(e)) : null;
        if (start || end) values[field.key] = [start, end];
        break;
      }
    }
  }
  return values;
}

/** Everything a list query is made of. */
export interface ListState {
  current: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
  /** Filter parameters as in the URL (strings / string arrays). */
  filters: Record<string, string | string[]>;
}

/** Read the list state from URL search parameters (only the fields' parameters count as filters). */
export function readListState(
  search: URLSearchParams,
  fields: readonly SearchField[],
  defaults: { pageSize?: number; sortField?: string; sortOrder?: SortOrder } = {},
): ListState {
  const int = (name: string, fallback: number) => {
    const n = Number(search.get(name));
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const filters: Record<string, string | string[]> = {};
  for (const field of fields) {
    for (const name of field.params) {
      const all = search.getAll(name).filter((v) => v !== '');
      if (all.length === 0) continue;
      filters[name] = field.spec.type === 'select' && field.spec.multiple ? all : (all[0] ?? '');
    }
  }
  const order = search.get('sortOrder');
  const sortOrder = (SORT_ORDERS as readonly string[]).includes(order ?? '')
    ? (order as SortOrder)
    : undefined;
  const sortField = search.get('sortField') || undefined;
  return {
    current: int('current', 1),
    pageSize: Math.min(int('pageSize', defaults.pageSize ?? DEFAULT_PAGE_SIZE), 100),
    ...(sortField && sortOrder
      ? { sortField, sortOrder }
      : defaults.sortField && defaults.sortOrder && !search.has('sortField')
        ? { sortField: defaults.sortField, sortOrder: defaults.sortOrder }
        : {}),
    filters,
  };
}

/**
 * Write the list state into URL search parameters, keeping parameters that are not the list's
 * (e.g. ones another component put there).
 */
export function writeListState(
  previous: URLSearchParams,
  fields: readonly SearchField[],
  state: ListState,
  defaults: { pageSize?: number } = {},
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const name of [...LIST_KEYS, ...fields.flatMap((f) => f.params)]) next.delete(name);
  for (const [name, value] of Object.entries(state.filters)) {
    for (const v of Array.isArray(value) ? value : [value]) next.append(name, v);
  }
  if (state.current !== 1) next.set('current', String(state.current));
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE))
    next.set('pageSize', String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    next.set('sortField', state.sortField);
    next.set('sortOrder', state.sortOrder);
  } else {
    // An explicit "no sort" (the user cleared the column's sort) is kept as an empty sortField.
    next.set('sortField', '');
  }
  return next;
}

/** Request parameters → URL filter strings. */
export function paramsToFilters(
  params: Record<string, unknown>,
): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!present(value)) continue;
    filters[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return filters;
}

/** The parameters sent to the server for a list state (page, sort, filters, fixed params). */
export function requestParamsOf(
  state: ListState,
  fixed: Record<string, unknown> = {},
): { current: number; pageSize: number } & Record<string, unknown> {
  return {
    ...state.filters,
    ...fixed,
    ...(state.sortField && state.sortOrder
      ? { sortField: state.sortField, sortOrder: state.sortOrder }
      : {}),
    current: state.current,
    pageSize: state.pageSize,
  };
}
