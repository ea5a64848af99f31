import {
  ageOnChinaDay,
  DAY_MS,
  queueRankOf,
  TRIAGE_HISTORY_DAYS,
  type MeasurementExportQuery,
} from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { containsText } from '../../../db/like.js';
import { prepared } from '../../../db/prepared.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';
import { applySort } from '../../../platform/pagination.js';
import type {
  Database,
  EcgRecordingsTable,
  MeasurementAlertsTable,
  MeasurementsTable,
  MeasurementLevelValue,
  MeasurementTypeValue,
} from '../../../db/schema.js';

export type MeasurementRow = Selectable<MeasurementsTable>;

/** A new reading as the ingest API stores it (no handling yet). */
export type NewMeasurement = Pick<
  MeasurementRow,
  | 'device_id'
  | 'member_id'
  | 'type'
  | 'measured_at'
  | 'values_json'
  | 'level'
  | 'category'
  | 'label'
  | 'rule_version'
  | 'created_at'
>;

/** Run for every reading (db/prepared.ts). */
const insertNewMeasurement = prepared((db, p: NewMeasurement) =>
  db
    .insertInto('measurements')
    .values({
      device_id: p.device_id,
      member_id: p.member_id,
      type: p.type,
      measured_at: p.measured_at,
      values_json: p.values_json,
      level: p.level,
      category: p.category,
      label: p.label,
      rule_version: p.rule_version,
      handled_at: null,
      handled_by: null,
      created_at: p.created_at,
    })
    .onConflict((oc) => oc.columns(['device_id', 'type', 'measured_at']).doNothing())
    .returning('id'),
);

/**
 * How many abnormal readings a member took in [from, to) (an alert's triage history), from the
 * partial index measurements_member_abnormal_idx: the literal `level <> 'normal'`, not a
 * parameter, is what lets either database use it.
 */
