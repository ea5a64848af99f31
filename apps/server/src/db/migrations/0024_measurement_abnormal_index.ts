import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * A member's abnormal readings by time (issue 12's ingest rate): every alert the ingest API opens
 * counts the member's abnormal readings of the 30 days before it (the triage facts,
 * MeasurementsRepo.insertAlert). measurements_member_time_idx (member_id, type, measured_at) found
 * the member's readings of every type in the window and read each row for its level — a member
 * whose device uploads every few minutes has thousands. A partial index holds the abnormal ones
 * only (a small share of readings, so few writes) and answers the count from the index alone.
 * The query must say `level <> 'normal'` with the literal, as here, for either database to use it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('measurements_member_abnormal_idx')
    .on('measurements')
    .columns(['member_id', 'measured_at'])
    .where(sql.ref('level'), '<>', sql.lit('normal'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('measurements_member_abnormal_idx').ifExists().execute();
}
