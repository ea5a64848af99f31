import type { AnyDb } from './helpers.js';

/**
 * Refresh tokens rotated out of a session (only their SHA-256), so that the reuse of one — a
 * stolen token replayed after the real client refreshed, or the other way round — is noticed and
 * ends the whole session. Rows go with their session (cascade) and are pruned after the longest
 * session life.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('session_refresh_rotations')
    .addColumn('refresh_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'bigint', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('rotated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_refresh_rotations_rotated_idx')
    .on('session_refresh_rotations')
    .column('rotated_at')
    .execute();
  await db.schema
    .createIndex('session_refresh_rotations_session_idx')
    .on('session_refresh_rotations')
    .column('session_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_refresh_rotations').ifExists().execute();
}
