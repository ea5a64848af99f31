import type { OperateLogExportQuery } from '@health/contract';
import { sql, type Insertable, type Kysely } from 'kysely';
import { perDaySums, pickPerDay } from '../db/per-day.js';
import type { Database, OperationLogsTable } from '../db/schema.js';
import { applySort } from './pagination.js';

/**
 * The operation log's table (a platform table: every area writes to it through AuditService): the
 * entry insert, and the queries of the operation-log page and the home overview.
 */

export const OPERATE_LOG_SORT_COLUMNS = { createdAt: 'created_at' } as const;

type Filters = Omit<OperateLogExportQuery, 'sortField' | 'sortOrder'>;

/** `lower(column) LIKE '%text%'` with %, _ and \ matching themselves, the same on both databases. */
function containsIgnoringCase(column: string, text: string) {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

export class OperateLogRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<OperationLogsTable>): Promise<void> {
    await this.db.insertInto('operation_logs').values(values).execute();
  }

  /** The filtered, sorted log (newest first unless asked otherwise); `upToId` bounds an export. */
  filtered(query: OperateLogExportQuery, upToId?: number) {
    let q = this.db.selectFrom('operation_logs').selectAll();
    const f: Filters = query;
    if (f.operatorName) q = q.where(containsIgnoringCase('operator_name', f.operatorName));
    if (f.module) q = q.where('module', '=', f.module);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.result) q = q.where('result', '=', f.result);
    if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
    if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime);
    if (upToId !== undefined) q = q.where('id', '<=', upToId);
    return applySort(
      q,
      query,
      OPERATE_LOG_SORT_COLUMNS,
      { field: 'createdAt', order: 'descend' },
      'id',
    );
  }

  async maxId(): Promise<number> {
    const row = await this.db
      .selectFrom('operation_logs')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  async distinctModules(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('operation_logs')
      .select('module')
      .distinct()
      .orderBy('module')
      .execute();
    return rows.map((r) => r.module);
  }

  async distinctActions(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('operation_logs')
      .select('action')
      .distinct()
      .orderBy('action')
      .execute();
    return rows.map((r) => r.action);
  }

  async operationsPerDay(dayStarts: readonly number[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('operation_logs')
      .select(perDaySums('created_at', dayStarts, 'd'))
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    return pickPerDay(row as Record<string, unknown> | undefined, 'd', dayStarts.length - 1);
  }
}
