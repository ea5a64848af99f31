import type { Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * Settings area: payment channel configs (secrets sealed with AES-256-GCM, see platform/secrets.ts)
 * and uploaded files (who, when, content hash). Settings sections themselves live in `settings`
 * (0001).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('pay_configs')
    .addColumn('channel', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merchant_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_id', 'text', (c) => c.notNull().defaultTo(''))
    // Sealed secrets (null = not set); never the plain value.
    .addColumn('api_key_sealed', 'text')
    .addColumn('private_key_sealed', 'text')
    .addColumn('certificate_sealed', 'text')
    .addColumn('public_key_sealed', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .execute();

  const uploads = db.schema.createTable('uploads');
  await (
    dialectOf(db) === 'sqlite'
      ? uploads.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : uploads.addColumn('id', 'bigserial', (c) => c.primaryKey())
  )
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_sha256_idx').on('uploads').column('sha256').execute();
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('pay_configs').execute();
}
