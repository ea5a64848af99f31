import {
  SETTINGS_DEFAULTS,
  GRADE_CHANGE_REASON_LABELS,
  maskPhone,
  type BaseSet,
  type ChangeMemberGradeRequest,
  type GradeChangeReason,
  type GradeListQuery,
  type GradeLogExportQuery,
  type GradeLogItem,
  type GradeLogListQuery,
  type GradeOption,
  type GradeSaveRequest,
  type MemberGrade,
  type Page,
  GradeMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { mapPage, paginate, type PageRequest } from '../../../platform/pagination.js';
import { formatChinaDate } from '@health/contract';
import { MembersRepo } from '../members/repo.js';
import { GradesRepo, type GradeLogRow, type GradeRow } from './repo.js';

export const AUDIT_MODULE = 'member';

/** Who changed a grade: an operator, or nobody (growth earned by the member itself). */
export interface GradeOperator {
  id: number | null;
  name: string;
}

export interface GrowthResult {
  fromGradeId: number;
  toGradeId: number;
  /** Whether the grade changed (and a grade-log row was written). */
  changed: boolean;
}

function toGrade(row: GradeRow & { member_count?: unknown }): MemberGrade {
  return {
    id: Number(row.id),
    name: row.name,
    icon: row.icon,
    growthRequired: Number(row.growth_required),
    benefits: row.benefits,
    pointsMultiplierPct: Number(row.points_multiplier_pct),
    sort: Number(row.sort),
    memberCount: toNumber(row.member_count),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function snapshot(g: GradeSaveRequest & { id: number }) {
  return {
    id: g.id,
    name: g.name,
    icon: g.icon,
    growthRequired: g.growthRequired,
    benefits: g.benefits,
    pointsMultiplierPct: g.pointsMultiplierPct,
  };
}

export function toGradeLogItem(row: GradeLogRow): GradeLogItem {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    fromGradeId: row.from_grade_id === null ? null : Number(row.from_grade_id),
    fromGradeName: row.from_grade_name ?? null,
    toGradeId: Number(row.to_grade_id),
    toGradeName: row.to_grade_name ?? null,
    reason: row.reason,
    growthValue: Number(row.growth_value),
    operatorName: row.operator_name,
    remark: row.remark,
    createdAt: Number(row.created_at),
  };
}

/** The grade of a growth value among grades: the highest whose growth_required ≤ value. */
export function pickGrade<G extends { growth_required: number | string }>(
  grades: readonly G[],
  growth: number,
): G | undefined {
  let best: G | undefined;
  for (const g of grades) {
    const need = Number(g.growth_required);
    if (need <= growth && (best === undefined || need > Number(best.growth_required))) best = g;
  }
  return best;
}

/**
 * Set a member's growth value and the grade it earns, inside the caller's transaction, at `now`
 * (GradeService.applyGrowth with the app's clock; the ingest writer's thread with a reading's
 * time). A grade change writes a member_grade_logs row.
 */
export async function applyGrowth(
  trx: Kysely<Database>,
  now: Clock,
  memberId: number,
  newGrowth: number,
  reason: GradeChangeReason = 'growth',
  operator?: GradeOperator,
  remark = '',
): Promise<GrowthResult> {
  const growth = Math.max(0, Math.trunc(newGrowth));
  const members = new MembersRepo(trx);
  const member = await members.brief(memberId);
  if (!member) throw new NotFoundError(GradeMessages.memberNotFound);
  const grade = await new GradesRepo(trx).gradeForGrowth(growth);
  const fromGradeId = Number(member.grade_id);
  const toGradeId = grade ? Number(grade.id) : fromGradeId;
  const at = now();
  await members.setGrowth(memberId, growth, toGradeId, at);
  const changed = toGradeId !== fromGradeId;
  if (changed) {
    await new GradesRepo(trx).insertLog({
      member_id: memberId,
      from_grade_id: fromGradeId,
      to_grade_id: toGradeId,
      reason,
      growth_value: growth,
      operator_id: operator?.id ?? null,
      operator_name: operator?.name ?? '',
      remark,
      created_at: at,
    });
  }
  return { fromGradeId, toGradeId, changed };
}

/**
 * Member grades (/member_manage/grade), the grade log (/member_manage/grade_log) and the one
 * rule every area relies on: a member's grade follows its growth value, and every change of a
 * member's grade writes a member_grade_logs row (see `applyGrowth`).
 */
export class GradeService {
  private readonly repo: GradesRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new GradesRepo(ctx.db);
  }

  /* ------------------------------------------------------------ growth rule */

  /** The grade a growth value earns (undefined only when no grade exists). */
  async gradeOf(growth: number, db: Kysely<Database> = this.ctx.db): Promise<GradeRow | undefined> {
    return new GradesRepo(db).gradeForGrowth(growth);
  }

  /**
   * Set a member's growth value and the grade it earns, inside the caller's transaction. A grade
   * change writes a member_grade_logs row (from, to, reason, growth value, operator). Used by the
   * member and points areas whenever growth changes.
   */
  async applyGrowth(
    trx: Kysely<Database>,
    memberId: number,
    newGrowth: number,
    reason: GradeChangeReason = 'growth',
    operator?: GradeOperator,
    remark = '',
  ): Promise<GrowthResult> {
    return applyGrowth(trx, this.ctx.now, memberId, newGrowth, reason, operator, remark);
  }

  /**
   * After the grade table changed: every member whose grade no longer matches its growth moves to
   * the grade it earns, each move in the grade log. Returns how many members moved.
   */
  private async regradeAll(trx: Kysely<Database>, operator: GradeOperator): Promise<number> {
    const repo = new GradesRepo(trx);
    const grades = await repo.all();
    let moved = 0;
    for (const [i, g] of grades.entries()) {
      const next = grades[i + 1];
      moved += await repo.regradeRange(
        Number(g.id),
        // The lowest grade also takes anything below it (cannot happen: it starts at 0).
        i === 0 ? null : Number(g.growth_required),
        next ? Number(next.growth_required) : null,
        {
          operatorId: operator.id,
          operatorName: operator.name,
          remark: '等级规则调整',
          at: this.ctx.now(),
        },
      );
    }
    return moved;
  }

  /* ------------------------------------------------------------------ grades */

  async list(query: GradeListQuery & PageRequest): Promise<Page<MemberGrade>> {
    return mapPage(await this.repo.list(query), toGrade);
  }

  async options(): Promise<GradeOption[]> {
    const rows = await this.repo.all();
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      growthRequired: Number(r.growth_required),
    }));
  }

  private async load(id: number): Promise<GradeRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(GradeMessages.gradeNotFound);
    return row;
  }

  async detail(id: number): Promise<MemberGrade> {
    const row = await this.load(id);
    return toGrade({ ...row, member_count: await this.repo.memberCount(id) });
  }

  private async assertUnique(input: GradeSaveRequest, exceptId?: number): Promise<void> {
    const byName = await this.repo.findByName(input.name);
    if (byName && Number(byName.id) !== exceptId)
      throw ValidationError.field('name', GradeMessages.gradeNameTaken);
    const byGrowth = await this.repo.findByGrowth(input.growthRequired);
    if (byGrowth && Number(byGrowth.id) !== exceptId)
      throw ValidationError.field('growthRequired', GradeMessages.growthTaken);
  }

  private static columns(input: GradeSaveRequest) {
    return {
      name: input.name,
      icon: input.icon,
      growth_required: input.growthRequired,
      benefits: input.benefits,
      points_multiplier_pct: input.pointsMultiplierPct,
    };
  }

  private static operatorOf(actor: Actor): GradeOperator {
    const op = actor;
    return { id: op.operatorId, name: op.displayName };
  }

  private uniqueError(err: unknown): never {
    if (isUniqueViolation(err)) {
      const text = String((err as Error).message ?? '');
      throw text.includes('growth')
        ? ValidationError.field('growthRequired', GradeMessages.growthTaken)
        : ValidationError.field('name', GradeMessages.gradeNameTaken);
    }
    throw err;
  }

  async add(actor: Actor, input: GradeSaveRequest): Promise<number> {
    await this.assertUnique(input);
    const existing = await this.repo.all();
    if (existing.length === 0 && input.growthRequired !== 0)
      throw ValidationError.field('growthRequired', GradeMessages.lowestGradeGrowth);
    const at = this.ctx.now();
    const operator = GradeService.operatorOf(actor);
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new GradesRepo(trx);
        const id = await repo.insert({
          ...GradeService.columns(input),
          sort: 0,
          created_at: at,
          updated_at: at,
        });
        await repo.renumber();
        const moved = await this.regradeAll(trx, operator);
        await this.ctx.audit.record(
          actor,
          {
            module: AUDIT_MODULE,
            action: 'add',
            target: `会员等级 ${input.name}`,
            after: { ...snapshot({ id, ...input }), membersRegraded: moved },
          },
          trx,
        );
        return id;
      });
    } catch (err) {
      this.uniqueError(err);
    }
  }

  async update(actor: Actor, id: number, input: GradeSaveRequest): Promise<void> {
    const row = await this.load(id);
    if (Number(row.growth_required) === 0 && input.growthRequired !== 0)
      throw ValidationError.field('growthRequired', GradeMessages.lowestGradeKeep);
    await this.assertUnique(input, id);
    const before = toGrade(row);
    const operator = GradeService.operatorOf(actor);
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new GradesRepo(trx);
        await repo.update(id, { ...GradeService.columns(input), updated_at: this.ctx.now() });
        let moved = 0;
        if (before.growthRequired !== input.growthRequired) {
          await repo.renumber();
          moved = await this.regradeAll(trx, operator);
        }
        await this.ctx.audit.record(
          actor,
          {
            module: AUDIT_MODULE,
            action: 'edit',
            target: `会员等级 ${before.name}`,
            before: snapshot(before),
            after: { ...snapshot({ id, ...input }), membersRegraded: moved },
          },
          trx,
        );
      });
    } catch (err) {
      this.uniqueError(err);
    }
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const row = await this.load(id);
    if (Number(row.growth_required) === 0) throw new AppError(255, GradeMessages.lowestGradeDelete);
    const inUse = await this.repo.memberCount(id);
    if (inUse > 0) throw new AppError(255, GradeMessages.gradeInUse(inUse));
    const baseSet = this.ctx.settings.get<BaseSet>('base_set', SETTINGS_DEFAULTS.base_set);
    if (baseSet.defaultGrade === row.name) throw new AppError(255, GradeMessages.gradeIsDefault);
    const before = toGrade(row);
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new GradesRepo(trx);
      // A member may have taken the grade since the check: count again inside the transaction.
      const again = await repo.memberCount(id);
      if (again > 0) throw new AppError(255, GradeMessages.gradeInUse(again));
      await repo.delete(id);
      await repo.renumber();
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `会员等级 ${before.name}`,
          before: snapshot(before),
        },
      };
    });
  }

  /** Manual grade change of one member (growth unchanged), with the operator's reason. */
  async changeMemberGrade(actor: Actor, input: ChangeMemberGradeRequest): Promise<void> {
    const grade = await this.repo.find(input.gradeId);
    if (!grade) throw ValidationError.field('gradeId', GradeMessages.gradeNotFound);
    const member = await new MembersRepo(this.ctx.db).brief(input.memberId);
    if (!member) throw new NotFoundError(GradeMessages.memberNotFound);
    if (member.status === 'logged_off') throw new AppError(255, GradeMessages.memberLoggedOff);
    if (Number(member.grade_id) === input.gradeId)
      throw ValidationError.field('gradeId', GradeMessages.gradeUnchanged);
    const from = await this.repo.find(Number(member.grade_id));
    const operator = GradeService.operatorOf(actor);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      await new MembersRepo(trx).setGrade(input.memberId, input.gradeId, at);
      await new GradesRepo(trx).insertLog({
        member_id: input.memberId,
        from_grade_id: Number(member.grade_id),
        to_grade_id: input.gradeId,
        reason: 'manual',
        growth_value: Number(member.growth_value),
        operator_id: operator.id,
        operator_name: operator.name,
        remark: input.remark,
        created_at: at,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'changeGrade',
          target: `会员 ${member.name} ${maskPhone(member.phone)}`,
          before: { gradeId: Number(member.grade_id), grade: from?.name ?? '' },
          after: { gradeId: input.gradeId, grade: grade.name, remark: input.remark },
        },
      };
    });
  }

  /* --------------------------------------------------------------- grade log */

  async logList(query: GradeLogListQuery): Promise<Page<GradeLogItem>> {
    return paginate(this.ctx.db, this.repo.logQuery(query), query, toGradeLogItem);
  }

  async logExport(actor: Actor, query: GradeLogExportQuery): Promise<AuditedExport<GradeLogItem>> {
    const q = this.repo.logQuery(query);
    const columns: ExportColumn<GradeLogItem>[] = [
      { header: '会员', value: (r) => r.memberName, width: 16 },
      { header: '手机号', value: (r) => r.memberPhone, width: 16 },
      { header: '原等级', value: (r) => r.fromGradeName ?? '-', width: 14 },
      { header: '新等级', value: (r) => r.toGradeName ?? '-', width: 14 },
      { header: '变更原因', value: (r) => GRADE_CHANGE_REASON_LABELS[r.reason], width: 12 },
      { header: '成长值', value: (r) => r.growthValue, width: 10 },
      { header: '操作人', value: (r) => r.operatorName || '-', width: 14 },
      { header: '备注', value: (r) => r.remark, width: 30 },
      { header: '变更时间', value: (r) => formatChinaDate(r.createdAt), width: 20 },
    ];
    return queryExport(this.ctx.db, q, toGradeLogItem, {
      actor,
      module: AUDIT_MODULE,
      title: '等级变更记录',
      filter: query,
      columns,
    });
  }
}
