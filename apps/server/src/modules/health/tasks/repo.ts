import { OPEN_TASK_STATUSES, type HealthTaskExportQuery } from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  HealthTaskEventsTable,
  HealthTasksTable,
  HealthTaskStatusValue,
} from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';
import { insertRow } from '../../../platform/row-writes.js';

export type HealthTaskRowDb = Selectable<HealthTasksTable>;
export type HealthTaskEventRow = Selectable<HealthTaskEventsTable>;
export type JoinedTaskRow = HealthTaskRowDb & {
  member_name: string;
  member_phone: string | null;
  alert_level: string | null;
};

/** The open statuses, typed for the table. */
const OPEN: readonly HealthTaskStatusValue[] = OPEN_TASK_STATUSES;

/**
 * Queries of health tasks and their events — the only file that touches these tables. It reads
 * an alert's member and level (read-only) for tasks created from the workbench.
 */
export class HealthTasksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Tasks with their member and, for a task from an alert, the alert's level. */
  private joined() {
    return this.db
      .selectFrom('health_tasks as t')
      .innerJoin('members as m', 'm.id', 't.member_id')
      .leftJoin('measurement_alerts as a', (join) =>
        join.onRef('a.id', '=', 't.source_id').on('t.source', '=', 'alert'),
      )
      .selectAll('t')
      .select(['m.name as member_name', 'm.phone as member_phone', 'a.level as alert_level']);
  }

  /**
   * The filtered list: open tasks by due time then age (what to do next first), every other
   * filter newest first.
   */
  query(query: HealthTaskExportQuery, operatorId: number, now: number) {
    let q = whereMember(this.joined(), query, 't.member_id');
    if (query.status) q = q.where('t.status', '=', query.status);
    if (query.kind) q = q.where('t.kind', '=', query.kind);
    if (query.source) q = q.where('t.source', '=', query.source);
    if (query.assigneeId) q = q.where('t.assignee_id', '=', query.assigneeId);
    if (query.mine) q = q.where('t.assignee_id', '=', operatorId);
    if (query.overdue)
      q = q
        .where('t.status', 'in', OPEN)
        .where('t.due_at', 'is not', null)
        .where('t.due_at', '<', now);
    q = whereCreatedBetween(q, query, 't.created_at');
    if (query.status === 'booked')
      return q.orderBy('t.appointment_at', 'asc').orderBy('t.id', 'asc');
    return q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  }

  findJoined(id: number): Promise<JoinedTaskRow | undefined> {
    return this.joined().where('t.id', '=', id).executeTakeFirst() as Promise<
      JoinedTaskRow | undefined
    >;
  }

  insert(values: Insertable<HealthTasksTable>): Promise<number> {
    return insertRow(this.db, 'health_tasks', values);
  }

  /**
   * Change a task while it is in `from` (and only then): whether it was. Two operators stepping
   * the same task at once: one UPDATE matches, the other is told the task changed meanwhile.
   */
  async moveFrom(
    id: number,
    from: HealthTaskStatusValue,
    values: Updateable<HealthTasksTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('health_tasks')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  insertEvent(values: Insertable<HealthTaskEventsTable>): Promise<number> {
    return insertRow(this.db, 'health_task_events', values);
  }

  /** A task's timeline, oldest first. */
  events(taskId: number): Promise<HealthTaskEventRow[]> {
    return this.db
      .selectFrom('health_task_events')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** Open tasks by status, the caller's own and the overdue ones (one pass over the open rows). */
  async counts(operatorId: number, now: number) {
    const row = await this.db
      .selectFrom('health_tasks')
      .where('status', 'in', OPEN)
      .select([
        sql<number>`sum(case when status = 'to_assign' then 1 else 0 end)`.as('to_assign'),
        sql<number>`sum(case when status = 'to_book' then 1 else 0 end)`.as('to_book'),
        sql<number>`sum(case when status = 'booked' then 1 else 0 end)`.as('booked'),
        sql<number>`sum(case when assignee_id = ${operatorId} then 1 else 0 end)`.as('mine'),
        sql<number>`sum(case when due_at is not null and due_at < ${now} then 1 else 0 end)`.as(
          'overdue',
        ),
      ])
      .executeTakeFirst();
    return {
      toAssign: toNumber(row?.to_assign),
      toBook: toNumber(row?.to_book),
      booked: toNumber(row?.booked),
      mine: toNumber(row?.mine),
      overdue: toNumber(row?.overdue),
    };
  }

  /** Tasks in a status (the overview's to-do): one indexed count. */
  async countIn(status: HealthTaskStatusValue): Promise<number> {
    const row = await this.db
      .selectFrom('health_tasks')
      .where('status', '=', status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** Open tasks per assignee. */
  async openByAssignee(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('health_tasks')
      .where('status', 'in', OPEN)
      .where('assignee_id', 'is not', null)
      .groupBy('assignee_id')
      .select(['assignee_id', (eb) => eb.fn.countAll<number>().as('n')])
      .execute();
    return new Map(rows.map((r) => [Number(r.assignee_id), toNumber(r.n)]));
  }

  /** The caller's open follow-up calls (助理工作台), the earliest appointment, then due, first. */
  followUpsOf(operatorId: number, limit: number): Promise<JoinedTaskRow[]> {
    return this.joined()
      .where('t.assignee_id', '=', operatorId)
      .where('t.kind', '=', 'follow_up_call')
      .where('t.status', 'in', ['to_book', 'booked'])
      .orderBy(sql`coalesce(t.appointment_at, t.due_at, t.created_at)`)
      .orderBy('t.id')
      .limit(limit)
      .execute() as Promise<JoinedTaskRow[]>;
  }

  /** The caller's other tasks waiting for a time with the member, the oldest first. */
  toBookOf(operatorId: number, limit: number): Promise<JoinedTaskRow[]> {
    return this.joined()
      .where('t.assignee_id', '=', operatorId)
      .where('t.kind', '!=', 'follow_up_call')
      .where('t.status', '=', 'to_book')
      .orderBy('t.created_at')
      .orderBy('t.id')
      .limit(limit)
      .execute() as Promise<JoinedTaskRow[]>;
  }

  /** How many of each the caller has (the lists above are capped). */
  async assistantCounts(operatorId: number): Promise<{ followUps: number; toBook: number }> {
    const row = await this.db
      .selectFrom('health_tasks')
      .where('assignee_id', '=', operatorId)
      .where('status', 'in', ['to_book', 'booked'])
      .select([
        sql<number>`sum(case when kind = 'follow_up_call' then 1 else 0 end)`.as('follow_ups'),
        sql<number>`sum(case when kind <> 'follow_up_call' and status = 'to_book' then 1 else 0 end)`.as(
          'to_book',
        ),
      ])
      .executeTakeFirst();
    return { followUps: toNumber(row?.follow_ups), toBook: toNumber(row?.to_book) };
  }

  /** The tasks one record made (a plan's schedule), by due time. */
  ofSource(source: string, sourceId: number) {
    return this.db
      .selectFrom('health_tasks')
      .selectAll()
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .orderBy('due_at')
      .orderBy('id')
      .execute();
  }

  /** The earliest due time of the open tasks of each record of a source. */
  async nextDueBySource(source: string, sourceIds: number[]): Promise<Map<number, number>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('health_tasks')
      .where('source', '=', source)
      .where('source_id', 'in', sourceIds)
      .where('status', 'in', OPEN)
      .where('due_at', 'is not', null)
      .groupBy('source_id')
      .select(['source_id', (eb) => eb.fn.min('due_at').as('next')])
      .execute();
    return new Map(rows.map((r) => [Number(r.source_id), Number(r.next)]));
  }

  /** The records of a source (plans) some of whose tasks were booked or done. */
  async startedOfSource(source: string, sourceIds: number[]): Promise<Set<number>> {
    if (sourceIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('health_tasks')
      .where('source', '=', source)
      .where('source_id', 'in', sourceIds)
      .where('status', 'in', ['booked', 'done'])
      .select('source_id')
      .distinct()
      .execute();
    return new Set(rows.map((r) => Number(r.source_id)));
  }

  /** The alert a task is created from (read-only): its member and level. */
  alert(id: number) {
    return this.db
      .selectFrom('measurement_alerts')
      .select(['id', 'member_id', 'level'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
