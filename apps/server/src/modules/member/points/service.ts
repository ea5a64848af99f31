import {
  basePointsOf,
  CAPPED_EARNING_TYPES,
  DEFAULT_INTEGRAL_SET,
  integralSetSchema,
  PointsMessages,
  POINTS_TYPE_LABELS,
  State,
  type EarningType,
  type IntegralSet,
  type PointsAdjustRequest,
  type PointsAdjustResult,
  type PointsLedgerExportQuery,
  type PointsLedgerListQuery,
  type PointsSummaryQuery,
  type PointsType,
  formatChinaDate,
  maskPhone,
} from '@health/contract';
import { CHINA_UTC_OFFSET_MS, chinaDayStartOf, chinaWallClock } from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { DAY_MS, type Clock } from '../../../platform/clock.js';
import type { JobScheduler } from '../../../platform/jobs.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import { applyGrowth } from '../grades/service.js';
import type { AuditedExport, ExportColumn } from '../../../platform/export.js';
import { countRows, readInBatches } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { PointsRepo, toLedgerItem, type LedgerRow } from './repo.js';

/** Kind of the daily job that expires points (platform/jobs.ts). */
export const POINTS_EXPIRE_JOB = 'points.expire';

/** China standard time (UTC+8): calendar days and years of the rules are local days. */

/** Types a frozen or logged-off member cannot use: earning and redeeming. */
const ACTIVE_ONLY: ReadonlySet<PointsType> = new Set<PointsType>([
  'register',
  'check_in',
  'check_in_streak',
  'measurement',
  'health_task',
  'purchase',
  'redeem',
]);
const CAPPED: ReadonlySet<PointsType> = new Set<PointsType>(CAPPED_EARNING_TYPES);

export interface PointsOperator {
  id: number | null;
  name: string;
}

export interface PointsChangeInput {
  memberId: number;
  /** Signed, integer, ≠ 0. */
  amount: number;
  type: PointsType;
  refType?: string | null;
  refId?: string | number | null;
  remark: string;
  operator?: PointsOperator | null;
  /** When the change happens (defaults to now; the demo data writes history). */
  at?: number;
}

export interface PointsEarnInput {
  memberId: number;
  type: EarningType;
  /** Units for per-unit rules (measurements, tasks, yuan spent); default 1. */
  quantity?: number;
  /** Base points when the caller owns the rule (e.g. streak rewards of the sign page). */
  points?: number;
  refType?: string | null;
  refId?: string | number | null;
  remark?: string;
  operator?: PointsOperator | null;
  at?: number;
}

export interface PointsEarnResult {
  /** Points before the daily cap (base × the grade's multiplier). */
  requested: number;
  /** Points really paid (0: nothing written). */
  paid: number;
  /** The part the daily cap kept back. */
  capped: number;
  /** Balance after (unchanged when nothing was paid). */
  balance: number;
  ledgerId: number | null;
}

/** A deduction larger than the balance: a field error on `amount` ("积分余额不足"). */
export class InsufficientPointsError extends ValidationError {
  constructor() {
    super([{ field: 'amount', msg: PointsMessages.insufficient }]);
    this.name = 'InsufficientPointsError';
  }
}

/** When points earned at `at` expire under `rules` (null = never). */
export function expiryOf(rules: IntegralSet, at: number): number | null {
  const local = chinaWallClock(at);
  if (rules.expiryPolicy === 'yearly') {
    // Earned in year N: expired from the first instant of year N+2 (the end of year N+1).
    return Date.UTC(local.getUTCFullYear() + 2, 0, 1) - CHINA_UTC_OFFSET_MS;
  }
  if (rules.expiryPolicy === 'rolling') {
    const y = local.getUTCFullYear();
    const m = local.getUTCMonth() + rules.expiryMonths;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const day = Math.min(local.getUTCDate(), lastDay);
    const msOfDay = at + CHINA_UTC_OFFSET_MS - Date.UTC(y, local.getUTCMonth(), local.getUTCDate());
    return Date.UTC(y, m, day) + msOfDay - CHINA_UTC_OFFSET_MS;
  }
  return null;
}

/** The last saved `integral` section seen and its rules (settings keep one object per save). */
let integralParsed: { stored: unknown; rules: IntegralSet } | null = null;

/**
 * The integral rules in force (saved section on top of the defaults), parsed once per save: every
 * earning asks (each device reading), and the settings cache answers the same object until the
 * section is saved or reloaded.
 */
