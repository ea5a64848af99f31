import type { ChannelListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberChannelsTable } from '../../../db/schema.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type ChannelRow = Selectable<MemberChannelsTable>;

const SORT = { createdAt: 'c.created_at', memberCount: 'member_count' } as const;

/** Queries of acquisition channels. */
export class ChannelsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: ChannelListQuery & PageRequest) {
    let q = this.db
      .selectFrom('member_channels as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('members as m')
          .whereRef('m.channel_id', '=', 'c.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('member_count'),
      );
    if (query.name) q = q.where(containsText('c.name', query.name));
    if (query.code) q = q.where(containsText('c.code', query.code));
    if (query.enabled !== undefined) q = q.where('c.enabled', '=', query.enabled ? 1 : 0);
    const ordered = applySort(q, query, SORT, { field: 'createdAt', order: 'descend' }, 'c.id');
    return paginate(this.db, ordered, query);
  }

  all(): Promise<ChannelRow[]> {
    return this.db.selectFrom('member_channels').selectAll().orderBy('id', 'asc').execute();
  }

  find(id: number): Promise<ChannelRow | undefined> {
    return this.db
      .selectFrom('member_channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByCode(code: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('member_channels')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Channel names by id. */
  async names(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('member_channels').select(['id', 'name']).execute();
    return new Map(rows.map((c) => [Number(c.id), c.name]));
  }

  /** Id and name of every channel (choices of a form). */
  options() {
    return this.db.selectFrom('member_channels').select(['id', 'name']).orderBy('id').execute();
  }

  /** The ids among these that exist. */
  async existing(ids: number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('member_channels')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Members in it (the members repository counts). */
  memberCount(id: number): Promise<number> {
    return new MembersRepo(this.db).countWhere('channel_id', id);
  }

  insert(values: Insertable<MemberChannelsTable>): Promise<number> {
    return insertRow(this.db, 'member_channels', values);
  }

  update(id: number, values: Updateable<MemberChannelsTable>): Promise<void> {
    return updateRow(this.db, 'member_channels', id, values);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('member_channels').where('id', '=', id).execute();
  }
}