export function abnormalReadingsCount(
  db: Kysely<Database>,
  memberId: number,
  from: number,
  to: number,
) {
  return db
    .selectFrom('measurements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('measured_at', '>=', from)
    .where('measured_at', '<', to)
    .where(sql.ref('level'), '<>', sql.lit('normal'));
}

/** A new alert's row (run for each abnormal reading the ingest API stores: db/prepared.ts). */
const insertOpenAlert = prepared(
  (
    db,
    p: {
      measurementId: number;
      memberId: number;
      type: MeasurementTypeValue;
      level: MeasurementAlertsTable['level'];
      label: string;
      status: MeasurementAlertsTable['status'];
      createdAt: number;
      triageAge: number | null;
      triageHistory: number;
      queueRank: number;
    },
  ) =>
    db.insertInto('measurement_alerts').values({
      measurement_id: p.measurementId,
      member_id: p.memberId,
      type: p.type,
      level: p.level,
      label: p.label,
      status: p.status,
      created_at: p.createdAt,
      handled_at: null,
      handled_by: null,
      triage_age: p.triageAge,
      triage_history: p.triageHistory,
      queue_rank: p.queueRank,
    }),
);

/**
 * Queries of measurements, the ECG recordings that name their sample files, and the alerts
 * abnormal measurements open (the only file that touches these tables).
 */
export class MeasurementsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reading a device took of a type at a time (the ingest API's idempotency key). */
  findByKey(
    deviceId: number,
    type: MeasurementTypeValue,
    measuredAt: number,
  ): Promise<Pick<MeasurementRow, 'id' | 'level'> | undefined> {
    return this.db
      .selectFrom('measurements')
      .select(['id', 'level'])
      .where('device_id', '=', deviceId)
      .where('type', '=', type)
      .where('measured_at', '=', measuredAt)
      .executeTakeFirst();
  }

  /**
   * Insert a reading unless the device already has one of that type at that time; its new id, or
   * null when it was there (a concurrent upload of the same reading waits for the other's commit).
   */
  async insertNew(values: NewMeasurement): Promise<number | null> {
    const { rows } = await insertNewMeasurement(this.db, values);
    return rows[0] ? Number(rows[0].id) : null;
  }

  async insertEcg(values: Insertable<EcgRecordingsTable>): Promise<void> {
    await this.db.insertInto('ecg_recordings').values(values).execute();
  }

  /**
   * Raise an alert with its triage facts (the member's age, their abnormal readings of the 30 days
   * before) and the queue's sort key from them (contract queueRankOf), in the caller's transaction.
   * `member`: the member's row when the caller has read it already (the ingest API has).
   */
  async insertAlert(
    values: Omit<
      Insertable<MeasurementAlertsTable>,
      'triage_age' | 'triage_history' | 'queue_rank' | 'handled_at' | 'handled_by'
    > & { measured_at: number },
    member?: { birthday: string | null },
  ): Promise<void> {
    const { measured_at: measuredAt, ...alert } = values;
    const { birthday } = member ??
      (await this.db
        .selectFrom('members')
        .select('birthday')
        .where('id', '=', alert.member_id)
        .executeTakeFirst()) ?? { birthday: null };
    const history = await abnormalReadingsCount(
      this.db,
      alert.member_id,
      measuredAt - TRIAGE_HISTORY_DAYS * DAY_MS,
      measuredAt,
    ).executeTakeFirst();
    const facts = {
      level: alert.level,
      age: ageOnChinaDay(birthday, measuredAt),
      history: Number(history?.n ?? 0),
    };
    await insertOpenAlert(this.db, {
      measurementId: alert.measurement_id,
      memberId: alert.member_id,
      type: alert.type,
      level: alert.level,
      label: alert.label,
      status: alert.status,
      createdAt: alert.created_at,
      triageAge: facts.age,
      triageHistory: facts.history,
      queueRank: queueRankOf(facts, alert.created_at),
    });
  }

  /** A member's latest readings of every type, newest first (the workbench detail's history). */
  latestOfMember(memberId: number, limit: number) {
    return this.db
      .selectFrom('measurements')
      .select(['id', 'type', 'measured_at', 'values_json', 'level', 'category', 'label'])
      .where('member_id', '=', memberId)
      .orderBy('measured_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A device's readings, newest first (paged by the caller). */
  ofDevice(deviceId: number) {
    return this.db
      .selectFrom('measurements')
      .select([
        'id',
        'type',
        'measured_at',
        'values_json',
        'level',
        'category',
        'label',
        'created_at',
      ])
      .where('device_id', '=', deviceId)
      .orderBy('measured_at', 'desc')
      .orderBy('id', 'desc');
  }

  /**
   * Readings with their member, device, the number of the rules that judged them, and their
   * handling. One state (issue 32): a reading is handled when it was handled in 报告中心 or its alert
   * was closed (its report published on the workbench, or handled here) — `handled_at` / `by` say
   * whichever came first, so every list, filter and export shows the same.
   */
  private joined() {
    return this.db
      .selectFrom('measurements as ms')
      .innerJoin('members as m', 'm.id', 'ms.member_id')
      .innerJoin('devices as d', 'd.id', 'ms.device_id')
      .leftJoin('prewarning_rule_versions as rv', 'rv.version', 'ms.rule_version')
      .leftJoin('measurement_alerts as ca', (join) =>
        join.onRef('ca.measurement_id', '=', 'ms.id').on('ca.status', '=', 'handled'),
      )
      .select((eb) => [
        eb.fn.coalesce('ms.handled_at', 'ca.handled_at').as('handled_at'),
        eb.fn.coalesce('ms.handled_by', 'ca.handled_by').as('handled_by'),
      ])
      .select([
        'ms.id',
        'ms.type',
        'ms.member_id',
        'ms.device_id',
        'ms.measured_at',
        'ms.values_json',
        'ms.level',
        'ms.category',
        'ms.label',
        'ms.rule_version',
        'ms.handle_remark',
        'm.name as member_name',
        'm.phone as member_phone',
        'd.serial as device_serial',
        'rv.number as rule_number',
      ]);
  }

  /** The report lists' filtered, sorted query (and their export's). */
  reportQuery(query: MeasurementExportQuery) {
    let q = this.joined().where('ms.type', '=', query.type);
    q = whereMember(q, query, 'ms.member_id');
    if (query.serial) q = q.where(containsText('d.serial', query.serial.toUpperCase()));
    if (query.level) q = q.where('ms.level', '=', query.level);
    if (query.handled === true)
      q = q.where((eb) =>
        eb.or([eb('ms.handled_at', 'is not', null), eb('ca.id', 'is not', null)]),
      );
    if (query.handled === false)
      q = q.where('ms.handled_at', 'is', null).where('ca.id', 'is', null);
    q = whereCreatedBetween(q, query, 'ms.measured_at');
    return applySort(
      q,
      query,
      { measuredAt: 'ms.measured_at' },
      { field: 'measuredAt', order: 'descend' },
      'ms.id',
    );
  }

  /** The latest reading of a member of each type, with the counts of all and of abnormal ones. */
  async memberSummary(memberId: number) {
    const counts = await this.db
      .selectFrom('measurements')
      .select([
        'type',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>(sql`case when level = 'normal' then 0 else 1 end`).as('abnormal'),
      ])
      .where('member_id', '=', memberId)
      .groupBy('type')
      .execute();
    const latest = await Promise.all(
      counts.map((c) =>
        this.joined()
          .where('ms.member_id', '=', memberId)
          .where('ms.type', '=', c.type)
          .orderBy('ms.measured_at', 'desc')
          .orderBy('ms.id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    return counts.map((c, i) => ({ ...c, latest: latest[i] }));
  }

  /** A member's readings of a type in a period, newest first (the trend reads at most `limit`). */
  series(
    memberId: number,
    type: MeasurementTypeValue,
    range: { startTime?: number; endTime?: number },
    limit: number,
  ) {
    let q = this.db
      .selectFrom('measurements')
      .select(['id', 'measured_at', 'values_json', 'level', 'label'])
      .where('member_id', '=', memberId)
      .where('type', '=', type);
    q = whereCreatedBetween(q, range, 'measured_at');
    return q.orderBy('measured_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Mark readings of a type handled (those not handled yet); their alerts are handled too. */
  async handle(
    type: MeasurementTypeValue,
    ids: readonly number[],
    by: string,
    remark: string,
    at: number,
  ): Promise<number[]> {
    const open = await this.db
      .selectFrom('measurements')
      .select('id')
      .where('type', '=', type)
      .where('id', 'in', ids)
      .where('handled_at', 'is', null)
      // A reading whose alert is closed is handled already (see joined).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('measurement_alerts as ca')
              .select('ca.id')
              .whereRef('ca.measurement_id', '=', 'measurements.id')
              .where('ca.status', '=', 'handled'),
          ),
        ),
      )
      .execute();
    const handled = open.map((r) => Number(r.id));
    if (handled.length === 0) return [];
    await this.db
      .updateTable('measurements')
      .set({ handled_at: at, handled_by: by, handle_remark: remark })
      .where('id', 'in', handled)
      .where('handled_at', 'is', null)
      .execute();
    await this.db
      .updateTable('measurement_alerts')
      .set({ status: 'handled', handled_at: at, handled_by: by })
      .where('measurement_id', 'in', handled)
      .where('status', '!=', 'handled')
      .execute();
    return handled;
  }

  /** How many readings each version of the rules judged. */
  countByRuleVersion() {
    return this.db
      .selectFrom('measurements')
      .select(['rule_version', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('rule_version')
      .execute();
  }

  countInPeriod(types: readonly MeasurementTypeValue[], from: number, to: number) {
    return this.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', 'in', types)
      .where('measured_at', '>=', from)
      .where('measured_at', '<=', to)
      .executeTakeFirst();
  }

  /** A batch of a period's readings after `afterId`, in id order, with the member's gender. */
  periodBatch(
    types: readonly MeasurementTypeValue[],
    from: number,
    to: number,
    afterId: number,
    limit: number,
  ) {
    return this.db
      .selectFrom('measurements as ms')
      .innerJoin('members as m', 'm.id', 'ms.member_id')
      .leftJoin('measurement_alerts as a', 'a.measurement_id', 'ms.id')
      .select([
        'ms.id',
        'ms.type',
        'ms.member_id',
        'ms.measured_at',
        'ms.values_json',
        'ms.level',
        'ms.category',
        'ms.label',
        'ms.rule_version',
        'm.gender',
        'a.status as alert_status',
      ])
      .where('ms.type', 'in', types)
      .where('ms.measured_at', '>=', from)
      .where('ms.measured_at', '<=', to)
      .where('ms.id', '>', afterId)
      .orderBy('ms.id')
      .limit(limit)
      .execute();
  }

  /** A reading judged again: its new level, words and the rules' version. */
  async rejudge(
    id: number,
    judged: { level: MeasurementLevelValue; category: string; label: string; version: number },
  ): Promise<void> {
    await this.db
      .updateTable('measurements')
      .set({
        level: judged.level,
        category: judged.category,
        label: judged.label,
        rule_version: judged.version,
      })
      .where('id', '=', id)
      .execute();
  }

  /** An open or claimed alert of a reading judged normal again is closed. */
  async closeAlert(measurementId: number, by: string, at: number): Promise<void> {
    await this.db
      .updateTable('measurement_alerts')
      .set({ status: 'handled', handled_at: at, handled_by: by })
      .where('measurement_id', '=', measurementId)
      .where('status', '!=', 'handled')
      .execute();
  }

  /**
   * The unhandled alert of a reading judged abnormal again takes its new level and words, and its
   * place in the queue from them.
   */
  async updateOpenAlert(
    measurementId: number,
    level: 'warning' | 'urgent',
    label: string,
  ): Promise<void> {
    const open = await this.db
      .selectFrom('measurement_alerts')
      .select(['id', 'triage_age', 'triage_history', 'created_at'])
      .where('measurement_id', '=', measurementId)
      .where('status', '!=', 'handled')
      .execute();
    for (const a of open)
      await this.db
        .updateTable('measurement_alerts')
        .set({
          level,
          label,
          queue_rank: queueRankOf(
            { level, age: a.triage_age, history: a.triage_history },
            Number(a.created_at),
          ),
        })
        .where('id', '=', a.id)
        .execute();
  }
}
