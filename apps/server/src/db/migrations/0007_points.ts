import { withId, type AnyDb } from './helpers.js';
/**
 * Points ledger: one row per change of a member's `points_balance` (+/−) with the balance after
 * it, so a balance always equals the sum of its member's rows. Positive rows carry the time they
 * expire under the expiry policy in force when they were written (null = never). Same conventions
 * as 0001: bigint epoch ms, JSON as text.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('points_ledger'))
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  // A member's ledger (detail tab, daily-cap sums) and the list's default sort.
  await db.schema
    .createIndex('points_ledger_member_time_idx')
    .on('points_ledger')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('points_ledger_type_time_idx')
    .on('points_ledger')
    .columns(['type', 'created_at'])
    .execute();
  await db.schema
    .createIndex('points_ledger_time_idx')
    .on('points_ledger')
    .column('created_at')
    .execute();
  // The expiry job: positive rows that have expired.
  await db.schema
    .createIndex('points_ledger_expires_idx')
    .on('points_ledger')
    .columns(['expires_at', 'member_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('points_ledger').ifExists().execute();
}
