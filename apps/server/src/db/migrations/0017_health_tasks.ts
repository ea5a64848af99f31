import { withId, type AnyDb } from './helpers.js';

/**
 * 健康任务 (issue 14): tasks and the events of their workflow (to_assign → to_book → booked →
 * done | cancelled; contract health/tasks.ts). Same conventions as 0010: bigint epoch ms.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('health_tasks'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    /** manual | alert | package | plan, and the id of the row it came from. */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'bigint')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    // No foreign key: an operator account may be deleted; the task keeps the name it showed.
    .addColumn('assignee_id', 'bigint')
    .addColumn('assignee_name', 'text')
    .addColumn('due_at', 'bigint')
    .addColumn('appointment_at', 'bigint')
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('completed_at', 'bigint')
    .addColumn('points_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by_id', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The pages list by status newest first; the assistant's own tasks; a member's tasks; the tasks
  // of one alert (the workbench shows them).
  await db.schema
    .createIndex('health_tasks_status_idx')
    .on('health_tasks')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('health_tasks_created_idx')
    .on('health_tasks')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('health_tasks_assignee_idx')
    .on('health_tasks')
    .columns(['assignee_id', 'status'])
    .execute();
  await db.schema
    .createIndex('health_tasks_member_idx')
    .on('health_tasks')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('health_tasks_source_idx')
    .on('health_tasks')
    .columns(['source', 'source_id'])
    .execute();

  await withId(db, db.schema.createTable('health_task_events'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('health_tasks.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('health_task_events_task_idx')
    .on('health_task_events')
    .columns(['task_id', 'id'])
    .execute();
  // Workload counts the steps of one operator in a period.
  await db.schema
    .createIndex('health_task_events_operator_idx')
    .on('health_task_events')
    .columns(['operator_id', 'created_at'])
    .execute();
}
