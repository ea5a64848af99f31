import type { Insertable, Kysely, Selectable } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type {
  Database,
  EcgRecordingsTable,
  MeasurementAlertsTable,
  MeasurementsTable,
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

  async insertAlert(values: Insertable<MeasurementAlertsTable>): Promise<void> {
    await this.db.insertInto('measurement_alerts').values(values).execute();
  }

  /** A device's readings, newest first (paged by the caller). */
  ofDevice(deviceId: number) {
    return this.db
      .selectFrom('measurements')
      .select(['id', 'type', 'measured_at', 'values_json', 'level', 'label', 'created_at'])
      .where('device_id', '=', deviceId)
      .orderBy('measured_at', 'desc')
      .orderBy('id', 'desc');
  }
}
