import { sql, type Kysely } from 'kysely';
import type { Database, MallPackageKind } from '../../../db/schema.js';
import { containsText } from '../../../db/like.js';
import type { PackageTask } from '@health/contract';
import { packageTasksOf } from '../package-types/service.js';

/** A goods item as an order needs it, with its package type's kind and health tasks. */
export interface GoodsForOrder {
  id: number;
  name: string;
  image: string;
  pointsPrice: number;
  cashFen: number;
  stock: number;
  limitPerMember: number;
  onShelf: boolean;
  /** The package type's kind ('goods' when the goods has no type). */
  kind: MallPackageKind;
  /** A service package's health tasks per unit (none for goods). */
  tasks: PackageTask[];
}

/** An on-shelf goods item with stock, for the order form's picker. */
export interface GoodsOptionRow {
  id: number;
  name: string;
  image: string;
  kind: MallPackageKind;
  pointsPrice: number;
  stock: number;
  limitPerMember: number;
}

const OPTIONS_MAX = 30;

function firstImage(json: string): string {
  try {
    const images = JSON.parse(json) as unknown;
    return Array.isArray(images) && typeof images[0] === 'string' ? images[0] : '';
  } catch {
    return '';
  }
}

/**
 * What exchange orders do to goods (the goods repository owns `mall_goods` and
 * `mall_package_types`; orders read and move stock only through this class): the goods as an
 * order takes it, stock taken with ONE conditional UPDATE (never below zero, only on shelf and
 * not deleted) and given back, and the order form's picker.
 */
export class GoodsStock {
  constructor(private readonly db: Kysely<Database>) {}

  /** The goods joined with its package type (null: missing or deleted). */
  async forOrder(goodsId: number): Promise<GoodsForOrder | null> {
    const row = await this.db
      .selectFrom('mall_goods as g')
      .leftJoin('mall_package_types as p', 'p.id', 'g.package_type_id')
      .select([
        'g.id',
        'g.name',
        'g.images_json',
        'g.points_price',
        'g.cash_fen',
        'g.stock',
        'g.limit_per_member',
        'g.on_shelf',
        'p.kind',
        'p.tasks_json',
      ])
      .where('g.id', '=', goodsId)
      .where('g.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: Number(row.id),
      name: row.name,
      image: firstImage(row.images_json),
      pointsPrice: Number(row.points_price),
      cashFen: Number(row.cash_fen),
      stock: Number(row.stock),
      limitPerMember: Number(row.limit_per_member),
      onShelf: Number(row.on_shelf) === 1,
      kind: row.kind ?? 'goods',
      tasks: row.kind === 'service' ? packageTasksOf({ tasks_json: row.tasks_json ?? '[]' }) : [],
    };
  }

  /**
   * Take `quantity` units: one conditional UPDATE (enough stock, on shelf, not deleted), so
   * concurrent orders can never oversell. Whether it applied.
   */
  async take(goodsId: number, quantity: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mall_goods')
      .set({
        stock: sql<number>`stock - ${quantity}`,
        sold: sql<number>`sold + ${quantity}`,
        updated_at: at,
      })
      .where('id', '=', goodsId)
      .where('stock', '>=', quantity)
      .where('on_shelf', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Give back what a cancelled order took (also to goods since taken off the shelf). */
  async giveBack(goodsId: number, quantity: number, at: number): Promise<void> {
    await this.db
      .updateTable('mall_goods')
      .set({
        stock: sql<number>`stock + ${quantity}`,
        sold: sql<number>`case when sold >= ${quantity} then sold - ${quantity} else 0 end`,
        updated_at: at,
      })
      .where('id', '=', goodsId)
      .execute();
  }

  /** On-shelf goods with stock, by the shelf's order, filtered by a name fragment. */
  async options(keyword: string | undefined): Promise<GoodsOptionRow[]> {
    let q = this.db
      .selectFrom('mall_goods as g')
      .leftJoin('mall_package_types as p', 'p.id', 'g.package_type_id')
      .select([
        'g.id',
        'g.name',
        'g.images_json',
        'g.points_price',
        'g.stock',
        'g.limit_per_member',
        'p.kind',
      ])
      .where('g.on_shelf', '=', 1)
      .where('g.deleted_at', 'is', null)
      .where('g.stock', '>', 0);
    if (keyword) q = q.where(containsText('g.name', keyword));
    const rows = await q
      .orderBy('g.sort', 'desc')
      .orderBy('g.id', 'desc')
      .limit(OPTIONS_MAX)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      image: firstImage(r.images_json),
      kind: r.kind ?? 'goods',
      pointsPrice: Number(r.points_price),
      stock: Number(r.stock),
      limitPerMember: Number(r.limit_per_member),
    }));
  }

  /** On-shelf goods ids with stock (the demo orders pick from them). */
  async onShelfIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mall_goods')
      .select('id')
      .where('on_shelf', '=', 1)
      .where('deleted_at', 'is', null)
      .where('stock', '>', 0)
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }
}
