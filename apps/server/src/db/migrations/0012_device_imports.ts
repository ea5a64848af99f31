import { withId, type AnyDb } from './helpers.js';

/**
 * Batch import of devices (批量导入): a batch per uploaded file, with its progress and counts, and
 * the file's rows staged with their errors until the operator imports the valid ones. Same
 * conventions as 0001: bigint epoch ms, integer 0/1 booleans, JSON as text.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('device_imports'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** validating | validated | imported | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    /** Why it failed (a whole-file problem), else ''. */
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    /** How much of the file the validation has read (the progress). */
    .addColumn('read_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Moves with every validated batch of rows: a validation that stopped moving was interrupted. */
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('validated_at', 'bigint')
    .addColumn('imported_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('device_imports_created_idx')
    .on('device_imports')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('device_import_rows')
    .addColumn('batch_id', 'bigint', (c) =>
      c.notNull().references('device_imports.id').onDelete('cascade'),
    )
    /** The row's number in the file (the header is row 1). */
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('firmware', 'text', (c) => c.notNull())
    /** As written in the file. */
    .addColumn('stock_date', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    /** Resolved by the validation (valid rows). */
    .addColumn('model_id', 'bigint')
    /** Start of the stock day (China time), or null: the time of the import. */
    .addColumn('stock_at', 'bigint')
    .addColumn('valid', 'integer', (c) => c.notNull())
    /** JSON array of { code, rows? }. */
    .addColumn('errors_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** imported | skipped, after an import. */
    .addColumn('result', 'text')
    /** serialTaken | modelDeleted */
    .addColumn('skip_reason', 'text')
    .addPrimaryKeyConstraint('device_import_rows_pk', ['batch_id', 'row_no'])
    .execute();
  await db.schema
    .createIndex('device_import_rows_valid_idx')
    .on('device_import_rows')
    .columns(['batch_id', 'valid', 'row_no'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('device_import_rows').ifExists().execute();
  await db.schema.dropTable('device_imports').ifExists().execute();
}
