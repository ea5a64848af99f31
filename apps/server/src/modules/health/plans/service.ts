import {
  DAY_MS,
  formatChinaDate,
  HealthPlanMessages,
  maskPhone,
  PLAN_CANCEL_REASON,
  planTaskTitle,
  State,
  type HealthPlan,
  type HealthPlanAdd,
  type HealthPlanDetail,
  type HealthPlanListQuery,
  type HealthPlanTask,
  type HealthPlanUpdate,
  type HealthTaskKind,
  type HealthTaskStatus,
  type MemberOption,
  type Page,
  type PlanMedication,
  type PlanSchedule,
  type TaskStaff,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { MembersRepo } from '../../member/members/repo.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { AUDIT_MODULE } from '../reports/service.js';
import { HealthTasksRepo } from '../tasks/repo.js';
import { HealthTaskService } from '../tasks/service.js';
import { HealthPlansRepo, type JoinedPlanRow } from './repo.js';

const SOURCE = 'plan';
/** The tasks a schedule change, the end or the deletion of a plan cancels: not started yet. */
const UNSTARTED: readonly HealthTaskStatus[] = ['to_assign', 'to_book'];
const failed = (msg: string) => new AppError(State.FAILED, msg);
const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function parseList<T>(text: string): T[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

export function toPlan(
  row: JoinedPlanRow,
  nextFollowUpAt: number | null,
  deletable: boolean,
): HealthPlan {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    title: row.title,
    status: row.status,
    goals: parseList<string>(row.goals),
    diet: row.diet,
    exercise: row.exercise,
    medications: parseList<PlanMedication>(row.medications),
    schedule:
      row.schedule_kind === null
        ? null
        : {
            kind: row.schedule_kind as HealthTaskKind,
            everyDays: Number(row.schedule_every_days),
            occurrences: Number(row.schedule_occurrences),
            startAt: Number(row.schedule_start_at),
            assigneeId: optionalNumber(row.schedule_assignee_id),
            assigneeName: row.schedule_assignee_name,
          },
    nextFollowUpAt,
    deletable,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    endedAt: optionalNumber(row.ended_at),
  };
}

/** A schedule with its assignee found. */
type ResolvedSchedule = PlanSchedule & { assignee: { id: number; name: string } | null };

const sameSchedule = (row: JoinedPlanRow, s: ResolvedSchedule | null) =>
  s === null
    ? row.schedule_kind === null
    : row.schedule_kind === s.kind &&
      Number(row.schedule_every_days) === s.everyDays &&
      Number(row.schedule_occurrences) === s.occurrences &&
      Number(row.schedule_start_at) === s.startAt &&
      optionalNumber(row.schedule_assignee_id) === (s.assignee?.id ?? null);

/** A schedule for the operation log. */
const scheduleLog = (s: ResolvedSchedule | null) =>
  s === null
    ? ''
    : `${s.occurrences}次，每${s.everyDays}天，自${formatChinaDate(s.startAt, '{y}-{m}-{d}')}` +
      (s.assignee ? `，${s.assignee.name}` : '');

/**
 * Health management plans (contract health/plans.ts). A plan's schedule is made into health tasks
 * through HealthTaskService.create in the plan's own transaction; a changed schedule, the end or
 * the deletion of the plan cancels its unstarted tasks through the task workflow's cancel step.
 */
export class HealthPlanService {
  private readonly repo: HealthPlansRepo;
  private readonly tasks: HealthTaskService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new HealthPlansRepo(ctx.db);
    this.tasks = new HealthTaskService(ctx);
  }

  async list(query: HealthPlanListQuery & PageRequest): Promise<Page<HealthPlan>> {
    const page = await paginate(this.ctx.db, this.repo.query(query), query);
    const rows = page.list as JoinedPlanRow[];
    const ids = rows.map((r) => Number(r.id));
    const tasks = new HealthTasksRepo(this.ctx.db);
    const [next, started] = await Promise.all([
      tasks.nextDueBySource(SOURCE, ids),
      tasks.startedOfSource(SOURCE, ids),
    ]);
    return {
      ...page,
      list: rows.map((r) => toPlan(r, next.get(Number(r.id)) ?? null, !started.has(Number(r.id)))),
    };
  }

  private async load(id: number): Promise<JoinedPlanRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(HealthPlanMessages.notFound);
    return row;
  }

  private async planTasks(db: Kysely<Database>, id: number) {
    return new HealthTasksRepo(db).ofSource(SOURCE, id);
  }

  async detail(id: number): Promise<HealthPlanDetail> {
    const row = await this.load(id);
    const tasks = await this.planTasks(this.ctx.db, id);
    const list: HealthPlanTask[] = tasks.map((t) => ({
      id: Number(t.id),
      kind: t.kind as HealthTaskKind,
      title: t.title,
      status: t.status,
      dueAt: optionalNumber(t.due_at),
      appointmentAt: optionalNumber(t.appointment_at),
      assigneeName: t.assignee_name,
      cancelReason: t.cancel_reason,
    }));
    const next = list
      .filter((t) => ['to_assign', 'to_book', 'booked'].includes(t.status) && t.dueAt !== null)
      .reduce<number | null>((min, t) => (min === null || t.dueAt! < min ? t.dueAt : min), null);
    const deletable = list.every((t) => t.status !== 'booked' && t.status !== 'done');
    return { ...toPlan(row, next, deletable), tasks: list };
  }

  memberOptions(keyword: string): Promise<MemberOption[]> {
    return this.tasks.memberOptions(keyword);
  }

  staff(): Promise<TaskStaff[]> {
    return this.tasks.staff();
  }

  private async resolve(schedule: PlanSchedule | null): Promise<ResolvedSchedule | null> {
    if (!schedule) return null;
    if (!schedule.assigneeId) return { ...schedule, assignee: null };
    const assignee = await this.tasks.staffMember(schedule.assigneeId);
    if (!assignee)
      throw ValidationError.field('schedule.assigneeId', HealthPlanMessages.assigneeInvalid);
    return { ...schedule, assignee };
  }

  private scheduleColumns(s: ResolvedSchedule | null) {
    return {
      schedule_kind: s?.kind ?? null,
      schedule_every_days: s?.everyDays ?? null,
      schedule_occurrences: s?.occurrences ?? null,
      schedule_start_at: s?.startAt ?? null,
      schedule_assignee_id: s?.assignee?.id ?? null,
      schedule_assignee_name: s?.assignee?.name ?? null,
    };
  }

  /** The schedule's tasks, occurrence i of n due start + (i − 1) × everyDays days. */
  private async createTasks(
    trx: Kysely<Database>,
    actor: Actor,
    planId: number,
    memberId: number,
    s: ResolvedSchedule | null,
  ): Promise<number> {
    if (!s) return 0;
    for (let i = 1; i <= s.occurrences; i++)
      await this.tasks.create(
        trx,
        actor,
        { source: SOURCE, sourceId: planId, memberId },
        {
          kind: s.kind,
          title: planTaskTitle(i, s.occurrences),
          note: '',
          dueAt: s.startAt + (i - 1) * s.everyDays * DAY_MS,
          assignee: s.assignee,
        },
      );
    return s.occurrences;
  }

  /** Cancel the plan's tasks not started yet (through the workflow's cancel step). */
  private async cancelUnstarted(trx: Kysely<Database>, actor: Actor, planId: number) {
    let cancelled = 0;
    for (const t of await this.planTasks(trx, planId)) {
      if (!UNSTARTED.includes(t.status)) continue;
      if (
        await this.tasks.cancelIn(
          trx,
          actor,
          { id: Number(t.id), status: t.status },
          PLAN_CANCEL_REASON,
        )
      )
        cancelled++;
    }
    return cancelled;
  }

  private contentLog(input: HealthPlanAdd | HealthPlanUpdate, s: ResolvedSchedule | null) {
    return {
      planTitle: input.title,
      goals: input.goals.join('；'),
      diet: input.diet,
      exercise: input.exercise,
      medications: input.medications.map((m) => m.drug).join('、'),
      schedule: scheduleLog(s),
    };
  }

  async add(actor: Actor, input: HealthPlanAdd): Promise<HealthPlanDetail> {
    const member = await new MembersRepo(this.ctx.db).brief(input.memberId);
    if (!member || member.status === 'logged_off')
      throw ValidationError.field('memberId', HealthPlanMessages.memberNotFound);
    if (await this.repo.activeOf(input.memberId))
      throw ValidationError.field('memberId', HealthPlanMessages.memberHasPlan);
    const schedule = await this.resolve(input.schedule);
    const at = this.ctx.now();
    const id = await auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        const id = await new HealthPlansRepo(trx).insert({
          member_id: input.memberId,
          title: input.title,
          status: 'active',
          goals: JSON.stringify(input.goals),
          diet: input.diet,
          exercise: input.exercise,
          medications: JSON.stringify(input.medications),
          ...this.scheduleColumns(schedule),
          created_by: actor.displayName,
          created_at: at,
          updated_at: at,
          ended_at: null,
        });
        const created = await this.createTasks(trx, actor, id, input.memberId, schedule);
        return {
          result: id,
          entry: {
            module: AUDIT_MODULE,
            action: 'add',
            target: `健康管理方案 #${id}`,
            before: null,
            after: {
              memberId: input.memberId,
              ...this.contentLog(input, schedule),
              tasksCreated: created,
            },
          },
        };
      },
      () => ValidationError.field('memberId', HealthPlanMessages.memberHasPlan),
    );
    return this.detail(id);
  }

  async update(actor: Actor, input: HealthPlanUpdate): Promise<HealthPlanDetail> {
    const row = await this.load(input.id);
    if (row.status !== 'active') throw failed(HealthPlanMessages.ended);
    const schedule = await this.resolve(input.schedule);
    const changed = !sameSchedule(row, schedule);
    const before = toPlan(row, null, false);
    await auditedChange(this.ctx, actor, async (trx) => {
      const ok = await new HealthPlansRepo(trx).updateActive(input.id, {
        title: input.title,
        goals: JSON.stringify(input.goals),
        diet: input.diet,
        exercise: input.exercise,
        medications: JSON.stringify(input.medications),
        ...this.scheduleColumns(schedule),
        updated_at: this.ctx.now(),
      });
      if (!ok) throw failed(HealthPlanMessages.ended);
      let cancelled = 0;
      let created = 0;
      if (changed) {
        cancelled = await this.cancelUnstarted(trx, actor, input.id);
        created = await this.createTasks(trx, actor, input.id, Number(row.member_id), schedule);
      }
      const oldSchedule: ResolvedSchedule | null = before.schedule && {
        ...before.schedule,
        assigneeId: before.schedule.assigneeId ?? undefined,
        assignee:
          before.schedule.assigneeId === null
            ? null
            : { id: before.schedule.assigneeId, name: before.schedule.assigneeName ?? '' },
      };
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: `健康管理方案 #${input.id}`,
          before: {
            planTitle: before.title,
            goals: before.goals.join('；'),
            diet: before.diet,
            exercise: before.exercise,
            medications: before.medications.map((m) => m.drug).join('、'),
            schedule: scheduleLog(oldSchedule),
          },
          after: {
            ...this.contentLog(input, schedule),
            ...(changed ? { tasksCancelled: cancelled, tasksCreated: created } : {}),
          },
        },
      };
    });
    return this.detail(input.id);
  }

  /** End an active plan: its unstarted tasks are cancelled, booked ones stay. */
  async end(actor: Actor, id: number): Promise<HealthPlanDetail> {
    const row = await this.load(id);
    if (row.status !== 'active') throw failed(HealthPlanMessages.ended);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const ok = await new HealthPlansRepo(trx).updateActive(id, {
        status: 'ended',
        ended_at: at,
        updated_at: at,
      });
      if (!ok) throw failed(HealthPlanMessages.ended);
      const cancelled = await this.cancelUnstarted(trx, actor, id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'end',
          target: `健康管理方案 #${id}`,
          before: { planStatus: 'active' },
          after: { planStatus: 'ended', tasksCancelled: cancelled },
        },
      };
    });
    return this.detail(id);
  }

  /** Delete a plan none of whose tasks was booked or done; its unstarted tasks are cancelled. */
  async delete(actor: Actor, id: number): Promise<void> {
    const row = await this.load(id);
    await auditedChange(this.ctx, actor, async (trx) => {
      const tasks = await this.planTasks(trx, id);
      if (tasks.some((t) => t.status !== 'cancelled' && !UNSTARTED.includes(t.status)))
        throw failed(HealthPlanMessages.deleteStarted);
      const cancelled = await this.cancelUnstarted(trx, actor, id);
      if (!(await new HealthPlansRepo(trx).delete(id)))
        throw new NotFoundError(HealthPlanMessages.notFound);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `健康管理方案 #${id}`,
          before: { memberId: Number(row.member_id), planTitle: row.title },
          after: { tasksCancelled: cancelled },
        },
      };
    });
  }
}