export function integralRulesOf(ctx: Pick<AppContext, 'settings'>): IntegralSet {
  const stored = ctx.settings.get<unknown>('integral', null);
  if (integralParsed && integralParsed.stored === stored) return integralParsed.rules;
  const merged = {
    ...DEFAULT_INTEGRAL_SET,
    ...(stored && typeof stored === 'object' ? stored : {}),
  };
  const checked = integralSetSchema.safeParse(merged);
  const rules = checked.success ? checked.data : DEFAULT_INTEGRAL_SET;
  integralParsed = { stored, rules };
  return rules;
}

/**
 * The one way a member's points change. `change` moves the balance with ONE conditional UPDATE
 * (`points_balance + d >= 0`, and for earning / redeeming `status = 'normal'`) — the affected row
 * tells whether it applied, so concurrent deductions can never take a balance below zero and no
 * value is read and written back — then inserts the ledger row with the balance the UPDATE
 * returned. Both happen in the caller's transaction, or in one of their own.
 */
export class PointsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly rules: () => IntegralSet = () => DEFAULT_INTEGRAL_SET,
    /** Positive earnings also add growth (none: growth untouched, e.g. demo history). */
    private readonly growth?: GrowthApplier,
  ) {}

  /** The service of the app: the saved integral rules, growth through the grade rules. */
  static of(ctx: AppContext): PointsService {
    return new PointsService(ctx.db, ctx.now, () => integralRulesOf(ctx), growthVia());
  }

  currentRules(): IntegralSet {
    return this.rules();
  }

  /** Apply a signed change; returns the balance after it. */
  async change(executor: Kysely<Database>, input: PointsChangeInput): Promise<number> {
    return (await this.changeWithRow(executor, input)).balance;
  }

  /** `change`, also returning the id of the ledger row written. */
  async changeWithRow(
    executor: Kysely<Database>,
    input: PointsChangeInput,
  ): Promise<{ balance: number; ledgerId: number }> {
    if (!executor.isTransaction) {
      return executor.transaction().execute((trx) => this.changeWithRow(trx, input));
    }
    const { memberId, amount, type } = input;
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw ValidationError.field('amount', PointsMessages.amountZero);
    }
    const at = input.at ?? this.now();
    const updated = await new MembersRepo(executor).addPoints(
      memberId,
      amount,
      ACTIVE_ONLY.has(type),
    );
    if (!updated) throw await this.whyNot(executor, memberId, type);

    const balance = toNumber(updated.points_balance);
    const ledgerId = await new PointsRepo(executor).insert({
      member_id: memberId,
      amount,
      balance_after: balance,
      type,
      ref_type: input.refType ?? null,
      ref_id: input.refId === undefined || input.refId === null ? null : String(input.refId),
      remark: input.remark,
      operator_id: input.operator?.id ?? null,
      operator_name: input.operator?.name ?? null,
      created_at: at,
      expires_at: amount > 0 ? expiryOf(this.rules(), at) : null,
    });
    return { balance, ledgerId };
  }

  /** Why the conditional UPDATE touched nothing (read only on that path). */
  private async whyNot(
    executor: Kysely<Database>,
    memberId: number,
    type: PointsType,
  ): Promise<AppError> {
    const member = await new MembersRepo(executor).brief(memberId);
    if (!member) return new NotFoundError(PointsMessages.memberNotFound);
    if (ACTIVE_ONLY.has(type) && member.status === 'frozen') {
      return new AppError(State.FAILED, PointsMessages.memberFrozen);
    }
    if (ACTIVE_ONLY.has(type) && member.status === 'logged_off') {
      return new AppError(State.FAILED, PointsMessages.memberLoggedOff);
    }
    return new InsufficientPointsError();
  }

  /**
   * Earn points under the integral rules: the rule of the type (or `points` given by the caller),
   * times the member's grade multiplier, cut to what the daily cap leaves (the part kept back is
   * not paid and is named in the remark). Writes nothing when nothing is paid.
   */
  async earn(executor: Kysely<Database>, input: PointsEarnInput): Promise<PointsEarnResult> {
    if (!executor.isTransaction) {
      return executor.transaction().execute((trx) => this.earn(trx, input));
    }
    const rules = this.rules();
    const at = input.at ?? this.now();
    // Locked on PostgreSQL: earnings of one member are serialised (the daily-cap sum below).
    const member = await new MembersRepo(executor).earningState(input.memberId);
    if (!member) throw new NotFoundError(PointsMessages.memberNotFound);
    if (member.status !== 'normal') {
      throw new AppError(
        State.FAILED,
        member.status === 'frozen' ? PointsMessages.memberFrozen : PointsMessages.memberLoggedOff,
      );
    }
    const balanceBefore = toNumber(member.points_balance);
    const base = input.points ?? basePointsOf(rules, input.type, input.quantity ?? 1) ?? 0;
    const pct = toNumber(member.points_multiplier_pct) || 100;
    const requested = Math.max(0, Math.floor((base * pct) / 100));
    let paid = requested;
    if (requested > 0 && CAPPED.has(input.type) && rules.dailyCap > 0) {
      const start = chinaDayStartOf(at);
      const earned = await new PointsRepo(executor).cappedEarnedBetween(
        input.memberId,
        start,
        start + DAY_MS,
      );
      paid = Math.max(0, Math.min(requested, rules.dailyCap - earned));
    }
    const capped = requested - paid;
    if (paid <= 0) {
      return { requested, paid: 0, capped, balance: balanceBefore, ledgerId: null };
    }
    const parts = [input.remark?.trim() || POINTS_TYPE_LABELS[input.type]];
    if (pct !== 100) parts.push(`等级倍率 ${(pct / 100).toFixed(2).replace(/\.?0+$/, '')} 倍`);
    if (capped > 0) parts.push(`已达每日上限 ${rules.dailyCap}，${capped} 积分未发放`);
    const { balance, ledgerId } = await this.changeWithRow(executor, {
      memberId: input.memberId,
      amount: paid,
      type: input.type,
      refType: input.refType,
      refId: input.refId,
      remark: parts.join('；'),
      operator: input.operator,
      at,
    });
    if (this.growth) await this.growth(executor, input.memberId, paid, at);
    return { requested, paid, capped, balance, ledgerId };
  }

  /**
   * The expiry job: expire what each member earned with an `expires_at` up to `at`, first in first
   * out — what is due is the expired earnings minus everything already spent, deducted or expired
   * (so a second run finds nothing: idempotent). Writes one 'expire' row per member; returns the
   * number of members and points expired.
   */
  async expireDue(at: number = this.now()): Promise<{ members: number; points: number }> {
    const due = await this.dueExpiries(this.db, at);
    let members = 0;
    let points = 0;
    for (const memberId of due.keys()) {
      const expired = await this.db.transaction().execute(async (trx) => {
        // Again inside the member's own transaction: a change may have landed meanwhile.
        const now = (await this.dueExpiries(trx, at, memberId)).get(memberId) ?? 0;
        if (now <= 0) return 0;
        try {
          await this.change(trx, {
            memberId,
            amount: -now,
            type: 'expire',
            refType: 'expiry',
            remark: `积分过期（截至 ${formatChinaDate(at, '{y}-{m}-{d}')}）`,
            at,
          });
          return now;
        } catch (err) {
          if (err instanceof InsufficientPointsError) return 0;
          throw err;
        }
      });
      if (expired > 0) {
        members += 1;
        points += expired;
      }
    }
    return { members, points };
  }

  /**
   * Keep one pending daily expiry job (00:05 China time of the next day). Called at start-up and
   * by the job itself after each run (then its own row is still 'running').
   */
  async ensureExpiryJob(jobs: JobScheduler, afterRun = false): Promise<void> {
    const existing = await jobs.hasJob(
      POINTS_EXPIRE_JOB,
      afterRun ? ['pending'] : ['pending', 'running'],
    );
    if (existing) return;
    await jobs.schedule(POINTS_EXPIRE_JOB, 0, chinaDayStartOf(this.now()) + DAY_MS + 5 * 60_000);
  }

  /** member → points due to expire at `at` (only members with something due). */
  private async dueExpiries(
    executor: Kysely<Database>,
    at: number,
    memberId?: number,
  ): Promise<Map<number, number>> {
    const rows = await new PointsRepo(executor).expirySums(at, memberId);
    const out = new Map<number, number>();
    for (const row of rows) {
      const amount = Math.min(toNumber(row.due) - toNumber(row.used), toNumber(row.balance));
      if (amount > 0) out.set(toNumber(row.member_id), amount);
    }
    return out;
  }

  /** Spend points on a redemption (never below zero; a frozen / logged-off member cannot). */
  redeem(
    executor: Kysely<Database>,
    input: Omit<PointsChangeInput, 'type' | 'amount'> & { points: number },
  ): Promise<number> {
    return this.change(executor, { ...input, type: 'redeem', amount: -Math.abs(input.points) });
  }
}

