/**
 * `npm run bench:stats`: 统计中心 and 数字大屏 on a year of data (issue 34). For each database
 * (the embedded SQLite, and PostgreSQL in a scratch database on BENCH_POSTGRES_URL's server):
 *  1. seed a fresh database (the schema made by the built server, then plain SQL, generated in the
 *     database itself): BENCH_MEMBERS members (100,000) with a device each, BENCH_READINGS
 *     readings (10,000,000) spread evenly over the 365 days up to now — today included, so the
 *     raw-table part of every answer is a real day's worth — by type and level, the alerts of a
 *     quarter of the abnormal ones, 1,000,000 member actions, 2,000,000 points entries and 500,000
 *     check-ins;
 *  2. the rollups, in this process through the server's own StatisticsService: the backfill (the
 *     job's first run), then one closed day rolled up again, 3 times (target < 2 s each), and the
 *     nightly check of the last 7 days;
 *  3. every glossary metric for the last 30 and 365 days through the API (rollups + today from the
 *     raw tables) against the same source queries run over the raw tables for the whole period
 *     (value, previous period and every day): they must be equal;
 *  4. the built server under load, autocannon at 10 connections (closed loop, after a warm-up),
 *     every statistics endpoint the pages call, for the last 30 and 365 days: p99 < 50 ms each;
 *     the screen's snapshot p99 < 20 ms. Each is printed beside the time of the raw-table query
 *     that would answer it without rollups (one run, idle server); the export (a download, logged
 *     and zipped) p99 < 1 s.
 * Exits non-zero when a target is missed or a number differs.
 *
 * Options: --db sqlite|postgres|both (default both), --seconds N per endpoint (default 5).
 * BENCH_KEEP=1 keeps the seeded databases; BENCH_REUSE=<folder> (SQLite) and
 * BENCH_REUSE_PG=<database> run on them again without seeding.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  chinaDateOf,
  DAY_MS,
  METRIC_KEYS,
  METRICS,
  previousPeriod,
  PROVINCIAL_UNITS,
  SCREEN_PATHS,
  shiftChinaDate,
  STATISTICS_DETAIL_PATHS,
  STATISTICS_DEVICE_PATHS,
  STATISTICS_PATHS,
  STATS_PAGE_METRICS,
  type MetricDimension,
  type MetricKey,
  type StatsPageName,
  type MetricValue,
} from '@health/contract';
import Database from 'better-sqlite3';
import pg from 'pg';
import { auditLabelBook } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { AuditService } from '../apps/server/src/platform/audit.ts';
import { StatisticsService } from '../apps/server/src/modules/statistics/metrics/service.ts';
import {
  activeMemberIds,
  dayNumberOf,
  METRIC_SOURCES,
  startOfDayNumber,
} from '../apps/server/src/modules/statistics/metrics/sources.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { adminToken } from './admin.ts';
import { ensureBuilt } from './build.ts';
import { saturate, type LoadResult } from './load.ts';
import {
  BENCH_SECRET_KEY,
  createScratchDatabase,
  POSTGRES_ADMIN_URL,
  type ScratchDatabase,
} from './postgres.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '5' },
  },
});

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const READINGS = Number(process.env.BENCH_READINGS ?? 10_000_000);
const ACTIONS = 1_000_000;
const POINTS = 2_000_000;
const CHECK_INS = 500_000;
const CONNECTIONS = 10;
const SECONDS = Number(args.seconds);
const ENDPOINT_TARGET_MS = 50;
const SNAPSHOT_TARGET_MS = 20;
/**
 * An export is a download, not a page's answer: each one is written to the operation log and
 * zipped (exceljs). Held to a second, printed beside the pages' endpoints.
 */
const EXPORT_TARGET_MS = 1_000;
const DAY_ROLLUP_TARGET_MS = 2_000;
const YEAR = 365 * DAY_MS;
const API = '/api';

/* ------------------------------------------------------------------ seeding */

