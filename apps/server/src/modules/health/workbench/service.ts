import { EventEmitter } from 'node:events';
import {
  ageOnChinaDay,
  maskPhone,
  SETTINGS_DEFAULTS,
  triageOf,
  WorkbenchMessages,
  WORKBENCH_HISTORY_MAX,
  WORKBENCH_TREND_DAYS,
  DAY_MS,
  type MeasurementLevel,
  type OrderSet,
  type WorkbenchClaim,
  type WorkbenchCounts,
  type WorkbenchDetail,
  type WorkbenchEvent,
  type WorkbenchQueue,
  type WorkbenchQueueQuery,
  type WorkbenchQueueRow,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError } from '../../../platform/errors.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { State } from '@health/contract';
import { MeasurementsRepo } from '../../device/measurements/repo.js';
import { ReportMeasurementService } from '../../report/measurements/service.js';
import { MembersRepo } from '../../member/members/repo.js';
import { QUEUE_COUNT_CAP, WorkbenchRepo } from './repo.js';

const AUDIT_MODULE = 'health';
const MINUTE_MS = 60_000;
/** How often the stream looks for alerts raised by any server process. */
export const STREAM_POLL_MS = 2_000;
/** New alerts one look sends at most (a burst beyond it is one `changed`: reload the queue). */
const STREAM_BATCH = 50;

type QueueDbRow = NonNullable<Awaited<ReturnType<WorkbenchRepo['findJoined']>>>;

