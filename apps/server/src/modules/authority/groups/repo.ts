import type { GroupListQuery } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { OperatorsRepo } from '../operators/repo.js';
import { applySort, paginate } from '../../../platform/pagination.js';

/** Queries of permission groups and their granted resource keys. */

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  builtin: number;
  created_at: number;
  updated_at: number;
  operator_count: number;
}

const SORT_COLUMNS = {
  name: 'g.name',
  operatorCount: 'operator_count',
  updatedAt: 'g.updated_at',
  createdAt: 'g.created_at',
} as const;

export class GroupsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db.selectFrom('permission_groups as g').select((eb) => [
      'g.id',
      'g.name',
      'g.description',
      'g.builtin',
      'g.created_at',
      'g.updated_at',
      eb
        .selectFrom('operators as o')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('o.group_id', '=', 'g.id')
        .as('operator_count'),
    ]);
  }

  private static normalize(row: Omit<GroupRow, 'operator_count'> & { operator_count: unknown }) {
    return { ...row, operator_count: toNumber(row.operator_count) } as GroupRow;
  }

  async list(query: GroupListQuery & { current: number; pageSize: number }) {
    let q = this.base();
    if (query.name) q = q.where('g.name', 'like', `%${query.name}%`);
    // The built-in group first, then the requested order.
    q = q.orderBy('g.builtin', 'desc');
    const sorted = applySort(
      q,
      query,
      SORT_COLUMNS,
      { field: 'updatedAt', order: 'descend' },
      'g.id',
    );
    return paginate(this.db, sorted, query, GroupsRepo.normalize);
  }

  async find(id: number): Promise<GroupRow | undefined> {
    const row = await this.base().where('g.id', '=', id).executeTakeFirst();
    return row ? GroupsRepo.normalize(row) : undefined;
  }

  async findByName(name: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('permission_groups')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async options(): Promise<{ id: number; name: string; builtin: number; updated_at: number }[]> {
    return this.db
      .selectFrom('permission_groups')
      .select(['id', 'name', 'builtin', 'updated_at'])
      .orderBy('builtin', 'desc')
      .orderBy('name')
      .execute();
  }

  /** Stored keys per group. */
  async resourcesOf(groupIds: readonly number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('group_resources')
      .select(['group_id', 'resource_key'])
      .where('group_id', 'in', [...groupIds])
      .execute();
    for (const row of rows) map.get(Number(row.group_id))?.push(row.resource_key);
    return map;
  }

  async insert(values: { name: string; description: string; at: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('permission_groups')
      .values({
        name: values.name,
        description: values.description,
        builtin: 0,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Update name/description and the version (updated_at) the grants cache is keyed by. */
  async update(
    id: number,
    values: { name: string; description: string; version: number },
  ): Promise<void> {
    await this.db
      .updateTable('permission_groups')
      .set({ name: values.name, description: values.description, updated_at: values.version })
      .where('id', '=', id)
      .execute();
  }

  async replaceResources(groupId: number, keys: readonly string[]): Promise<void> {
    await this.db.deleteFrom('group_resources').where('group_id', '=', groupId).execute();
    if (keys.length > 0) {
      await this.db
        .insertInto('group_resources')
        .values(keys.map((key) => ({ group_id: groupId, resource_key: key })))
        .execute();
    }
  }

  countOperators(groupId: number): Promise<number> {
    return new OperatorsRepo(this.db).countInGroup(groupId);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('group_resources').where('group_id', '=', id).execute();
    await this.db.deleteFrom('permission_groups').where('id', '=', id).execute();
  }

  /** Id, name, built-in flag and version of a group. */
  findBrief(
    id: number,
  ): Promise<{ id: number; name: string; builtin: number; updated_at: number } | undefined> {
    return this.db
      .selectFrom('permission_groups')
      .select(['id', 'name', 'builtin', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
