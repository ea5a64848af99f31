import type { ChannelListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MemberChannelsTable } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';

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

  async memberCount(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  async insert(values: Insertable<MemberChannelsTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('member_channels')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async update(id: number, values: Updateable<MemberChannelsTable>): Promise<void> {
    await this.db.updateTable('member_channels').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('member_channels').where('id', '=', id).execute();
  }
}
