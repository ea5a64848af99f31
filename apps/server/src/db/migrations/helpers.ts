import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../database.js';

/**
 * The two pieces every migration needs. Migrations are frozen history: they use `Kysely<any>` on
 * purpose, not today's Database type; these helpers must therefore never change behaviour.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** The auto-increment id: the only column that differs between SQLite and PostgreSQL. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return dialectOf(db) === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c) => c.primaryKey());
}
