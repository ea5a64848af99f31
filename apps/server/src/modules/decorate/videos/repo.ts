import type { VideoCategory, VideoListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, DecorateVideosTable } from '../../../db/schema.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { deleteRows, insertRow, updateRow } from '../../../platform/row-writes.js';

export type VideoRow = Selectable<DecorateVideosTable>;

/** The queries of health videos (table decorate_videos). */
export class VideoRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** By sort (smaller first), then newest first. */
  list(query: VideoListQuery & PageRequest) {
    let q = this.db.selectFrom('decorate_videos').selectAll();
    if (query.keyword) q = q.where(containsText('title', query.keyword));
    if (query.category) q = q.where('category', '=', query.category);
    if (query.enabled !== undefined) q = q.where('enabled', '=', query.enabled ? 1 : 0);
    return paginate(this.db, q.orderBy('sort', 'asc').orderBy('id', 'desc'), query);
  }

  find(id: number): Promise<VideoRow | undefined> {
    return this.db
      .selectFrom('decorate_videos')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<VideoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('decorate_videos').selectAll().where('id', 'in', ids).execute();
  }

  insert(values: Insertable<DecorateVideosTable>): Promise<number> {
    return insertRow(this.db, 'decorate_videos', values);
  }

  update(id: number, values: Updateable<DecorateVideosTable>): Promise<void> {
    return updateRow(this.db, 'decorate_videos', id, values);
  }

  deleteMany(ids: readonly number[]): Promise<number> {
    return deleteRows(this.db, 'decorate_videos', ids);
  }

  /** The enabled videos (of one category, or all) in the list's order, at most `limit`. */
  enabled(category: VideoCategory | undefined, limit: number): Promise<VideoRow[]> {
    let q = this.db.selectFrom('decorate_videos').selectAll().where('enabled', '=', 1);
    if (category) q = q.where('category', '=', category);
    return q.orderBy('sort', 'asc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** How many enabled videos each category has. */
  async enabledCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('decorate_videos')
      .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('enabled', '=', 1)
      .groupBy('category')
      .execute();
    return new Map(rows.map((r) => [r.category, Number(r.n)]));
  }

  /** The enabled ones of these videos (a page's video blocks, resolved when the page is read). */
  enabledByIds(ids: readonly number[]): Promise<VideoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('decorate_videos')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('enabled', '=', 1)
      .execute();
  }

  /**
   * What a link picker shows of videos: these ids, or the titles containing `keyword`, enabled
   * ones first, then in the list's order.
   */
  linkTargets(filter: { ids?: readonly number[]; keyword?: string; limit: number }) {
    let q = this.db.selectFrom('decorate_videos').select(['id', 'title', 'enabled']);
    if (filter.ids) q = q.where('id', 'in', [...filter.ids]);
    else if (filter.keyword) q = q.where(containsText('title', filter.keyword));
    return q
      .orderBy('enabled', 'desc')
      .orderBy('sort', 'asc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
  }
}
