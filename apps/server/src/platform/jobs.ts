import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, ScheduledJobStatus } from '../db/schema.js';
import type { Clock } from './clock.js';

/**
 * A DB-backed scheduler: modules register a handler per job kind (`jobs.register(kind, fn)`) and
 * schedule work for a time (`jobs.schedule(kind, refId, runAt)`). Every process polls the
 * scheduled_jobs table; a due job is claimed with ONE conditional UPDATE (pending and due, or
 * running with an expired lease → running with a new lease), so when several processes poll the
 * same database each job runs in exactly one of them. Jobs live in the database, so overdue jobs
 * run after a restart. A failed run is retried with exponential backoff up to `maxAttempts`.
 *
 * Handlers must be idempotent (a process that dies mid-run leaves the job to be claimed again
 * once its lease expires).
 */

export interface Job {
  id: number;
  kind: string;
  refId: number;
  runAt: number;
  /** Attempts including the current one. */
  attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface JobSchedulerOptions {
  /** Poll interval of the loop started by `start()`. */
  pollIntervalMs: number;
  /** How long a claimed job is reserved for its runner before others may claim it again. */
  leaseMs?: number;
  /** Runs before a job is marked failed. */
  maxAttempts?: number;
  /** Delay before the first retry; doubles each further attempt (capped at one hour). */
  retryBaseMs?: number;
  /** Jobs claimed per poll at most. */
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const ERROR_MAX_CHARS = 1000;

export class JobScheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly opts: JobSchedulerOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? 5 * 60 * 1000;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.retryBaseMs = opts.retryBaseMs ?? 30 * 1000;
    this.batchSize = opts.batchSize ?? 20;
  }

  /** Register the handler of a kind (once per kind, when the module's routes are registered). */
  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Add a pending job; pass a transaction to make it part of a larger change. Returns its id. */
  async schedule(
    kind: string,
    refId: number,
    runAt: number,
    executor: Kysely<Database> = this.db,
  ): Promise<number> {
    const at = this.now();
    const row = await executor
      .insertInto('scheduled_jobs')
      .values({
        kind,
        ref_id: refId,
        run_at: runAt,
        status: 'pending',
        locked_until: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Whether a job of this kind exists in one of these states. */
  async hasJob(kind: string, statuses: readonly ScheduledJobStatus[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('status', 'in', [...statuses])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remove the pending jobs of a kind and reference (running ones finish). Returns how many. */
  async cancel(kind: string, refId: number, executor: Kysely<Database> = this.db): Promise<number> {
    const result = await executor
      .deleteFrom('scheduled_jobs')
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Claim and run every job due at `now` (by default the clock's now) whose kind has a handler
   * here. Returns the number of jobs this call ran (successfully or not).
   */
  async runDue(now: number = this.now()): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const candidates = await this.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'kind', 'ref_id', 'run_at', 'attempts'])
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(this.batchSize)
      .execute();

    let ran = 0;
    for (const candidate of candidates) {
      const id = Number(candidate.id);
      const lockedUntil = now + this.leaseMs;
      // The claim: only one process's UPDATE matches the row in its due state.
      const claimed = await this.db
        .updateTable('scheduled_jobs')
        .set((eb) => ({
          status: 'running',
          locked_until: lockedUntil,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;

      const job: Job = {
        id,
        kind: candidate.kind,
        refId: Number(candidate.ref_id),
        runAt: Number(candidate.run_at),
        attempts: Number(candidate.attempts) + 1,
      };
      ran += 1;
      await this.runOne(job, lockedUntil);
    }
    return ran;
  }

  private async runOne(job: Job, lockedUntil: number): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job);
      await this.db
        .updateTable('scheduled_jobs')
        .set({ status: 'done', locked_until: null, last_error: '', updated_at: this.now() })
        .where('id', '=', job.id)
        .where('locked_until', '=', lockedUntil)
        .execute();
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX_CHARS);
      const failed = job.attempts >= this.maxAttempts;
      const at = this.now();
      const delay = Math.min(this.retryBaseMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      this.opts.log?.[failed ? 'error' : 'warn'](
        { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
        failed ? '定时任务多次执行失败，已停止重试' : '定时任务执行失败，稍后重试',
      );
      await this.db
        .updateTable('scheduled_jobs')
        .set({
          status: failed ? 'failed' : 'pending',
          run_at: failed ? job.runAt : at + delay,
          locked_until: null,
          last_error: message,
          updated_at: at,
        })
        .where('id', '=', job.id)
        .where('locked_until', '=', lockedUntil)
        .execute();
    }
  }

  /** Start the poll loop (main.ts, after listen). Runs overdue jobs right away. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.tick(0);
  }

  private tick(delay: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.running = this.runDue()
        .catch((err: unknown) => this.opts.log?.error({ err }, '定时任务轮询失败'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.tick(this.opts.pollIntervalMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** Stop polling and wait for the jobs being run (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job scheduler (started by main.ts after listen; tests call runDue). */
    jobs: JobScheduler;
  }
}
