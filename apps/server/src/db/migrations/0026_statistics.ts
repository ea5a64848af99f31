import type { AnyDb } from './helpers.js';

/**
 * 统计中心's rollups (modules/statistics): one row per metric, China day and dimension value,
 * written only by the rollup job (a day's rows are replaced whole in one transaction, so a re-run
 * or a second process never adds twice). `day` is the China day number: floor((t + 8 h) / 1 day).
 * `dim` '' holds the day's total; other rows break it down ('channel' → '3', 'level' → 'urgent').
 * The members active on a day are kept one row each, so "active in 7 days" is counted distinct
 * over the days, never by adding them. stats_state records which rollup definitions the rows
 * were made with: a change of definitions rolls every day again (the backfill).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('stats_daily')
    .addColumn('metric', 'varchar(40)', (c) => c.notNull())
    .addColumn('dim', 'varchar(20)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('dim_value', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_daily_pk', ['metric', 'dim', 'day', 'dim_value'])
    .execute();
  await db.schema
    .createTable('stats_daily_members')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_daily_members_pk', ['day', 'member_id'])
    .execute();
  await db.schema
    .createTable('stats_state')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Today is read from the raw tables by time: these make that a range scan.
  await db.schema
    .createIndex('measurements_time_idx')
    .on('measurements')
    .column('measured_at')
    .execute();
  await db.schema
    .createIndex('measurement_alerts_created_idx')
    .on('measurement_alerts')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('measurement_alerts_handled_idx')
    .on('measurement_alerts')
    .column('handled_at')
    .execute();
  await db.schema
    .createIndex('health_tasks_completed_idx')
    .on('health_tasks')
    .column('completed_at')
    .execute();
  await db.schema
    .createIndex('device_events_action_time_idx')
    .on('device_events')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('health_reports_published_idx')
    .on('health_reports')
    .column('published_at')
    .execute();
  await db.schema
    .createIndex('member_logoff_requests_handled_idx')
    .on('member_logoff_requests')
    .column('handled_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of [
    'member_logoff_requests_handled_idx',
    'health_reports_published_idx',
    'device_events_action_time_idx',
    'health_tasks_completed_idx',
    'measurement_alerts_handled_idx',
    'measurement_alerts_created_idx',
    'measurements_time_idx',
  ])
    await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('stats_state').ifExists().execute();
  await db.schema.dropTable('stats_daily_members').ifExists().execute();
  await db.schema.dropTable('stats_daily').ifExists().execute();
}
