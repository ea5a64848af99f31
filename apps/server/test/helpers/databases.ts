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
      // The tables go now, the (empty) schema at the end of the run (test-schemas.ts): another
      // file's migration lists every schema's tables with has_schema_privilege(name), which
      // fails when a schema it has just seen is dropped meanwhile — files run side by side.
      const { rows } = await client.query<{ name: string }>(
        `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = $1`,
        [schema],
      );
      if (rows.length > 0)
        await client.query(
          `DROP TABLE ${rows.map((r) => `${schema}.${r.name}`).join(', ')} CASCADE`,
        );
      await client.end();
    },
  };
}
