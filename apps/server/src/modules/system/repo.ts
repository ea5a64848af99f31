import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toNumber } from '../../db/values.js';

/** Queries of the operator's own account and of the home overview. */

/** Counts per day: `counts[i]` is the day starting at `dayStarts[i]`. */
export interface DailyCounts {
  counts: number[];
}

/**
 * `sum(case when <filter> and col in [start, end) then 1 else 0 end)` for each day: one query
 * gives every day of a series, on SQLite and PostgreSQL alike.
 */
function perDaySums(
  column: string,
  dayStarts: readonly number[],
  alias: string,
  filter = sql`1 = 1`,
) {
  return dayStarts
    .slice(0, -1)
    .map((start, i) =>
      sql<number>`sum(case when ${filter} and ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${dayStarts[i + 1]} then 1 else 0 end)`.as(
        `${alias}${i}`,
      ),
    );
}

function pick(row: Record<string, unknown> | undefined, alias: string, days: number): number[] {
  return Array.from({ length: days }, (_, i) => toNumber(row?.[`${alias}${i}`]));
}

export class SystemRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findPasswordState(
    operatorId: number,
  ): Promise<{ password_hash: string; need_change_type: 'first' | 'over90' | null } | undefined> {
    return this.db
      .selectFrom('operators')
      .select(['password_hash', 'need_change_type'])
      .where('id', '=', operatorId)
      .executeTakeFirst();
  }

  async updatePassword(operatorId: number, passwordHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        password_changed_at: at,
        need_change_type: null,
        updated_at: at,
      })
      .where('id', '=', operatorId)
      .execute();
  }

  /** Successful and failed logins per day. */
  async loginsPerDay(dayStarts: readonly number[]): Promise<{ ok: number[]; failed: number[] }> {
    const days = dayStarts.length - 1;
    const row = await this.db
      .selectFrom('login_attempts')
      .select([
        ...perDaySums('created_at', dayStarts, 'ok', sql`success = 1`),
        ...perDaySums('created_at', dayStarts, 'failed', sql`success = 0`),
      ])
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    const values = row as Record<string, unknown> | undefined;
    return { ok: pick(values, 'ok', days), failed: pick(values, 'failed', days) };
  }

  async operationsPerDay(dayStarts: readonly number[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('operation_logs')
      .select(perDaySums('created_at', dayStarts, 'd'))
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    return pick(row as Record<string, unknown> | undefined, 'd', dayStarts.length - 1);
  }

  async operatorsCreatedPerDay(dayStarts: readonly number[]): Promise<number[]> {
    const row = await this.db
      .selectFrom('operators')
      .select(perDaySums('created_at', dayStarts, 'd'))
      .where('created_at', '>=', dayStarts[0] ?? 0)
      .executeTakeFirst();
    return pick(row as Record<string, unknown> | undefined, 'd', dayStarts.length - 1);
  }

  /** Sessions live right now, and sessions used since a moment. */
  async sessionCounts(now: number, seenSince: number): Promise<{ live: number; seen: number }> {
    const row = await this.db
      .selectFrom('sessions')
      .select([
        sql<number>`sum(case when revoked_at is null and access_expires_at > ${now} then 1 else 0 end)`.as(
          'live',
        ),
        sql<number>`count(*)`.as('seen'),
      ])
      .where('last_seen_at', '>=', seenSince)
      .executeTakeFirst();
    return { live: toNumber(row?.live), seen: toNumber(row?.seen) };
  }
}
