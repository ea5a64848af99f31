import { withId, type AnyDb } from './helpers.js';
/**
 * Daily check-in records, notices with their deliveries, and the DB-backed job scheduler
 * (platform/jobs.ts). Same conventions as 0001: bigint epoch ms, integer 0/1 booleans, JSON as text.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sign_records'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    /** Local (China) calendar day 'YYYY-MM-DD'. */
    .addColumn('sign_date', 'text', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('base_points', 'integer', (c) => c.notNull())
    .addColumn('reward_points', 'integer', (c) => c.notNull())
    /** What the ledger really paid (the daily cap may cut it). */
    .addColumn('points_awarded', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_records_member_date_uq')
    .on('sign_records')
    .columns(['member_id', 'sign_date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sign_records_date_idx')
    .on('sign_records')
    .column('sign_date')
    .execute();
  await db.schema
    .createIndex('sign_records_created_idx')
    .on('sign_records')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    /** JSON array of grade or channel ids ("[]" for all). */
    .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notices_status_created_idx')
    .on('notices')
    .columns(['status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('notice_deliveries'))
    .addColumn('notice_id', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_deliveries_notice_member_uq')
    .on('notice_deliveries')
    .columns(['notice_id', 'member_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notice_deliveries_member_idx')
    .on('notice_deliveries')
    .columns(['member_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('scheduled_jobs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scheduled_jobs_status_run_idx')
    .on('scheduled_jobs')
    .columns(['status', 'run_at'])
    .execute();
  await db.schema
    .createIndex('scheduled_jobs_kind_ref_idx')
    .on('scheduled_jobs')
    .columns(['kind', 'ref_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').ifExists().execute();
  await db.schema.dropTable('notice_deliveries').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
  await db.schema.dropTable('sign_records').ifExists().execute();
}
