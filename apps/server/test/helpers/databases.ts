import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db, type DbTarget } from '../../src/db/database.js';
import { POSTGRES_TEMPLATE_ENV, databaseUrl, testDatabaseName } from './postgres-template.js';

/**
 * Fresh real databases for API tests: SQLite in a temp folder always; PostgreSQL too when
 * TEST_DATABASE_URL is set — each a database of its own, copied from the migrated template of
 * this run (postgres-template.ts) and dropped afterwards, so that test files running side by
 * side share nothing (not even the catalogue the migrator reads).
 */

export type DatabaseKind = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The kinds every database suite runs on: `describe.each(databaseKinds)(...)`. */
export const databaseKinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  kind: DatabaseKind;
  db: Db;
  target: DbTarget;
  /** Close the connection and remove the database (temp folder or database). */
  destroy(): Promise<void>;
}

/** Run `query` on the server's maintenance connection (TEST_DATABASE_URL). */
async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A new database of `kind`. On PostgreSQL it is already migrated (a copy of the run's template)
 * unless `empty` — for the tests of the migrations and bootstrap themselves; SQLite's is always
 * empty (migrating it takes ~0.1 s).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  opts: { empty?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'));
    const target: DbTarget = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    const db = openDatabase(target);
    return {
      kind,
      db,
      target,
      destroy: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = testDatabaseName(randomBytes(6).toString('hex'));
  // The migrated template when the server project's global set-up made one (a file run on its
  // own with another config migrates its empty database at bootstrap instead).
  const template = opts.empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const target: DbTarget = { kind: 'postgres', url: databaseUrl(postgresUrl, name), max: 5 };
  const db = openDatabase(target);
  return {
    kind,
    db,
    target,
    destroy: async () => {
      await db.destroy();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
