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
import {
  DEFAULT_PG_READ_CONNECTIONS,
  DEFAULT_SQLITE_READ_WORKERS,
  type AppConfig,
} from '../config.js';
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
      /**
       * The intent of the file's other writer, to wait for before each transaction: given by the
       * ingest writer's thread (the server's own connection takes its turn when it asks).
       */
      yieldTo?: Int32Array;
    }
  | {
      kind: 'postgres';
      url: string;
      /** Schema to use instead of public (tests run each file in a fresh schema). */
      searchPath?: string;
      /** Pool size; defaults to pg's 10. */
      max?: number;
      /** Connections of the list pages' reads (readerOf); default DEFAULT_PG_READ_CONNECTIONS. */
      readConnections?: number;
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
/** How long a thread waits for the other writer's turn before it takes its own anyway. */
const YIELD_MAX_MS = 10_000;

/**
 * The write lock of an SQLite file shared by two threads that both write to it: the server's
 * thread and the device ingest writer's (modules/device/ingest/writer.ts). Each side's `intent`
 * is 1 while it wants or holds the lock; before it begins a transaction, a side whose `yieldTo`
 * is set waits until the other side's intent is 0 (SQLite itself gives the lock to whoever asks
 * first when it is free, so without this a thread that writes back to back could keep the other
 * one waiting for seconds).
 */
export interface SqliteWriteTurns {
  /** This connection's intent, set by it (a SharedArrayBuffer, readable by the other thread). */
  intent: Int32Array;
  /** The other writer's intent, to wait for before beginning a transaction. */
  yieldTo?: Int32Array;
}

export function newWriteIntent(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * better-sqlite3 for Kysely's SQLite dialect, with three changes:
 * - a cache of prepared statements: Kysely prepares every statement anew, and preparing costs
 *   more than running a small indexed query; queries of the same shape compile to the same SQL
 *   (LRU; safe because Kysely runs one statement at a time on the single connection);
 * - `begin` is `begin immediate`: a transaction takes the write lock when it starts. With another
 *   connection writing to the file (the ingest writer), a deferred transaction that read before
 *   the other's commit could not write after it (SQLITE_BUSY_SNAPSHOT, without waiting);
 * - the write turns above: the intent is set from a transaction's begin to its end, and around a
 *   write outside a transaction.
 */
function sqliteForKysely(
  sqlite: SQLite.Database,
  turns: SqliteWriteTurns,
  onClose: () => void,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const { intent, yieldTo } = turns;
  const settle = () => {
    if (!sqlite.inTransaction) Atomics.store(intent, 0, 0);
  };
  const waitForTurn = () => {
    if (!yieldTo) return;
    const until = Date.now() + YIELD_MAX_MS;
    while (Atomics.load(yieldTo, 0) === 1 && Date.now() < until) Atomics.wait(yieldTo, 0, 1, 5);
  };
  /** Run a statement that writes or begins: the intent is held while it runs, to its transaction's end. */
  const holding = <A extends unknown[], R>(run: (...args: A) => R, begins: boolean) => {
    return (...args: A): R => {
      if (begins) waitForTurn();
      Atomics.store(intent, 0, 1);
      try {
        return run(...args);
      } finally {
        settle();
      }
    };
  };
  /** Run commit or rollback: the intent ends with the transaction. */
  const ending = <A extends unknown[], R>(run: (...args: A) => R) => {
    return (...args: A): R => {
      try {
        return run(...args);
      } finally {
        settle();
      }
    };
  };
  const wrap = (sqlText: string): SqliteStatement => {
    const begins = sqlText === 'begin';
    const statement = sqlite.prepare(begins ? 'begin immediate' : sqlText);
    // SQLite calls transaction control (begin, commit, savepoint…) read-only: told apart by text.
    const ends = /^(commit|rollback)\b/i.test(sqlText) && !/^rollback\s+to\b/i.test(sqlText);
    if (!begins && !ends && statement.readonly) return statement;
    const around = ends
      ? ending
      : <A extends unknown[], R>(run: (...args: A) => R) => holding(run, begins);
    return {
      reader: statement.reader,
      all: around((p: readonly unknown[]) => statement.all(p)),
      run: around((p: readonly unknown[]) => statement.run(p)),
      iterate: around((p: readonly unknown[]) => statement.iterate(p)),
    };
  };
  return {
    close: () => {
      sqlite.close();
      Atomics.store(intent, 0, 0);
      onClose();
    },
    prepare(sqlText) {
      const cached = statements.get(sqlText);
      if (cached) {
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return cached;
      }
      const statement = wrap(sqlText);
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
    ? {
        kind: 'postgres',
        url: config.database.url,
        readConnections: config.database.readConnections,
      }
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
    const intent = newWriteIntent();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: sqliteForKysely(
          sqlite,
          { intent, yieldTo: target.yieldTo },
          () => void pool?.close(),
        ),
      }),
      plugins: [writes],
    });
    tableWrites.set(db, writes);
    if (pool) readers.set(db, readPoolKysely<Database>(pool));
    if (target.file !== ':memory:') sqliteFiles.set(db, { file: target.file, writeIntent: intent });
    return db;
  }
  const poolOf = (max: number | undefined) =>
    new pg.Pool({
      connectionString: target.url,
      types: pgTypes,
      ...(max ? { max } : {}),
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
    });
  const pool = poolOf(target.max);
  // The list pages read on a small pool of their own (as the embedded database reads them on
  // its worker threads): at most this many list queries in flight, whatever the number of lists
  // requested at once; the main pool stays free for everything else (sessions, writes,
  // transactions). Each list query is short, so a few connections keep up with many requests.
  const readPool = poolOf(target.readConnections ?? DEFAULT_PG_READ_CONNECTIONS);
  const writes = new TableWrites();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: () => pool.connect(),
        end: async () => {
          await Promise.all([pool.end(), readPool.end()]);
        },
      },
    }),
    plugins: [writes],
  });
  tableWrites.set(db, writes);
  readers.set(db, new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }) }));
  return db;
}

const readers = new WeakMap<object, Kysely<Database>>();
const sqliteFiles = new WeakMap<object, { file: string; writeIntent: Int32Array }>();

/**
 * The file of a database opened on an SQLite file, and its connection's write intent, for a
 * thread that writes to the same file with a connection of its own (SqliteWriteTurns).
 */
export function sqliteFileOf(db: object): { file: string; writeIntent: Int32Array } | undefined {
  return sqliteFiles.get(db);
}
const tableWrites = new WeakMap<object, TableWrites>();

/** The write counts of a database opened by openDatabase (table-writes.ts). */
export function tableWritesOf(db: object): TableWrites | undefined {
  return tableWrites.get(db);
}

/**
 * Where a read that may be slow (a list page and its count) runs when no transaction is open:
 * the embedded database's read pool (worker threads) when there is one, PostgreSQL's list pool;
 * else the database (or transaction) itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readerOf<D extends Kysely<any>>(db: D): D {
  if (db.isTransaction) return db;
  return (readers.get(db) as D | undefined) ?? db;
}

export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
