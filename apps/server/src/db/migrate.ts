import { Migrator, sql } from 'kysely';
import { dialectOf, type Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL the migrator must be told its schema: it checks for its own tables by name across
 * every schema, so another schema's `kysely_migration` (another app or test in the same
 * database) would otherwise be taken for ours.
 */
async function migrationSchemaOf(db: Db): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Bring the schema up to date; returns the names of the migrations applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (dialectOf(db) !== 'sqlite') return runMigrator(db, false);
  // Kysely takes no migration lock on SQLite (it assumes one connection), so two processes
  // starting on one new file would both create the tables. BEGIN IMMEDIATE takes the file's write
  // lock before the migrator reads its state: the second process waits, then finds nothing to do.
  await sql`begin immediate`.execute(db);
  try {
    const applied = await runMigrator(db, true);
    await sql`commit`.execute(db);
    return applied;
  } catch (err) {
    await sql`rollback`.execute(db);
    throw err;
  }
}

async function runMigrator(db: Db, inOuterTransaction: boolean): Promise<string[]> {
  const migrationTableSchema = await migrationSchemaOf(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    disableTransactions: inOuterTransaction,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(failed ? `数据库迁移失败（${failed}）` : '数据库迁移失败', { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
