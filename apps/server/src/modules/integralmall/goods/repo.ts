import type { GoodsListQuery, GoodsSortField, SortOrder } from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database, MallGoodsTable, MallPackageKind } from '../../../db/schema.js';
import { toDbBool, toNumber } from '../../../db/values.js';
import { applySort, paginate, type PageRequest } from '../../../platform/pagination.js';
import { insertRow, updateRow } from '../../../platform/row-writes.js';

export type GoodsRow = Selectable<MallGoodsTable>;
/** A goods row with its package type's name and kind (null when it has none). */
export type GoodsViewRow = GoodsRow & {
  type_name: string | null;
  type_kind: MallPackageKind | null;
};

const SORT: Record<GoodsSortField, string> = {
  sort: 'g.sort',
  createdAt: 'g.created_at',
  sold: 'g.sold',
  stock: 'g.stock',
};

/** How the list orders its rows when the request names no order (商品设置's default). */
export interface GoodsListOrder {
  field: GoodsSortField;
  order: SortOrder;
}

/**
 * Queries of goods (the only file that touches mall_goods, with stock.ts beside it: the orders'
 * conditional UPDATEs that take stock and give it back). Deleted goods (deleted_at) are out of
 * every read but `findIncludingDeleted`: orders keep pointing at them.
 */
