import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  EcgRecordingsTable,
  MeasurementAlertsTable,
  MeasurementsTable,
  MeasurementTypeValue,
} from '../../../db/schema.js';

export type MeasurementRow = Selectable<MeasurementsTable>;

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
  async insertNew(values: Insertable<MeasurementsTable>): Promise<number | null> {
    const row = await this.db
      .insertInto('measurements')
      .values(values)
      .onConflict((oc) => oc.columns(['device_id', 'type', 'measured_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  async insertEcg(values: Insertable<EcgRecordingsTable>): Promise<void> {
    await this.db.insertInto('ecg_recordings').values(values).execute();
  }

  async insertAlert(values: Insertable<MeasurementAlertsTable>): Promise<void> {
    await this.db.insertInto('measurement_alerts').values(values).execute();
  }
}