/**
 * Adds growth to a member inside the transaction of the earning (grades follow growth), at the
 * earning's time: a grade reached by a reading's points is logged when the reading was taken,
 * like its points, not when it arrived.
 */
export type GrowthApplier = (
  trx: Kysely<Database>,
  memberId: number,
  delta: number,
  at: number,
) => Promise<void>;

/** Growth through the grade rules (applyGrowth writes the grade log). */
export function growthVia(): GrowthApplier {
  return async (trx, memberId, delta, at) => {
    const member = await new MembersRepo(trx).brief(memberId);
    if (!member) throw new Error(`no member ${memberId}`);
    await applyGrowth(trx, () => at, memberId, toNumber(member.growth_value) + delta, 'growth');
  };
}

/** The admin side of the ledger: adjustments (audited), the ledger list, export and summary. */
const EXPORT_TITLE = '积分明细';

const EXPORT_COLUMNS: ExportColumn<LedgerRow>[] = [
  { header: '编号', value: (r) => Number(r.id), width: 10 },
  { header: '会员', value: (r) => r.member_name ?? '', width: 14 },
  { header: '手机号', value: (r) => toLedgerItem(r).memberPhone, width: 16 },
  { header: '类型', value: (r) => POINTS_TYPE_LABELS[r.type] ?? r.type, width: 14 },
  { header: '变动积分', value: (r) => Number(r.amount), width: 12 },
  { header: '变动后余额', value: (r) => Number(r.balance_after), width: 12 },
  {
    header: '关联单据',
    value: (r) => (r.ref_id ? `${r.ref_type ?? ''} ${r.ref_id}`.trim() : ''),
    width: 18,
  },
  { header: '备注', value: (r) => r.remark, width: 36 },
  { header: '操作人', value: (r) => r.operator_name ?? '', width: 12 },
  { header: '时间', value: (r) => formatChinaDate(Number(r.created_at)), width: 20 },
];

