import { sql } from 'kysely';
import { withId, type AnyDb } from './helpers.js';

/**
 * 健康管理方案: a member's plan (contract health/plans.ts). Goals and medication reminders are
 * JSON text; the follow-up schedule is five columns (null: none). Its tasks are health tasks with
 * source 'plan' and source_id the plan (0017's source index finds them).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('health_plans'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('goals', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('diet', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exercise', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('medications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('schedule_kind', 'text')
    .addColumn('schedule_every_days', 'integer')
    .addColumn('schedule_occurrences', 'integer')
    .addColumn('schedule_start_at', 'bigint')
    // No foreign key: an operator account may be deleted; the plan keeps the name it showed.
    .addColumn('schedule_assignee_id', 'bigint')
    .addColumn('schedule_assignee_name', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  // One active plan per member, also under two concurrent adds.
  await db.schema
    .createIndex('health_plans_active_member_idx')
    .on('health_plans')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('health_plans_updated_idx')
    .on('health_plans')
    .columns(['updated_at', 'id'])
    .execute();
}
