import {
  actionKey,
  AGE_BAND_UNKNOWN,
  AGE_BANDS,
  chinaDateOf,
  chinaDayStart,
  DAY_MS,
  GENDER_LABELS,
  GENDER_LABELS_EN,
  glossary,
  MEASUREMENT_LEVEL_LABELS,
  MEASUREMENT_LEVEL_LABELS_EN,
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_TYPE_LABELS_EN,
  METRIC_DIMENSION_LABELS,
  METRICS,
  POINTS_TYPE_LABELS,
  POINTS_TYPE_LABELS_EN,
  previousPeriod,
  REPORT_KIND_LABELS,
  REPORT_KIND_LABELS_EN,
  StatisticsMessages,
  TASK_KIND_LABELS,
  TASK_KIND_LABELS_EN,
  type BreakdownAnswer,
  type BreakdownQuery,
  type BreakdownRow,
  type GlossaryEntry,
  type MetricDimension,
  type MetricKey,
  type MetricsAnswer,
  type MetricsExportQuery,
  type MetricValue,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AuditedExport, ExportColumn, ExportSheet } from '../../../platform/export.js';
import type { AppContext } from '../../../platform/context.js';
import { PermissionError, ValidationError } from '../../../platform/errors.js';
import type { JobScheduler } from '../../../platform/jobs.js';
import { holdsAny } from '../../../platform/permissions.js';
import { asOfNow, type AsOfMemo } from './as-of.js';
import { StatisticsRepo } from './repo.js';
import {
  dateOfDayNumber,
  dayNumberOf,
  METRIC_SOURCES,
  startOfDayNumber,
  type DailyValue,
  type MetricSource,
} from './sources.js';

export const STATS_ROLLUP_JOB = 'statistics.rollup';
/** Today and yesterday are rolled up this often. */
export const ROLLUP_EVERY_MS = 5 * 60_000;
/**
 * The rollup definitions the stored rows were made with. Change it with any change of a source's
 * query: the next run then rolls up every day again (the backfill).
 */
export const ROLLUP_DEFINITIONS = '2';
/** Days a device may upload late: each night these are rolled up again and checked. */
export const RECHECK_DAYS = 7;
/** The nightly check runs after this time of the China day. */
const RECHECK_AFTER_MS = 20 * 60_000;
/** A backfill rolls up this many days per transaction. */
const BACKFILL_CHUNK_DAYS = 31;

const STATE_DEFINITIONS = 'definitions';
/** The last China day whose values are stored (every day up to it was rolled up after it closed). */
const STATE_ROLLED_THROUGH = 'rolledThrough';
/** The last China day on which the nightly check ran. */
const STATE_CHECKED_ON = 'checkedOn';

/** Distinct members over a window of days, stored per day by the job. */
const WINDOWS: Partial<Record<MetricKey, number>> = {
  'members.active7': 7,
  'members.active30': 30,
};
const WINDOW_KEYS = Object.keys(WINDOWS) as MetricKey[];

const SOURCE_OF = new Map<MetricKey, MetricSource>(
  METRIC_SOURCES.flatMap((source) => source.metrics.map((m) => [m, source] as const)),
);

export const AUDIT_MODULE = 'statistics';

/**
 * 统计中心's numbers: the glossary's metrics for a period of China days, read from the daily
 * rollups for the days the job has stored and from the raw tables (the same source queries) for
 * the rest — today, and any day not rolled up yet — so a number never waits for the job.
 */
export class StatisticsService {
  private readonly repo: StatisticsRepo;

