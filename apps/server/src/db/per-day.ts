import { sql } from 'kysely';
import { toNumber } from './values.js';

/** Counts per day: `counts[i]` is the day starting at `dayStarts[i]`. */
export interface DailyCounts {
  counts: number[];
}

/**
 * `sum(case when <filter> and col in [start, end) then 1 else 0 end)` for each day: one query
 * gives every day of a series, on SQLite and PostgreSQL alike.
 */
export function perDaySums(
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

export function pickPerDay(
  row: Record<string, unknown> | undefined,
  alias: string,
  days: number,
): number[] {
  return Array.from({ length: days }, (_, i) => toNumber(row?.[`${alias}${i}`]));
}
