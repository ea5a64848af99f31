import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { DEFAULT_SQLITE_READ_WORKERS, type AppConfig } from '../config.js';
import { readPoolKysely, SqliteReadPool } from './read-pool.js';
import { TableWrites } from './table-writes.js';
import type { Database } from './schema.js';

/** The SQLite writing connection's page cache, KiB (see openDatabase). */
const WRITER_CACHE_KIB = 64 * 1024;

export type DbTarget =
  | {
      kind: 'sqlite';
      file: string;
      /** Worker threads for list reads (read-pool.ts); default 2, 0 for none. */
      readWorkers?: number;
    }
  | {
      kind: 'postgres';
      url: string;
      /** Schema to use instead of public (tests run each file in a fresh schema). */
      searchPath?: string;
      /** Pool size; defaults to pg's 10. */
      max?: number;
    };

export type Db = Kysely<Database>;
export type Dialect = DbTarget['kind'];

const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

/**
 * pg returns bigint (int8) and numeric as strings so as not to lose precision. Our bigints are
 * epoch milliseconds, ids and counts — all far below 2^53 — so they become numbers here, in one
 * place, for this pool only (the global pg parsers stay untouched).
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every SQLite statement anew; preparing costs more than running a small indexed
 * query. Queries of the same shape compile to the same SQL, so keep recent statements (LRU).
 * Safe because Kysely runs one statement at a time on the single SQLite connection.
 */
function withStatementCache(sqlite: SQLite.Database, onClose: () => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      sqlite.close();
      onClose();
    },
    prepare(sqlText) {
      const cached = statements.get(sqlText);
      if (cached) {
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return cached;
      }
      const statement = sqlite.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

export function dbTargetOf(config: AppConfig): DbTarget {
  return config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'sqlite', file: config.database.file, readWorkers: config.database.readWorkers };
}

/** Open the database: embedded SQLite (WAL, foreign keys, busy timeout) or a PostgreSQL pool. */
export function openDatabase(target: DbTarget): Db {
  if (target.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Nothing acknowledged is ever lost: FULL syncs the WAL at every commit, so a commit survives
    // an OS crash or a power cut too (NORMAL, in WAL mode, survives only the process dying, and
    // may lose the last commits before a checkpoint). The device ingest API groups its readings
    // into one commit (platform/group-commit.ts), so a sync is shared by the readings of a batch.
    sqlite.pragma('synchronous = FULL');
    // The writing connection's page cache: 64 MiB instead of SQLite's 2 MiB. Each device reading
    // changes leaf pages of several indexes spread by device and member; with 2 MiB those pages
    // were read back from the file at every batch (issue 12's ingest bench: +12 % readings/s).
    sqlite.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
    const readWorkers = target.readWorkers ?? DEFAULT_SQLITE_READ_WORKERS;
    const pool =
      readWorkers > 0 && target.file !== ':memory:'
        ? new SqliteReadPool(target.file, readWorkers)
        : undefined;
    const writes = new TableWrites();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: withStatementCache(sqlite, () => void pool?.close()),
      }),
      plugins: [writes],
    });
    tableWrites.set(db, writes);
    if (pool) readers.set(db, readPoolKysely<Database>(pool));
    return db;
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    types: pgTypes,
    ...(target.max ? { max: target.max } : {}),
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  const writes = new TableWrites();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  tableWrites.set(db, writes);
  return db;
}

const readers = new WeakMap<object, Kysely<Database>>();
const tableWrites = new WeakMap<object, TableWrites>();

/** The write counts of a database opened by openDatabase (table-writes.ts). */
export function tableWritesOf(db: object): TableWrites | undefined {
  return tableWrites.get(db);
}

/**
 * Where a read that may be slow (a list page and its count) runs: the embedded database's read
 * pool when there is one and no transaction is open, else the database (or transaction) itself.
 * PostgreSQL's pool already runs queries beside each other, off the server's thread.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readerOf<D extends Kysely<any>>(db: D): D {
  if (db.isTransaction) return db;
  return (readers.get(db) as D | undefined) ?? db;
}

export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
