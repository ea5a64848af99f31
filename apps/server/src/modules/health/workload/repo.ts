import { CHINA_UTC_OFFSET_MS, DAY_MS } from '@health/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';

export interface Period {
  startTime: number;
  endTime: number;
}

/** The China day number (days since the epoch in UTC+8) of a time column, in SQL. */
const chinaDay = (column: string) =>
  sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_UTC_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/**
 * Read-only counts of the health work done in a period, from the reports (who signed and
 * published each version, the alert it answered) and the tasks' events. Writes nothing.
 */
export class WorkloadRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Report versions signed, per signer. */
  async signedBy(p: Period): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('health_reports')
      .where('signed_at', '>=', p.startTime)
      .where('signed_at', '<=', p.endTime)
      .where('signed_by_id', 'is not', null)
      .groupBy('signed_by_id')
      .select(['signed_by_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), toNumber(r.n)]));
  }

  /** Report versions published, and alerts closed by them, per publisher. */
  async publishedBy(p: Period): Promise<Map<number, { published: number; alerts: number }>> {
    const rows = await this.db
      .selectFrom('health_reports')
      .where('published_at', '>=', p.startTime)
      .where('published_at', '<=', p.endTime)
      .where('published_by_id', 'is not', null)
      .groupBy('published_by_id')
      .select([
        'published_by_id as id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.count<number>('alert_id').as('alerts'),
      ])
      .execute();
    return new Map(
      rows.map((r) => [Number(r.id), { published: toNumber(r.n), alerts: toNumber(r.alerts) }]),
    );
  }

  /** Each alert answered in the period: who published its report, minutes from raised to published. */
  async responseTimes(p: Period): Promise<{ operatorId: number; minutes: number }[]> {
    const rows = await this.db
      .selectFrom('health_reports as r')
      .innerJoin('measurement_alerts as a', 'a.id', 'r.alert_id')
      .where('r.published_at', '>=', p.startTime)
      .where('r.published_at', '<=', p.endTime)
      .where('r.published_by_id', 'is not', null)
      .select(['r.published_by_id as id', 'r.published_at', 'a.created_at'])
      .execute();
    return rows.map((r) => ({
      operatorId: Number(r.id),
      minutes: Math.max(0, Number(r.published_at) - Number(r.created_at)) / 60_000,
    }));
  }

  /** Task steps taken (book and reschedule, complete), per operator. */
  async taskSteps(p: Period): Promise<Map<number, { booked: number; done: number }>> {
    const rows = await this.db
      .selectFrom('health_task_events')
      .where('created_at', '>=', p.startTime)
      .where('created_at', '<=', p.endTime)
      .where('action', 'in', ['book', 'complete'])
      .where('operator_id', 'is not', null)
      .groupBy(['operator_id', 'action'])
      .select(['operator_id as id', 'action', (eb) => eb.fn.countAll<number>().as('n')])
      .execute();
    const out = new Map<number, { booked: number; done: number }>();
    for (const r of rows) {
      const entry = out.get(Number(r.id)) ?? { booked: 0, done: 0 };
      if (r.action === 'book') entry.booked += toNumber(r.n);
      else entry.done += toNumber(r.n);
      out.set(Number(r.id), entry);
    }
    return out;
  }

  /** Reports published and tasks completed per China day (day number → count). */
  async perDay(
    p: Period,
    operatorId: number | undefined,
  ): Promise<{ published: Map<number, number>; done: Map<number, number> }> {
    let reports = this.db
      .selectFrom('health_reports')
      .where('published_at', '>=', p.startTime)
      .where('published_at', '<=', p.endTime)
      .where('published_by_id', 'is not', null);
    if (operatorId) reports = reports.where('published_by_id', '=', operatorId);
    let tasks = this.db
      .selectFrom('health_task_events')
      .where('created_at', '>=', p.startTime)
      .where('created_at', '<=', p.endTime)
      .where('action', '=', 'complete');
    if (operatorId) tasks = tasks.where('operator_id', '=', operatorId);
    const [r, t] = await Promise.all([
      reports
        .select([chinaDay('published_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql`1`)
        .execute(),
      tasks
        .select([chinaDay('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql`1`)
        .execute(),
    ]);
    const toMap = (rows: { day: unknown; n: unknown }[]) =>
      new Map(rows.map((x) => [Math.floor(Number(x.day)), toNumber(x.n)]));
    return { published: toMap(r), done: toMap(t) };
  }
}
