import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EcgAnalysesTable } from '../../../db/schema.js';

export type EcgAnalysisRow = Selectable<EcgAnalysesTable>;

/**
 * Queries of the ECG report: the recordings as the viewer reads them (a read joining the device
 * centre's measurement, recording and device with the member, for display) and the analyses this
 * entity owns (ecg_analyses).
 */
export class EcgRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** An ECG measurement with its recording, member and device; undefined for any other id. */
  findRecording(measurementId: number) {
    return this.db
      .selectFrom('measurements as m')
      .innerJoin('ecg_recordings as r', 'r.measurement_id', 'm.id')
      .innerJoin('members as mb', 'mb.id', 'm.member_id')
      .innerJoin('devices as d', 'd.id', 'm.device_id')
      .select([
        'm.id',
        'm.member_id',
        'mb.name as member_name',
        'mb.phone as member_phone',
        'd.serial as device_serial',
        'm.measured_at',
        'm.level',
        'm.label',
        'r.sample_rate',
        'r.leads_json',
        'r.samples_per_lead',
        'r.duration_ms',
        'r.storage_key',
        'r.heart_rate',
        'r.arrhythmia',
      ])
      .where('m.id', '=', measurementId)
      .where('m.type', '=', 'ecg')
      .executeTakeFirst();
  }

  findAnalysis(measurementId: number): Promise<EcgAnalysisRow | undefined> {
    return this.db
      .selectFrom('ecg_analyses')
      .selectAll()
      .where('measurement_id', '=', measurementId)
      .executeTakeFirst();
  }

  /** Write a recording's analysis (a rebuild replaces it: the same input gives the same row). */
  async saveAnalysis(row: Insertable<EcgAnalysesTable>): Promise<void> {
    const { measurement_id: _id, ...rest } = row;
    await this.db
      .insertInto('ecg_analyses')
      .values(row)
      .onConflict((oc) => oc.column('measurement_id').doUpdateSet(rest))
      .execute();
  }
}

export type EcgRecordingRow = NonNullable<Awaited<ReturnType<EcgRepo['findRecording']>>>;
