import { sql } from 'kysely';
import { withId, type AnyDb } from './helpers.js';

/**
 * 健康管理 (issue 14): the workbench's claims and triage on the alerts, the health reports (every
 * version a row) and their share links. Same conventions as 0010: bigint epoch ms, JSON as text.
 *
 * The queue's order is one stored number per alert (`queue_rank`, contract `queueRankOf`): the
 * alerts raised before this migration get theirs from their level and time alone (age and history
 * 0), which keeps their order urgent first, then oldest first.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('measurement_alerts').addColumn('claimed_by_id', 'bigint').execute();
  await db.schema.alterTable('measurement_alerts').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('measurement_alerts').addColumn('claimed_at', 'bigint').execute();
  await db.schema
    .alterTable('measurement_alerts')
    .addColumn('claim_expires_at', 'bigint')
    .execute();
  /** The member's age in years when raised (null: no birthday) and abnormal readings in 30 days. */
  await db.schema.alterTable('measurement_alerts').addColumn('triage_age', 'integer').execute();
  await db.schema
    .alterTable('measurement_alerts')
    .addColumn('triage_history', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('measurement_alerts')
    .addColumn('queue_rank', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // queueRankOf(level, age null, history 0) = (urgent ? 1e15 : 0) + levelPoints·60000 − raisedAt.
  // Literal integers (not parameters): PostgreSQL types them bigint, as the column.
  await sql`update measurement_alerts set queue_rank = (case level
    when 'urgent' then ${sql.lit(1e15 + 120 * 60_000)}
    when 'warning' then ${sql.lit(60 * 60_000)}
    else 0 end) - created_at`.execute(db);
  await db.schema
    .createIndex('measurement_alerts_queue_idx')
    .on('measurement_alerts')
    .columns(['status', 'queue_rank'])
    .execute();
  await db.schema
    .createIndex('measurement_alerts_level_idx')
    .on('measurement_alerts')
    .columns(['status', 'level'])
    .execute();

  await withId(db, db.schema.createTable('health_reports'))
    /** The first version's id (its own for the first). */
    .addColumn('root_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('measurement_id', 'bigint', (c) => c.references('measurements.id'))
    .addColumn('alert_id', 'bigint', (c) => c.references('measurement_alerts.id'))
    .addColumn('conclusion', 'text', (c) => c.notNull())
    .addColumn('advice', 'text', (c) => c.notNull())
    .addColumn('addendum', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by_id', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('signed_by_id', 'bigint')
    .addColumn('signed_by', 'text')
    .addColumn('signed_at', 'bigint')
    .addColumn('published_by_id', 'bigint')
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'bigint')
    /** When a later version was published. */
    .addColumn('superseded_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('health_reports_version_uq')
    .on('health_reports')
    .columns(['root_id', 'version'])
    .unique()
    .execute();
  await db.schema
    .createIndex('health_reports_created_idx')
    .on('health_reports')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('health_reports_member_idx')
    .on('health_reports')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('health_reports_measurement_idx')
    .on('health_reports')
    .column('measurement_id')
    .execute();

  await withId(db, db.schema.createTable('health_report_links'))
    /** The report (every version of it: the link shows the latest published one). */
    .addColumn('root_id', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('health_report_links_root_idx')
    .on('health_report_links')
    .column('root_id')
    .execute();
}
