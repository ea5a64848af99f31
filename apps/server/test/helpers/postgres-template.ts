/**
 * Global set-up of the server tests (vitest.config.ts) on PostgreSQL: one database migrated once,
 * the template every test database is created from (`CREATE DATABASE … TEMPLATE`, a copy of its
 * files in ~0.1 s instead of ~0.5 s of migrations each). Its name reaches the test workers
 * through the environment, which they inherit (they start after this set-up).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export const POSTGRES_TEMPLATE_ENV = 'HEALTH_TEST_PG_TEMPLATE';
/** The run's own prefix of database names, for its tear-down to find what is left. */
const RUN_ENV = 'HEALTH_TEST_PG_RUN';

/** Every database a test run creates starts with this (a crashed run's are easy to find). */
const PREFIX = 'health_test_';

export function testDatabaseName(suffix: string): string {
  return `${PREFIX}${process.env[RUN_ENV] ?? ''}${suffix}`;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Run `query` on a connection of its own to `url` (CREATE / DROP DATABASE take no pool). */
export async function onServer(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  process.env[RUN_ENV] = `${randomBytes(3).toString('hex')}_`;
  const name = testDatabaseName('template');
  await onServer(url, `CREATE DATABASE ${name}`);
  const db = openDatabase({ kind: 'postgres', url: databaseUrl(url, name), max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    // A template may have no connection open while it is copied.
    await db.destroy();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    // Every worker has ended: the template, and any test database whose connections were still
    // closing when its file ended (createTestDatabase leaves it then), go now.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [testDatabaseName('')],
      );
      for (const { datname } of rows)
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    delete process.env[POSTGRES_TEMPLATE_ENV];
    delete process.env[RUN_ENV];
  };
}
