import type { PackageTypeListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MallPackageTypesTable } from '../../../db/schema.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type PackageTypeRow = Selectable<MallPackageTypesTable>;

const SORT = { sort: 'pt.sort', createdAt: 'pt.created_at' } as const;

/** Queries of package types (the only file that touches mall_package_types). */
export class PackageTypesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(query: PackageTypeListQuery & PageRequest) {
    let q = this.db
      .selectFrom('mall_package_types as pt')
      .selectAll('pt')
      .select((eb) =>
        eb
          .selectFrom('mall_goods as g')
          .whereRef('g.package_type_id', '=', 'pt.id')
          .where('g.deleted_at', 'is', null)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('goods_count'),
      );
    if (query.name) q = q.where(containsText('pt.name', query.name));
    if (query.kind) q = q.where('pt.kind', '=', query.kind);
    if (query.enabled !== undefined) q = q.where('pt.enabled', '=', query.enabled ? 1 : 0);
    const ordered = applySort(q, query, SORT, { field: 'sort', order: 'ascend' }, 'pt.id');
    return paginate(this.db, ordered, query);
  }

  /** Every type, by sort. */
  all(): Promise<PackageTypeRow[]> {
    return this.db
      .selectFrom('mall_package_types')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  find(id: number): Promise<PackageTypeRow | undefined> {
    return this.db
      .selectFrom('mall_package_types')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Types for a link (装修's link targets): the given ids, or those whose name holds `keyword`. */
  linkTargets(filter: { ids?: readonly number[]; keyword?: string; limit: number }) {
    let q = this.db.selectFrom('mall_package_types').select(['id', 'name', 'enabled']);
    if (filter.ids) {
      if (filter.ids.length === 0) return Promise.resolve([]);
      q = q.where('id', 'in', [...filter.ids]);
    } else if (filter.keyword) {
      q = q.where(containsText('name', filter.keyword));
    }
    return q.orderBy('enabled', 'desc').orderBy('sort').orderBy('id').limit(filter.limit).execute();
  }

  findByName(name: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('mall_package_types')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
  }

  insert(values: Insertable<MallPackageTypesTable>): Promise<number> {
    return insertRow(this.db, 'mall_package_types', values);
  }

  update(id: number, values: Updateable<MallPackageTypesTable>): Promise<void> {
    return updateRow(this.db, 'mall_package_types', id, values);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('mall_package_types').where('id', '=', id).execute();
  }
}
