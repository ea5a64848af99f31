import type { MeasurementLevel, MeasurementType, QueueClaimFilter } from '@health/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { readerOf } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';

/** The alerts under the alias the queue's queries give them. */
type AlertsAsA = { a: Database['measurement_alerts'] };

export interface QueueFilter {
  level?: MeasurementLevel;
  type?: MeasurementType;
  claim?: QueueClaimFilter;
  /** The operator asking (for `mine` / `free`). */
  operatorId: number;
  now: number;
}

/**
 * Where the queue stops counting (paginate's countCap): 50 pages of 20. At 100,000 open alerts an
 * exact count costs twenty times the page (bench:workbench); past the cap the list says "超过 1000
 * 条，请缩小筛选范围" and the counters above it (counts) give the exact numbers by level.
 */
export const QUEUE_COUNT_CAP = 1_000;

/**
 * The workbench's queries over the open alerts (measurement_alerts, raised by the ingest API and
 * by re-judging through MeasurementsRepo.insertAlert): the queue in its stored order, the
 * counters, and the claims. A claim is a doctor's id, name and expiry on the alert's row: taken by
 * one conditional UPDATE, so of doctors claiming at once exactly one changes the row.
 */
export class WorkbenchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Alerts with their reading and member (the queue's row, whatever the alert's status). */
  private joined() {
    return this.db
      .selectFrom('measurement_alerts as a')
      .innerJoin('measurements as ms', 'ms.id', 'a.measurement_id')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select([
        'a.id',
        'a.measurement_id',
        'a.member_id',
        'a.type',
        'a.level',
        'a.label',
        'a.status',
        'a.created_at',
        'a.claimed_by_id',
        'a.claimed_by',
        'a.claim_expires_at',
        'a.handled_at',
        'a.handled_by',
        'a.triage_age',
        'a.triage_history',
        'ms.values_json',
        'ms.measured_at',
        'ms.category',
        'm.name as member_name',
        'm.phone as member_phone',
        'm.birthday as member_birthday',
      ]);
  }

  /**
   * The queue's filters on the alerts alone (`a`): the list adds the joins, the count does not
   * (every alert has its reading and its member, so the joins neither add nor drop rows).
   */
  private queueWhere(filter: QueueFilter) {
    return (eb: ExpressionBuilder<AlertsAsA, 'a'>) => {
      const all = [eb('a.status', '=', 'open')];
      if (filter.level) all.push(eb('a.level', '=', filter.level as 'warning' | 'urgent'));
      if (filter.type) all.push(eb('a.type', '=', filter.type));
      if (filter.claim === 'mine')
        all.push(
          eb('a.claimed_by_id', '=', filter.operatorId),
          eb('a.claim_expires_at', '>', filter.now),
        );
      if (filter.claim === 'free')
        all.push(
          eb.or([eb('a.claimed_by_id', 'is', null), eb('a.claim_expires_at', '<=', filter.now)]),
        );
      return eb.and(all);
    };
  }

  /** Open alerts with their reading and member, most pressing first (queue_rank, then id). */
  queueQuery(filter: QueueFilter) {
    return this.joined()
      .where(this.queueWhere(filter))
      .orderBy('a.queue_rank', 'desc')
      .orderBy('a.id', 'desc');
  }

  /**
   * The queue's rows counted on measurement_alerts alone, with the same filters (at 100,000 open
   * alerts the joins cost more than the count; (status, level) and (status, queue_rank) serve it).
   */
  queueCountQuery(filter: QueueFilter) {
    return this.db
      .selectFrom('measurement_alerts as a')
      .select('a.id')
      .where(this.queueWhere(filter));
  }

  /** One alert as the queue shows it (any status); undefined when there is none. */
  /** Open alerts (the overview's to-do): one indexed count. */
  async openCount(): Promise<number> {
    const row = await this.db
      .selectFrom('measurement_alerts')
      .where('status', '=', 'open')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  findJoined(id: number) {
    return this.joined().where('a.id', '=', id).executeTakeFirst();
  }

  /** Open alerts by level, those waiting since before `overdueBefore`, and the operator's claims. */
  async counts(operatorId: number, now: number, overdueBefore: number) {
    // Exact counts over every open alert (tens of ms at 100,000): off the server's thread.
    const reader = readerOf(this.db);
    const byLevel = await reader
      .selectFrom('measurement_alerts')
      .select(['level', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'open')
      .groupBy('level')
      .execute();
    const [overdue, mine] = await Promise.all([
      reader
        .selectFrom('measurement_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .where('created_at', '<', overdueBefore)
        .executeTakeFirst(),
      reader
        .selectFrom('measurement_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .where('claimed_by_id', '=', operatorId)
        .where('claim_expires_at', '>', now)
        .executeTakeFirst(),
    ]);
    return {
      byLevel: byLevel.map((r) => ({ level: r.level, n: Number(r.n) })),
      overdue: Number(overdue?.n ?? 0),
      mine: Number(mine?.n ?? 0),
    };
  }

  find(id: number) {
    return this.db
      .selectFrom('measurement_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Claim an open alert for `operatorId` unless another doctor's claim still holds (the claimer's
   * own claim is renewed). True when this call took it.
   */
  async claim(
    id: number,
    claimer: { id: number; name: string },
    now: number,
    expiresAt: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('measurement_alerts')
      .set({
        claimed_by_id: claimer.id,
        claimed_by: claimer.name,
        claimed_at: now,
        claim_expires_at: expiresAt,
        first_claimed_at: (eb) => eb.fn.coalesce('first_claimed_at', eb.val(now)),
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where((eb) =>
        eb.or([
          eb('claimed_by_id', 'is', null),
          eb('claimed_by_id', '=', claimer.id),
          eb('claim_expires_at', '<=', now),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Whether the writer of an open alert's report may write now: they hold its live claim, or
   * (`orUnclaimed`: the author of its draft) no doctor's claim holds. A no-op UPDATE, so that on
   * PostgreSQL the row stays locked to the end of the writer's transaction: a claim or a close
   * racing it waits and then sees what this transaction did.
   */
  async holdForReport(
    id: number,
    writer: { id: number; orUnclaimed: boolean },
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('measurement_alerts')
      .set((eb) => ({ claimed_by_id: eb.ref('claimed_by_id') }))
      .where('id', '=', id)
      .where(this.writableBy(writer, now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Close an open alert by its published report, under the same condition as `holdForReport`
   * (one conditional UPDATE: of two publishing at once exactly one closes it). True when closed.
   */
  async closeByReport(
    id: number,
    writer: { id: number; orUnclaimed: boolean },
    by: string,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('measurement_alerts')
      .set({ status: 'handled', handled_at: now, handled_by: by })
      .where('id', '=', id)
      .where(this.writableBy(writer, now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private writableBy(writer: { id: number; orUnclaimed: boolean }, now: number) {
    return (
      eb: ExpressionBuilder<
        { measurement_alerts: Database['measurement_alerts'] },
        'measurement_alerts'
      >,
    ) => {
      const held = eb.and([eb('claimed_by_id', '=', writer.id), eb('claim_expires_at', '>', now)]);
      const unclaimed = eb.or([eb('claimed_by_id', 'is', null), eb('claim_expires_at', '<=', now)]);
      return eb.and([
        eb('status', '!=', 'handled'),
        writer.orUnclaimed ? eb.or([held, unclaimed]) : held,
      ]);
    };
  }

  /** Drop the operator's claim on an alert; true when there was one. */
  async release(id: number, operatorId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('measurement_alerts')
      .set({ claimed_by_id: null, claimed_by: null, claimed_at: null, claim_expires_at: null })
      .where('id', '=', id)
      .where('claimed_by_id', '=', operatorId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The newest alert's id (the stream's watermark). */
  async newestId(): Promise<number> {
    const row = await this.db
      .selectFrom('measurement_alerts')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Alerts raised after `afterId`, oldest first (the stream's new events). */
  raisedAfter(afterId: number, limit: number) {
    return this.db
      .selectFrom('measurement_alerts')
      .select(['id', 'level', 'status'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Demo data: every alert with its reading's time and its triage facts. */
  alertsWithReadingTime() {
    return this.db
      .selectFrom('measurement_alerts as a')
      .innerJoin('measurements as ms', 'ms.id', 'a.measurement_id')
      .select([
        'a.id',
        'a.level',
        'a.type',
        'a.label',
        'a.member_id',
        'a.measurement_id',
        'a.triage_age',
        'a.triage_history',
        'ms.measured_at',
      ])
      .orderBy('a.id')
      .execute();
  }

  /** Demo data: when an alert was raised (its rank from it), and whether a doctor closed it. */
  async setTimeline(
    id: number,
    raisedAt: number,
    queueRank: number,
    handled: { at: number; by: string } | null,
  ): Promise<void> {
    await this.db
      .updateTable('measurement_alerts')
      .set({
        created_at: raisedAt,
        queue_rank: queueRank,
        ...(handled ? { status: 'handled', handled_at: handled.at, handled_by: handled.by } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
