import { sql, type SelectQueryBuilder } from 'kysely';
import { containsText } from '../db/like.js';

/**
 * Filters the member lists and logs share, on a query that joins `members as m`:
 *
 *   let q = db.selectFrom('member_action_logs as a').innerJoin('members as m', ...).select(...);
 *   q = whereMember(q, query, 'a.member_id');
 *   if (query.action) q = q.where('a.action', '=', query.action);
 *   q = whereCreatedBetween(q, query, 'a.created_at');
 */

export interface MemberFilter {
  /** One member's rows (the member detail tabs). */
  memberId?: number;
  /** A fragment of the member's phone number. */
  phone?: string;
  /** A fragment of the member's name. */
  name?: string;
}

/** The rows of one member, or of the members whose phone / name contain the given fragments. */
export function whereMember<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  query: MemberFilter,
  memberIdColumn: string,
): SelectQueryBuilder<DB, TB, O> {
  if (query.memberId) q = q.where(sql<boolean>`${sql.ref(memberIdColumn)} = ${query.memberId}`);
  if (query.phone) q = q.where(containsText('m.phone', query.phone));
  if (query.name) q = q.where(containsText('m.name', query.name));
  return q;
}

/** Rows created from `startTime` to `endTime` (epoch ms, both inclusive, either optional). */
export function whereCreatedBetween<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  query: { startTime?: number; endTime?: number },
  column: string,
): SelectQueryBuilder<DB, TB, O> {
  if (query.startTime !== undefined)
    q = q.where(sql<boolean>`${sql.ref(column)} >= ${query.startTime}`);
  if (query.endTime !== undefined)
    q = q.where(sql<boolean>`${sql.ref(column)} <= ${query.endTime}`);
  return q;
}
