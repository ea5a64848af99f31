import type { Worker } from 'node:worker_threads';
import { IngestMessages, State } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/errors.js';
import { GroupCommit } from '../../../platform/group-commit.js';
import {
  StaleDevice,
  storeReading,
  type StoreDeps,
  type StoreResult,
  type StoreRules,
  type StoreUnit,
} from './store.js';
import { spawnThread } from '../../../platform/threads.js';

/**
 * Where the device ingest API's readings are stored (store.ts), in group-committed transactions:
 * on the server's thread, or on a thread of its own.
 */
export interface IngestWriter {
  store(unit: StoreUnit, rules: StoreRules): Promise<StoreResult>;
  /** Let the readings being stored finish, then stop. */
  close(): Promise<void>;
}

/** On the server's thread, through its database (PostgreSQL's pool; SQLite in memory). */
export class LocalIngestWriter implements IngestWriter {
  private readonly commits: GroupCommit;

  constructor(
    db: Kysely<Database>,
    private readonly deps: StoreDeps,
  ) {
    this.commits = new GroupCommit(db);
  }

  store(unit: StoreUnit, rules: StoreRules): Promise<StoreResult> {
    return this.commits.run((trx) => storeReading(trx, unit, rules, this.deps));
  }

  async close(): Promise<void> {}
}

/** A request to the writer's thread: a unit, with the rules when they changed since the last. */
export interface WriterRequest {
  seq: number;
  unit: StoreUnit;
  rules?: StoreRules;
}

/** The thread's answer: the result, or the error as data (AppError, StaleDevice, anything else). */
export type WriterAnswer =
  | { seq: number; result: StoreResult }
  | {
      seq: number;
      error:
        | { kind: 'app'; state: number; message: string; httpStatus?: number; data?: unknown }
        | { kind: 'stale' }
        | { kind: 'other'; message: string };
    };

/**
 * Messages between the threads carry lists: the requests of one turn of the server's event loop
 * in one message, the answers of one commit in one. A message costs each side a wake-up and an
 * event whatever it holds, and at thousands of readings a second those were a good part of both
 * threads' time.
 */
export type WriterRequests = WriterRequest[];
export type WriterAnswers = WriterAnswer[];

/**
 * Collects what is sent within one task into one message: the first `add` schedules the flush
 * (`schedule`, e.g. setImmediate or queueMicrotask), which posts everything added until then.
 */
export class Outbox<T> {
  private items: T[] = [];

  constructor(
    private readonly post: (items: T[]) => void,
    private readonly schedule: (flush: () => void) => void,
  ) {}

  add(item: T): void {
    if (this.items.length === 0) this.schedule(() => this.flush());
    this.items.push(item);
  }

  private flush(): void {
    const items = this.items;
    this.items = [];
    if (items.length > 0) this.post(items);
  }
}

export interface WriterThreadData {
  file: string;
  /** The server connection's write intent (database.ts SqliteWriteTurns). */
  mainIntent: Int32Array;
}

/** An error thrown by storeReading, as the thread sends it. */
export function errorAsData(err: unknown): Extract<WriterAnswer, { error: unknown }>['error'] {
  if (err instanceof StaleDevice) return { kind: 'stale' };
  if (err instanceof AppError)
    return {
      kind: 'app',
      state: err.state,
      message: err.message,
      httpStatus: err.httpStatus,
      data: err.data,
    };
  return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
}

export function errorFromData(error: Extract<WriterAnswer, { error: unknown }>['error']): Error {
  if (error.kind === 'stale') return new StaleDevice();
  if (error.kind === 'app')
    return new AppError(error.state, error.message, error.httpStatus, error.data ?? null);
  return new Error(`ingest writer: ${error.message}`);
}

/** The writer's thread, and the outbox of this turn's requests to it (posted at setImmediate). */
interface WriterThread {
  worker: Worker;
  outbox: Outbox<WriterRequest>;
}

/**
 * After the writer's thread ended without being asked to (it could not open the file, or died),
 * no new one is started before this delay, doubled at each failure in a row up to the maximum:
 * a file that cannot be written would otherwise start a thread for every reading that arrives.
 * A thread that answers anything clears the count.
 */