  /** What it uses of the context (bench/stats.ts makes one on a database of its own). */
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'now' | 'audit' | 'config'>) {
    this.repo = new StatisticsRepo(ctx.db);
  }

  glossary(): GlossaryEntry[] {
    return glossary();
  }

  /** Refuse a metric whose page the operator may not open. */
  private check(actor: Actor, key: MetricKey): void {
    if (!holdsAny(actor, METRICS[key].pages))
      throw new PermissionError(StatisticsMessages.noPermission);
  }

  /**
   * The time a request's numbers are made as of, and the memo of raw-table answers made at it:
   * now, or the time of the last ones while they are younger than STATS_REFRESH_MS (one process's
   * requests then share today's part instead of each reading today's rows again).
   */
  private asOf(): { now: number; memo: AsOfMemo } {
    return asOfNow(this.ctx);
  }

  /** The last China day whose stored values may be read (-1: none, e.g. before the backfill). */
  private storedThrough(memo: AsOfMemo): Promise<number> {
    return memo.get('storedThrough', async () => {
      if ((await this.repo.state(STATE_DEFINITIONS)) !== ROLLUP_DEFINITIONS) return -1;
      const through = await this.repo.state(STATE_ROLLED_THROUGH);
      return through === null ? -1 : Number(through);
    });
  }

  /** A source's raw values of [from, until), once per as-of time. */
  private collect(memo: AsOfMemo, source: MetricSource, from: number, until: number) {
    return memo.get(`collect ${source.name} ${from} ${until}`, () =>
      source.collect(this.ctx.db, from, until),
    );
  }

  /** The period as day numbers, refused when it ends after today. */
  private period(start: string, end: string, now: number) {
    const from = dayNumberOf(chinaDayStart(start));
    const to = dayNumberOf(chinaDayStart(end));
    if (to > dayNumberOf(now))
      throw ValidationError.field('end', StatisticsMessages.periodInFuture);
    return { from, to };
  }

  /**
   * The daily values (dim '') of a metric on the days [from, to], the last day counted up to
   * `until` (epoch ms: now for today, the same time of day for a comparison). `kept`: the stored
   * day totals (storedTotals).
   */
  private async daily(
    at: AsOf,
    key: MetricKey,
    from: number,
    to: number,
    until: number,
    kept: StoredTotals,
  ): Promise<number[]> {
    const { memo, stored } = at;
    // The rollups hold whole days: a last day counted up to a time of day is read raw.
    const keptThrough = until < startOfDayNumber(to + 1) ? Math.min(stored, to - 1) : stored;
    const days = to - from + 1;
    const keptOf = (day: number) => kept.get(key)?.get(day) ?? 0;
    const window = WINDOWS[key];
    if (window !== undefined) {
      return Promise.all(
        Array.from({ length: days }, (_, i) => {
          const day = from + i;
          if (day <= keptThrough) return keptOf(day);
          const dayEnd = Math.min(until, startOfDayNumber(day + 1));
          return memo.get(`active ${day - window + 1} ${day} ${keptThrough} ${dayEnd}`, () =>
            this.repo.distinctActive(day - window + 1, day, keptThrough, dayEnd),
          );
        }),
      );
    }
    if (key === 'members.total') {
      const at0 = startOfDayNumber(from);
      const [before, added] = await Promise.all([
        memo.get(`membersBefore ${at0}`, () => this.repo.membersBefore(at0)),
        this.daily(at, 'members.new', from, to, until, kept),
      ]);
      let total = before;
      return added.map((n) => (total += n));
    }
    const values = Array.from({ length: days }, (_, i) =>
      from + i <= keptThrough ? keptOf(from + i) : 0,
    );
    const rawFrom = Math.max(from, keptThrough + 1);
    if (rawFrom <= to) {
      for (const v of await this.collect(
        memo,
        SOURCE_OF.get(key)!,
        startOfDayNumber(rawFrom),
        until,
      ))
        if (v.metric === key && v.dim === '') values[v.day - from] = v.value;
    }
    return values;
  }

  /**
   * The stored day totals of these metrics (and of those they are made from) on [from, to], once
   * per as-of time (only the rollup job changes them).
   */
  private storedTotals(memo: AsOfMemo, keys: readonly MetricKey[], from: number, to: number) {
    const metrics = new Set(keys);
    if (metrics.has('members.total')) metrics.add('members.new');
    if (to < from) return Promise.resolve<StoredTotals>(new Map());
    return memo.get(`stored ${[...metrics].join(',')} ${from} ${to}`, () =>
      this.repo.totalsOf([...metrics], from, to),
    );
  }

  /** Metrics over a period and its previous one: each metric's value, previous value and days. */
  private async values(
    at: AsOf,
    keys: readonly MetricKey[],
    start: string,
    end: string,
  ): Promise<MetricValue[]> {
    const { now, stored } = at;
    const { from, to } = this.period(start, end, now);
    const today = dayNumberOf(now);
    // A period that ends today is compared up to the same time of day.
    // (Up to and including this millisecond: what was written at `now` counts.)
    const cut = to === today ? now + 1 - startOfDayNumber(today) : DAY_MS;
    const prev = previousPeriod(start, end);
    const prevFrom = dayNumberOf(chinaDayStart(prev.start));
    const prevTo = dayNumberOf(chinaDayStart(prev.end));
    // Both periods' stored days in one read.
    const kept = await this.storedTotals(at.memo, keys, prevFrom, Math.min(to, stored));
    return Promise.all(
      // Each metric's answer once per as-of time: a year of days is a few thousand values.
      keys.map((key) =>
        at.memo.get(`value ${key} ${start} ${end}`, async (): Promise<MetricValue> => {
          const [current, previous] = await Promise.all([
            this.daily(at, key, from, to, Math.min(now + 1, startOfDayNumber(to) + cut), kept),
            this.daily(at, key, prevFrom, prevTo, startOfDayNumber(prevTo) + cut, kept),
          ]);
          const total = (values: number[]) =>
            METRICS[key].aggregate === 'last'
              ? (values.at(-1) ?? 0)
              : values.reduce((sum, v) => sum + v, 0);
          return {
            key,
            value: total(current),
            previous: total(previous),
            daily: current.map((value, i) => ({ day: dateOfDayNumber(from + i), value })),
            asOf: now,
          };
        }),
      ),
    );
  }

  /** The as-of time of a request, its memo and the last stored day. */
  private async begin(): Promise<AsOf> {
    const { now, memo } = this.asOf();
    return { now, memo, stored: await this.storedThrough(memo) };
  }

  async metric(actor: Actor, key: MetricKey, start: string, end: string): Promise<MetricValue> {
    this.check(actor, key);
    const [value] = await this.values(await this.begin(), [key], start, end);
    return value!;
  }

  /**
   * The metrics of a period for a page that carries its own permission (应用中心 shows each app's
   * number to whoever may open the app; 数字大屏 its numbers to whoever may open the screen).
   */
  async periodValues(
    keys: readonly MetricKey[],
    start: string,
    end: string,
  ): Promise<MetricsAnswer> {
    const at = await this.begin();
    return { asOf: at.now, metrics: await this.values(at, keys, start, end) };
  }

  /** Today's values so far (see periodValues). */
  async today(keys: readonly MetricKey[]): Promise<Map<MetricKey, number>> {
    const at = await this.begin();
    const day = chinaDateOf(at.now);
    const metrics = await this.values(at, keys, day, day);
    return new Map(metrics.map((v) => [v.key as MetricKey, v.value]));
  }

  async metrics(
    actor: Actor,
    keys: readonly MetricKey[],
    start: string,
    end: string,
  ): Promise<MetricsAnswer> {
    for (const key of keys) this.check(actor, key);
    return this.periodValues(keys, start, end);
  }

  /**
   * A metric over every day so far (the large screen's running totals): its day totals added,
   * or one dimension's values (dimension value → sum). Stored days from the rollups, the rest
   * from the raw tables up to now.
   */
  async sinceStart(key: MetricKey, dimension?: MetricDimension): Promise<Map<string, number>> {
    const at = await this.begin();
    return this.sums(at, key, dimension ?? '', 0, dayNumberOf(at.now));
  }

  /** A metric's values summed over the days [from, to] by dimension value ('' → the totals). */
  private async sums(
    at: AsOf,
    key: MetricKey,
    dimension: MetricDimension | '',
    from: number,
    to: number,
  ): Promise<Map<string, number>> {
    const { now, stored, memo } = at;
    const sums = new Map(
      from <= stored
        ? await memo.get(`sums ${key} ${dimension} ${from} ${Math.min(to, stored)}`, () =>
            this.repo.dimensionSums(key, dimension, from, Math.min(to, stored)),
          )
        : [],
    );
    const rawFrom = Math.max(from, stored + 1);
    if (rawFrom <= to) {
      const until = Math.min(now + 1, startOfDayNumber(to + 1));
      for (const v of await this.collect(
        memo,
        SOURCE_OF.get(key)!,
        startOfDayNumber(rawFrom),
        until,
      ))
        if (v.metric === key && v.dim === dimension)
          sums.set(v.dimValue, (sums.get(v.dimValue) ?? 0) + v.value);
    }
    return sums;
  }

  /**
   * The page's table as a workbook: a row per day, then the period's value (合计, or 期末 for a
   * metric that is a day's value) and the previous period's — the numbers the page shows.
   */
  async export(actor: Actor, query: MetricsExportQuery): Promise<AuditedExport<ExportRow>> {
    // Every metric of the workbook, its days' or a breakdown's, needs its page's export action.
    for (const key of [...query.keys, ...query.breakdowns.map((b) => b.key)]) {
      const exportActions = METRICS[key].pages.map((page) => actionKey(page, 'export'));
      if (!holdsAny(actor, exportActions))
        throw new PermissionError(StatisticsMessages.noPermission);
    }
    const { metrics } = await this.metrics(actor, query.keys, query.start, query.end);
    // The page's breakdowns, a sheet each, named as their cards.
    const sheets: ExportSheet[] = await Promise.all(
      query.breakdowns.map(async ({ key, dimension }) => {
        const answer = await this.breakdown(actor, {
          key,
          dimension,
          start: query.start,
          end: query.end,
        });
        const { name, unit } = METRICS[key];
        const dimensionName = METRIC_DIMENSION_LABELS[dimension][0];
        return {
          name: `${name} · 按${dimensionName}`,
          columns: [{ header: dimensionName, width: 18 }, { header: `${name}（${unit}）` }],
          rows: answer.rows.map((r) => [r.label, r.count]),
        };
      }),
    );
    const rows: ExportRow[] = [
      ...metrics[0]!.daily.map((d, i) => ({
        label: d.day,
        values: metrics.map((m) => m.daily[i]!.value),
      })),
      { label: '本期', values: metrics.map((m) => m.value) },
      { label: '上一周期', values: metrics.map((m) => m.previous) },
    ];
    const columns: ExportColumn<ExportRow>[] = [
      { header: '日期', value: (r) => r.label, width: 14 },
      ...metrics.map((m, i): ExportColumn<ExportRow> => ({
        header: `${METRICS[m.key as MetricKey].name}（${METRICS[m.key as MetricKey].unit}）`,
        value: (r) => r.values[i],
        width: 16,
      })),
    ];
    return {
      actor,
      module: AUDIT_MODULE,
      title: query.title,
      // The breakdowns by the names of their sheets.
      filter: { ...query, breakdowns: sheets.map((sheet) => sheet.name) },
      total: rows.length,
      columns,
      batches: (async function* () {
        yield rows;
      })(),
      sheets,
    };
  }

  /** One dimension of a metric over the period, largest first, with each value's name. */
  async breakdown(actor: Actor, query: BreakdownQuery): Promise<BreakdownAnswer> {
    this.check(actor, query.key);
    return this.breakdownOf(query);
  }

  /** `breakdown` for a page that carries its own permission (see periodValues). */
  async breakdownOf(query: BreakdownQuery): Promise<BreakdownAnswer> {
    const { key, dimension, start, end } = query;
    if (!(METRICS[key].dimensions as readonly string[]).includes(dimension))
      throw ValidationError.field('dimension', StatisticsMessages.unknownDimension);
    const at = await this.begin();
    const now = at.now;
    const { from, to } = this.period(start, end, now);
    const sums = await this.sums(at, key, dimension, from, to);
    const names = await this.namesOf(key, dimension);
    const rows: BreakdownRow[] = [...sums]
      .filter(([, count]) => count !== 0)
      .map(([value, count]) => {
        const [label, labelEn] = names(value);
        return { value, label, labelEn, count };
      })
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    return { key, dimension, rows, asOf: now };
  }

  /** How a dimension's values are named on the page and in the export. */
  private async namesOf(
    key: MetricKey,
    dimension: BreakdownQuery['dimension'],
  ): Promise<(value: string) => [string, string]> {
    const unknown: [string, string] = ['未填写', 'Not given'];
    const fromLabels =
      (zh: Record<string, string>, en: Record<string, string>) =>
      (value: string): [string, string] =>
        value in zh ? [zh[value]!, en[value] ?? zh[value]!] : unknown;
    switch (dimension) {
      case 'channel': {
        const rows = await this.ctx.db
          .selectFrom('member_channels')
          .select(['id', 'name'])
          .execute();
        const byId = new Map(rows.map((r) => [String(r.id), r.name]));
        return (value) => {
          const name = byId.get(value);
          if (name !== undefined) return [name, name];
          return value === '' ? ['无渠道', 'No channel'] : ['已删除的渠道', 'Deleted channel'];
        };
      }
      case 'grade': {
        const rows = await this.ctx.db.selectFrom('member_grades').select(['id', 'name']).execute();
        const byId = new Map(rows.map((r) => [String(r.id), r.name]));
        return (value) => {
          const name = byId.get(value);
          return name === undefined ? ['已删除的等级', 'Deleted grade'] : [name, name];
        };
      }
      case 'province':
        return (value) => (value === '' ? unknown : [value, value]);
      case 'gender':
        return fromLabels(GENDER_LABELS, GENDER_LABELS_EN);
      case 'ageBand': {
        const zh = Object.fromEntries(AGE_BANDS.map((b) => [b.key, b.label]));
        const en = Object.fromEntries(AGE_BANDS.map((b) => [b.key, b.labelEn]));
        return (value) =>
          value === AGE_BAND_UNKNOWN ? ['未填生日', 'No birthday'] : fromLabels(zh, en)(value);
      }
      case 'level':
        return fromLabels(MEASUREMENT_LEVEL_LABELS, MEASUREMENT_LEVEL_LABELS_EN);
      case 'type':
        if (key === 'reports.published')
          return fromLabels(REPORT_KIND_LABELS, REPORT_KIND_LABELS_EN);
        if (key === 'tasks.done') return fromLabels(TASK_KIND_LABELS, TASK_KIND_LABELS_EN);
        return fromLabels(MEASUREMENT_TYPE_LABELS, MEASUREMENT_TYPE_LABELS_EN);
      case 'source':
        return fromLabels(POINTS_TYPE_LABELS, POINTS_TYPE_LABELS_EN);
    }
  }

  /* ------------------------------------------------------------- rollups */

  /**
   * Store the values of the days [from, to] from the raw tables: every source's metrics, the
   * active members of each day, and the 7- and 30-day distinct counts of the days they change.
   * `windowsTo`: the last day whose distinct counts are made again (a backfill, going forward a
   * month at a time, makes each month's own). Returns the day totals that differed from what was
   * stored (the nightly check).
   */
  async rollUp(
    from: number,
    to: number,
    windowsTo = Math.min(to + 29, dayNumberOf(this.ctx.now())),
  ): Promise<Difference[]> {
    const differences: Difference[] = [];
    const start = startOfDayNumber(from);
    const end = startOfDayNumber(to + 1);
    for (const source of METRIC_SOURCES) {
      const [fresh, kept] = await Promise.all([
        source.collect(this.ctx.db, start, end),
        this.repo.stored(source.metrics, from, to),
      ]);
      differences.push(...totalsDiffer(kept, fresh));
      await this.repo.replace(source.metrics, from, to, fresh);
    }
    await this.repo.replaceActiveMembers(from, to);
    // A day's active members count in the windows of the days up to 29 after it.
    const lastWindowDay = windowsTo;
    const windowDays = Array.from({ length: lastWindowDay - from + 1 }, (_, i) => from + i);
    for (const key of WINDOW_KEYS) {
      const window = WINDOWS[key]!;
      const kept = await this.repo.stored([key], from, lastWindowDay);
      const fresh: DailyValue[] = [];
      for (const day of windowDays) {
        const value = await this.repo.distinctActive(day - window + 1, day, day, 0);
        if (value !== 0) fresh.push({ metric: key, day, dim: '', dimValue: '', value });
      }
      differences.push(...totalsDiffer(kept, fresh));
      await this.repo.replace([key], from, lastWindowDay, fresh);
    }
    return differences;
  }

  /**
   * The job: roll up every day once after a change of definitions (the backfill), then yesterday
   * and today; once a night, the last days again, recording any value that changed (late uploads,
   * or a bug) in the operation log. Idempotent: a day's rows are replaced whole.
   */
  async runRollupJob(): Promise<void> {
    const now = this.ctx.now();
    const today = dayNumberOf(now);
    if ((await this.repo.state(STATE_DEFINITIONS)) !== ROLLUP_DEFINITIONS) {
      const earliest = await this.earliestDay(today);
      for (let day = earliest; day < today; day += BACKFILL_CHUNK_DAYS) {
        const last = Math.min(day + BACKFILL_CHUNK_DAYS - 1, today - 1);
        await this.rollUp(day, last, last);
      }
      await this.repo.setState(STATE_ROLLED_THROUGH, String(today - 1), now);
      await this.repo.setState(STATE_DEFINITIONS, ROLLUP_DEFINITIONS, now);
      await this.repo.setState(STATE_CHECKED_ON, String(today), now);
    }
    const checkedOn = Number((await this.repo.state(STATE_CHECKED_ON)) ?? -1);
    if (checkedOn < today && now - startOfDayNumber(today) >= RECHECK_AFTER_MS) {
      const differences = await this.rollUp(today - RECHECK_DAYS, today - 1);
      if (differences.length > 0)
        await this.ctx.audit.write({
          operator: { id: null, username: '系统' },
          module: AUDIT_MODULE,
          action: 'statsRecheck',
          target: `${dateOfDayNumber(today - RECHECK_DAYS)} 至 ${dateOfDayNumber(today - 1)}`,
          before: differences.map((d) => ({ metric: d.metric, day: d.day, value: d.was })),
          after: differences.map((d) => ({ metric: d.metric, day: d.day, value: d.now })),
          message: `统计核对：${differences.length} 项与原始数据不一致，已按原始数据重算`,
        });
      await this.repo.setState(STATE_CHECKED_ON, String(today), now);
    }
    await this.rollUp(today - 1, today);
    await this.repo.setState(STATE_ROLLED_THROUGH, String(today - 1), now);
  }

  /** The first day with any data (today when there is none). */
  private async earliestDay(today: number): Promise<number> {
    const times = await Promise.all(METRIC_SOURCES.map((s) => s.earliest(this.ctx.db)));
    const known = times.filter((t): t is number => t !== null);
    return known.length === 0 ? today : Math.min(today, ...known.map(dayNumberOf));
  }

  /** Keep one pending rollup job. Called at start-up and by the job after each run. */
  async ensureRollupJob(jobs: JobScheduler, afterRun = false): Promise<void> {
    const existing = await jobs.hasJob(
      STATS_ROLLUP_JOB,
      afterRun ? ['pending'] : ['pending', 'running'],
    );
    if (existing) return;
    // The first run a minute after start-up (the backfill of a new database runs then).
    await jobs.schedule(
      STATS_ROLLUP_JOB,
      0,
      this.ctx.now() + (afterRun ? ROLLUP_EVERY_MS : 60_000),
    );
  }
}

