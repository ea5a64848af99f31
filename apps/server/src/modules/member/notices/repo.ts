import type { NoticeListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, NoticeStatus, NoticesTable } from '../../../db/schema.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { ChannelsRepo } from '../channels/repo.js';
import { GradesRepo } from '../grades/repo.js';
import { MembersRepo } from '../members/repo.js';
import { insertRow } from '../../../platform/row-writes.js';
import { whereCreatedBetween } from '../../../platform/list-filters.js';

export type NoticeRow = Selectable<NoticesTable>;

/** Queries of notices and their deliveries. */
export class NoticeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: NoticeListQuery & PageRequest) {
    let q = this.db.selectFrom('notices as n').selectAll('n');
    if (query.title) q = q.where(containsText('n.title', query.title));
    if (query.status) q = q.where('n.status', '=', query.status);
    q = whereCreatedBetween(q, query, 'n.created_at');
    q = applySort(
      q,
      {},
      { createdAt: 'n.created_at' } as const,
      { field: 'createdAt', order: 'descend' },
      'n.id',
    );
    return paginate(this.db, q, query);
  }

  find(id: number): Promise<NoticeRow | undefined> {
    return this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Notices for a link (装修's link targets): the given ids, or those whose title holds
   * `keyword`, sent ones first, newest first.
   */
  linkTargets(filter: { ids?: readonly number[]; keyword?: string; limit: number }) {
    let q = this.db.selectFrom('notices').select(['id', 'title', 'status']);
    if (filter.ids) {
      if (filter.ids.length === 0) return Promise.resolve([]);
      q = q.where('id', 'in', [...filter.ids]);
    } else if (filter.keyword) {
      q = q.where(containsText('title', filter.keyword));
    }
    return q
      .orderBy((eb) => eb.case().when('status', '=', 'sent').then(0).else(1).end())
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
  }

  insert(values: Insertable<NoticesTable>): Promise<number> {
    return insertRow(this.db, 'notices', values);
  }

  /** Update when the notice is in one of `from`; returns whether it was. */
  async transition(
    id: number,
    from: readonly NoticeStatus[],
    values: Updateable<NoticesTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('notices')
      .set(values)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('notice_deliveries').where('notice_id', '=', id).execute();
    await this.db.deleteFrom('notices').where('id', '=', id).execute();
  }

  /** Grade and channel names by id. */
  async targetNames(): Promise<{ grades: Map<number, string>; channels: Map<number, string> }> {
    const [grades, channels] = await Promise.all([
      new GradesRepo(this.db).names(),
      new ChannelsRepo(this.db).names(),
    ]);
    return { grades, channels };
  }

  gradeOptions() {
    return new GradesRepo(this.db).options();
  }

  channelOptions() {
    return new ChannelsRepo(this.db).options();
  }

  /** Ids (of the asked ones) that exist as grades or channels. */
  async existingTargets(type: 'grade' | 'channel', ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    return type === 'grade'
      ? new GradesRepo(this.db).existing(ids)
      : new ChannelsRepo(this.db).existing(ids);
  }

  /** One batch of target member ids (status normal) after `afterId`, ascending. */
  targetMemberBatch(
    type: 'all' | 'grade' | 'channel',
    ids: number[],
    afterId: number,
    limit: number,
  ): Promise<{ id: number }[]> {
    return new MembersRepo(this.db).normalIdsAfter(type, ids, afterId, limit);
  }

  async setRecipients(id: number, recipients: number): Promise<void> {
    await this.db.updateTable('notices').set({ recipients }).where('id', '=', id).execute();
  }

  async insertDeliveries(noticeId: number, memberIds: number[], at: number): Promise<void> {
    if (memberIds.length === 0) return;
    await this.db
      .insertInto('notice_deliveries')
      .values(memberIds.map((m) => ({ notice_id: noticeId, member_id: m, created_at: at })))
      .execute();
  }
}