/** The few places the two databases' SQL differ. */
interface Dialect {
  /** Rows n.i = 1…count. */
  series(count: number): string;
  /** A number's last 9 digits, zero-padded. */
  pad9(expr: string): string;
  /** The China date 'YYYY-MM-DD' of an epoch-ms expression. */
  chinaDate(expr: string): string;
}

const SQLITE: Dialect = {
  series: (count) =>
    `(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${count}) SELECT i FROM s) AS n`,
  pad9: (expr) => `substr('000000000' || (${expr}), -9)`,
  chinaDate: (expr) => `date(((${expr}) + 28800000) / 1000, 'unixepoch')`,
};

const POSTGRES: Dialect = {
  // bigint: the hashes' products overflow a 32-bit integer.
  series: (count) => `generate_series(1::bigint, ${count}) AS n(i)`,
  pad9: (expr) => `lpad((${expr})::text, 9, '0')`,
  chinaDate: (expr) =>
    `to_char(to_timestamp(((${expr}) + 28800000) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
};

/**
 * Deterministic pseudo-random integers in [0, k) from the row number: a multiplicative hash modulo
 * the prime 2^31 − 1, each use with its own multiplier so that two draws of a row are unrelated.
 */
const draw = (multiplier: number, k: number) => `((n.i * ${multiplier}) % 2147483647 % ${k})`;
const A = [2654435761, 2246822519, 3266489917, 668265263, 374761393, 1103515245, 1664525];

/** SQL CASE picking `values[expr]`. */
const pick = (expr: string, values: readonly string[]) =>
  `CASE ${expr} ${values.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;

/** The reading type of a member's device (10 : 5 : 2 : 2 : 1). */
const typeOf = (member: string) =>
  `CASE WHEN ${member} % 20 < 10 THEN 'bp' WHEN ${member} % 20 < 15 THEN 'bg' WHEN ${member} % 20 < 17 THEN 'chol' WHEN ${member} % 20 < 19 THEN 'ua' ELSE 'ecg' END`;
const DEVICE_TYPES = ['bp', 'bg', 'chol', 'ua', 'ecg'];

/** The statements that fill a new database: [what, SQL] in order. */
function seedStatements(d: Dialect, now: number): [string, string][] {
  const start = now - YEAR;
  const regStart = now - 2 * YEAR;
  // The most populous provinces twice as often; 1 in 20 members gave none.
  const provinces = [...PROVINCIAL_UNITS.slice(0, 34), '广东', '山东', '河南', '四川', '江苏', ''];
  const t = (count: number) => `${start} + n.i * ${YEAR - 60_000} / ${count}`;
  const member = (multiplier: number) => `1 + ${draw(multiplier, MEMBERS)}`;
  return [
    [
      'grades and channels',
      `INSERT INTO member_grades (name, icon, growth_required, benefits, points_multiplier_pct, sort, created_at, updated_at)
       VALUES ('普通会员', '', 0, '', 100, 0, ${now}, ${now}), ('银卡会员', '', 500, '', 110, 1, ${now}, ${now}),
              ('金卡会员', '', 2000, '', 120, 2, ${now}, ${now}), ('钻石会员', '', 5000, '', 150, 3, ${now}, ${now});
       INSERT INTO member_channels (name, code, remark, enabled, created_at, updated_at)
       VALUES ('官网', 'web', '', 1, ${now}, ${now}), ('微信公众号', 'wx', '', 1, ${now}, ${now}),
              ('线下门店', 'store', '', 1, ${now}, ${now}), ('社区活动', 'community', '', 1, ${now}, ${now}),
              ('医院合作', 'hospital', '', 1, ${now}, ${now});
       INSERT INTO device_models (name, type, created_at, updated_at)
       VALUES ${DEVICE_TYPES.map((type) => `('压测${type}', '${type}', ${now}, ${now})`).join(', ')}`,
    ],
    [
      `${MEMBERS.toLocaleString()} members`,
      `INSERT INTO members (phone, name, gender, birthday, province, grade_id, channel_id, status,
         registered_at, created_at, updated_at)
       SELECT '1' || (3 + n.i % 7) || ${d.pad9('n.i')}, '压测会员' || n.i,
         ${pick('n.i % 3', ['male', 'female', 'unknown'])},
         CASE WHEN n.i % 10 = 0 THEN NULL ELSE (1935 + ${draw(A[0]!, 60)}) || '-0' || (1 + n.i % 9) || '-15' END,
         ${pick(draw(A[1]!, provinces.length), provinces)},
         1 + ${draw(A[2]!, 4)}, CASE WHEN n.i % 10 = 0 THEN NULL ELSE 1 + n.i % 5 END, 'normal',
         ${regStart} + n.i * ${2 * YEAR - 60_000} / ${MEMBERS}, ${now}, ${now}
       FROM ${d.series(MEMBERS)}`,
    ],
    [
      `${MEMBERS.toLocaleString()} devices (1 in 50 lent, the rest bound), 2,000 in stock`,
      `INSERT INTO devices (serial, model_id, status, member_id, secret_sealed, bound_at, lent_at, created_at, updated_at)
       SELECT 'BENCH-' || n.i,
         CASE WHEN n.i > ${MEMBERS} THEN 1 ELSE 1 + ${DEVICE_TYPES.map((type, i) => `CASE WHEN ${typeOf('n.i')} = '${type}' THEN ${i} ELSE 0 END`).join(' + ')} END,
         CASE WHEN n.i > ${MEMBERS} THEN 'in_stock' WHEN n.i % 50 = 0 THEN 'lent' ELSE 'bound' END,
         CASE WHEN n.i > ${MEMBERS} THEN NULL ELSE n.i END, '',
         CASE WHEN n.i > ${MEMBERS} THEN NULL ELSE ${start} - 86400000 + n.i END,
         CASE WHEN n.i % 50 = 0 AND n.i <= ${MEMBERS} THEN ${start} - 86400000 + n.i ELSE NULL END,
         ${start - DAY_MS * 2}, ${now}
       FROM ${d.series(MEMBERS + 2_000)}`,
    ],
    [
      'binds and loans (device events)',
      `INSERT INTO device_events (device_id, action, from_status, to_status, member_id, operator_name, created_at)
       SELECT id, CASE WHEN status = 'lent' THEN 'lend' ELSE 'bind' END, 'in_stock', status, member_id, '压测', bound_at
       FROM devices WHERE member_id IS NOT NULL`,
    ],
    [
      `${READINGS.toLocaleString()} readings`,
      `INSERT INTO measurements (device_id, member_id, type, measured_at, values_json, level, category, label,
         rule_version, created_at)
       SELECT m, m, ${typeOf('m')}, t, '{}', lvl,
         CASE lvl WHEN 'normal' THEN 'normal' WHEN 'warning' THEN 'high' ELSE 'critical' END,
         CASE lvl WHEN 'normal' THEN '正常' WHEN 'warning' THEN '偏高' ELSE '危急' END, 0, t + 30000
       FROM (SELECT ${member(A[3]!)} AS m, ${t(READINGS)} AS t,
               CASE WHEN ${draw(A[4]!, 1000)} < 850 THEN 'normal' WHEN ${draw(A[4]!, 1000)} < 970 THEN 'warning' ELSE 'urgent' END AS lvl
             FROM ${d.series(READINGS)}) AS r`,
    ],
    [
      'alerts (a quarter of the abnormal readings; the last two days open)',
      `INSERT INTO measurement_alerts (measurement_id, member_id, type, level, label, status, created_at,
         handled_at, handled_by, first_claimed_at)
       SELECT id, member_id, type, level, label,
         CASE WHEN measured_at < ${now - 2 * DAY_MS} THEN 'handled' ELSE 'open' END, created_at,
         CASE WHEN measured_at < ${now - 2 * DAY_MS} THEN created_at + 3600000 ELSE NULL END,
         CASE WHEN measured_at < ${now - 2 * DAY_MS} THEN '压测医生' ELSE NULL END,
         CASE WHEN measured_at < ${now - 2 * DAY_MS} THEN created_at + 600000 ELSE NULL END
       FROM measurements WHERE level <> 'normal' AND id % 4 = 0`,
    ],
    [
      'each device’s last upload',
      // One pass over the readings (a subquery per device would be 100,000 lookups).
      `UPDATE devices SET last_upload_at = last.at
       FROM (SELECT device_id, max(measured_at) AS at FROM measurements GROUP BY device_id) AS last
       WHERE devices.id = last.device_id`,
    ],
    [
      `${ACTIONS.toLocaleString()} member actions`,
      `INSERT INTO member_action_logs (member_id, action, created_at)
       SELECT ${member(A[5]!)}, 'login', ${t(ACTIONS)} FROM ${d.series(ACTIONS)}`,
    ],
    [
      `${POINTS.toLocaleString()} points entries`,
      `INSERT INTO points_ledger (member_id, amount, balance_after, type, created_at)
       SELECT ${member(A[6]!)}, CASE WHEN k < 40 THEN 5 WHEN k < 75 THEN 10 WHEN k < 80 THEN 20 WHEN k < 95 THEN -200
           WHEN k < 97 THEN 200 WHEN k < 99 THEN -50 ELSE 30 END, 0,
         CASE WHEN k < 40 THEN 'check_in' WHEN k < 75 THEN 'measurement' WHEN k < 80 THEN 'health_task'
           WHEN k < 95 THEN 'redeem' WHEN k < 97 THEN 'refund' WHEN k < 99 THEN 'expire' ELSE 'adjust' END, t
       FROM (SELECT n.i, ${draw(A[0]!, 100)} AS k, ${t(POINTS)} AS t FROM ${d.series(POINTS)}) AS n`,
    ],
    [
      `${CHECK_INS.toLocaleString()} check-ins`,
      // Row i: member 1 + i mod M on day (i div M) × 73 + member mod 73 — no member twice a day.
      `INSERT INTO sign_records (member_id, sign_date, streak, base_points, reward_points, points_awarded, source, created_at)
       SELECT 1 + (n.i % ${MEMBERS}), ${d.chinaDate('t')}, 1, 5, 0, 5, 'app', t
       FROM (SELECT n.i, ${start} + ((n.i / ${MEMBERS}) * 73 + (n.i % ${MEMBERS}) % 73) * 86400000 + 28800000 AS t
             FROM ${d.series(CHECK_INS)}) AS n`,
    ],
  ];
}

/* ------------------------------------------------------------------ databases */

interface Target {
  label: string;
  dialect: Dialect;
  /** The server's settings for this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Run statements (several separated by ; allowed). */
  exec(statement: string): Promise<void>;
  /** The server's own Kysely on it (for the rollups and the raw-table queries). */
  kysely(): Db;
  close(): Promise<void>;
}

function sqliteTarget(dir: string): Target {
  const file = join(dir, 'health.db');
  let raw: Database.Database | undefined;
  let db: Db | undefined;
  return {
    label: 'SQLite',
    dialect: SQLITE,
    env: { DATA_DIR: dir },
    async exec(statement) {
      if (!raw) {
        raw = new Database(file);
        raw.pragma('journal_mode = WAL');
        raw.pragma('synchronous = OFF');
        raw.pragma('cache_size = -2000000');
      }
      raw.exec(statement);
    },
    kysely: () => (db ??= openDatabase({ kind: 'sqlite', file, readWorkers: 0 })),
    async close() {
      raw?.close();
      raw = undefined;
      await db?.destroy();
      db = undefined;
    },
  };
}

function postgresTarget(url: string): Target {
  let client: pg.Client | undefined;
  let db: Db | undefined;
  return {
    label: 'PostgreSQL',
    dialect: POSTGRES,
    env: { DATABASE_URL: url, SECRET_KEY: BENCH_SECRET_KEY },
    async exec(statement) {
      if (!client) {
        client = new pg.Client({ connectionString: url });
        await client.connect();
      }
      await client.query(statement);
    },
    kysely: () => (db ??= openDatabase({ kind: 'postgres', url })),
    async close() {
      await client?.end();
      client = undefined;
      await db?.destroy();
      db = undefined;
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(target: Target, now: number): Promise<void> {
  const started = performance.now();
  for (const [what, statement] of seedStatements(target.dialect, now)) {
    const t0 = performance.now();
    await target.exec(statement);
    console.log(`  ${what}: ${seconds(performance.now() - t0)}`);
  }
  await target.exec(target.dialect === SQLITE ? 'ANALYZE' : 'VACUUM ANALYZE');
  // The seeding connection goes before the server's own open the database.
  await target.close();
  console.log(`${target.label}: seeded in ${seconds(performance.now() - started)}`);
}

/* ------------------------------------------------------------------ rollups */

async function rollups(target: Target, now: number): Promise<string[]> {
  const db = target.kysely();
  const clock = () => Date.now();
  const service = new StatisticsService({
    db,
    now: clock,
    audit: new AuditService(db, clock, auditLabelBook()),
    config: loadConfig({ DATA_DIR: tmpdir(), STATS_REFRESH_MS: '0' }),
  });
  const failures: string[] = [];
  let t0 = performance.now();
  await service.runRollupJob();
  console.log(
    `${target.label}: the backfill (the rollup job's first run, 365+ days): ${seconds(performance.now() - t0)}`,
  );
  const yesterday = dayNumberOf(now) - 1;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    await service.rollUp(yesterday, yesterday);
    times.push(performance.now() - t0);
  }
  const worst = Math.max(...times);
  console.log(
    `${target.label}: one day rolled up again (${times.map((ms) => `${Math.round(ms)} ms`).join(', ')}; target < ${DAY_ROLLUP_TARGET_MS} ms)`,
  );
  if (worst >= DAY_ROLLUP_TARGET_MS)
    failures.push(`${target.label}: one day's rollup took ${Math.round(worst)} ms`);
  t0 = performance.now();
  await service.rollUp(yesterday - 6, yesterday);
  console.log(`${target.label}: the nightly check (7 days): ${seconds(performance.now() - t0)}`);
  t0 = performance.now();
  await service.runRollupJob();
  console.log(
    `${target.label}: the job's regular run (today and yesterday): ${seconds(performance.now() - t0)}`,
  );
  return failures;
}

/* ------------------------------------------------------------------ the numbers */

/**
 * A metric over [start, end] (China dates) from the raw tables alone, in one pass of its source
 * query over the whole period: each day's value (the last one up to `until`).
 */
async function rawDaily(db: Db, key: MetricKey, start: string, end: string, until: number) {
  const from = dayNumberOf(Date.parse(`${start}T00:00:00+08:00`));
  const to = dayNumberOf(Date.parse(`${end}T00:00:00+08:00`));
  const days = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const window = key === 'members.active7' ? 7 : key === 'members.active30' ? 30 : 0;
  if (window > 0) {
    // A distinct count per day, each over its own window: only the last day (the card's value)
    // and a sample of the others, a 365-day series of 30-day scans being long.
    const sample = new Set([to, to - 1, from, Math.floor((from + to) / 2)]);
    return Promise.all(
      days.map(async (day) => {
        if (!sample.has(day)) return undefined;
        const rows = await db
          .selectFrom(
            activeMemberIds(
              db,
              startOfDayNumber(day - window + 1),
              Math.min(until, startOfDayNumber(day + 1)),
            ).as('a'),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst();
        return Number(rows?.n ?? 0);
      }),
    );
  }
  if (key === 'members.total') {
    const rows = await db
      .selectFrom('members')
      .select(['registered_at'])
      .where('registered_at', '<', Math.min(until, startOfDayNumber(to + 1)))
      .execute();
    return days.map(
      (day) =>
        rows.filter((r) => Number(r.registered_at) < Math.min(until, startOfDayNumber(day + 1)))
          .length,
    );
  }
  const source = METRIC_SOURCES.find((s) => s.metrics.includes(key))!;
  const values = new Map<number, number>();
  for (const v of await source.collect(
    db,
    startOfDayNumber(from),
    Math.min(until, startOfDayNumber(to + 1)),
  ))
    if (v.metric === key && v.dim === '') values.set(v.day, v.value);
  return days.map((day) => values.get(day) ?? 0);
}

interface Api {
  url: string;
  token: string;
}

async function get<T>(api: Api, path: string, query: Record<string, string>): Promise<T> {
  const res = await fetch(`${api.url}${API}${path}?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  const body = (await res.json()) as { state: number; msg: string; data: T };
  if (body.state !== 200) throw new Error(`${path}: ${body.state} ${body.msg}`);
  return body.data;
}

/** Every metric of the glossary for the last 30 and 365 days: the API against the raw tables. */
async function reconcile(target: Target, api: Api): Promise<string[]> {
  const db = target.kysely();
  const failures: string[] = [];
  const today = chinaDateOf(Date.now());
  let checked = 0;
  for (const days of [30, 365]) {
    const start = shiftChinaDate(today, -(days - 1));
    for (const key of METRIC_KEYS) {
      const answer = await get<MetricValue>(api, STATISTICS_PATHS.metric, {
        key,
        start,
        end: today,
      });
      const prev = previousPeriod(start, today);
      // The comparison's last day is counted up to the same time of day as today.
      const cut = answer.asOf + 1 - Date.parse(`${today}T00:00:00+08:00`);
      const [daily, previous] = await Promise.all([
        rawDaily(db, key, start, today, answer.asOf + 1),
        rawDaily(db, key, prev.start, prev.end, Date.parse(`${prev.end}T00:00:00+08:00`) + cut),
      ]);
      const total = (values: (number | undefined)[]) =>
        METRICS[key].aggregate === 'last'
          ? (values.at(-1) ?? 0)
          : values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
      const wrong: string[] = [];
      answer.daily.forEach((d, i) => {
        const raw = daily[i];
        if (raw !== undefined && raw !== d.value) wrong.push(`${d.day}: ${d.value} ≠ ${raw}`);
      });
      if (answer.value !== total(daily)) wrong.push(`value ${answer.value} ≠ ${total(daily)}`);
      if (answer.previous !== total(previous))
        wrong.push(`previous ${answer.previous} ≠ ${total(previous)}`);
      if (wrong.length > 0)
        failures.push(`${target.label} ${key} (${days} days): ${wrong.slice(0, 3).join('; ')}`);
      checked++;
    }
  }
  console.log(
    `${target.label}: ${checked} metric answers (every glossary key, 30 and 365 days) against the raw tables: ${failures.length === 0 ? 'all equal' : `${failures.length} differ`}`,
  );
  return failures;
}

/* ------------------------------------------------------------------ load */

/** The statistics pages' cards and breakdowns, as the pages ask for them. */
const PAGE_NAMES: Record<StatsPageName, string> = {
  member: '会员统计',
  device: '设备统计',
  health: '健康数据统计',
  mall: '积分统计',
};
/** Each breakdown once (设备统计 and 健康数据统计 share readings by type). */
const BREAKDOWNS: { key: MetricKey; dimension: MetricDimension }[] = [
  ...new Map(
    Object.values(STATS_PAGE_METRICS)
      .flatMap((page): { key: MetricKey; dimension: MetricDimension }[] => [...page.breakdowns])
      .map((b) => [`${b.key}:${b.dimension}`, b] as const),
  ).values(),
];

interface Case {
  name: string;
  path: string;
  query: Record<string, string>;
  target: number;
  /** What answers it from the raw tables alone (timed once, beside the p99). */
  raw?: () => Promise<unknown>;
}

function casesOf(db: Db, now: number): Case[] {
  const today = chinaDateOf(now);
  const cases: Case[] = [
    {
      name: '指标释义 glossary',
      path: STATISTICS_PATHS.glossary,
      query: {},
      target: ENDPOINT_TARGET_MS,
    },
    {
      name: '数字大屏 snapshot',
      path: SCREEN_PATHS.snapshot,
      query: {},
      target: SNAPSHOT_TARGET_MS,
    },
    {
      name: '设备统计 devices now',
      path: STATISTICS_DEVICE_PATHS.snapshot,
      query: {},
      target: ENDPOINT_TARGET_MS,
    },
    {
      name: '设备统计 silent devices (7 days)',
      path: STATISTICS_DEVICE_PATHS.silent,
      query: { days: '7', pageNum: '1', pageSize: '10' },
      target: ENDPOINT_TARGET_MS,
    },
  ];
  /** The raw-table queries of these metrics over the period: each source once. */
  const rawOf = (keys: MetricKey[], from: number, until: number) => async () => {
    const sources = new Set(keys.map((key) => METRIC_SOURCES.find((s) => s.metrics.includes(key))));
    const active = keys.some((k) => k.startsWith('members.active'));
    await Promise.all([
      ...[...sources].filter((s) => s !== undefined).map((s) => s.collect(db, from, until)),
      ...(active
        ? [
            db
              .selectFrom(activeMemberIds(db, until - 30 * DAY_MS, until).as('a'))
              .select((eb) => eb.fn.countAll().as('n'))
              .execute(),
          ]
        : []),
    ]);
  };
  for (const days of [30, 365]) {
    const start = shiftChinaDate(today, -(days - 1));
    const period = { start, end: today };
    const from = Date.parse(`${previousPeriod(start, today).start}T00:00:00+08:00`);
    const range = `${days} 天`;
    cases.push({
      name: `metric readings.all, ${range}`,
      path: STATISTICS_PATHS.metric,
      query: { key: 'readings.all', ...period },
      target: ENDPOINT_TARGET_MS,
      raw: rawOf(['readings.all'], from, now),
    });
    for (const [page, { cards }] of Object.entries(STATS_PAGE_METRICS)) {
      const keys: MetricKey[] = [...cards];
      cases.push({
        name: `${PAGE_NAMES[page as StatsPageName]} cards (${keys.length}), ${range}`,
        path: STATISTICS_PATHS.metrics,
        query: { keys: keys.join(','), ...period },
        target: ENDPOINT_TARGET_MS,
        raw: rawOf(keys, from, now),
      });
    }
    for (const { key, dimension } of BREAKDOWNS)
      cases.push({
        name: `breakdown ${key} by ${dimension}, ${range}`,
        path: STATISTICS_PATHS.breakdown,
        query: { key, dimension, ...period },
        target: ENDPOINT_TARGET_MS,
        raw: rawOf([key], Date.parse(`${start}T00:00:00+08:00`), now),
      });
    const member = STATS_PAGE_METRICS.member;
    cases.push(
      {
        name: `会员统计 export (xlsx: days and ${member.breakdowns.length} breakdowns), ${range}`,
        path: STATISTICS_PATHS.export,
        query: {
          keys: member.cards.join(','),
          breakdowns: member.breakdowns.map((b) => `${b.key}:${b.dimension}`).join(','),
          title: '会员统计',
          ...period,
        },
        target: EXPORT_TARGET_MS,
      },
      {
        name: `健康数据统计 details, ${range}`,
        path: STATISTICS_DETAIL_PATHS.health,
        query: period,
        target: ENDPOINT_TARGET_MS,
      },
      {
        name: `积分统计 details, ${range}`,
        path: STATISTICS_DETAIL_PATHS.mall,
        query: period,
        target: ENDPOINT_TARGET_MS,
      },
    );
  }
  return cases;
}

async function load(target: Target, api: Api, now: number): Promise<string[]> {
  const failures: string[] = [];
  const rows: (LoadResult & { target: number; raw: string })[] = [];
  for (const c of casesOf(target.kysely(), now)) {
    let raw = '';
    if (c.raw) {
      const t0 = performance.now();
      await c.raw();
      raw = `${Math.round(performance.now() - t0)} ms`;
    }
    const result = await saturate(
      c.name,
      {
        url: `${api.url}${API}${c.path}?${new URLSearchParams(c.query).toString()}`,
        headers: { authorization: `Bearer ${api.token}` },
      },
      CONNECTIONS,
      SECONDS,
    );
    rows.push({ ...result, target: c.target, raw });
    if (result.p99 >= c.target)
      failures.push(`${target.label} ${c.name}: p99 ${result.p99} ms ≥ ${c.target} ms`);
    if (result.non2xx > 0)
      failures.push(`${target.label} ${c.name}: ${result.non2xx} non-2xx answers`);
  }
  console.log(
    `\n${target.label}: ${READINGS.toLocaleString()} readings, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      target: `< ${r.target}`,
      met: r.p99 < r.target ? 'yes' : 'NO',
      'raw-table query': r.raw,
    })),
  );
  return failures;
}

/* ------------------------------------------------------------------ runs */

async function run(
  target: Target,
  reused: boolean,
  seededAt: () => Promise<number>,
  onSeeded: (now: number) => void = () => {},
): Promise<string[]> {
  let now: number;
  if (reused) {
    now = await seededAt();
  } else {
    // The built server makes the schema; then it stops and the rows go in.
    await (await startServer({ ...target.env, DEMO_DATA: 'false' })).stop();
    now = Date.now();
    console.log(`\n${target.label}: seeding`);
    await seed(target, now);
    onSeeded(now);
  }
  const failures = reused ? [] : await rollups(target, now);
  let server: RunningServer | undefined;
  try {
    server = await startServer({ ...target.env, DEMO_DATA: 'false' });
    const api = {
      url: server.url,
      token: await adminToken(server.url, { passwordChanged: reused }),
    };
    failures.push(...(await reconcile(target, api)));
    failures.push(...(await load(target, api, Date.now())));
  } finally {
    await server?.stop();
    await target.close();
  }
  return failures;
}

async function runSqlite(): Promise<string[]> {
  const reused = process.env.BENCH_REUSE;
  const dir = reused ?? mkdtempSync(join(tmpdir(), 'health-bench-stats-'));
  const target = sqliteTarget(dir);
  try {
    const seededAt = join(dir, 'seeded-at.txt');
    return await run(
      target,
      Boolean(reused),
      async () => Number(readFileSync(seededAt, 'utf8')),
      (now) => writeFileSync(seededAt, String(now)),
    );
  } finally {
    if (process.env.BENCH_KEEP === '1' || reused) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<string[]> {
  const reused = process.env.BENCH_REUSE_PG;
  let scratch: ScratchDatabase;
  if (reused) {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${reused}`;
    scratch = { url: url.toString(), name: reused, drop: async () => {} };
  } else scratch = await createScratchDatabase('bench_stats');
  const target = postgresTarget(scratch.url);
  try {
    return await run(target, Boolean(reused), async () => {
      const row = await target
        .kysely()
        .selectFrom('members')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .executeTakeFirst();
      return Number(row?.at);
    });
  } finally {
    if (process.env.BENCH_KEEP === '1' || reused)
      console.log(`kept PostgreSQL database ${scratch.name}`);
    else await scratch.drop();
  }
}

async function main() {
  ensureBuilt();
  const failures: string[] = [];
  if (args.db !== 'postgres') failures.push(...(await runSqlite()));
  if (args.db !== 'sqlite') failures.push(...(await runPostgres()));
  if (failures.length > 0) {
    console.error(`\nTargets missed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nAll targets met.');
}

await main();
