import pg from 'pg';

/**
 * Global set-up of the server tests (vitest.config.ts): once every file has run, drop the
 * PostgreSQL schemas the files made (databases.ts empties each when its file is done; dropping
 * them while other files run side by side broke those files' migrations).
 */
export async function teardown(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname ~ '^test_[0-9a-f]{12}$'`,
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  } finally {
    await client.end();
  }
}
