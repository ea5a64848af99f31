import { withId, type AnyDb } from './helpers.js';
/**
 * The device centre and what devices upload: models, devices with their lifecycle events, binding
 * codes, returns filed by members, the ingest API's nonces, measurements (ECG samples live in files
 * named by ecg_recordings) and the alerts abnormal measurements open. Same conventions as 0001:
 * bigint epoch ms, integer 0/1 booleans, JSON as text.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('device_models'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    /** ecg | bp | bg | chol | ua | multi */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('maker', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON array of { name, value }. */
    .addColumn('params_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('devices'))
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('model_id', 'bigint', (c) => c.notNull().references('device_models.id'))
    /** in_stock | bound | lent | returned | faulty | scrapped */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    /** The HMAC key, sealed by the SecretBox (platform/secrets.ts). */
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    /** The key before the last reset, accepted until prev_secret_until. */
    .addColumn('prev_secret_sealed', 'text')
    .addColumn('prev_secret_until', 'bigint')
    .addColumn('bound_at', 'bigint')
    .addColumn('lent_at', 'bigint')
    .addColumn('deposit_fen', 'integer')
    .addColumn('return_due_at', 'bigint')
    .addColumn('last_upload_at', 'bigint')
    .addColumn('battery', 'integer')
    .addColumn('firmware', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('devices_status_idx')
    .on('devices')
    .columns(['status', 'id'])
    .execute();
  await db.schema.createIndex('devices_model_idx').on('devices').column('model_id').execute();
  await db.schema.createIndex('devices_member_idx').on('devices').column('member_id').execute();
  await db.schema
    .createIndex('devices_last_upload_idx')
    .on('devices')
    .column('last_upload_at')
    .execute();

  await withId(db, db.schema.createTable('device_events'))
    .addColumn('device_id', 'bigint', (c) =>
      c.notNull().references('devices.id').onDelete('cascade'),
    )
    /** The transition or event: add, import, bind, unbind, lend, return, restock, fault, ... */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint')
    .addColumn('operator_id', 'bigint')
    /** Operator name, or a word for who acted otherwise (会员, 系统). */
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_events_device_idx')
    .on('device_events')
    .columns(['device_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('device_codes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('model_id', 'bigint', (c) => c.notNull().references('device_models.id'))
    /** unused | used | void (expired is unused with expires_at in the past) */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_member_id', 'bigint')
    .addColumn('used_device_id', 'bigint')
    .addColumn('voided_at', 'bigint')
    .addColumn('voided_by', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_codes_batch_idx')
    .on('device_codes')
    .columns(['batch_no', 'id'])
    .execute();
  await db.schema
    .createIndex('device_codes_status_idx')
    .on('device_codes')
    .columns(['status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('device_returns'))
    .addColumn('device_id', 'bigint', (c) =>
      c.notNull().references('devices.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'bigint')
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('tracking_no', 'text', (c) => c.notNull())
    /** pending | received */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('filed_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('handled_by', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('device_returns_status_idx')
    .on('device_returns')
    .columns(['status', 'filed_at'])
    .execute();
  await db.schema
    .createIndex('device_returns_device_idx')
    .on('device_returns')
    .column('device_id')
    .execute();

  // A nonce is accepted once per device; kept in the database so every process agrees.
  await withId(db, db.schema.createTable('ingest_nonces'))
    .addColumn('device_id', 'bigint', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ingest_nonces_uq')
    .on('ingest_nonces')
    .columns(['device_id', 'nonce'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ingest_nonces_created_idx')
    .on('ingest_nonces')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('measurements'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** bp | bg | chol | ua | ecg */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('measured_at', 'bigint', (c) => c.notNull())
    /** The values as uploaded (ECG: everything but the samples). */
    .addColumn('values_json', 'text', (c) => c.notNull())
    /** normal | warning | urgent */
    .addColumn('level', 'text', (c) => c.notNull())
    /** The classification's key and words (grade2, 二级高血压). */
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    /** The threshold rules it was judged by (the prewarning_set's version). */
    .addColumn('rule_version', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('handled_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('measurements_device_type_time_uq')
    .on('measurements')
    .columns(['device_id', 'type', 'measured_at'])
    .unique()
    .execute();
  await db.schema
    .createIndex('measurements_type_time_idx')
    .on('measurements')
    .columns(['type', 'measured_at'])
    .execute();
  await db.schema
    .createIndex('measurements_member_time_idx')
    .on('measurements')
    .columns(['member_id', 'type', 'measured_at'])
    .execute();

  await db.schema
    .createTable('ecg_recordings')
    .addColumn('measurement_id', 'bigint', (c) =>
      c.primaryKey().references('measurements.id').onDelete('cascade'),
    )
    .addColumn('sample_rate', 'integer', (c) => c.notNull())
    /** JSON array of lead names. */
    .addColumn('leads_json', 'text', (c) => c.notNull())
    .addColumn('samples_per_lead', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    /** Storage key of the samples file (platform/storage.ts). */
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('heart_rate', 'integer')
    .addColumn('arrhythmia', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('measurement_alerts'))
    .addColumn('measurement_id', 'bigint', (c) =>
      c.notNull().unique().references('measurements.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    /** warning | urgent */
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    /** open | claimed | handled */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addColumn('handled_by', 'text')
    .execute();
  await db.schema
    .createIndex('measurement_alerts_status_idx')
    .on('measurement_alerts')
    .columns(['status', 'level', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'measurement_alerts',
    'ecg_recordings',
    'measurements',
    'ingest_nonces',
    'device_returns',
    'device_codes',
    'device_events',
    'devices',
    'device_models',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
