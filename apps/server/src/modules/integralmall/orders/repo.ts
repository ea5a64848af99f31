import type { OrderExportQuery, OrderStatus } from '@health/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  MallOrderEventsTable,
  MallOrdersTable,
  MallShipBatchesTable,
} from '../../../db/schema.js';
import { containsText } from '../../../db/like.js';
import { toNumber } from '../../../db/values.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';
import { insertRow } from '../../../platform/row-writes.js';

export type OrderRowDb = Selectable<MallOrdersTable>;
export type OrderEventRow = Selectable<MallOrderEventsTable>;
export type ShipBatchRow = Selectable<MallShipBatchesTable>;
export type JoinedOrderRow = OrderRowDb & { member_name: string; member_phone: string | null };

/**
 * Queries of exchange orders, their events and the bulk-shipping batches — the only file that
 * touches these tables. Goods go through GoodsStock, points through PointsService.
 */
export class OrdersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private joined() {
    return this.db
      .selectFrom('mall_orders as o')
      .innerJoin('members as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['m.name as member_name', 'm.phone as member_phone']);
  }

  /** The filtered list, newest first. */
  query(query: OrderExportQuery) {
    let q = whereMember(this.joined(), query, 'o.member_id');
    if (query.status) q = q.where('o.status', '=', query.status);
    if (query.orderNo) q = q.where(containsText('o.order_no', query.orderNo.toUpperCase()));
    if (query.goodsName) q = q.where(containsText('o.goods_name', query.goodsName));
    q = whereCreatedBetween(q, query, 'o.created_at');
    return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
  }

  findJoined(id: number): Promise<JoinedOrderRow | undefined> {
    return this.joined().where('o.id', '=', id).executeTakeFirst() as Promise<
      JoinedOrderRow | undefined
    >;
  }

  find(id: number): Promise<OrderRowDb | undefined> {
    return this.db.selectFrom('mall_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Orders by their numbers (the courier file). */
  byNumbers(orderNos: string[]): Promise<OrderRowDb[]> {
    if (orderNos.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('mall_orders')
      .selectAll()
      .where('order_no', 'in', orderNos)
      .execute();
  }

  byIdempotencyKey(memberId: number, key: string): Promise<OrderRowDb | undefined> {
    return this.db
      .selectFrom('mall_orders')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Units of one goods item a member has redeemed (orders not cancelled). */
  async boughtBy(memberId: number, goodsId: number): Promise<number> {
    const row = await this.db
      .selectFrom('mall_orders')
      .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
      .where('member_id', '=', memberId)
      .where('goods_id', '=', goodsId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    return toNumber(row?.n);
  }

  /** Whether an order number is taken. */
  async numberTaken(orderNo: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('mall_orders')
      .select('id')
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row !== undefined;
  }

  insert(values: Insertable<MallOrdersTable>): Promise<number> {
    return insertRow(this.db, 'mall_orders', values);
  }

  /**
   * Change an order while it is in `from` (and only then): whether it was. Two operators stepping
   * the same order at once: one UPDATE matches, the other is told the order changed meanwhile.
   */
  async moveFrom(
    id: number,
    from: OrderStatus,
    values: Updateable<MallOrdersTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('mall_orders')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Set columns of an order (its ledger rows once written). */
  async set(id: number, values: Updateable<MallOrdersTable>): Promise<void> {
    await this.db.updateTable('mall_orders').set(values).where('id', '=', id).execute();
  }

  insertEvent(values: Insertable<MallOrderEventsTable>): Promise<number> {
    return insertRow(this.db, 'mall_order_events', values);
  }

  /** An order's timeline, oldest first. */
  events(orderId: number): Promise<OrderEventRow[]> {
    return this.db
      .selectFrom('mall_order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** Orders by status (one pass). */
  async counts() {
    const rows = await this.db
      .selectFrom('mall_orders')
      .groupBy('status')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .execute();
    const by = new Map(rows.map((r) => [r.status, toNumber(r.n)]));
    const n = (s: OrderStatus) => by.get(s) ?? 0;
    return {
      all: n('to_ship') + n('shipped') + n('completed') + n('cancelled'),
      to_ship: n('to_ship'),
      shipped: n('shipped'),
      completed: n('completed'),
      cancelled: n('cancelled'),
    };
  }

  /** Shipped orders shipped at or before `before` (the auto-complete job), oldest first. */
  shippedBefore(before: number, limit: number): Promise<OrderRowDb[]> {
    return this.db
      .selectFrom('mall_orders')
      .selectAll()
      .where('status', '=', 'shipped')
      .where('shipped_at', '<=', before)
      .orderBy('shipped_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The health tasks a service order made (read-only: the health area owns them). */
  async taskIdsOf(orderId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('health_tasks')
      .select('id')
      .where('source', '=', 'package')
      .where('source_id', '=', orderId)
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /* ---------------------------------------------------------------- bulk shipping */

  insertBatch(values: Insertable<MallShipBatchesTable>): Promise<number> {
    return insertRow(this.db, 'mall_ship_batches', values);
  }

  findBatch(id: number): Promise<ShipBatchRow | undefined> {
    return this.db
      .selectFrom('mall_ship_batches')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Claim a checked batch for its commit (one UPDATE: a second commit finds it taken). */
  async claimBatch(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mall_ship_batches')
      .set({ status: 'committed', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'checked')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async updateBatch(id: number, values: Updateable<MallShipBatchesTable>): Promise<void> {
    await this.db.updateTable('mall_ship_batches').set(values).where('id', '=', id).execute();
  }

  /** Batches older than `before` go (their rows are in the orders' events by then). */
  async deleteBatchesBefore(before: number): Promise<void> {
    await this.db.deleteFrom('mall_ship_batches').where('created_at', '<', before).execute();
  }
}
