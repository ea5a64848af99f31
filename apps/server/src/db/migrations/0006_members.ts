import { withId, type AnyDb } from './helpers.js';
/**
 * Member centre: grades, channels, members, their family contacts, grade history, the members'
 * own action log and log-off requests. Same conventions as 0001: bigint epoch ms, integer 0/1
 * booleans, JSON as text. Indexes follow the member list filters (phone, grade + registration
 * time, registration time for the default sort, channel, status, last activity).
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('member_grades'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('growth_required', 'integer', (c) => c.notNull().unique())
    .addColumn('benefits', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('points_multiplier_pct', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('member_channels'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('members'))
    // Unique; null after anonymisation (both databases allow many nulls in a unique column).
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('birthday', 'text')
    .addColumn('id_number', 'text')
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('grade_id', 'bigint', (c) => c.notNull().references('member_grades.id'))
    .addColumn('channel_id', 'bigint', (c) => c.references('member_channels.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('frozen_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('points_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('growth_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('last_active_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Default sort (registered_at desc, id desc) and the registration range.
  await db.schema
    .createIndex('members_registered_idx')
    .on('members')
    .columns(['registered_at', 'id'])
    .execute();
  await db.schema
    .createIndex('members_grade_registered_idx')
    .on('members')
    .columns(['grade_id', 'registered_at'])
    .execute();
  await db.schema
    .createIndex('members_channel_registered_idx')
    .on('members')
    .columns(['channel_id', 'registered_at'])
    .execute();
  await db.schema
    .createIndex('members_status_registered_idx')
    .on('members')
    .columns(['status', 'registered_at'])
    .execute();
  await db.schema
    .createIndex('members_last_active_idx')
    .on('members')
    .column('last_active_at')
    .execute();
  await db.schema.createIndex('members_name_idx').on('members').column('name').execute();
  // The unique constraint indexes phone; phone prefix filters are answered as a range on it.

  await withId(db, db.schema.createTable('member_contacts'))
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('relationship', 'integer')
    .addColumn('receive_warning_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_contacts_member_idx')
    .on('member_contacts')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('member_contacts_created_idx')
    .on('member_contacts')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('member_grade_logs'))
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('from_grade_id', 'bigint')
    .addColumn('to_grade_id', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('growth_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_grade_logs_member_idx')
    .on('member_grade_logs')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_grade_logs_created_idx')
    .on('member_grade_logs')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('member_action_logs'))
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_action_logs_member_idx')
    .on('member_action_logs')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_action_logs_action_idx')
    .on('member_action_logs')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_action_logs_created_idx')
    .on('member_action_logs')
    .column('created_at')
    .execute();

  await withId(db, db.schema.createTable('member_logoff_requests'))
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_by', 'bigint')
    .addColumn('handled_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_logoff_requests_status_idx')
    .on('member_logoff_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('member_logoff_requests_member_idx')
    .on('member_logoff_requests')
    .column('member_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'member_logoff_requests',
    'member_action_logs',
    'member_grade_logs',
    'member_contacts',
    'members',
    'member_channels',
    'member_grades',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
