import { withId, type AnyDb } from './helpers.js';
/**
 * Foundation tables: operators, permission groups, sessions, captchas, login attempts, the
 * operation log and settings. Written once for SQLite and PostgreSQL: times are bigint epoch ms,
 * booleans integer 0/1, JSON text. Only the auto-increment id differs between the two.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('permission_groups'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('group_resources')
    .addColumn('group_id', 'bigint', (c) =>
      c.notNull().references('permission_groups.id').onDelete('cascade'),
    )
    .addColumn('resource_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_resources_pk', ['group_id', 'resource_key'])
    .execute();

  await withId(db, db.schema.createTable('operators'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('permission_groups.id'))
    .addColumn('staff_role', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('need_change_type', 'text')
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operators_group_idx').on('operators').column('group_id').execute();
  await db.schema
    .createIndex('operators_created_idx')
    .on('operators')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('operator_id', 'bigint', (c) =>
      c.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_operator_idx')
    .on('sessions')
    .column('operator_id')
    .execute();
  await db.schema
    .createIndex('sessions_last_seen_idx')
    .on('sessions')
    .column('last_seen_at')
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('verify_key', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The lock checks read the latest failures of one user name or one IP.
  await db.schema
    .createIndex('login_attempts_username_idx')
    .on('login_attempts')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_idx')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_created_idx')
    .on('login_attempts')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('operation_logs'))
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_logs_created_idx')
    .on('operation_logs')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('operation_logs_operator_idx')
    .on('operation_logs')
    .columns(['operator_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('operation_logs_module_idx')
    .on('operation_logs')
    .columns(['module', 'created_at'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('section', 'text', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'settings',
    'operation_logs',
    'login_attempts',
    'captchas',
    'sessions',
    'operators',
    'group_resources',
    'permission_groups',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
