import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Reads of the embedded database on worker threads.
 *
 * better-sqlite3 is synchronous: a list query of a few milliseconds on a million rows holds the
 * server's only thread, and every request behind it — the token check of each page load — waits.
 * List pages (pagination.ts) run their page and count here instead: each worker owns its own
 * read-only connection to the same file, so the main thread only sends the SQL and receives the
 * rows. In WAL mode a reader sees every transaction committed before its statement began, so a
 * list read after a write sees it. Transactions never come here (they stay on the one writing
 * connection, which sees its own uncommitted rows).
 *
 * Tried first: the same queries on the main thread, made cheaper (indexes, capped counts). They
 * are fast alone, but under load the queue of list requests still stalled the light ones
 * (bench:members' mixed run).
 */

/** One query for a worker. */
interface ReadTask {
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

type WorkerAnswer = { rows: unknown[] } | { error: { message: string; code?: string } };

/**
 * The worker's program, sent as source text so it runs the same from the TypeScript sources
 * (tests) and from the build: it must not use anything from outside its own body.
 */
function readWorkerMain(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parentPort, workerData } = require('node:worker_threads') as typeof WorkerThreads;
  const SQLite = require(workerData.driverPath) as typeof BetterSqlite3;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const db = new SQLite(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // A second line of defence: the pool only ever sends reads.
  db.pragma('query_only = ON');
  const statements = new Map<string, BetterSqlite3.Statement>();
  parentPort!.on('message', (task: { sql: string; parameters: unknown[] }) => {
    try {
      let statement = statements.get(task.sql);
      if (!statement) {
        statement = db.prepare(task.sql);
        statements.set(task.sql, statement);
        if (statements.size > 200) statements.delete(statements.keys().next().value!);
      }
      if (!statement.reader) throw new Error('read pool: not a read');
      parentPort!.postMessage({ rows: statement.all(task.parameters) });
    } catch (err) {
      const e = err as { message?: string; code?: string };
      parentPort!.postMessage({ error: { message: String(e.message), code: e.code } });
    }
  });
}

const WORKER_SOURCE = `(${readWorkerMain.toString()})()`;
const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

class ReadWorker {
  private readonly worker: Worker;
  task: ReadTask | null = null;

  constructor(file: string, onIdle: (w: ReadWorker) => void, onExit: (w: ReadWorker) => void) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath } });
    this.worker.unref();
    this.worker.on('message', (answer: WorkerAnswer) => {
      const task = this.task;
      this.task = null;
      this.worker.unref();
      if (task) {
        if ('rows' in answer) task.resolve(answer.rows);
        else task.reject(Object.assign(new Error(answer.error.message), answer.error));
      }
      onIdle(this);
    });
    this.worker.on('error', (err) => {
      this.task?.reject(err);
      this.task = null;
    });
    this.worker.on('exit', () => {
      this.task?.reject(new Error('read pool: worker stopped'));
      this.task = null;
      onExit(this);
    });
  }

  run(task: ReadTask): void {
    this.task = task;
    // A worker with a query in flight keeps the process alive until it answers; an idle one not.
    this.worker.ref();
    this.worker.postMessage({ sql: task.sql, parameters: task.parameters });
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Worker threads reading one SQLite file, started on the first read; queries wait in one queue. */
export class SqliteReadPool {
  private readonly workers: ReadWorker[] = [];
  private readonly idle: ReadWorker[] = [];
  private readonly queue: ReadTask[] = [];
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly size: number,
  ) {
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`read pool size: ${size}`);
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('read pool: closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, parameters, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? this.start();
      if (!worker) return;
      worker.run(this.queue.shift()!);
    }
  }

  private start(): ReadWorker | undefined {
    if (this.workers.length >= this.size) return undefined;
    const worker = new ReadWorker(
      this.file,
      (w) => {
        this.idle.push(w);
        this.dispatch();
      },
      (w) => {
        // A worker that died (out of memory, a native fault) is replaced at the next read.
        this.workers.splice(this.workers.indexOf(w), 1);
        const i = this.idle.indexOf(w);
        if (i >= 0) this.idle.splice(i, 1);
        if (!this.closed) this.dispatch();
      },
    );
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('read pool: closed'));
    await Promise.all(this.workers.map((w) => w.stop()));
  }
}

class ReadPoolConnection implements DatabaseConnection {
  constructor(private readonly pool: SqliteReadPool) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.read(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('read pool: streaming is not supported');
  }
}

class ReadPoolDriver implements Driver {
  private readonly connection: ReadPoolConnection;

  constructor(private readonly pool: SqliteReadPool) {
    this.connection = new ReadPoolConnection(pool);
  }

  async init(): Promise<void> {}
  // One shared connection: the pool itself queues the queries for its workers.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('read pool: transactions run on the main connection');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.pool.close();
  }
}

/** A Kysely instance whose queries run on the pool's workers (reads only, no transactions). */
export function readPoolKysely<DB>(pool: SqliteReadPool): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReadPoolDriver(pool),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
