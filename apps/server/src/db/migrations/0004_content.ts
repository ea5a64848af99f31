import { withId, type AnyDb } from './helpers.js';
/**
 * Content of the settings area: search words and the suggestion list rebuilt from them, SMS
 * templates and the outbox of the embedded SMS sender, agreements (sanitised rich text).
 * Same conventions as 0001: bigint epoch ms, integer 0/1 booleans, JSON as text.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('search_words'))
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('valid_from', 'bigint')
    .addColumn('valid_to', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_words_type_keyword_uq')
    .on('search_words')
    .columns(['type', 'keyword'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('search_suggestions'))
    .addColumn('keyword', 'text', (c) => c.notNull().unique())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('source_types', 'text', (c) => c.notNull())
    .addColumn('built_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sms_templates'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('provider_template_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('params_json', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_created_idx')
    .on('sms_outbox')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('agreements'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'agreements',
    'sms_outbox',
    'sms_templates',
    'search_suggestions',
    'search_words',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
