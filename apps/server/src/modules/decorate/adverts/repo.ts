import type { AdvertListQuery, AdvertPosition } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, DecorateAdvertsTable } from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { deleteRows, insertRow, updateRow } from '../../../platform/row-writes.js';

export type AdvertRow = Selectable<DecorateAdvertsTable>;

/** Queries of ad slots (the only file that touches decorate_adverts). */
export class AdvertsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of slots; `state` is read at `now` (window [start_at, end_at)). */
  list(query: AdvertListQuery & PageRequest, now: number) {
    let q = this.db.selectFrom('decorate_adverts').selectAll();
    if (query.title) q = q.where(containsText('title', query.title));
    if (query.position) q = q.where('position', '=', query.position);
    switch (query.state) {
      case 'disabled':
        q = q.where('enabled', '=', 0);
        break;
      case 'scheduled':
        q = q.where('enabled', '=', 1).where('start_at', '>', now);
        break;
      case 'ended':
        q = q.where('enabled', '=', 1).where('start_at', '<=', now).where('end_at', '<=', now);
        break;
      case 'live':
        q = q.where('enabled', '=', 1).where('start_at', '<=', now).where('end_at', '>', now);
        break;
      default:
    }
    const ordered = q.orderBy('position').orderBy('sort').orderBy('id', 'desc');
    return paginate(this.db, ordered, query);
  }

  find(id: number): Promise<AdvertRow | undefined> {
    return this.db
      .selectFrom('decorate_adverts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<AdvertRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('decorate_adverts')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  insert(values: Insertable<DecorateAdvertsTable>): Promise<number> {
    return insertRow(this.db, 'decorate_adverts', values);
  }

  update(id: number, values: Updateable<DecorateAdvertsTable>): Promise<void> {
    return updateRow(this.db, 'decorate_adverts', id, values);
  }

  deleteMany(ids: readonly number[]): Promise<number> {
    return deleteRows(this.db, 'decorate_adverts', ids);
  }

  /** The enabled slots of a position whose window holds `now`, by sort (the app's list). */
  showing(position: AdvertPosition, now: number, limit: number): Promise<AdvertRow[]> {
    return this.db
      .selectFrom('decorate_adverts')
      .selectAll()
      .where('position', '=', position)
      .where('enabled', '=', 1)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('sort')
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Enabled slots not yet ended whose link points to one of these records (by link types). */
  linkingTo(navTypes: readonly string[], id: number, now: number) {
    if (navTypes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('decorate_adverts')
      .select(['id', 'title'])
      .where('nav_type', 'in', [...navTypes])
      .where('sub_content', '=', String(id))
      .where('enabled', '=', 1)
      .where('end_at', '>', now)
      .orderBy('id')
      .execute();
  }
}
