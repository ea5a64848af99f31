import type { LogoffListQuery } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { applySort, paginate } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';

const SORT = { createdAt: 'r.created_at', handledAt: 'r.handled_at' } as const;

/** Queries of log-off requests and the anonymisation of a member. */
export class LogoffRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: LogoffListQuery) {
    let q = this.db
      .selectFrom('member_logoff_requests as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select([
        'r.id',
        'r.member_id',
        'm.name as member_name',
        'm.phone as member_phone',
        'r.reason',
        'r.status',
        'r.reject_reason',
        'r.handled_by_name',
        'r.handled_at',
        'r.created_at',
      ]);
    q = whereMember(q, query, 'r.member_id');
    if (query.status) q = q.where('r.status', '=', query.status);
    q = whereCreatedBetween(q, query, 'r.created_at');
    const ordered = applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'r.id');
    return paginate(this.db, ordered, query);
  }

  find(id: number) {
    return this.db
      .selectFrom('member_logoff_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findMember(memberId: number) {
    return new MembersRepo(this.db).findRow(memberId);
  }

  /** Move a pending request to its outcome; false when it was no longer pending. */
  async settle(
    id: number,
    values: {
      status: 'approved' | 'rejected';
      reject_reason: string;
      handled_by: number;
      handled_by_name: string;
      handled_at: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('member_logoff_requests')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('member_logoff_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
