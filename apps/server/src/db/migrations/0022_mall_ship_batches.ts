import { withId, type AnyDb } from './helpers.js';

/**
 * Bulk shipping of exchange orders (issue 15): a courier's file checked in a dry run is kept as a
 * batch — its rows with their results as JSON (at most SHIP_IMPORT_MAX_ROWS) — so the commit ships
 * exactly what the operator saw, in any process, and the result file can be downloaded later.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('mall_ship_batches'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** checked (dry run done) | committed (the valid rows were shipped). */
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON: ShipRow[] (contract integralmall/orders.ts). */
    .addColumn('rows_json', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('valid_count', 'integer', (c) => c.notNull())
    .addColumn('shipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mall_ship_batches_created_idx')
    .on('mall_ship_batches')
    .column('created_at')
    .execute();
}
