import { sql } from 'kysely';
import { dialectOf } from '../database.js';
import { withId, type AnyDb } from './helpers.js';

/**
 * Lab reports (检验报告): the report, its items (one row each, so a member's values of one item
 * can be read across reports) and its private files. Same conventions as 0010: bigint epoch ms,
 * JSON as text, integer 0/1 booleans; values are double precision (real on SQLite).
 */
export async function up(db: AnyDb): Promise<void> {
  const real = dialectOf(db) === 'sqlite' ? 'real' : sql`double precision`;

  await withId(db, db.schema.createTable('inspections'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('hospital', 'text', (c) => c.notNull())
    .addColumn('sampled_at', 'bigint', (c) => c.notNull())
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    /** Items above / below their range and all items, written with the items. */
    .addColumn('high_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('low_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inspections_reported_idx')
    .on('inspections')
    .columns(['reported_at', 'id'])
    .execute();
  await db.schema
    .createIndex('inspections_member_idx')
    .on('inspections')
    .columns(['member_id', 'reported_at'])
    .execute();

  await withId(db, db.schema.createTable('inspection_items'))
    .addColumn('inspection_id', 'bigint', (c) =>
      c.notNull().references('inspections.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value', real, (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('low', real)
    .addColumn('high', real)
    /** high | low | normal, computed from the range when saved. */
    .addColumn('flag', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inspection_items_report_idx')
    .on('inspection_items')
    .columns(['inspection_id', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('inspection_files'))
    /** Null until a report is saved with it. */
    .addColumn('inspection_id', 'bigint', (c) =>
      c.references('inspections.id').onDelete('set null'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** Private storage key (lab/…), never under the public uploads. */
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inspection_files_report_idx')
    .on('inspection_files')
    .columns(['inspection_id', 'sort'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('inspection_files').execute();
  await db.schema.dropTable('inspection_items').execute();
  await db.schema.dropTable('inspections').execute();
}
