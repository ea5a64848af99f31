import type { NoticeListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, NoticeStatus, NoticesTable } from '../../db/schema.js';
import { applySort, paginate, type PageRequest } from '../../platform/pagination.js';

export type NoticeRow = Selectable<NoticesTable>;

/** Queries of notices and their deliveries. */
export class NoticeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: NoticeListQuery & PageRequest) {
    let q = this.db.selectFrom('notices as n').selectAll('n');
    if (query.title) q = q.where(containsText('n.title', query.title));
    if (query.status) q = q.where('n.status', '=', query.status);
    if (query.startTime !== undefined) q = q.where('n.created_at', '>=', query.startTime);
    if (query.endTime !== undefined) q = q.where('n.created_at', '<=', query.endTime);
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

  async insert(values: Insertable<NoticesTable>): Promise<number> {
    const row = await this.db
      .insertInto('notices')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
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
      this.db.selectFrom('member_grades').select(['id', 'name']).execute(),
      this.db.selectFrom('member_channels').select(['id', 'name']).execute(),
    ]);
    return {
      grades: new Map(grades.map((g) => [Number(g.id), g.name])),
      channels: new Map(channels.map((c) => [Number(c.id), c.name])),
    };
  }

  gradeOptions() {
    return this.db
      .selectFrom('member_grades')
      .select(['id', 'name'])
      .orderBy('growth_required')
      .execute();
  }

  channelOptions() {
    return this.db.selectFrom('member_channels').select(['id', 'name']).orderBy('id').execute();
  }

  /** Ids (of the asked ones) that exist as grades or channels. */
  async existingTargets(type: 'grade' | 'channel', ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows =
      type === 'grade'
        ? await this.db.selectFrom('member_grades').select('id').where('id', 'in', ids).execute()
        : await this.db.selectFrom('member_channels').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** One batch of target member ids (status normal) after `afterId`, ascending. */
  targetMemberBatch(
    type: 'all' | 'grade' | 'channel',
    ids: number[],
    afterId: number,
    limit: number,
  ): Promise<{ id: number }[]> {
    let q = this.db
      .selectFrom('members')
      .select('id')
      .where('status', '=', 'normal')
      .where('id', '>', afterId);
    if (type === 'grade') q = q.where('grade_id', 'in', ids);
    if (type === 'channel') q = q.where('channel_id', 'in', ids);
    return q.orderBy('id').limit(limit).execute();
  }

  async insertDeliveries(noticeId: number, memberIds: number[], at: number): Promise<void> {
    if (memberIds.length === 0) return;
    await this.db
      .insertInto('notice_deliveries')
      .values(memberIds.map((m) => ({ notice_id: noticeId, member_id: m, created_at: at })))
      .execute();
  }
}
