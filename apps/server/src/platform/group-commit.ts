import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** One unit of work: its writes, made in the transaction it is given. */
export type GroupWork<T> = (trx: Kysely<Database>) => Promise<T>;

interface Queued {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const failed = (error: unknown): Outcome => ({ ok: false, error });

/** The most units one transaction takes (a bound on how long it holds the database). */
export const GROUP_COMMIT_MAX = 64;

/**
 * Group commit for many small, independent writes (the device ingest API's readings).
 *
 * On SQLite there is one connection: every transaction waits for the one before it, and its
 * commit (writing each page it touched to the WAL) costs more than its statements. So the units
 * that arrive while a transaction is being written are queued, and the next transaction takes
 * them all (up to GROUP_COMMIT_MAX) — no timer, no added wait: a unit that finds nothing running
 * starts at once. A unit that throws gets its error and the others go on (the batch runs again
 * with a SAVEPOINT for each unit, commitNext). Every unit is answered only after the
 * transaction committed, so a result in hand means the writes are durable; if the commit (or a
 * rollback to a savepoint) fails, every unit of the transaction gets that error and nothing of
 * them was stored.
 *
 * On PostgreSQL each unit is a transaction of its own: the pool already runs them side by side,
 * and the server groups the commits' WAL flushes itself.
 */
export class GroupCommit {
  private readonly grouped: boolean;
  private queue: Queued[] = [];
  private draining = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly max = GROUP_COMMIT_MAX,
  ) {
    this.grouped = dialectOf(db) === 'sqlite';
  }

  /** Run `work` in a transaction (shared, on SQLite); its result once that is committed. */
  run<T>(work: GroupWork<T>): Promise<T> {
    if (!this.grouped) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        await new Promise((resolve) => setImmediate(resolve));
        await this.commitNext();
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * One transaction for the units queued when it has the connection (those that came while it
   * waited for it are in too); every unit answered after it. Never throws.
   *
   * The units run one after the other straight in the transaction. If one of them throws, the
   * whole transaction is rolled back and the batch runs again in a new one, each unit in a
   * SAVEPOINT of its own (two statements more a unit, paid only then): so a unit may run twice,
   * and must have no effect outside its transaction (a reading's store has none).
   */
  private async commitNext(): Promise<void> {
    let batch: Queued[] = [];
    let outcomes: Outcome[];
    let unitFailed = false;
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        batch = this.queue.splice(0, this.max);
        const done: Outcome[] = [];
        for (const unit of batch) {
          try {
            done.push({ ok: true, value: await unit.work(trx) });
          } catch (error) {
            unitFailed = true;
            throw error;
          }
        }
        return done;
      });
    } catch (error) {
      // Alone, a unit needs no second run: its error rolled the transaction back, as it would.
      if (unitFailed && batch.length > 1) {
        outcomes = await this.inSavepoints(batch).catch((e: unknown) => batch.map(() => failed(e)));
      } else {
        for (const unit of batch) unit.reject(error);
        return;
      }
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    });
  }

  /** The batch again, each unit in a savepoint: a failing one is undone alone. */
  private inSavepoints(batch: Queued[]): Promise<Outcome[]> {
    return this.db.transaction().execute(async (trx) => {
      const done: Outcome[] = [];
      for (const unit of batch) done.push(await this.inSavepoint(trx, unit.work));
      return done;
    });
  }

  /**
   * The unit between SAVEPOINT and RELEASE; on its error, its writes are undone (ROLLBACK TO) and
   * the error is its outcome. A failing ROLLBACK TO (the transaction itself was lost) throws: the
   * whole batch fails.
   */
  private async inSavepoint(trx: Kysely<Database>, work: GroupWork<unknown>): Promise<Outcome> {
    await sql`savepoint unit`.execute(trx);
    try {
      const value = await work(trx);
      await sql`release savepoint unit`.execute(trx);
      return { ok: true, value };
    } catch (error) {
      await sql`rollback to savepoint unit`.execute(trx);
      await sql`release savepoint unit`.execute(trx);
      return { ok: false, error };
    }
  }
}
