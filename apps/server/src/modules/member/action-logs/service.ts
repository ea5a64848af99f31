import {
  formatChinaDate,
  maskPhone,
  memberActionLabel,
  type ActionLogExportQuery,
  type ActionLogItem,
  type ActionLogListQuery,
  type Page,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../../platform/context.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { paginate } from '../../../platform/pagination.js';
import { AUDIT_MODULE } from '../grades/service.js';
import { ActionLogsRepo, type ActionLogRow } from './repo.js';

function toItem(row: ActionLogRow): ActionLogItem {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    action: row.action,
    actionLabel: memberActionLabel(row.action),
    detail: row.detail,
    ip: row.ip,
    createdAt: Number(row.created_at),
  };
}

/** Write one member action (login, measure, check_in, redeem, ...) — inside the caller's transaction. */
export async function recordMemberAction(
  db: Kysely<Database>,
  entry: { memberId: number; action: string; detail?: string; ip?: string; at: number },
): Promise<void> {
  await new ActionLogsRepo(db).insert({
    member_id: entry.memberId,
    action: entry.action,
    detail: entry.detail ?? '',
    ip: entry.ip ?? '',
    created_at: entry.at,
  });
}

/** The members' action log (/member_manage/action_log and the member detail tab). */
export class ActionLogService {
  private readonly repo: ActionLogsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ActionLogsRepo(ctx.db);
  }

  list(query: ActionLogListQuery): Promise<Page<ActionLogItem>> {
    return paginate(this.ctx.db, this.repo.query(query), query, toItem);
  }

  async export(actor: Actor, query: ActionLogExportQuery): Promise<AuditedExport<ActionLogItem>> {
    const q = this.repo.query(query);
    const columns: ExportColumn<ActionLogItem>[] = [
      { header: '会员', value: (r) => r.memberName, width: 16 },
      { header: '手机号', value: (r) => r.memberPhone, width: 16 },
      { header: '行为', value: (r) => r.actionLabel, width: 12 },
      { header: '详情', value: (r) => r.detail, width: 36 },
      { header: 'IP', value: (r) => r.ip, width: 18 },
      { header: '时间', value: (r) => formatChinaDate(r.createdAt), width: 20 },
    ];
    return queryExport(this.ctx.db, q, toItem, {
      actor,
      module: AUDIT_MODULE,
      title: '会员行为日志',
      filter: query,
      columns,
    });
  }
}
