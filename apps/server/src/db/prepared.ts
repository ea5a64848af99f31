import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { dialectOf, type Dialect } from './database.js';
import type { Database } from './schema.js';

const NAME = Symbol('prepared parameter');

interface Placeholder {
  readonly [NAME]: string;
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && NAME in value;
}

/** Parameters by name; each a scalar (a list would compile to a single `?`), never undefined. */
export type PreparedParams = Record<string, string | number | null>;

export type PreparedQuery<P extends PreparedParams, O> = (
  db: Kysely<Database>,
  params: P,
) => Promise<QueryResult<O>>;

/**
 * A query of fixed shape, built and compiled once per dialect instead of at every call. For the
 * few statements a hot path runs many times a second (the device ingest API's, per reading):
 * building and compiling a Kysely query costs more than SQLite takes to run it.
 *
 * `build` writes the query with the usual typed builder, taking the values from `params` — at
 * build time stand-ins that compile to parameters; each call binds the real values by name.
 * Values not taken from `params` are constants of the query. Run it on the database or on a
 * transaction: `const { rows } = await query(trx, { id })`.
 */
export function prepared<P extends PreparedParams, O>(
  build: (db: Kysely<Database>, params: P) => Compilable<O>,
): PreparedQuery<P, O> {
  const compiled = new Map<Dialect, { sql: string; parameters: readonly unknown[] }>();
  const standIns = new Proxy({} as P, {
    get: (_target, name) => ({ [NAME]: String(name) }) satisfies Placeholder,
  });
  return (db, params) => {
    const dialect = dialectOf(db);
    let query = compiled.get(dialect);
    if (!query) {
      const { sql, parameters } = build(db, standIns).compile();
      query = { sql, parameters };
      compiled.set(dialect, query);
    }
    const values = query.parameters.map((p) => (isPlaceholder(p) ? params[p[NAME]] : p));
    return db.executeQuery(CompiledQuery.raw(query.sql, values)) as Promise<QueryResult<O>>;
  };
}
