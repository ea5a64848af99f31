import {
  DAY_MS,
  formatChinaDate,
  HealthTaskMessages,
  maskPhone,
  State,
  TASK_BOOK_MAX_DAYS,
  TASK_KIND_LABELS,
  TASK_SOURCE_LABELS,
  TASK_STATUS_LABELS,
  TASK_STEP_LABELS,
  TASK_STEPS,
  type HealthTask,
  type HealthTaskAdd,
  type HealthTaskAssign,
  type HealthTaskBook,
  type HealthTaskCounts,
  type HealthTaskDetail,
  type HealthTaskEvent,
  type HealthTaskExportQuery,
  type HealthTaskKind,
  type HealthTaskSource,
  type HealthTaskStatus,
  type HealthTaskStep,
  type HealthTaskUpdate,
  type MeasurementLevel,
  type MemberOption,
  type Page,
  type TaskStaff,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { memberOptions } from '../../member/members/options.js';
import { MembersRepo } from '../../member/members/repo.js';
import { PointsService } from '../../member/points/service.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { AUDIT_MODULE } from '../reports/service.js';
import { HealthTasksRepo, type HealthTaskEventRow, type JoinedTaskRow } from './repo.js';

const ASSIGNABLE_ROLES = ['doctor', 'assistant'] as const;
const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const failed = (msg: string) => new AppError(State.FAILED, msg);

export function toTask(row: JoinedTaskRow, operatorId: number): HealthTask {
  return {
    id: Number(row.id),
    kind: row.kind as HealthTaskKind,
    title: row.title,
    note: row.note,
    status: row.status,
    source: row.source as HealthTaskSource,
    sourceId: optionalNumber(row.source_id),
    alertLevel: (row.alert_level as MeasurementLevel | null) ?? null,
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    assigneeId: optionalNumber(row.assignee_id),
    assigneeName: row.assignee_name,
    mine: row.assignee_id !== null && Number(row.assignee_id) === operatorId,
    dueAt: optionalNumber(row.due_at),
    appointmentAt: optionalNumber(row.appointment_at),
    outcome: row.outcome,
    completedAt: optionalNumber(row.completed_at),
    pointsAwarded: Number(row.points_awarded),
    cancelReason: row.cancel_reason,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toEvent(row: HealthTaskEventRow): HealthTaskEvent {
  return {
    id: Number(row.id),
    action: row.action as HealthTaskEvent['action'],
    fromStatus: row.from_status,
    toStatus: row.to_status,
    operatorName: row.operator_name,
    remark: row.remark,
    createdAt: Number(row.created_at),
  };
}

/** Where a new task comes from (the alert's member, or the member picked by hand). */
export interface TaskOrigin {
  source: HealthTaskSource;
  sourceId: number | null;
  memberId: number;
}

/**
 * Health tasks through their workflow (contract health/tasks.ts): every step follows TASK_STEPS,
 * moves the row with one conditional UPDATE (the status it was read in), writes its event and the
 * operation log in one transaction. Completing pays the member 积分配置's health-task points in
 * that same transaction — once, since only one completion can match the UPDATE.
 */
export class HealthTaskService {
  private readonly repo: HealthTasksRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new HealthTasksRepo(ctx.db);
  }

  async list(actor: Actor, query: HealthTaskExportQuery & PageRequest): Promise<Page<HealthTask>> {
    return paginate(
      this.ctx.db,
      this.repo.query(query, actor.operatorId, this.ctx.now()),
      query,
      (r) => toTask(r as JoinedTaskRow, actor.operatorId),
    );
  }

  counts(actor: Actor): Promise<HealthTaskCounts> {
    return this.repo.counts(actor.operatorId, this.ctx.now());
  }

  /** Tasks in a status (the overview's to-do). */
  countIn(db: Kysely<Database>, status: HealthTaskStatus): Promise<number> {
    return new HealthTasksRepo(db).countIn(status);
  }

  private async load(id: number): Promise<JoinedTaskRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(HealthTaskMessages.notFound);
    return row;
  }

  async detail(actor: Actor, id: number): Promise<HealthTaskDetail> {
    const row = await this.load(id);
    const events = await this.repo.events(id);
    return { ...toTask(row, actor.operatorId), events: events.map(toEvent) };
  }

  /** The new-task form's member picker. */
  memberOptions(keyword: string): Promise<MemberOption[]> {
    return memberOptions(this.ctx.db, keyword);
  }

  /** Enabled doctors and assistants, with their open tasks. */
  async staff(): Promise<TaskStaff[]> {
    const [people, open] = await Promise.all([
      new OperatorsRepo(this.ctx.db).enabledStaff(ASSIGNABLE_ROLES),
      this.repo.openByAssignee(),
    ]);
    return people.map((p) => ({
      id: Number(p.id),
      name: p.real_name || p.username,
      staffRole: p.staff_role as TaskStaff['staffRole'],
      openTasks: open.get(Number(p.id)) ?? 0,
    }));
  }

  /** The assignee a step names: an enabled doctor or assistant. */
  private async assignee(id: number | undefined): Promise<{ id: number; name: string }> {
    if (!id) throw ValidationError.field('assigneeId', HealthTaskMessages.assigneeRequired);
    const found = (await this.staff()).find((s) => s.id === id);
    if (!found) throw ValidationError.field('assigneeId', HealthTaskMessages.assigneeInvalid);
    return { id: found.id, name: found.name };
  }

  /** The task's member and source, from the alert named or the member picked. */
  private async originOf(input: HealthTaskAdd): Promise<TaskOrigin> {
    if (input.alertId) {
      const alert = await this.repo.alert(input.alertId);
      if (!alert) throw ValidationError.field('alertId', HealthTaskMessages.alertNotFound);
      return { source: 'alert', sourceId: Number(alert.id), memberId: Number(alert.member_id) };
    }
    const member = await new MembersRepo(this.ctx.db).brief(input.memberId!);
    if (!member || member.status === 'logged_off')
      throw ValidationError.field('memberId', HealthTaskMessages.memberNotFound);
    return { source: 'manual', sourceId: null, memberId: Number(member.id) };
  }

  /** A task by hand or from an alert; assigned at once when an assignee is named. */
  async add(actor: Actor, input: HealthTaskAdd): Promise<HealthTask> {
    const origin = await this.originOf(input);
    const assignee = input.assigneeId ? await this.assignee(input.assigneeId) : null;
    const id = await auditedChange(this.ctx, actor, async (trx) => {
      const id = await this.create(trx, actor, origin, {
        kind: input.kind,
        title: input.title,
        note: input.note,
        dueAt: input.dueAt,
        assignee,
      });
      return {
        result: id,
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: `健康任务 #${id}`,
          before: null,
          after: {
            taskKind: input.kind,
            title: input.title || TASK_KIND_LABELS[input.kind],
            memberId: origin.memberId,
            source: origin.source,
            ...(origin.sourceId ? { alertId: origin.sourceId } : {}),
            ...(assignee ? { assignee: assignee.name } : {}),
          },
        },
      };
    });
    return toTask(await this.load(id), actor.operatorId);
  }

  /**
   * Insert a task and its `create` event (and `assign` when assigned at once) in the caller's
   * transaction: the one way tasks are made, also by plans and service packages.
   */
  async create(
    trx: Kysely<Database>,
    actor: Pick<Actor, 'operatorId' | 'displayName'>,
    origin: TaskOrigin,
    task: {
      kind: HealthTaskKind;
      title: string;
      note: string;
      dueAt: number | null;
      assignee: { id: number; name: string } | null;
    },
  ): Promise<number> {
    const at = this.ctx.now();
    const repo = new HealthTasksRepo(trx);
    const status: HealthTaskStatus = task.assignee ? 'to_book' : 'to_assign';
    const id = await repo.insert({
      kind: task.kind,
      title: task.title || TASK_KIND_LABELS[task.kind],
      note: task.note,
      status,
      source: origin.source,
      source_id: origin.sourceId,
      member_id: origin.memberId,
      assignee_id: task.assignee?.id ?? null,
      assignee_name: task.assignee?.name ?? null,
      due_at: task.dueAt,
      created_by_id: actor.operatorId,
      created_by: actor.displayName,
      created_at: at,
      updated_at: at,
    });
    const event = { task_id: id, operator_id: actor.operatorId, operator_name: actor.displayName };
    await repo.insertEvent({
      ...event,
      action: 'create',
      from_status: null,
      to_status: 'to_assign',
      remark: TASK_SOURCE_LABELS[origin.source],
      created_at: at,
    });
    if (task.assignee)
      await repo.insertEvent({
        ...event,
        action: 'assign',
        from_status: 'to_assign',
        to_status: 'to_book',
        remark: task.assignee.name,
        created_at: at,
      });
    return id;
  }

  /**
   * The cancel step of the workflow (TASK_STEPS.cancel) in the caller's transaction, for a task
   * another record owns (a plan's schedule changed or ended): refused unless the task may be
   * cancelled from `from`; whether it was still in `from` (false: changed meanwhile, left alone).
   */
  async cancelIn(
    trx: Kysely<Database>,
    actor: Pick<Actor, 'operatorId' | 'displayName'>,
    task: { id: number; status: HealthTaskStatus },
    reason: string,
  ): Promise<boolean> {
    const rule = TASK_STEPS.cancel;
    if (!(rule.from as readonly HealthTaskStatus[]).includes(task.status))
      throw failed(
        HealthTaskMessages.stepRefused(TASK_STATUS_LABELS[task.status], TASK_STEP_LABELS.cancel),
      );
    const at = this.ctx.now();
    const repo = new HealthTasksRepo(trx);
    const moved = await repo.moveFrom(task.id, task.status, {
      status: rule.to,
      cancel_reason: reason,
      updated_at: at,
    });
    if (!moved) return false;
    await repo.insertEvent({
      task_id: task.id,
      action: 'cancel',
      from_status: task.status,
      to_status: rule.to,
      operator_id: actor.operatorId,
      operator_name: actor.displayName,
      remark: reason,
      created_at: at,
    });
    return true;
  }

  /** An enabled doctor or assistant by id (undefined: none such). */
  async staffMember(id: number): Promise<{ id: number; name: string } | undefined> {
    const found = (await this.staff()).find((s) => s.id === id);
    return found ? { id: found.id, name: found.name } : undefined;
  }

  /** Edit what a task is (not where it is in the workflow) while it is open. */
  async update(actor: Actor, input: HealthTaskUpdate): Promise<HealthTask> {
    const row = await this.load(input.id);
    if (row.status === 'done' || row.status === 'cancelled')
      throw failed(HealthTaskMessages.closedReadOnly);
    // A booked task is due no earlier than its appointment.
    const appointmentAt = row.appointment_at === null ? null : Number(row.appointment_at);
    if (input.dueAt !== null && appointmentAt !== null && input.dueAt < appointmentAt)
      throw ValidationError.field('dueAt', HealthTaskMessages.dueBeforeAppointment);
    const at = this.ctx.now();
    const title = input.title || TASK_KIND_LABELS[input.kind];
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new HealthTasksRepo(trx);
      const moved = await repo.moveFrom(input.id, row.status, {
        kind: input.kind,
        title,
        note: input.note,
        due_at: input.dueAt,
        updated_at: at,
      });
      if (!moved) throw failed(HealthTaskMessages.changedMeanwhile);
      await repo.insertEvent({
        task_id: input.id,
        action: 'edit',
        from_status: row.status,
        to_status: row.status,
        operator_id: actor.operatorId,
        operator_name: actor.displayName,
        remark: '',
        created_at: at,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: `健康任务 #${input.id}`,
          before: { taskKind: row.kind, title: row.title, note: row.note, dueAt: row.due_at },
          after: { taskKind: input.kind, title, note: input.note, dueAt: input.dueAt },
        },
      };
    });
    return toTask(await this.load(input.id), actor.operatorId);
  }

  /** Assign a task to assign; reassign one already assigned (one endpoint, two steps). */
  async assign(actor: Actor, input: HealthTaskAssign): Promise<HealthTask> {
    const row = await this.load(input.id);
    return this.step(actor, row.status === 'to_assign' ? 'assign' : 'reassign', input);
  }

  /** Book a task to book; reschedule a booked one. */
  async book(actor: Actor, input: HealthTaskBook): Promise<HealthTask> {
    const row = await this.load(input.id);
    return this.step(actor, row.status === 'booked' ? 'reschedule' : 'book', input);
  }

  /** One step of the workflow, with what it needs (assignee, appointment, outcome, reason). */
  async step(
    actor: Actor,
    name: HealthTaskStep,
    input: {
      id: number;
      assigneeId?: number;
      appointmentAt?: number | null;
      note?: string;
      outcome?: string;
      reason?: string;
    },
  ): Promise<HealthTask> {
    const rule = TASK_STEPS[name];
    const row = await this.load(input.id);
    const from = row.status;
    if (!(rule.from as readonly HealthTaskStatus[]).includes(from))
      throw failed(
        HealthTaskMessages.stepRefused(TASK_STATUS_LABELS[from], TASK_STEP_LABELS[name]),
      );
    const to: HealthTaskStatus = rule.to ?? from;
    const at = this.ctx.now();
    const values: Parameters<HealthTasksRepo['moveFrom']>[2] = { status: to, updated_at: at };
    const before: Record<string, unknown> = { taskStatus: from };
    const after: Record<string, unknown> = { taskStatus: to };
    let remark = '';

    if (name === 'assign' || name === 'reassign') {
      const who = await this.assignee(input.assigneeId);
      Object.assign(values, { assignee_id: who.id, assignee_name: who.name });
      before.assignee = row.assignee_name ?? '';
      after.assignee = who.name;
      remark = who.name;
    }
    if (name === 'book' || name === 'reschedule') {
      const when = input.appointmentAt;
      if (when === null || when === undefined)
        throw ValidationError.field('appointmentAt', HealthTaskMessages.appointmentRequired);
      if (when < at)
        throw ValidationError.field('appointmentAt', HealthTaskMessages.appointmentPast);
      if (when > at + TASK_BOOK_MAX_DAYS * DAY_MS)
        throw ValidationError.field('appointmentAt', HealthTaskMessages.appointmentTooFar);
      if (row.due_at !== null && when > Number(row.due_at))
        throw ValidationError.field('appointmentAt', HealthTaskMessages.appointmentAfterDue);
      values.appointment_at = when;
      before.appointmentAt = row.appointment_at;
      after.appointmentAt = when;
      remark = [formatChinaDate(when), input.note].filter(Boolean).join('；');
    }
    if (name === 'complete') {
      Object.assign(values, { outcome: input.outcome ?? '', completed_at: at });
      after.outcome = input.outcome;
      remark = input.outcome ?? '';
    }
    if (name === 'cancel') {
      values.cancel_reason = input.reason ?? '';
      after.reason = input.reason;
      remark = input.reason ?? '';
    }

    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new HealthTasksRepo(trx);
      if (!(await repo.moveFrom(input.id, from, values)))
        throw failed(HealthTaskMessages.changedMeanwhile);
      if (name === 'complete') {
        const paid = await this.payPoints(trx, actor, row);
        if (paid > 0) {
          await repo.moveFrom(input.id, 'done', { points_awarded: paid });
          after.pointsAwarded = paid;
        }
      }
      await repo.insertEvent({
        task_id: input.id,
        action: name,
        from_status: from,
        to_status: to,
        operator_id: actor.operatorId,
        operator_name: actor.displayName,
        remark,
        created_at: at,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: name === 'reassign' ? 'assign' : name === 'reschedule' ? 'book' : name,
          target: `健康任务 #${input.id}`,
          before,
          after,
        },
      };
    });
    return toTask(await this.load(input.id), actor.operatorId);
  }

  /**
   * A follow-up call that did not reach the member: an attempt on the timeline (with the note),
   * the task stays where it is, to be called again.
   */
  async recordAttempt(actor: Actor, id: number, note: string): Promise<HealthTask> {
    const row = await this.load(id);
    if (row.status !== 'to_book' && row.status !== 'booked')
      throw failed(HealthTaskMessages.closedReadOnly);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new HealthTasksRepo(trx);
      if (!(await repo.moveFrom(id, row.status, { updated_at: at })))
        throw failed(HealthTaskMessages.changedMeanwhile);
      await repo.insertEvent({
        task_id: id,
        action: 'callAttempt',
        from_status: row.status,
        to_status: row.status,
        operator_id: actor.operatorId,
        operator_name: actor.displayName,
        remark: note,
        created_at: at,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'callAttempt',
          target: `健康任务 #${id}`,
          before: null,
          after: note ? { note } : { taskStatus: row.status },
        },
      };
    });
    return toTask(await this.load(id), actor.operatorId);
  }

  /**
   * The health-task points of 积分配置 for a completed task (grade multiplier and daily cap
   * apply); none for a member who is frozen or logged off — the task is done all the same.
   */
  private async payPoints(
    trx: Kysely<Database>,
    actor: Actor,
    row: JoinedTaskRow,
  ): Promise<number> {
    const member = await new MembersRepo(trx).brief(Number(row.member_id));
    if (!member || member.status !== 'normal') return 0;
    const earned = await PointsService.of(this.ctx).earn(trx, {
      memberId: Number(row.member_id),
      type: 'health_task',
      refType: 'health_task',
      refId: Number(row.id),
      remark: `完成健康任务：${row.title}`,
      operator: { id: actor.operatorId, name: actor.displayName },
    });
    return earned.paid;
  }

  async export(actor: Actor, query: HealthTaskExportQuery): Promise<AuditedExport<HealthTask>> {
    const time = (v: number | null) => (v === null ? '' : formatChinaDate(v));
    const columns: ExportColumn<HealthTask>[] = [
      { header: '任务编号', value: (t) => t.id, width: 10 },
      { header: '类型', value: (t) => TASK_KIND_LABELS[t.kind], width: 12 },
      { header: '标题', value: (t) => t.title, width: 24 },
      { header: '状态', value: (t) => TASK_STATUS_LABELS[t.status], width: 10 },
      { header: '来源', value: (t) => TASK_SOURCE_LABELS[t.source], width: 14 },
      { header: '会员', value: (t) => t.memberName, width: 14 },
      { header: '手机号', value: (t) => t.memberPhone, width: 16 },
      { header: '执行人', value: (t) => t.assigneeName ?? '', width: 12 },
      { header: '截止时间', value: (t) => time(t.dueAt), width: 20 },
      { header: '预约时间', value: (t) => time(t.appointmentAt), width: 20 },
      { header: '完成情况', value: (t) => t.outcome, width: 30 },
      { header: '完成时间', value: (t) => time(t.completedAt), width: 20 },
      { header: '获得积分', value: (t) => t.pointsAwarded, width: 10 },
      { header: '取消原因', value: (t) => t.cancelReason, width: 20 },
      { header: '创建人', value: (t) => t.createdBy, width: 12 },
      { header: '创建时间', value: (t) => time(t.createdAt), width: 20 },
    ];
    return queryExport(
      this.ctx.db,
      this.repo.query(query, actor.operatorId, this.ctx.now()),
      (r) => toTask(r as JoinedTaskRow, actor.operatorId),
      { actor, module: AUDIT_MODULE, title: '健康任务', filter: query, columns },
    );
  }
}
