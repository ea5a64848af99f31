import type { ReactNode } from 'react';
import { Typography } from 'antd';
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

/** A row that names a member: the name and the masked phone the server sent. */
export interface MemberCellRow {
  memberName: string;
  memberPhone: string;
}

/**
 * The member column of a list of members' records: the name, then the masked phone below it in
 * grey; data text, so `translate="no"` (a browser's page translation must not rename people).
 * `suffix` adds a grey note after the name (the workbench's age); `overrides` changes the rest.
 */
export function memberColumn<T extends MemberCellRow>(
  title: string,
  options: { suffix?: (row: T) => ReactNode; overrides?: Partial<ListColumn<T>> } = {},
): ListColumn<T> {
  const { suffix, overrides = {} } = options;
  return {
    title,
    dataIndex: 'memberName',
    render: (_: unknown, r: T) => {
      const note = suffix?.(r);
      return (
        <span translate="no" style={{ whiteSpace: 'nowrap' }}>
          {r.memberName}
          {note !== undefined && note !== null && note !== false && (
            <Typography.Text type="secondary"> · {note}</Typography.Text>
          )}
          <br />
          <Typography.Text type="secondary">{r.memberPhone}</Typography.Text>
        </span>
      );
    },
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
