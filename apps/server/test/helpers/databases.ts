import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db, type DbTarget } from '../../src/db/database.js';
import {
  POSTGRES_TEMPLATE_ENV,
  databaseUrl,
  onServer,
  testDatabaseName,
} from './postgres-template.js';

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

/**
 * Drop a test database once its connections have closed: the pool's end resolves before the
 * server has seen every connection go, and forcing them off would fail those still closing (an
 * error nobody handles). One still open after a few seconds is left to the run's tear-down.
 */
async function dropWhenClosed(name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await onServer(postgresUrl!, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (err) {
      // 55006: the database is being accessed by other users.
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
  await onServer(postgresUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const target: DbTarget = { kind: 'postgres', url: databaseUrl(postgresUrl, name), max: 5 };
  const db = openDatabase(target);
  return {
    kind,
    db,
    target,
    destroy: async () => {
      await db.destroy();
      await dropWhenClosed(name);
    },
  };
}
