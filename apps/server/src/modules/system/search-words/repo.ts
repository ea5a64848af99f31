import type { SearchListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, SearchWordsTable } from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { deleteRows, insertRow, updateRow } from '../../../platform/row-writes.js';

export type SearchWordRow = Selectable<SearchWordsTable>;

/** Queries of search words and of the suggestion list. */
export class SearchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: SearchListQuery & PageRequest) {
    let q = this.db.selectFrom('search_words').selectAll();
    if (query.keyword) q = q.where(containsText('keyword', query.keyword));
    if (query.type) q = q.where('type', '=', query.type);
    if (query.enabled !== undefined) q = q.where('enabled', '=', query.enabled ? 1 : 0);
    // Hot words before default words ('hot' > 'default'), then by sort (smaller first).
    const ordered = q.orderBy('type', 'desc').orderBy('sort', 'asc').orderBy('id', 'desc');
    return paginate(this.db, ordered, query);
  }

  find(id: number): Promise<SearchWordRow | undefined> {
    return this.db.selectFrom('search_words').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<SearchWordRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('search_words').selectAll().where('id', 'in', ids).execute();
  }

  findByKeyword(type: string, keyword: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('search_words')
      .select('id')
      .where('type', '=', type as SearchWordRow['type'])
      .where('keyword', '=', keyword)
      .executeTakeFirst();
  }

  insert(values: Insertable<SearchWordsTable>): Promise<number> {
    return insertRow(this.db, 'search_words', values);
  }

  update(id: number, values: Updateable<SearchWordsTable>): Promise<void> {
    return updateRow(this.db, 'search_words', id, values);
  }

  deleteMany(ids: readonly number[]): Promise<number> {
    return deleteRows(this.db, 'search_words', ids);
  }

  /** Enabled words whose validity window holds `now`, best first (hot before default, by sort). */
  effectiveWords(now: number) {
    return this.db
      .selectFrom('search_words')
      .select(['keyword', 'type', 'sort'])
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', now)]))
      .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
      .orderBy('type', 'desc')
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Replace the whole suggestion list; answers how many entries it holds. */
  async replaceSuggestions(
    entries: { keyword: string; weight: number; sourceTypes: string }[],
    at: number,
  ): Promise<number> {
    await this.db.deleteFrom('search_suggestions').execute();
    const CHUNK = 200;
    for (let i = 0; i < entries.length; i += CHUNK) {
      await this.db
        .insertInto('search_suggestions')
        .values(
          entries.slice(i, i + CHUNK).map((e) => ({
            keyword: e.keyword,
            weight: e.weight,
            source_types: e.sourceTypes,
            built_at: at,
          })),
        )
        .execute();
    }
    const row = await this.db
      .selectFrom('search_suggestions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
