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

/** Every database a test run creates starts with this (a crashed run's are easy to find). */
const PREFIX = 'health_test_';

export function testDatabaseName(suffix: string): string {
  return `${PREFIX}${suffix}`;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(url: string, query: string): Promise<void> {
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
  const name = testDatabaseName(`template_${randomBytes(4).toString('hex')}`);
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
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
