/**
 * A new, empty PostgreSQL database for one benchmark run, dropped afterwards. The server is
 * pointed at it with DATABASE_URL (and the SECRET_KEY PostgreSQL requires).
 * BENCH_POSTGRES_URL: where to create it (a database to connect to first, default the local
 * server's `postgres` database).
 */
import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fixed key is fine for a throw-away database. */
export const BENCH_SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnop';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `adminUrl`: a database on the server to create it on (its own name is replaced). */
export async function createScratchDatabase(
  prefix: string,
  adminUrl: string = POSTGRES_ADMIN_URL,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
