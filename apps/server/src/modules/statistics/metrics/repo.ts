import type { MetricDimension, MetricKey } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { activeMemberDays, activeMemberIds, startOfDayNumber, type DailyValue } from './sources.js';

/** Rows per INSERT (5 columns each: well inside SQLite's and PostgreSQL's parameter limits). */
const INSERT_BATCH = 500;

/** The only queries on the rollup tables (stats_daily, stats_daily_members, stats_state). */
export class StatisticsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async state(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('stats_state')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async setState(key: string, value: string, at: number): Promise<void> {
    await this.db
      .insertInto('stats_state')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  }

  /** The stored values of these metrics on the days [from, to] (every dimension). */
  async stored(metrics: readonly MetricKey[], from: number, to: number): Promise<DailyValue[]> {
    const rows = await this.db
      .selectFrom('stats_daily')
      .select(['metric', 'day', 'dim', 'dim_value', 'value'])
      .where('metric', 'in', [...metrics])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((r) => ({
      metric: r.metric as MetricKey,
      day: toNumber(r.day),
      dim: r.dim as MetricDimension | '',
      dimValue: r.dim_value,
      value: toNumber(r.value),
    }));
  }

  /** Replace these metrics' values of the days [from, to] with `values` (one transaction). */
  async replace(
    metrics: readonly MetricKey[],
    from: number,
    to: number,
    values: readonly DailyValue[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('stats_daily')
        .where('metric', 'in', [...metrics])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      for (let i = 0; i < values.length; i += INSERT_BATCH) {
        await trx
          .insertInto('stats_daily')
          .values(
            values.slice(i, i + INSERT_BATCH).map((v) => ({
              metric: v.metric,
              dim: v.dim,
              day: v.day,
              dim_value: v.dimValue,
              value: v.value,
            })),
          )
          .execute();
      }
    });
  }

  /** Daily totals (dim '') of these metrics on [from, to]: metric → day → value. */
  async totalsOf(
    metrics: readonly MetricKey[],
    from: number,
    to: number,
  ): Promise<Map<MetricKey, Map<number, number>>> {
    const rows = await this.db
      .selectFrom('stats_daily')
      .select(['metric', 'day', 'value'])
      .where('metric', 'in', [...metrics])
      .where('dim', '=', '')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const totals = new Map<MetricKey, Map<number, number>>(metrics.map((m) => [m, new Map()]));
    for (const r of rows)
      totals.get(r.metric as MetricKey)?.set(toNumber(r.day), toNumber(r.value));
    return totals;
  }

  /** One dimension of a metric summed over [from, to]: dimension value → sum ('' → '' → the total). */
  async dimensionSums(
    metric: MetricKey,
    dim: MetricDimension | '',
    from: number,
    to: number,
  ): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('stats_daily')
      .select(['dim_value', (eb) => eb.fn.sum<number>('value').as('total')])
      .where('metric', '=', metric)
      .where('dim', '=', dim)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('dim_value')
      .execute();
    return new Map(rows.map((r) => [r.dim_value, toNumber(r.total)]));
  }

  /** Rebuild the active members of the days [from, to] from the raw tables. */
  async replaceActiveMembers(from: number, to: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('stats_daily_members')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      await trx
        .insertInto('stats_daily_members')
        .columns(['day', 'member_id'])
        .expression(activeMemberDays(trx, startOfDayNumber(from), startOfDayNumber(to + 1)))
        .execute();
    });
  }

  /**
   * Members active on any day of [from, to], each once: the kept days up to `keptThrough`, the
   * raw tables after it up to `until` (epoch ms).
   */
  async distinctActive(from: number, to: number, keptThrough: number, until: number) {
    const kept = this.db
      .selectFrom('stats_daily_members')
      .select('member_id')
      .distinct()
      .where('day', '>=', from)
      .where('day', '<=', Math.min(to, keptThrough));
    const rawFrom = startOfDayNumber(Math.max(from, keptThrough + 1));
    const all = rawFrom < until ? kept.union(activeMemberIds(this.db, rawFrom, until)) : kept;
    const row = await this.db
      .selectFrom(all.as('active'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** Members registered before `at`. */
  async membersBefore(at: number): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('registered_at', '<', at)
      .executeTakeFirst();
    return toNumber(row?.n);
  }
}