export class GoodsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private view() {
    return this.db
      .selectFrom('mall_goods as g')
      .leftJoin('mall_package_types as pt', 'pt.id', 'g.package_type_id')
      .selectAll('g')
      .select(['pt.name as type_name', 'pt.kind as type_kind']);
  }

  list(
    query: GoodsListQuery & PageRequest,
    options: { lowStockThreshold: number; defaultOrder: GoodsListOrder },
  ) {
    let q = this.view().where('g.deleted_at', 'is', null);
    if (query.name) q = q.where(containsText('g.name', query.name));
    if (query.packageTypeId) q = q.where('g.package_type_id', '=', query.packageTypeId);
    if (query.onShelf !== undefined) q = q.where('g.on_shelf', '=', toDbBool(query.onShelf));
    if (query.reviewStatus) q = q.where('g.review_status', '=', query.reviewStatus);
    if (query.lowStock !== undefined) {
      q = q.where('g.stock', query.lowStock ? '<=' : '>', options.lowStockThreshold);
    }
    // A column picked without a direction: the sort value ascending, the counts descending.
    const sort = query.sortField
      ? {
          sortField: query.sortField,
          sortOrder: query.sortOrder ?? (query.sortField === 'sort' ? 'ascend' : 'descend'),
        }
      : {};
    const ordered = applySort(q, sort, SORT, options.defaultOrder, 'g.id');
    return paginate(this.db, ordered, query);
  }

  /**
   * Goods as members see them (on shelf, not waiting for or refused by review, not deleted), for
   * 装修's goods lists: the picked ids, or a package type's / all goods newest or best-selling first.
   */
  shownToMembers(filter: {
    ids?: readonly number[];
    packageTypeId?: number;
    order: 'newest' | 'bestSelling';
    includeSoldOut: boolean;
    limit: number;
  }) {
    let q = this.db
      .selectFrom('mall_goods')
      .select(['id', 'name', 'images_json', 'points_price', 'cash_fen', 'stock'])
      .where('deleted_at', 'is', null)
      .where('on_shelf', '=', 1)
      .where('review_status', 'in', ['none', 'approved']);
    if (filter.ids) {
      if (filter.ids.length === 0) return Promise.resolve([]);
      q = q.where('id', 'in', [...filter.ids]);
    }
    if (filter.packageTypeId !== undefined)
      q = q.where('package_type_id', '=', filter.packageTypeId);
    if (!filter.includeSoldOut) q = q.where('stock', '>', 0);
    const ordered =
      filter.order === 'bestSelling'
        ? q.orderBy('sold', 'desc').orderBy('id', 'desc')
        : q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return ordered.limit(filter.limit).execute();
  }

  /**
   * The goods of a package type that members may redeem — a service package's plans — cheapest
   * first (sold-out ones kept or left out as 商品设置 says).
   */
  plansOf(packageTypeId: number, includeSoldOut: boolean, limit: number) {
    let q = this.db
      .selectFrom('mall_goods')
      .select(['id', 'name', 'points_price', 'cash_fen', 'stock'])
      .where('deleted_at', 'is', null)
      .where('on_shelf', '=', 1)
      .where('review_status', 'in', ['none', 'approved'])
      .where('package_type_id', '=', packageTypeId);
    if (!includeSoldOut) q = q.where('stock', '>', 0);
    return q.orderBy('points_price', 'asc').orderBy('id', 'asc').limit(limit).execute();
  }

  find(id: number): Promise<GoodsViewRow | undefined> {
    return this.view()
      .where('g.id', '=', id)
      .where('g.deleted_at', 'is', null)
      .executeTakeFirst() as Promise<GoodsViewRow | undefined>;
  }

  /** A goods item even when deleted (what an order redeemed). */
  findIncludingDeleted(id: number): Promise<GoodsViewRow | undefined> {
    return this.view().where('g.id', '=', id).executeTakeFirst() as Promise<
      GoodsViewRow | undefined
    >;
  }

  /**
   * Goods for a link (装修's link targets): the given ids, deleted ones too (a saved link's label
   * and state), or those not deleted whose name holds `keyword`, on shelf first.
   */
  linkTargets(filter: { ids?: readonly number[]; keyword?: string; limit: number }) {
    let q = this.db
      .selectFrom('mall_goods')
      .select(['id', 'name', 'on_shelf', 'review_status', 'deleted_at']);
    if (filter.ids) {
      if (filter.ids.length === 0) return Promise.resolve([]);
      q = q.where('id', 'in', [...filter.ids]);
    } else {
      q = q.where('deleted_at', 'is', null);
      if (filter.keyword) q = q.where(containsText('name', filter.keyword));
    }
    return q
      .orderBy('on_shelf', 'desc')
      .orderBy('sort')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
  }

  /** Goods (not deleted) of a package type. */
  async countOfType(packageTypeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('mall_goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('package_type_id', '=', packageTypeId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** Deleted goods let go of a package type that is being deleted. */
  async releaseDeletedOfType(packageTypeId: number): Promise<void> {
    await this.db
      .updateTable('mall_goods')
      .set({ package_type_id: null })
      .where('package_type_id', '=', packageTypeId)
      .where('deleted_at', 'is not', null)
      .execute();
  }

  insert(values: Insertable<MallGoodsTable>): Promise<number> {
    return insertRow(this.db, 'mall_goods', values);
  }

  /** Everything but the stock (see `moveStock`). */
  update(id: number, values: Omit<Updateable<MallGoodsTable>, 'stock' | 'sold'>): Promise<void> {
    return updateRow(this.db, 'mall_goods', id, values);
  }

  /**
   * An operator's stock edit, relative: `stock = max(stock + delta, 0)` in one UPDATE, so units
   * orders took meanwhile (`stock = stock - q WHERE stock >= q`, stock.ts) stay taken, and the
   * stock never goes below 0. The stock after it.
   */
  async moveStock(id: number, delta: number): Promise<number> {
    if (delta !== 0) {
      await this.db
        .updateTable('mall_goods')
        .set({
          stock: sql<number>`case when stock + ${delta} < 0 then 0 else stock + ${delta} end`,
        })
        .where('id', '=', id)
        .execute();
    }
    const row = await this.db
      .selectFrom('mall_goods')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.stock);
  }

  /**
   * On or off shelf, only from the other state and (when review is required) not while pending or
   * rejected:
   * whether it changed (false: the row was not in that state any more).
   */
  async setShelf(
    id: number,
    onShelf: boolean,
    at: number,
    options: { reviewedOnly: boolean },
  ): Promise<boolean> {
    let q = this.db
      .updateTable('mall_goods')
      .set({ on_shelf: toDbBool(onShelf), updated_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('on_shelf', '=', toDbBool(!onShelf));
    // Under review, a pending or rejected goods item stays off (never reviewed ones are free).
    if (onShelf && options.reviewedOnly) {
      q = q.where('review_status', 'not in', ['pending', 'rejected']);
    }
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Approve or reject a pending goods item: whether it was still pending. */
  async review(
    id: number,
    status: 'approved' | 'rejected',
    remark: string,
    at: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('mall_goods')
      .set({ review_status: status, review_remark: remark, updated_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('review_status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Soft delete, only off shelf: whether it was deleted. */
  async softDelete(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mall_goods')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('on_shelf', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
