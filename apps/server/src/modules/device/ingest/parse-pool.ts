import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { AppError } from '../../../platform/errors.js';
import type { DecodedReading } from './decode.js';
import { spawnThread } from '../../../platform/threads.js';

/** A large upload's body for a parse thread (parse-thread.ts), after its signature was checked. */
export interface ParseJob {
  /** The bytes as sent (moved to the thread when the caller gives them up). */
  bytes: Uint8Array;
  gzip: boolean;
  /** The most the body may unpack to. */
  inflateLimit: number;
  /** When the upload arrived (a reading may not be from the future). */
  at: number;
}

/** The thread's answer: the reading, the device's refusal (an AppError as data), or a failure. */
export type ParseAnswer =
  | { decoded: DecodedReading }
  | { refused: { state: number; message: string; httpStatus: number; data: unknown } }
  | { failed: string };

interface Task {
  job: ParseJob;
  transfer: boolean;
  resolve: (decoded: DecodedReading) => void;
  reject: (err: Error) => void;
}

/**
 * A parse thread is stopped after this long without a job: one that parsed a 24-hour ECG keeps
 * hundreds of MB of heap until it collects, which an idle thread may never do.
 */
const IDLE_MS = 5_000;

/** Parse threads: one fewer than the cores (the server's thread keeps one), one to two. */
export function defaultParseThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

class ParseThread {
  private readonly worker: Worker;
  private task: Task | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private gone = false;

  constructor(
    private readonly onIdle: (t: ParseThread) => void,
    private readonly onGone: (t: ParseThread) => void,
  ) {
    this.worker = spawnThread(import.meta.url, 'parse-thread');
    this.worker.unref();
    this.worker.on('message', (answer: ParseAnswer) => {
      const task = this.task;
      this.task = null;
      this.worker.unref();
      if (task) settle(task, answer);
      this.idleTimer = setTimeout(() => void this.stop(), IDLE_MS).unref();
      this.onIdle(this);
    });
    const lost = (err: Error) => {
      this.task?.reject(err);
      this.task = null;
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => {
      lost(new Error(`ingest parse thread exited (${code})`));
      this.leave();
    });
  }

  run(task: Task): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.task = task;
    // A thread with a job keeps the process alive until it answers; an idle one not.
    this.worker.ref();
    const { bytes } = task.job;
    const moves =
      task.transfer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    this.worker.postMessage(task.job, moves ? [bytes.buffer as ArrayBuffer] : []);
  }

  /** Out of the pool at once (no job is given to a thread on its way out), then terminated. */
  stop(): Promise<number> {
    this.leave();
    return this.worker.terminate();
  }

  private leave(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.gone) return;
    this.gone = true;
    this.onGone(this);
  }
}

function settle(task: Task, answer: ParseAnswer): void {
  if ('decoded' in answer) {
    const { decoded } = answer;
    // A Buffer arrives as a plain Uint8Array.
    if (decoded.ecg) {
      const f = decoded.ecg.file;
      decoded.ecg.file = Buffer.from(f.buffer, f.byteOffset, f.byteLength);
    }
    task.resolve(decoded);
  } else if ('refused' in answer) {
    const r = answer.refused;
    task.reject(new AppError(r.state, r.message, r.httpStatus, r.data));
  } else {
    task.reject(new Error(`ingest parse thread: ${answer.failed}`));
  }
}

/**
 * Threads that unpack, parse and check the bodies of large uploads (decode.ts), so that a
 * 24-hour ECG — seconds of JSON.parse, schema check and sample encoding — does not hold the
 * thread that answers every other request. At most `size` run at once; the others wait in turn.
 * Threads start with the first job and stop when idle (IDLE_MS).
 */
export class ParsePool {
  private readonly threads = new Set<ParseThread>();
  private readonly idle: ParseThread[] = [];
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(private readonly size: number = defaultParseThreads()) {}

  /**
   * The reading of the body; rejects with the device's refusal (AppError) or a failure.
   * `transfer`: the caller gives up `job.bytes` (moved to the thread, not copied).
   */
  decode(job: ParseJob, transfer: boolean): Promise<DecodedReading> {
    if (this.closed) return Promise.reject(new Error('ingest parse pool: closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, transfer, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? this.start();
      if (!thread) return;
      thread.run(this.queue.shift()!);
    }
  }

  private start(): ParseThread | undefined {
    if (this.threads.size >= this.size) return undefined;
    const thread = new ParseThread(
      (t) => {
        this.idle.push(t);
        this.dispatch();
      },
      (t) => {
        this.threads.delete(t);
        const i = this.idle.indexOf(t);
        if (i >= 0) this.idle.splice(i, 1);
        if (!this.closed) this.dispatch();
      },
    );
    this.threads.add(thread);
    return thread;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('ingest parse pool: closed'));
    await Promise.all([...this.threads].map((t) => t.stop()));
  }
}
