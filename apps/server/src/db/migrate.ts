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
  const migrationTableSchema = await migrationSchemaOf(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(failed ? `数据库迁移失败（${failed}）` : '数据库迁移失败', { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
