import {
  DEFAULT_SIGN_SET,
  formatChinaDate,
  SIGN_SOURCE_LABELS,
  maskPhone,
  SignMessages,
  signSetSchema,
  State,
  streakRewardOf,
  type Page,
  type SignCheckInResult,
  type SignDailyCounts,
  type SignDailyCountsQuery,
  type SignRecord,
  type SignRecordExportQuery,
  type SignSet,
  chinaDateOf,
  shiftChinaDate,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database, SignSource } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { AuditedExport, ExportColumn } from '../../../platform/export.js';
import {
  mapPage,
  countRows,
  readInBatches,
  type PageRequest,
} from '../../../platform/pagination.js';
import { ActionLogsRepo } from '../action-logs/repo.js';
import { MembersRepo } from '../members/repo.js';
import { PointsService } from '../points/service.js';
import { SignRepo, type SignRecordRow } from './repo.js';

export const SIGN_AUDIT_MODULE = 'sign';

/** The check-in rules in force (saved section `sign` on top of the defaults). */
export function signRulesOf(ctx: Pick<AppContext, 'settings'>): SignSet {
  const stored = ctx.settings.get<unknown>('sign', null);
  const merged = { ...DEFAULT_SIGN_SET, ...(stored && typeof stored === 'object' ? stored : {}) };
  const checked = signSetSchema.safeParse(merged);
  return checked.success ? checked.data : DEFAULT_SIGN_SET;
}

export function toSignRecord(row: SignRecordRow): SignRecord {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name ?? '',
    memberPhone: maskPhone(row.member_phone),
    signDate: row.sign_date,
    streak: Number(row.streak),
    basePoints: Number(row.base_points),
    rewardPoints: Number(row.reward_points),
    pointsAwarded: Number(row.points_awarded),
    source: row.source,
    operatorName: row.operator_name,
    createdAt: Number(row.created_at),
  };
}

export interface CheckInOptions {
  source?: SignSource;
  /** The operator recording it for the member (admin check-in). */
  operator?: { id: number | null; name: string } | null;
  /** Audit the change as done by this actor (admin check-in). */
  actor?: Actor;
  /** Run inside this transaction (demo data); by default a transaction of its own. */
  executor?: Kysely<Database>;
}

const EXPORT_COLUMNS: ExportColumn<SignRecordRow>[] = [
  { header: '会员姓名', value: (r) => toSignRecord(r).memberName, width: 14 },
  { header: '手机号', value: (r) => toSignRecord(r).memberPhone, width: 16 },
  { header: '签到日期', value: (r) => r.sign_date, width: 14 },
  { header: '连续天数', value: (r) => Number(r.streak), width: 10 },
  { header: '基础积分', value: (r) => Number(r.base_points), width: 10 },
  { header: '连续奖励', value: (r) => Number(r.reward_points), width: 10 },
  { header: '实得积分', value: (r) => Number(r.points_awarded), width: 10 },
  { header: '来源', value: (r) => SIGN_SOURCE_LABELS[r.source], width: 12 },
  { header: '操作人', value: (r) => r.operator_name, width: 12 },
  { header: '签到时间', value: (r) => formatChinaDate(Number(r.created_at)), width: 20 },
];

