import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db, type DbTarget } from '../../src/db/database.js';

/**
 * Fresh real databases for API tests: SQLite in a temp folder always; PostgreSQL too when
 * TEST_DATABASE_URL is set (each in its own new schema, dropped afterwards).
 */

export type DatabaseKind = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The kinds every database suite runs on: `describe.each(databaseKinds)(...)`. */
export const databaseKinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  kind: DatabaseKind;
  db: Db;
  target: DbTarget;
  /** Close the connection and remove the database (temp folder or schema). */
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
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
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const target: DbTarget = { kind: 'postgres', url: postgresUrl, searchPath: schema, max: 5 };
  const db = openDatabase(target);
  return {
    kind,
    db,
    target,
    destroy: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
