import {
  ageBandOf,
  ageOnChinaDay,
  CHINA_UTC_OFFSET_MS,
  chinaDateOf,
  chinaDayStart,
  DAY_MS,
  MEASUREMENT_TYPES,
  type MetricDimension,
  type MetricKey,
} from '@health/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';

/**
 * The queries behind the glossary: each source reads one raw table over a time window and gives
 * the daily values of the metrics it feeds, per China day and dimension. The rollup job stores
 * what they give for closed days; the reads take today (and any day not rolled up yet) from them
 * directly. So a number is computed by exactly one query, whichever path reads it.
 */

/** One value of a metric on a China day: the total (dim '') or one dimension's value. */
export interface DailyValue {
  metric: MetricKey;
  day: number;
  dim: MetricDimension | '';
  dimValue: string;
  value: number;
}

export interface MetricSource {
  name: string;
  metrics: readonly MetricKey[];
  /** The daily values of [from, to) (epoch ms; whole days for the rollups, part of one for today). */
  collect(db: Kysely<Database>, from: number, to: number): Promise<DailyValue[]>;
  /** The time of its oldest row (where a backfill starts), null when empty. */
  earliest(db: Kysely<Database>): Promise<number | null>;
}

/** The China day number of an epoch-ms time (what stats_daily.day holds). */
export function dayNumberOf(at: number): number {
  return Math.floor((at + CHINA_UTC_OFFSET_MS) / DAY_MS);
}

/** 'YYYY-MM-DD' of a day number. */
export function dateOfDayNumber(day: number): string {
  let date = DATES.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    // A year's answer names 730 days: made once each (a few thousand days in all, ever).
    if (DATES.size < 100_000) DATES.set(day, date);
  }
  return date;
}
const DATES = new Map<number, string>();

/** The epoch ms at which a day number starts (00:00 China time). */
export function startOfDayNumber(day: number): number {
  return day * DAY_MS - CHINA_UTC_OFFSET_MS;
}

/** The day number of a time column, in SQL (integer division on both databases). */
export function dayOf(column: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_UTC_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
}

/** Adds values that share a metric, day and dimension value. */
class Tally {
  private readonly values = new Map<string, DailyValue>();

  add(metric: MetricKey, day: number, dim: MetricDimension | '', dimValue: string, value: number) {
    if (value === 0) return;
    const key = `${metric}\u0000${day}\u0000${dim}\u0000${dimValue}`;
    const current = this.values.get(key);
    if (current) current.value += value;
    else this.values.set(key, { metric, day, dim, dimValue, value });
  }

  /** A value counted in the total and in each of its dimensions. */
  addAll(
    metric: MetricKey,
    day: number,
    value: number,
    dims: Partial<Record<MetricDimension, string>>,
  ) {
    this.add(metric, day, '', '', value);
    for (const [dim, dimValue] of Object.entries(dims))
      this.add(metric, day, dim as MetricDimension, dimValue, value);
  }

  list(): DailyValue[] {
    return [...this.values.values()];
  }
}

/** Day totals (no dimension) of one metric. */
function totals(metric: MetricKey, rows: { day: number; n: unknown }[]): DailyValue[] {
  return rows.map((r) => ({ metric, day: r.day, dim: '', dimValue: '', value: toNumber(r.n) }));
}

async function minOf(
  db: Kysely<Database>,
  table: keyof Database,
  column: string,
): Promise<number | null> {
  const { rows } = await sql<{
    at: unknown;
  }>`select min(${sql.ref(column)}) as at from ${sql.table(table)}`.execute(db);
  const at = rows[0]?.at;
  return at === null || at === undefined ? null : toNumber(at);
}

/** 新增会员 with its breakdowns (age from the birthday on the day of registration). */
const members: MetricSource = {
  name: 'members',
  metrics: ['members.new'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('members')
      .select(['registered_at', 'channel_id', 'province', 'gender', 'birthday', 'grade_id'])
      .where('registered_at', '>=', from)
      .where('registered_at', '<', to)
      .execute();
    const tally = new Tally();
    for (const m of rows) {
      const at = Number(m.registered_at);
      tally.addAll('members.new', dayNumberOf(at), 1, {
        channel: m.channel_id === null ? '' : String(m.channel_id),
        province: m.province,
        gender: m.gender,
        ageBand: ageBandOf(ageOnChinaDay(m.birthday, at)),
        grade: String(m.grade_id),
      });
    }
    return tally.list();
  },
  earliest: (db) => minOf(db, 'members', 'registered_at'),
};

