import { withId, type AnyDb } from './helpers.js';

/**
 * 积分商城 (issue 15): package types (goods categories and service packages), goods, exchange
 * orders and the events of their state machine (contract integralmall/*). Same conventions as
 * 0010: bigint epoch ms, 0/1 flags, JSON as text, points and fen as integers.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('mall_package_types'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    /** goods (a category of goods shipped to the member) | service (a service package). */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A service package's health tasks per unit redeemed, JSON: [{ kind, count }]. */
    .addColumn('tasks_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('mall_goods'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('package_type_id', 'bigint', (c) => c.references('mall_package_types.id'))
    /** JSON: string[] of image URLs, the first is the cover. */
    .addColumn('images_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('points_price', 'integer', (c) => c.notNull())
    .addColumn('cash_fen', 'integer', (c) => c.notNull().defaultTo(0))
    /** Units left: orders take from it with `stock >= quantity` in the UPDATE, never below 0. */
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    /** Units one member may redeem in all (0 = no limit). */
    .addColumn('limit_per_member', 'integer', (c) => c.notNull().defaultTo(0))
    /** Sanitised rich text. */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('on_shelf', 'integer', (c) => c.notNull().defaultTo(0))
    /** none (no review asked) | pending | approved | rejected (商品设置's review before listing). */
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('review_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    /** Soft delete: orders keep pointing at the goods they took. */
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('mall_goods_shelf_idx')
    .on('mall_goods')
    .columns(['on_shelf', 'sort', 'id'])
    .execute();
  await db.schema
    .createIndex('mall_goods_created_idx')
    .on('mall_goods')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('mall_goods_type_idx')
    .on('mall_goods')
    .columns(['package_type_id'])
    .execute();

  await withId(db, db.schema.createTable('mall_orders'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('goods_id', 'bigint', (c) => c.notNull().references('mall_goods.id'))
    /** What the member redeemed, as it was then (the goods may change or go). */
    .addColumn('goods_name', 'text', (c) => c.notNull())
    .addColumn('goods_image', 'text', (c) => c.notNull().defaultTo(''))
    /** goods | service, from the goods' package type at the time of the order. */
    .addColumn('goods_kind', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('points_price', 'integer', (c) => c.notNull())
    .addColumn('points_total', 'integer', (c) => c.notNull())
    .addColumn('cash_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receiver', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    /** to_ship | shipped | completed | cancelled (contract integralmall/orders.ts). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('courier', 'text')
    .addColumn('tracking_no', 'text')
    .addColumn('shipped_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    /** The ledger rows of the redemption and of its refund (null: none yet). */
    .addColumn('redeem_ledger_id', 'bigint')
    .addColumn('refund_ledger_id', 'bigint')
    /** The caller's key: the same key of the same member answers the same order. */
    .addColumn('idempotency_key', 'text')
    .addColumn('created_by_id', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mall_orders_idempotency_idx')
    .on('mall_orders')
    .columns(['member_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('mall_orders_status_idx')
    .on('mall_orders')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('mall_orders_created_idx')
    .on('mall_orders')
    .columns(['created_at', 'id'])
    .execute();
  // The per-member limit sums a member's orders of one goods item.
  await db.schema
    .createIndex('mall_orders_member_goods_idx')
    .on('mall_orders')
    .columns(['member_id', 'goods_id', 'status'])
    .execute();
  // The job that completes shipped orders after 运营配置's confirm days.
  await db.schema
    .createIndex('mall_orders_shipped_idx')
    .on('mall_orders')
    .columns(['status', 'shipped_at'])
    .execute();

  await withId(db, db.schema.createTable('mall_order_events'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('mall_orders.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mall_order_events_order_idx')
    .on('mall_order_events')
    .columns(['order_id', 'id'])
    .execute();
}
