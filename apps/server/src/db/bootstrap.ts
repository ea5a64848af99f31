import { hashPassword } from '../platform/passwords.js';
import type { SecretBox } from '../platform/secrets.js';
import type { Db } from './database.js';
import { loadDemoData } from './demo/index.js';
import { migrateToLatest } from './migrate.js';

export const SUPER_ADMIN_GROUP_NAME = '超级管理员';
export const ADMIN_USERNAME = 'admin';

export interface BootstrapOptions {
  adminInitialPassword: string;
  demoData: boolean;
  now?: number;
  /** Seals the demo data's payment keys. */
  secrets?: SecretBox;
}

export interface BootstrapResult {
  migrations: string[];
  /** No operator existed before this run. */
  databaseWasNew: boolean;
  adminCreated: boolean;
  /** The admin still has to change the initial password (need_change_type 'first'). */
  adminNeedsFirstChange: boolean;
  demoLoaded: boolean;
}

/**
 * First run and every start: migrate, make sure the built-in super-admin group and the `admin`
 * operator exist, and load the demo data when the database is new. Safe to run concurrently
 * from several processes (inserts do nothing on conflict; one process loads the demo data).
 */
export async function bootstrapDatabase(db: Db, opts: BootstrapOptions): Promise<BootstrapResult> {
  const now = opts.now ?? Date.now();
  const migrations = await migrateToLatest(db);
  const { count } = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const databaseWasNew = Number(count) === 0;

  await db
    .insertInto('permission_groups')
    .values({
      name: SUPER_ADMIN_GROUP_NAME,
      description: '内置分组，拥有全部权限，不可编辑或删除',
      builtin: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const superGroup = await db
    .selectFrom('permission_groups')
    .select('id')
    .where('builtin', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();

  let admin = await db
    .selectFrom('operators')
    .select(['id', 'need_change_type'])
    .where('username', '=', ADMIN_USERNAME)
    .executeTakeFirst();
  let adminCreated = false;
  if (!admin) {
    const inserted = await db
      .insertInto('operators')
      .values({
        username: ADMIN_USERNAME,
        password_hash: await hashPassword(opts.adminInitialPassword),
        real_name: '系统管理员',
        phone: '',
        avatar: '',
        introduction: '内置超级管理员',
        group_id: superGroup.id,
        staff_role: 'admin',
        enabled: 1,
        need_change_type: 'first',
        password_changed_at: now,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning(['id', 'need_change_type'])
      .executeTakeFirst();
    adminCreated = inserted !== undefined;
    admin = inserted;
  }

  // Only the process whose insert created the admin loads the demo data: two processes starting on
  // one new database both see it empty, but only one wins the admin's unique user name.
  const demoLoaded = databaseWasNew && adminCreated && opts.demoData;
  if (demoLoaded) await loadDemoData(db, { now, secrets: opts.secrets });

  return {
    migrations,
    databaseWasNew,
    adminCreated,
    adminNeedsFirstChange: admin?.need_change_type === 'first',
    demoLoaded,
  };
}
