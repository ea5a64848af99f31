import type { AnyDb } from './helpers.js';
/**
 * The server's analysis of an ECG recording (modules/report/ecg): beats, heart rate, its trend and
 * the arrhythmic episodes, one row a recording, written once its sidecar files (min/max pyramids,
 * R peaks) are stored next to the samples file. `version` is the analysis's: an older row is
 * rebuilt. Same conventions as 0001: bigint epoch ms, JSON as text.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ecg_analyses')
    .addColumn('measurement_id', 'bigint', (c) =>
      c.primaryKey().references('measurements.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('beats', 'integer', (c) => c.notNull())
    .addColumn('mean_hr', 'integer')
    .addColumn('min_hr', 'integer')
    .addColumn('max_hr', 'integer')
    .addColumn('trend_step_ms', 'integer', (c) => c.notNull())
    /** JSON array of bpm or null, one per trend_step_ms from the start. */
    .addColumn('trend_json', 'text', (c) => c.notNull())
    /** JSON array of { kind, startMs, endMs, heartRate }. */
    .addColumn('episodes_json', 'text', (c) => c.notNull())
    .addColumn('analysed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ecg_analyses').ifExists().execute();
}