export const WRITER_RESTART_DELAY_MS = 1_000;
const WRITER_RESTART_DELAY_MAX_MS = 30_000;

/** A reading that arrives while no writer may be started: 503, nothing stored, to be sent again. */
function unavailable(): AppError {
  return new AppError(State.FAILED, IngestMessages.storeUnavailable, 503);
}

/**
 * The embedded database's readings are stored on a thread of their own, with its own connection
 * to the file (writer-thread.ts): SQLite's statements and commits for the readings — half of the
 * server thread's time for each signed reading in a CPU profile — no longer hold the thread that
 * answers every other request. The two connections take turns at the write lock
 * (database.ts SqliteWriteTurns): the server's thread asks and the writer waits for it before its
 * next transaction, so an operator's change waits for at most one batch of readings.
 *
 * The thread starts with the first reading. A unit is answered after its transaction committed
 * (GroupCommit, synchronous = FULL), as on the server's thread.
 */
export class ThreadIngestWriter implements IngestWriter {
  /** The running thread; null until the first reading and after the thread ends. */
  private thread: WriterThread | null = null;
  private seq = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: StoreResult) => void; reject: (e: Error) => void }
  >();
  private sent: StoreRules | null = null;
  private idle: (() => void) | null = null;
  /** Threads that ended unasked in a row, and when the next one may start. */
  private failures = 0;
  private restartAt = 0;

  constructor(
    private readonly data: WriterThreadData,
    private readonly opts: {
      /** The first delay before a new thread (WRITER_RESTART_DELAY_MS). */
      restartDelayMs?: number;
      /** Told once per thread that ended unasked, with the delay before the next. */
      onThreadLost?: (err: Error, restartInMs: number) => void;
    } = {},
  ) {}

  store(unit: StoreUnit, rules: StoreRules): Promise<StoreResult> {
    if (!this.thread && Date.now() < this.restartAt) return Promise.reject(unavailable());
    const { outbox } = (this.thread ??= this.start());
    const seq = ++this.seq;
    const changed =
      !this.sent ||
      this.sent.prewarning !== rules.prewarning ||
      this.sent.integral !== rules.integral;
    if (changed) this.sent = rules;
    const request: WriterRequest = changed ? { seq, unit, rules } : { seq, unit };
    return new Promise<StoreResult>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      outbox.add(request);
    });
  }

  async close(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    if (this.pending.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.thread = null;
    this.sent = null;
    await thread.worker.terminate();
  }

  private start(): WriterThread {
    const worker = spawnThread(import.meta.url, 'writer-thread', { workerData: this.data });
    // The thread is needed only while readings are being stored: it does not keep the process up.
    worker.unref();
    worker.on('message', (answers: WriterAnswers) => {
      this.failures = 0;
      for (const answer of answers) {
        const waiting = this.pending.get(answer.seq);
        if (!waiting) continue;
        this.pending.delete(answer.seq);
        if ('result' in answer) waiting.resolve(answer.result);
        else waiting.reject(errorFromData(answer.error));
      }
      if (this.pending.size === 0) this.idle?.();
    });
    const lost = (err: Error) => {
      // Nothing of an unanswered unit is known to be stored: each gets the error (a device sends
      // its reading again; the (device, type, time) key makes a stored one a duplicate).
      if (this.thread?.worker === worker) {
        this.thread = null;
        this.sent = null;
        this.failures += 1;
        const delay = Math.min(
          WRITER_RESTART_DELAY_MAX_MS,
          (this.opts.restartDelayMs ?? WRITER_RESTART_DELAY_MS) * 2 ** (this.failures - 1),
        );
        this.restartAt = Date.now() + delay;
        this.opts.onThreadLost?.(err, delay);
      }
      for (const [, waiting] of this.pending) waiting.reject(err);
      this.pending.clear();
      this.idle?.();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`ingest writer: thread exited (${code})`)));
    const outbox = new Outbox<WriterRequest>(
      (requests: WriterRequests) => worker.postMessage(requests),
      setImmediate,
    );
    return { worker, outbox };
  }
}