const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const parseValues = (json: string): Record<string, unknown> => {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * The doctor's workbench: the queue (stored order, live score), the counters, claims (one doctor
 * at a time, expiring after 运营配置's claim minutes), the alert's detail, and the live events.
 */
export class WorkbenchService {
  private readonly repo: WorkbenchRepo;
  /** Events of this process's claims and of every process's new alerts (the stream's source). */
  private readonly events = new EventEmitter();
  private watermark: number | null = null;
  private watcher: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {
    this.repo = new WorkbenchRepo(ctx.db);
    this.events.setMaxListeners(0);
  }

  /** Open alerts (the overview's to-do); static: no listener state is needed for a count. */
  static openCount(db: Kysely<Database>): Promise<number> {
    return new WorkbenchRepo(db).openCount();
  }

  private orderSet(): OrderSet {
    return {
      ...SETTINGS_DEFAULTS.order,
      ...this.ctx.settings.get('order', SETTINGS_DEFAULTS.order),
    };
  }

  private toRow = (r: QueueDbRow, now: number, operatorId: number): WorkbenchQueueRow => {
    const handled = r.status === 'handled';
    // A closed alert is held by no one any more (its claim stays on the row as history).
    const claimed = !handled && r.claimed_by_id !== null && Number(r.claim_expires_at ?? 0) > now;
    const raisedAt = Number(r.created_at);
    const { score, reasons } = triageOf(
      {
        level: r.level,
        raisedAt,
        age: r.triage_age === null ? null : Number(r.triage_age),
        history: Number(r.triage_history),
      },
      now,
    );
    return {
      id: Number(r.id),
      measurementId: Number(r.measurement_id),
      memberId: Number(r.member_id),
      memberName: r.member_name,
      memberPhone: maskPhone(r.member_phone),
      memberAge: ageOnChinaDay(r.member_birthday, now),
      type: r.type,
      level: r.level,
      category: r.category,
      label: r.label,
      values: parseValues(r.values_json),
      measuredAt: Number(r.measured_at),
      raisedAt,
      status: handled ? 'handled' : 'open',
      handledAt: handled ? optionalNumber(r.handled_at) : null,
      handledBy: handled ? (r.handled_by ?? null) : null,
      claimedBy: claimed ? r.claimed_by : null,
      claimedById: claimed ? Number(r.claimed_by_id) : null,
      claimedByMe: claimed && Number(r.claimed_by_id) === operatorId,
      claimExpiresAt: claimed ? Number(r.claim_expires_at) : null,
      score,
      reasons,
    };
  };

  async queue(actor: Actor, query: WorkbenchQueueQuery & PageRequest): Promise<WorkbenchQueue> {
    const now = this.ctx.now();
    const filter = { ...query, operatorId: actor.operatorId, now };
    const page = await paginate(
      this.ctx.db,
      this.repo.queueQuery(filter),
      query,
      (r) => this.toRow(r, now, actor.operatorId),
      { countQuery: this.repo.queueCountQuery(filter), countCap: QUEUE_COUNT_CAP },
    );
    return { ...page, now, waitLimitMinutes: this.orderSet().queueWaitLimitMinutes };
  }

  async counts(actor: Actor): Promise<WorkbenchCounts> {
    const now = this.ctx.now();
    const c = await this.repo.counts(
      actor.operatorId,
      now,
      now - this.orderSet().queueWaitLimitMinutes * MINUTE_MS,
    );
    const of = (level: MeasurementLevel) => c.byLevel.find((r) => r.level === level)?.n ?? 0;
    return {
      urgent: of('urgent'),
      warning: of('warning'),
      normal: of('normal'),
      total: c.byLevel.reduce((s, r) => s + r.n, 0),
      overdue: c.overdue,
      mine: c.mine,
    };
  }

  /** The alert as the doctor opens it; 255 when it does not exist. */
  async detail(actor: Actor, id: number): Promise<WorkbenchDetail> {
    const now = this.ctx.now();
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(WorkbenchMessages.notFound);
    const member = await new MembersRepo(this.ctx.db).findRow(Number(row.member_id));
    const history = await new MeasurementsRepo(this.ctx.db).latestOfMember(
      Number(row.member_id),
      WORKBENCH_HISTORY_MAX,
    );
    // A BP or glucose alert shows the member's series (ECG: the recording, on the page).
    const trend =
      row.type === 'bp' || row.type === 'bg'
        ? await new ReportMeasurementService(this.ctx).trend({
            memberId: Number(row.member_id),
            type: row.type,
            startTime: now - WORKBENCH_TREND_DAYS * DAY_MS,
            endTime: now,
          })
        : null;
    return {
      alert: this.toRow(row, now, actor.operatorId),
      member: {
        id: Number(row.member_id),
        name: row.member_name,
        phone: maskPhone(row.member_phone),
        gender: member?.gender ?? 'unknown',
        age: ageOnChinaDay(row.member_birthday, now),
      },
      history: history.map((h) => ({
        id: Number(h.id),
        type: h.type,
        measuredAt: Number(h.measured_at),
        values: parseValues(h.values_json),
        level: h.level,
        category: h.category,
        label: h.label,
      })),
      trend,
      now,
      waitLimitMinutes: this.orderSet().queueWaitLimitMinutes,
    };
  }

  /**
   * Claim an alert for the actor (renewing their own claim): refused with who holds it when another
   * doctor's claim still holds, or when the alert is closed.
   */
  async claim(actor: Actor, id: number): Promise<WorkbenchClaim> {
    const now = this.ctx.now();
    const expiresAt = now + this.orderSet().claimMinutes * MINUTE_MS;
    const claimer = { id: actor.operatorId, name: actor.displayName };
    const result = await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new WorkbenchRepo(trx);
      if (!(await repo.claim(id, claimer, now, expiresAt))) {
        const alert = await repo.find(id);
        if (!alert) throw new NotFoundError(WorkbenchMessages.notFound);
        if (alert.status === 'handled') throw new AppError(State.FAILED, WorkbenchMessages.closed);
        throw new AppError(State.FAILED, WorkbenchMessages.claimedByOther(alert.claimed_by ?? ''));
      }
      return {
        result: {
          id,
          claimedBy: claimer.name,
          claimedById: claimer.id,
          claimedAt: now,
          claimExpiresAt: expiresAt,
        },
        entry: {
          module: AUDIT_MODULE,
          action: 'claim',
          target: `预警 ${id}`,
          before: null,
          after: { alertId: id, claimedBy: claimer.name, claimExpiresAt: expiresAt },
        },
      };
    });
    this.emit({ kind: 'changed', id });
    return result;
  }

  /** Give up the actor's claim (255 when they hold none on it). */
  async release(actor: Actor, id: number): Promise<{ id: number }> {
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new WorkbenchRepo(trx);
      if (!(await repo.release(id, actor.operatorId))) {
        const alert = await repo.find(id);
        if (!alert) throw new NotFoundError(WorkbenchMessages.notFound);
        throw new AppError(State.FAILED, WorkbenchMessages.notClaimed);
      }
      return {
        result: null,
        entry: {
          module: AUDIT_MODULE,
          action: 'release',
          target: `预警 ${id}`,
          before: { alertId: id, claimedBy: actor.displayName },
          after: null,
        },
      };
    });
    this.emit({ kind: 'changed', id });
    return { id };
  }

  private emit(event: WorkbenchEvent): void {
    this.events.emit('event', event);
  }

  /**
   * Follow the workbench's events until `stop` is called: claims made by this process at once, new
   * alerts of any process within STREAM_POLL_MS (one shared look at the table for all listeners,
   * running only while someone listens).
   */
  subscribe(listener: (event: WorkbenchEvent) => void): () => void {
    this.events.on('event', listener);
    this.startWatching();
    return () => {
      this.events.off('event', listener);
      if (this.events.listenerCount('event') === 0) this.stopWatching();
    };
  }

  private startWatching(): void {
    if (this.watcher) return;
    const look = async () => {
      try {
        if (this.watermark === null) {
          this.watermark = await this.repo.newestId();
          return;
        }
        const raised = await this.repo.raisedAfter(this.watermark, STREAM_BATCH + 1);
        if (raised.length === 0) return;
        this.watermark = Number(raised[Math.min(raised.length, STREAM_BATCH) - 1]!.id);
        if (raised.length > STREAM_BATCH) this.emit({ kind: 'changed', id: this.watermark });
        else
          for (const a of raised)
            if (a.status !== 'handled')
              this.emit({ kind: 'alert', id: Number(a.id), level: a.level });
      } catch {
        // The next look tries again; the page also polls.
      }
    };
    void look();
    this.watcher = setInterval(() => void look(), STREAM_POLL_MS);
    this.watcher.unref();
  }

  private stopWatching(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
    this.watermark = null;
  }
}
