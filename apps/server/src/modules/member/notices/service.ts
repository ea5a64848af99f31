import {
  NOTICE_STATUS_LABELS,
  NoticeMessages,
  State,
  type Notice,
  type NoticeListItem,
  type NoticeListQuery,
  type NoticeSaveRequest,
  type NoticeTargetOptions,
  type Page,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import type { Database, NoticeStatus } from '../../../db/schema.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError, ValidationError } from '../../../platform/errors.js';
import type { PageRequest } from '../../../platform/pagination.js';
import { isBlankRichText, sanitizeRichText } from '../../../platform/rich-text.js';
import { NoticeRepo, type NoticeRow } from './repo.js';

const AUDIT_MODULE = 'notice';
/** Job kind of a scheduled notice (ref_id = notice id). */
export const NOTICE_SEND_JOB = 'notice.send';
/** Deliveries written per statement. */
const DELIVERY_BATCH = 500;

type Names = Awaited<ReturnType<NoticeRepo['targetNames']>>;

function parseIds(text: string): number[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n)) : [];
  } catch {
    return [];
  }
}

function toNotice(row: NoticeRow, names: Names): Notice {
  const targetIds = parseIds(row.target_ids);
  const map =
    row.target_type === 'grade'
      ? names.grades
      : row.target_type === 'channel'
        ? names.channels
        : null;
  return {
    id: Number(row.id),
    title: row.title,
    cover: row.cover,
    content: row.content,
    targetType: row.target_type,
    targetIds,
    targetNames: map ? targetIds.map((id) => map.get(id) ?? `#${id}`) : [],
    status: row.status,
    scheduledAt: row.scheduled_at === null ? null : Number(row.scheduled_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    withdrawnAt: row.withdrawn_at === null ? null : Number(row.withdrawn_at),
    recipients: Number(row.recipients),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What the operation log keeps of a notice (the content is long: its length only). */
function snapshot(n: Notice) {
  return {
    id: n.id,
    title: n.title,
    cover: n.cover,
    contentLength: n.content.length,
    targetType: n.targetType,
    targetIds: n.targetIds,
    status: n.status,
    scheduledAt: n.scheduledAt,
    recipients: n.recipients,
  };
}

/**
 * Notices (/member_sign/activity): draft → scheduled → sent | withdrawn, draft → sent, scheduled →
 * draft (edit), sent → withdrawn. Every transition is one conditional UPDATE on the status it
 * leaves, so a notice is sent once however many processes and clicks race for it.
 */
export class NoticeService {
  private readonly repo: NoticeRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new NoticeRepo(ctx.db);
  }

  /** The scheduler's handler of NOTICE_SEND_JOB: send the notice if it is still scheduled. */
  async runScheduledSend(noticeId: number): Promise<void> {
    await this.ctx.db
      .transaction()
      .execute((trx) => this.deliver(trx, noticeId, ['scheduled'], this.ctx.now()));
  }

  async list(query: NoticeListQuery & PageRequest): Promise<Page<NoticeListItem>> {
    const [page, names] = await Promise.all([this.repo.list(query), this.repo.targetNames()]);
    return {
      list: page.list.map((row) => {
        const { content: _content, ...item } = toNotice(row as NoticeRow, names);
        void _content;
        return item;
      }),
      pagination: page.pagination,
    };
  }

  private async load(id: number, repo = this.repo): Promise<NoticeRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFoundError(NoticeMessages.notFound);
    return row;
  }

  async detail(id: number): Promise<Notice> {
    return toNotice(await this.load(id), await this.repo.targetNames());
  }

  async targetOptions(): Promise<NoticeTargetOptions> {
    const [grades, channels] = await Promise.all([
      this.repo.gradeOptions(),
      this.repo.channelOptions(),
    ]);
    return {
      grades: grades.map((g) => ({ id: Number(g.id), name: g.name })),
      channels: channels.map((c) => ({ id: Number(c.id), name: c.name })),
    };
  }

  /** Sanitised content and checked targets of a save. */
  private async columns(input: NoticeSaveRequest) {
    const content = sanitizeRichText(input.content);
    if (isBlankRichText(content))
      throw ValidationError.field('content', NoticeMessages.contentRequired);
    const targetIds = input.targetType === 'all' ? [] : [...new Set(input.targetIds)];
    if (input.targetType !== 'all') {
      const found = await this.repo.existingTargets(input.targetType, targetIds);
      if (targetIds.some((id) => !found.has(id))) {
        throw ValidationError.field('targetIds', NoticeMessages.targetIdUnknown);
      }
    }
    return {
      title: input.title,
      cover: input.cover,
      content,
      target_type: input.targetType,
      target_ids: JSON.stringify(targetIds),
      scheduled_at: input.scheduledAt,
    };
  }

  private async audited<T>(
    actor: Actor,
    action: string,
    id: number,
    before: Notice | null,
    work: (trx: Kysely<Database>, repo: NoticeRepo) => Promise<T>,
    message?: (after: Notice) => string,
  ): Promise<T> {
    return auditedChange(this.ctx, actor, async (trx) => {
      const repo = new NoticeRepo(trx);
      const result = await work(trx, repo);
      const afterRow = await repo.find(id);
      const names = await repo.targetNames();
      const after = afterRow ? toNotice(afterRow, names) : null;
      return {
        result,
        entry: {
          module: AUDIT_MODULE,
          action,
          target: `通知 ${after?.title ?? before?.title ?? `#${id}`}`,
          before: before ? snapshot(before) : undefined,
          after: after ? snapshot(after) : undefined,
          message: after && message ? message(after) : undefined,
        },
      };
    });
  }

  async add(actor: Actor, input: NoticeSaveRequest): Promise<number> {
    const columns = await this.columns(input);
    const at = this.ctx.now();
    let newId = 0;
    await auditedChange(this.ctx, actor, async (trx) => {
      newId = await new NoticeRepo(trx).insert({
        ...columns,
        status: 'draft',
        sent_at: null,
        withdrawn_at: null,
        recipients: 0,
        created_by: actor.displayName,
        created_at: at,
        updated_at: at,
      });
      const names = await new NoticeRepo(trx).targetNames();
      const row = await new NoticeRepo(trx).find(newId);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: `通知 ${input.title}`,
          after: row ? snapshot(toNotice(row, names)) : undefined,
        },
      };
    });
    return newId;
  }

  /** Edit a draft or a scheduled notice (a scheduled one goes back to draft, its job cancelled). */
  async update(actor: Actor, id: number, input: NoticeSaveRequest): Promise<void> {
    const before = await this.detail(id);
    if (before.status !== 'draft' && before.status !== 'scheduled') {
      throw new AppError(State.FAILED, NoticeMessages.notEditable);
    }
    const columns = await this.columns(input);
    await this.audited(actor, 'edit', id, before, async (trx, repo) => {
      const changed = await repo.transition(id, ['draft', 'scheduled'], {
        ...columns,
        status: 'draft',
        updated_at: this.ctx.now(),
      });
      if (!changed) throw new AppError(State.FAILED, NoticeMessages.notEditable);
      await this.ctx.jobs.cancel(NOTICE_SEND_JOB, id, trx);
    });
  }

  async schedule(actor: Actor, id: number, scheduledAt: number): Promise<Notice> {
    const before = await this.detail(id);
    if (before.status !== 'draft') throw new AppError(State.FAILED, NoticeMessages.notSchedulable);
    if (scheduledAt <= this.ctx.now()) {
      throw ValidationError.field('scheduledAt', NoticeMessages.scheduledAtPast);
    }
    await this.audited(actor, 'schedule', id, before, async (trx, repo) => {
      const changed = await repo.transition(id, ['draft'], {
        status: 'scheduled',
        scheduled_at: scheduledAt,
        updated_at: this.ctx.now(),
      });
      if (!changed) throw new AppError(State.FAILED, NoticeMessages.notSchedulable);
      await this.ctx.jobs.schedule(NOTICE_SEND_JOB, id, scheduledAt, trx);
    });
    return this.detail(id);
  }

  /** Send a draft or scheduled notice now. */
  async send(actor: Actor, id: number): Promise<Notice> {
    const before = await this.detail(id);
    if (before.status !== 'draft' && before.status !== 'scheduled') {
      throw new AppError(State.FAILED, NoticeMessages.notSendable);
    }
    await this.audited(
      actor,
      'send',
      id,
      before,
      async (trx) => {
        const sent = await this.deliver(trx, id, ['draft', 'scheduled'], this.ctx.now());
        if (sent === null) throw new AppError(State.FAILED, NoticeMessages.notSendable);
        await this.ctx.jobs.cancel(NOTICE_SEND_JOB, id, trx);
      },
      (after) => NoticeMessages.sent(after.recipients),
    );
    return this.detail(id);
  }

  async withdraw(actor: Actor, id: number): Promise<Notice> {
    const before = await this.detail(id);
    if (before.status !== 'sent') throw new AppError(State.FAILED, NoticeMessages.notWithdrawable);
    await this.audited(actor, 'withdraw', id, before, async (_trx, repo) => {
      const at = this.ctx.now();
      const changed = await repo.transition(id, ['sent'], {
        status: 'withdrawn',
        withdrawn_at: at,
        updated_at: at,
      });
      if (!changed) throw new AppError(State.FAILED, NoticeMessages.notWithdrawable);
    });
    return this.detail(id);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.detail(id);
    if (before.status === 'sent') throw new AppError(State.FAILED, NoticeMessages.notDeletable);
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new NoticeRepo(trx);
      await this.ctx.jobs.cancel(NOTICE_SEND_JOB, id, trx);
      await repo.delete(id);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: `通知 ${before.title}（${NOTICE_STATUS_LABELS[before.status]}）`,
          before: snapshot(before),
        },
      };
    });
  }

  /**
   * Mark the notice sent if it is in one of `from` (null when it was not: nothing is written),
   * then write one delivery per target member (status normal) in batches and the recipient count.
   */
  async deliver(
    trx: Kysely<Database>,
    id: number,
    from: readonly NoticeStatus[],
    at: number,
  ): Promise<number | null> {
    const repo = new NoticeRepo(trx);
    const claimed = await repo.transition(id, from, {
      status: 'sent',
      sent_at: at,
      updated_at: at,
    });
    if (!claimed) return null;
    const row = await this.load(id, repo);
    const ids = parseIds(row.target_ids);
    let recipients = 0;
    if (row.target_type === 'all' || ids.length > 0) {
      let after = 0;
      for (;;) {
        const batch = await repo.targetMemberBatch(row.target_type, ids, after, DELIVERY_BATCH);
        if (batch.length === 0) break;
        const memberIds = batch.map((m) => Number(m.id));
        await repo.insertDeliveries(id, memberIds, at);
        recipients += memberIds.length;
        after = memberIds[memberIds.length - 1] ?? after;
        if (batch.length < DELIVERY_BATCH) break;
      }
    }
    await repo.setRecipients(id, recipients);
    return recipients;
  }
}
