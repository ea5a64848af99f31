import {
  LOGGED_OFF_MEMBER_NAME,
  maskIdNumber,
  maskPhone,
  type LogoffItem,
  type LogoffListQuery,
  type Page,
  GradeMessages,
  LogoffMessages,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, NotFoundError } from '../../../platform/errors.js';
import { recordMemberAction } from '../action-logs/service.js';
import { AUDIT_MODULE } from '../grades/service.js';
import { ActionLogsRepo } from '../action-logs/repo.js';
import { ContactsRepo } from '../contacts/repo.js';
import { MembersRepo } from '../members/repo.js';
import { LogoffRepo } from './repo.js';
import { mapPage } from '../../../platform/pagination.js';

type ListRow = Awaited<ReturnType<LogoffRepo['list']>>['list'][number];

function toItem(row: ListRow): LogoffItem {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    reason: row.reason,
    status: row.status,
    rejectReason: row.reject_reason,
    handledByName: row.handled_by_name,
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
    createdAt: Number(row.created_at),
  };
}

/** A name for the operation log: the first character and stars. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/**
 * Erase a member's personal data, keeping the row (id, gender, grade, growth, points, channel,
 * registration time) for statistics: name → 已注销用户, phone / identity number / birthday → null,
 * avatar, address, region, remarks cleared, family contacts deleted, IPs of its action log
 * cleared, status logged_off. Runs inside the caller's transaction.
 */
export async function anonymiseMember(
  trx: Kysely<Database>,
  memberId: number,
  at: number,
): Promise<{ contactsDeleted: number }> {
  await new MembersRepo(trx).anonymise(memberId, LOGGED_OFF_MEMBER_NAME, at);
  const contactsDeleted = await new ContactsRepo(trx).deleteOfMember(memberId);
  await new ActionLogsRepo(trx).clearIpsOf(memberId);
  return { contactsDeleted };
}

/** Members' log-off requests (/member_manage/logoff): approve (anonymise) or reject. */
export class LogoffService {
  private readonly repo: LogoffRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new LogoffRepo(ctx.db);
  }

  async list(query: LogoffListQuery): Promise<Page<LogoffItem>> {
    return mapPage(await this.repo.list(query), toItem);
  }

  pendingCount(db: Kysely<Database>): Promise<number> {
    return new LogoffRepo(db).pendingCount();
  }

  private async loadPending(id: number) {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(LogoffMessages.logoffNotFound);
    if (row.status !== 'pending') throw new AppError(255, LogoffMessages.logoffHandled);
    return row;
  }

  /** Approve: the request, the anonymisation, an action-log row and the audit entry, in ONE transaction. */
  async approve(actor: Actor, id: number): Promise<void> {
    const req = await this.loadPending(id);
    const operator = actor;
    const handlerName = operator.displayName;
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const repo = new LogoffRepo(trx);
      const settled = await repo.settle(id, {
        status: 'approved',
        reject_reason: '',
        handled_by: operator.operatorId,
        handled_by_name: handlerName,
        handled_at: at,
      });
      if (!settled) throw new AppError(255, LogoffMessages.logoffHandled);
      const member = await repo.findMember(Number(req.member_id));
      if (!member) throw new NotFoundError(GradeMessages.memberNotFound);
      const { contactsDeleted } = await anonymiseMember(trx, Number(member.id), at);
      await recordMemberAction(trx, {
        memberId: Number(member.id),
        action: 'logoff',
        detail: `注销申请已通过（审核人：${handlerName}）`,
        at,
      });
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'logoffApprove',
          target: `注销申请 #${id}（会员 #${member.id}）`,
          before: {
            requestStatus: 'pending',
            name: maskName(member.name),
            phone: maskPhone(member.phone),
            idNumber: maskIdNumber(member.id_number),
            status: member.status,
          },
          after: {
            requestStatus: 'approved',
            name: LOGGED_OFF_MEMBER_NAME,
            phone: null,
            idNumber: null,
            status: 'logged_off',
            contactsDeleted,
          },
        },
      };
    });
  }

  async reject(actor: Actor, id: number, rejectReason: string): Promise<void> {
    const req = await this.loadPending(id);
    const operator = actor;
    const handlerName = operator.displayName;
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      const settled = await new LogoffRepo(trx).settle(id, {
        status: 'rejected',
        reject_reason: rejectReason,
        handled_by: operator.operatorId,
        handled_by_name: handlerName,
        handled_at: at,
      });
      if (!settled) throw new AppError(255, LogoffMessages.logoffHandled);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'logoffReject',
          target: `注销申请 #${id}（会员 #${req.member_id}）`,
          before: { requestStatus: 'pending' },
          after: { requestStatus: 'rejected', rejectReason },
        },
      };
    });
  }
}
