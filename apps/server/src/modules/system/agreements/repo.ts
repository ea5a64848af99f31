import type { AgreementListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { AgreementsTable, Database } from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { deleteRows, insertRow } from '../../../platform/row-writes.js';

export type AgreementRow = Selectable<AgreementsTable>;

const SUMMARY_COLUMNS = [
  'id',
  'code',
  'title',
  'version',
  'created_at',
  'updated_at',
  'updated_by',
] as const;

/** Queries of agreements. */
export class AgreementRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page of agreements without their (large) content. */
  list(query: AgreementListQuery & PageRequest) {
    let q = this.db.selectFrom('agreements').select(SUMMARY_COLUMNS);
    if (query.keyword) {
      const keyword = query.keyword;
      q = q.where((eb) => eb.or([containsText('code', keyword), containsText('title', keyword)]));
    }
    return paginate(this.db, q.orderBy('id', 'asc'), query);
  }

  find(id: number): Promise<AgreementRow | undefined> {
    return this.db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(code: string): Promise<AgreementRow | undefined> {
    return this.db.selectFrom('agreements').selectAll().where('code', '=', code).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<AgreementRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('agreements').selectAll().where('id', 'in', ids).execute();
  }

  insert(values: Insertable<AgreementsTable>): Promise<number> {
    return insertRow(this.db, 'agreements', values);
  }

  /** Save and bump the version in one statement (concurrent saves each get their own version). */
  async update(
    id: number,
    values: Omit<Updateable<AgreementsTable>, 'version'>,
  ): Promise<number | undefined> {
    const row = await this.db
      .updateTable('agreements')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirst();
    return row ? Number(row.version) : undefined;
  }

  deleteMany(ids: readonly number[]): Promise<number> {
    return deleteRows(this.db, 'agreements', ids);
  }
}
