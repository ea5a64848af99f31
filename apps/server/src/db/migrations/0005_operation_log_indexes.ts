import type { Kysely } from 'kysely';

/**
 * Operation log filters: 0001 indexes time, (operator, time) and (module, time). The log page
 * also filters by action and lists the actions present (select distinct), which this index
 * answers without reading the table.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('operation_logs_action_idx')
    .on('operation_logs')
    .columns(['action', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('operation_logs_action_idx').ifExists().execute();
}