/** Daily check-in: once per member per local day, streaks and streak rewards via the ledger. */
export class SignService {
  private readonly repo: SignRepo;
  private readonly points: PointsService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new SignRepo(ctx.db);
    this.points = PointsService.of(ctx);
  }

  rules(): SignSet {
    return signRulesOf(this.ctx);
  }

  /** The member with this full phone number (admin check-in by phone). */
  async memberIdByPhone(phone: string | undefined): Promise<number> {
    const row = phone ? await new MembersRepo(this.ctx.db).findByPhone(phone) : undefined;
    if (!row) throw ValidationError.field('phone', SignMessages.phoneNotFound);
    return Number(row.id);
  }

  /** The record export: the filter, bounded to the records that exist when it starts. */
  async export(actor: Actor, query: SignRecordExportQuery): Promise<AuditedExport<SignRecordRow>> {
    const q = this.repo.filtered(query).where('s.id', '<=', await this.repo.maxId());
    return {
      actor,
      module: SIGN_AUDIT_MODULE,
      title: '签到记录',
      filter: query,
      total: await countRows(this.ctx.db, q),
      columns: EXPORT_COLUMNS,
      batches: readInBatches(q, 1000),
    };
  }

  async list(query: SignRecordExportQuery & PageRequest): Promise<Page<SignRecord>> {
    return mapPage(await this.repo.list(query), toSignRecord);
  }

  async dailyCounts(query: SignDailyCountsQuery): Promise<SignDailyCounts> {
    const counts = await this.repo.countsByDate(query.start, query.end);
    const list: SignDailyCounts['list'] = [];
    for (let d = query.start; d <= query.end; d = shiftChinaDate(d, 1)) {
      list.push({ date: d, count: counts.get(d) ?? 0 });
    }
    return { list };
  }

  /**
   * Check a member in at `at`. A second check-in on the same local day answers "今日已签到" and
   * pays nothing (the unique (member_id, sign_date) index decides under concurrency). The streak is
   * yesterday's + 1 or 1; the base points and the reward of exactly this streak day are paid
   * through the points ledger, whose daily cap may cut them.
   */
  async checkIn(
    memberId: number,
    at: number,
    opts: CheckInOptions = {},
  ): Promise<SignCheckInResult> {
    const rules = this.rules();
    if (!rules.enabled) throw new AppError(State.FAILED, SignMessages.disabled);
    const run = (trx: Kysely<Database>) => this.checkInWith(trx, rules, memberId, at, opts);
    try {
      return opts.executor
        ? await run(opts.executor)
        : await this.ctx.db.transaction().execute(run);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(State.FAILED, SignMessages.alreadySigned);
      throw err;
    }
  }

  private async checkInWith(
    trx: Kysely<Database>,
    rules: SignSet,
    memberId: number,
    at: number,
    opts: CheckInOptions,
  ): Promise<SignCheckInResult> {
    const repo = new SignRepo(trx);
    const member = await repo.findMember(memberId);
    if (!member) throw new NotFoundError(SignMessages.memberNotFound);
    if (member.status !== 'normal') throw new AppError(State.FAILED, SignMessages.memberNotNormal);
    const date = chinaDateOf(at);
    if (await repo.findByDate(memberId, date)) {
      throw new AppError(State.FAILED, SignMessages.alreadySigned);
    }
    const yesterday = await repo.findByDate(memberId, shiftChinaDate(date, -1));
    const streak = yesterday ? Number(yesterday.streak) + 1 : 1;
    const reward = streakRewardOf(rules, streak);
    const source = opts.source ?? 'app';
    const recordId = await repo.insert({
      member_id: memberId,
      sign_date: date,
      streak,
      base_points: rules.basePoints,
      reward_points: reward,
      points_awarded: 0,
      source,
      operator_id: opts.operator?.id ?? null,
      operator_name: opts.operator?.name ?? '',
      created_at: at,
    });

    let awarded = 0;
    if (rules.basePoints > 0) {
      const paid = await this.points.earn(trx, {
        memberId,
        type: 'check_in',
        points: rules.basePoints,
        refType: 'sign_record',
        refId: recordId,
        remark: `每日签到（${date}）`,
        operator: opts.operator ?? null,
        at,
      });
      awarded += paid.paid;
    }
    if (reward > 0) {
      const paid = await this.points.earn(trx, {
        memberId,
        type: 'check_in_streak',
        points: reward,
        refType: 'sign_record',
        refId: recordId,
        remark: `连续签到${streak}天奖励`,
        operator: opts.operator ?? null,
        at,
      });
      awarded += paid.paid;
    }
    if (awarded > 0) await repo.setAwarded(recordId, awarded);

    await new ActionLogsRepo(trx).insert({
      member_id: memberId,
      action: 'check_in',
      detail:
        source === 'admin'
          ? `后台代签到（${opts.operator?.name ?? ''}），连续${streak}天，获得${awarded}积分`
          : `签到，连续${streak}天，获得${awarded}积分`,
      ip: opts.actor?.ip ?? '',
      created_at: at,
    });

    const result: SignCheckInResult = {
      recordId,
      signDate: date,
      streak,
      basePoints: rules.basePoints,
      rewardPoints: reward,
      pointsAwarded: awarded,
    };
    if (opts.actor) {
      await this.ctx.audit.record(
        opts.actor,
        {
          module: SIGN_AUDIT_MODULE,
          action: 'checkIn',
          target: `会员 ${member.name}（${maskPhone(member.phone)}）代签到`,
          after: result,
        },
        trx,
      );
    }
    return result;
  }
}
