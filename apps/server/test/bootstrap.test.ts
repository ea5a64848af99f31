import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_USERNAME,
  SUPER_ADMIN_GROUP_NAME,
  bootstrapDatabase,
  type BootstrapResult,
} from '../src/db/bootstrap.js';
import { openDatabase } from '../src/db/database.js';
import { DEMO_OPERATOR_PASSWORD, demoAccountsText } from '../src/db/demo/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { verifyPassword } from '../src/platform/passwords.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/databases.js';

const run = promisify(execFile);
const NOW = Date.UTC(2025, 4, 20, 2, 0, 0);
/**
 * A demo load is a few seconds alone (PostgreSQL ~5 s here: the check-ins pay their points one by
 * one through the points service) and several times that when the suite's other files load the
 * machine; the tests that load it get room for that instead of the suite's 30 s.
 */
const DEMO_LOAD_TIMEOUT_MS = 120_000;
const bootScript = fileURLToPath(new URL('./helpers/bootstrap-process.ts', import.meta.url));

async function bootInChildProcess(file: string): Promise<BootstrapResult> {
  const { stdout } = await run(process.execPath, [
    '--conditions=source',
    '--import',
    'tsx',
    bootScript,
    file,
    String(NOW),
  ]);
  return JSON.parse(stdout) as BootstrapResult;
}

describe.each(databaseKinds)('bootstrap on %s', (kind) => {
  const opened: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase(kind, { empty: true });
    opened.push(database);
    return database.db;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.destroy()));
  });

  it('creates the super-admin group and admin once, flagged for the first password change', async () => {
    const db = await fresh();
    const first = await bootstrapDatabase(db, {
      adminInitialPassword: 'First@123',
      demoData: false,
      now: NOW,
    });
    expect(first).toEqual({
      migrations: Object.keys(migrations),
      databaseWasNew: true,
      adminCreated: true,
      adminNeedsFirstChange: true,
      demoLoaded: false,
    });
    const admin = await db
      .selectFrom('operators as o')
      .innerJoin('permission_groups as g', 'g.id', 'o.group_id')
      .select(['o.password_hash', 'o.need_change_type', 'o.staff_role', 'g.name', 'g.builtin'])
      .where('o.username', '=', ADMIN_USERNAME)
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      need_change_type: 'first',
      staff_role: 'admin',
      name: SUPER_ADMIN_GROUP_NAME,
      builtin: 1,
    });
    expect(await verifyPassword('First@123', admin.password_hash)).toBe(true);

    const second = await bootstrapDatabase(db, {
      adminInitialPassword: 'Other@123',
      demoData: true,
      now: NOW,
    });
    expect(second).toEqual({
      migrations: [],
      databaseWasNew: false,
      adminCreated: false,
      adminNeedsFirstChange: true,
      demoLoaded: false,
    });
    expect(await db.selectFrom('operators').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('permission_groups').select('id').execute()).toHaveLength(1);
  });

  it(
    'loads the demo data once when two processes start on one new database',
    async () => {
      const first = await createTestDatabase(kind, { empty: true });
      opened.push(first);
      const target = first.target;
      let demoLoaded: boolean[];
      if (target.kind === 'sqlite') {
        // better-sqlite3 waits for a lock synchronously, so the two must be real processes.
        const results = await Promise.all([
          bootInChildProcess(target.file),
          bootInChildProcess(target.file),
        ]);
        demoLoaded = results.map((r) => r.demoLoaded);
      } else {
        const second = openDatabase(target);
        try {
          const options = { adminInitialPassword: 'First@123', demoData: true, now: NOW };
          const results = await Promise.all([
            bootstrapDatabase(first.db, options),
            bootstrapDatabase(second, options),
          ]);
          demoLoaded = results.map((r) => r.demoLoaded);
        } finally {
          await second.destroy();
        }
      }
      expect(demoLoaded.sort()).toEqual([false, true]);
      {
        const admins = await first.db
          .selectFrom('operators')
          .select('id')
          .where('username', '=', ADMIN_USERNAME)
          .execute();
        expect(admins).toHaveLength(1);
      }
    },
    DEMO_LOAD_TIMEOUT_MS,
  );

  it(
    'loads the same demo data for the same time on a new database',
    async () => {
      const snapshot = async () => {
        const db = await fresh();
        const result = await bootstrapDatabase(db, {
          adminInitialPassword: 'Admin@123',
          demoData: true,
          now: NOW,
        });
        expect(result.demoLoaded).toBe(true);
        return {
          groups: await db
            .selectFrom('permission_groups')
            .select(['name', 'builtin', 'updated_at'])
            .orderBy('name')
            .execute(),
          resources: await db
            .selectFrom('group_resources')
            .select(['group_id', 'resource_key'])
            .orderBy('group_id')
            .orderBy('resource_key')
            .execute(),
          operators: await db
            .selectFrom('operators')
            .select(['username', 'real_name', 'phone', 'staff_role', 'enabled', 'created_at'])
            .orderBy('username')
            .execute(),
          logs: await db
            .selectFrom('operation_logs')
            .select(['operator_name', 'action', 'result', 'created_at'])
            .orderBy('id')
            .execute(),
          attempts: await db
            .selectFrom('login_attempts')
            .select(['username', 'success', 'created_at'])
            .orderBy('id')
            .execute(),
        };
      };
      const a = await snapshot();
      const demoHash = (
        await opened[0]!.db
          .selectFrom('operators')
          .select('password_hash')
          .where('username', '=', 'zhangwei')
          .executeTakeFirstOrThrow()
      ).password_hash;
      expect(await verifyPassword(DEMO_OPERATOR_PASSWORD, demoHash)).toBe(true);
      // The start-up message names the demo staff one can sign in as: enabled accounts only.
      const named = [...demoAccountsText().matchAll(/([a-z]+)（/g)].map((m) => m[1]);
      const enabled = a.operators
        .filter((o) => o.username !== ADMIN_USERNAME && Boolean(o.enabled))
        .map((o) => o.username);
      expect(named.sort()).toEqual(enabled.sort());
      expect(demoAccountsText()).toContain('医生 wangfang（王芳）');
      const b = await snapshot();
      expect(b).toEqual(a);
      expect(a.groups.map((g) => g.name)).toEqual(
        expect.arrayContaining([
          '运营组',
          '医生组',
          '医生助理组',
          '客服组',
          SUPER_ADMIN_GROUP_NAME,
        ]),
      );
      expect(a.operators.length).toBeGreaterThanOrEqual(6);
      expect(
        a.operators.every((o) => o.username === ADMIN_USERNAME || /^1[3-9]\d{9}$/.test(o.phone)),
      ).toBe(true);
      expect(a.logs.length).toBeGreaterThan(20);
      expect(a.attempts.every((x) => x.created_at < NOW)).toBe(true);
    },
    DEMO_LOAD_TIMEOUT_MS,
  );
});