export class PointsAdminService {
  private readonly points: PointsService;
  readonly repo: PointsRepo;

  constructor(private readonly ctx: AppContext) {
    this.points = PointsService.of(ctx);
    this.repo = new PointsRepo(ctx.db);
  }

  /** The ledger export: the filter bounded by the newest id at the start. */
  async export(actor: Actor, query: PointsLedgerExportQuery): Promise<AuditedExport<LedgerRow>> {
    const maxId = await this.repo.maxId();
    const q = this.repo.filtered(query).where('l.id', '<=', maxId);
    const total = await countRows(this.ctx.db, q);
    return {
      actor,
      module: 'points',
      title: EXPORT_TITLE,
      filter: query,
      total,
      columns: EXPORT_COLUMNS,
      batches: readInBatches(q, 1000) as AsyncIterable<LedgerRow[]>,
      message: `导出${EXPORT_TITLE} ${total} 条`,
    };
  }

  /** Add or deduct points by hand, with the reason; never below zero ("积分余额不足"). */
  async adjust(actor: Actor, input: PointsAdjustRequest): Promise<PointsAdjustResult> {
    const operator = actor;
    return auditedChange(this.ctx, actor, async (trx) => {
      const { balance, ledgerId } = await this.points.changeWithRow(trx, {
        memberId: input.memberId,
        amount: input.amount,
        type: 'adjust',
        refType: 'admin',
        remark: input.reason,
        operator: { id: operator.operatorId, name: operator.displayName },
      });
      const member = await new MembersRepo(trx).brief(input.memberId);
      return {
        result: { memberId: input.memberId, amount: input.amount, balance, ledgerId },
        entry: {
          module: 'points',
          action: 'points',
          target: `会员 ${member?.name ?? ''}（${maskPhone(member?.phone)}）#${input.memberId}`,
          before: { pointsBalance: balance - input.amount },
          after: { pointsBalance: balance, amount: input.amount, reason: input.reason },
          message: `${input.amount > 0 ? '增加' : '扣减'}积分 ${Math.abs(input.amount)}`,
        },
      };
    });
  }

  list(query: PointsLedgerListQuery) {
    return this.repo.list(query);
  }

  summary(query: PointsSummaryQuery) {
    return this.repo.summary(query);
  }
}