/** 注销会员: log-off requests approved. */
const logoffs: MetricSource = {
  name: 'logoffs',
  metrics: ['members.loggedOff'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('member_logoff_requests')
      .select([dayOf('handled_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', 'approved')
      .where('handled_at', '>=', from)
      .where('handled_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    return totals(
      'members.loggedOff',
      rows.map((r) => ({ day: toNumber(r.day), n: r.n })),
    );
  },
  earliest: (db) => minOf(db, 'member_logoff_requests', 'handled_at'),
};

/** 签到次数: by the check-in's own China day (sign_date), which is what the member signed for. */
const signs: MetricSource = {
  name: 'signs',
  metrics: ['signs.checkIns'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('sign_records')
      .select(['sign_date', (eb) => eb.fn.countAll().as('n')])
      .where('sign_date', '>=', chinaDateOf(from))
      .where('sign_date', '<=', chinaDateOf(to - 1))
      .where('created_at', '<', to)
      .groupBy('sign_date')
      .execute();
    return totals(
      'signs.checkIns',
      rows.map((r) => ({ day: dayNumberOf(chinaDayStart(r.sign_date)), n: r.n })),
    );
  },
  earliest: (db) => minOf(db, 'sign_records', 'created_at'),
};

const READING_METRIC = Object.fromEntries(
  MEASUREMENT_TYPES.map((t) => [t, `readings.${t}` as MetricKey]),
) as Record<string, MetricKey>;

/** Every readings metric from one pass: readings by day, type and level. */
const readings: MetricSource = {
  name: 'readings',
  metrics: ['readings.all', ...Object.values(READING_METRIC), 'readings.abnormal'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('measurements')
      .select([dayOf('measured_at').as('day'), 'type', 'level', (eb) => eb.fn.countAll().as('n')])
      .where('measured_at', '>=', from)
      .where('measured_at', '<', to)
      .groupBy([sql`1`, 'type', 'level'])
      .execute();
    const tally = new Tally();
    for (const r of rows) {
      const day = toNumber(r.day);
      const n = toNumber(r.n);
      tally.addAll('readings.all', day, n, { type: r.type, level: r.level });
      const typed = READING_METRIC[r.type];
      if (typed) tally.addAll(typed, day, n, { level: r.level });
      if (r.level !== 'normal')
        tally.addAll('readings.abnormal', day, n, { type: r.type, level: r.level });
    }
    return tally.list();
  },
  earliest: (db) => minOf(db, 'measurements', 'measured_at'),
};

/** Alerts by day, type and level of one of their times: raised (created), first claimed or handled. */
function alertsBy(
  metric: 'alerts.raised' | 'alerts.claimed' | 'alerts.handled',
  column: 'created_at' | 'first_claimed_at' | 'handled_at',
) {
  const source: MetricSource = {
    name: metric,
    metrics: [metric],
    async collect(db, from, to) {
      let q = db
        .selectFrom('measurement_alerts')
        .select([dayOf(column).as('day'), 'type', 'level', (eb) => eb.fn.countAll().as('n')])
        .where(column, '>=', from)
        .where(column, '<', to);
      if (column === 'handled_at') q = q.where('status', '=', 'handled');
      const rows = await q.groupBy([sql`1`, 'type', 'level']).execute();
      const tally = new Tally();
      for (const r of rows)
        tally.addAll(metric, toNumber(r.day), toNumber(r.n), { type: r.type, level: r.level });
      return tally.list();
    },
    earliest: (db) => minOf(db, 'measurement_alerts', column),
  };
  return source;
}

const alerts = alertsBy('alerts.raised', 'created_at');
const claimedAlerts = alertsBy('alerts.claimed', 'first_claimed_at');
const handledAlerts = alertsBy('alerts.handled', 'handled_at');

const tasks: MetricSource = {
  name: 'tasks',
  metrics: ['tasks.done'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('health_tasks')
      .select([dayOf('completed_at').as('day'), 'kind', (eb) => eb.fn.countAll().as('n')])
      .where('status', '=', 'done')
      .where('completed_at', '>=', from)
      .where('completed_at', '<', to)
      .groupBy([sql`1`, 'kind'])
      .execute();
    const tally = new Tally();
    for (const r of rows)
      tally.addAll('tasks.done', toNumber(r.day), toNumber(r.n), { type: r.kind });
    return tally.list();
  },
  earliest: (db) => minOf(db, 'health_tasks', 'completed_at'),
};

const reports: MetricSource = {
  name: 'reports',
  metrics: ['reports.published'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('health_reports')
      .select([dayOf('published_at').as('day'), 'kind', (eb) => eb.fn.countAll().as('n')])
      .where('published_at', '>=', from)
      .where('published_at', '<', to)
      .groupBy([sql`1`, 'kind'])
      .execute();
    const tally = new Tally();
    for (const r of rows)
      tally.addAll('reports.published', toNumber(r.day), toNumber(r.n), { type: r.kind });
    return tally.list();
  },
  earliest: (db) => minOf(db, 'health_reports', 'published_at'),
};

/** Points in and out, from the ledger (the balance is the sum of the same rows). */
const points: MetricSource = {
  name: 'points',
  metrics: ['points.issued', 'points.redeemed', 'points.refunded', 'points.expired'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('points_ledger')
      .select([
        dayOf('created_at').as('day'),
        'type',
        sql<number>`sum(case when amount > 0 then amount else 0 end)`.as('credit'),
        sql<number>`sum(case when amount < 0 then -amount else 0 end)`.as('debit'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy([sql`1`, 'type'])
      .execute();
    const tally = new Tally();
    for (const r of rows) {
      const day = toNumber(r.day);
      const credit = toNumber(r.credit);
      const debit = toNumber(r.debit);
      if (r.type === 'redeem') tally.addAll('points.redeemed', day, debit, {});
      else if (r.type === 'refund') tally.addAll('points.refunded', day, credit, {});
      else if (r.type === 'expire') tally.addAll('points.expired', day, debit, {});
      else tally.addAll('points.issued', day, credit, { source: r.type });
    }
    return tally.list();
  },
  earliest: (db) => minOf(db, 'points_ledger', 'created_at'),
};

const orders: MetricSource = {
  name: 'orders',
  metrics: ['orders.created'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('mall_orders')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    return totals(
      'orders.created',
      rows.map((r) => ({ day: toNumber(r.day), n: r.n })),
    );
  },
  earliest: (db) => minOf(db, 'mall_orders', 'created_at'),
};

/** Devices bound, lent and received back: the device's own events. */
const deviceEvents: MetricSource = {
  name: 'deviceEvents',
  metrics: ['devices.bound', 'devices.lent', 'devices.returned'],
  async collect(db, from, to) {
    const rows = await db
      .selectFrom('device_events')
      .select([dayOf('created_at').as('day'), 'action', (eb) => eb.fn.countAll().as('n')])
      .where('action', 'in', ['bind', 'lend', 'markReturned'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy([sql`1`, 'action'])
      .execute();
    const metric = {
      bind: 'devices.bound',
      lend: 'devices.lent',
      markReturned: 'devices.returned',
    };
    const tally = new Tally();
    for (const r of rows)
      tally.addAll(
        metric[r.action as keyof typeof metric] as MetricKey,
        toNumber(r.day),
        toNumber(r.n),
        {},
      );
    return tally.list();
  },
  earliest: (db) => minOf(db, 'device_events', 'created_at'),
};

/** The sources the rollup job runs, each metric in exactly one (a test checks). */
export const METRIC_SOURCES: readonly MetricSource[] = [
  members,
  logoffs,
  signs,
  readings,
  alerts,
  claimedAlerts,
  handledAlerts,
  reports,
  tasks,
  deviceEvents,
  points,
  orders,
];

/**
 * The members active on a day: any action in their log (login, check-in, redemption…) or any
 * reading. Kept one row per member and day (stats_daily_members) for distinct counts.
 */
export function activeMemberDays(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom('member_action_logs')
    .select([dayOf('created_at').as('day'), 'member_id'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .union(
      db
        .selectFrom('measurements')
        .select([dayOf('measured_at').as('day'), 'member_id'])
        .where('measured_at', '>=', from)
        .where('measured_at', '<', to),
    );
}

/** The members active in [from, to), each once (the same two tables). */
export function activeMemberIds(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom('member_action_logs')
    .select('member_id')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .union(
      db
        .selectFrom('measurements')
        .select('member_id')
        .where('measured_at', '>=', from)
        .where('measured_at', '<', to),
    );
}
