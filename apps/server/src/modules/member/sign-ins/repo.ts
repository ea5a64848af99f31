import type { SignRecordExportQuery } from '@health/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SignRecordsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { insertRow } from '../../../platform/row-writes.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';

export type SignRecordRow = Selectable<SignRecordsTable> & {
  member_name: string | null;
  member_phone: string | null;
};

/** Queries of check-in records. */
export class SignRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The filtered, sorted record query (list and export). */
  filtered(query: SignRecordExportQuery) {
    let q = this.db
      .selectFrom('sign_records as s')
      .leftJoin('members as m', 'm.id', 's.member_id')
      .selectAll('s')
      .select(['m.name as member_name', 'm.phone as member_phone']);
    q = whereMember(q, query, 's.member_id');
    if (query.minStreak !== undefined) q = q.where('s.streak', '>=', query.minStreak);
    q = whereCreatedBetween(q, query, 's.created_at');
    return applySort(
      q,
      {},
      { createdAt: 's.created_at' } as const,
      { field: 'createdAt', order: 'descend' },
      's.id',
    );
  }

  /** The newest record id (0 when none): bounds an export to the rows that exist at its start. */
  async maxId(): Promise<number> {
    const row = await this.db
      .selectFrom('sign_records')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  list(query: SignRecordExportQuery & PageRequest) {
    return paginate(this.db, this.filtered(query), query, (row) => row as SignRecordRow);
  }

  findByDate(memberId: number, date: string) {
    return this.db
      .selectFrom('sign_records')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('sign_date', '=', date)
      .executeTakeFirst();
  }

  insert(values: Omit<Selectable<SignRecordsTable>, 'id'>): Promise<number> {
    return insertRow(this.db, 'sign_records', values);
  }

  async setAwarded(id: number, points: number): Promise<void> {
    await this.db
      .updateTable('sign_records')
      .set({ points_awarded: points })
      .where('id', '=', id)
      .execute();
  }

  /** Check-ins per local day in [start, end] (days without any are absent). */
  async countsByDate(start: string, end: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('sign_records')
      .select(['sign_date', sql<number>`count(*)`.as('n')])
      .where('sign_date', '>=', start)
      .where('sign_date', '<=', end)
      .groupBy('sign_date')
      .execute();
    return new Map(rows.map((r) => [r.sign_date, toNumber(r.n)]));
  }

  findMember(memberId: number) {
    return new MembersRepo(this.db).brief(memberId);
  }
}
