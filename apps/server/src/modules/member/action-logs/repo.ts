import type { ActionLogExportQuery } from '@health/contract';
import type { Insertable, Kysely } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberActionLogsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort } from '../../../platform/pagination.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';

const SORT = { createdAt: 'a.created_at' } as const;

/** Queries of the members' action log. */
export class ActionLogsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<MemberActionLogsTable>): Promise<void> {
    await this.db.insertInto('member_action_logs').values(values).execute();
  }

  /** How many rows of this member. */
  async countOf(memberId: number): Promise<number> {
    const row = await this.db
      .selectFrom('member_action_logs')
      .select((eb) => eb.fn.countAll().as('c'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return toNumber(row?.c);
  }

  /** Clear the IPs of a member's actions (log-off). */
  async clearIpsOf(memberId: number): Promise<void> {
    await this.db
      .updateTable('member_action_logs')
      .set({ ip: '' })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** Filtered and sorted (not paged): the list pages it, the export reads it in batches. */
  query(query: ActionLogExportQuery) {
    let q = this.db
      .selectFrom('member_action_logs as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select([
        'a.id',
        'a.member_id',
        'm.name as member_name',
        'm.phone as member_phone',
        'a.action',
        'a.detail',
        'a.ip',
        'a.created_at',
      ]);
    q = whereMember(q, query, 'a.member_id');
    if (query.action) q = q.where('a.action', '=', query.action);
    if (query.ip) q = q.where(containsText('a.ip', query.ip));
    q = whereCreatedBetween(q, query, 'a.created_at');
    return applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'a.id');
  }
}

export type ActionLogRow = Awaited<
  ReturnType<ReturnType<ActionLogsRepo['query']>['execute']>
>[number];