/** A row of the export: a day (or the period's totals) and one value per metric. */
interface ExportRow {
  label: string;
  values: number[];
}

interface Difference {
  metric: string;
  day: string;
  was: number;
  now: number;
}

/** The day totals that differ between what was stored and what the raw tables give. */
function totalsDiffer(kept: readonly DailyValue[], fresh: readonly DailyValue[]): Difference[] {
  const key = (v: DailyValue) => `${v.metric} ${v.day}`;
  const was = new Map(kept.filter((v) => v.dim === '').map((v) => [key(v), v]));
  const now = new Map(fresh.filter((v) => v.dim === '').map((v) => [key(v), v]));
  const out: Difference[] = [];
  for (const k of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(k);
    const b = now.get(k);
    if ((a?.value ?? 0) === (b?.value ?? 0)) continue;
    const v = (a ?? b)!;
    out.push({
      metric: v.metric,
      day: dateOfDayNumber(v.day),
      was: a?.value ?? 0,
      now: b?.value ?? 0,
    });
  }
  return out;
}

/** The stored day totals of a read: metric → day → value. */
type StoredTotals = Map<MetricKey, Map<number, number>>;

/** What one request's numbers are made with: its as-of time, the memo and the last stored day. */
interface AsOf {
  now: number;
  memo: AsOfMemo;
  stored: number;
}
