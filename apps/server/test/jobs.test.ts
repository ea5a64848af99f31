import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type Db } from '../src/db/database.js';
import type { Job } from '../src/platform/jobs.js';
import { databaseKinds } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const KIND = 'test.job';

describe.each(databaseKinds)('job scheduler on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  async function fresh(env?: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp(kind, { env });
    cleanups.push(() => t.close());
    return t;
  }

  /** Another app (another process in production) on the same database, own connection. */
  async function sibling(t: TestApp): Promise<{ app: App; db: Db }> {
    const db = openDatabase(t.database.target);
    const app = await buildApp({ config: t.config, db, now: () => t.clock.now, logger: false });
    cleanups.push(async () => {
      await app.close();
      await db.destroy();
    });
    return { app, db };
  }

  const statusOf = (t: TestApp, id: number) =>
    t.db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('claims each due job in exactly one of two app instances sharing the database', async () => {
    const t = await fresh();
    const other = await sibling(t);
    const runs: { app: string; ref: number }[] = [];
    const handler = (name: string) => async (job: Job) => {
      runs.push({ app: name, ref: job.refId });
      await new Promise((r) => setTimeout(r, 2));
    };
    t.app.jobs.register(KIND, handler('a'));
    other.app.jobs.register(KIND, handler('b'));
    const ids: number[] = [];
    for (let i = 1; i <= 30; i++) ids.push(await t.app.jobs.schedule(KIND, i, t.clock.now - i));
    await t.app.jobs.schedule(KIND, 99, t.clock.now + 60_000); // not due yet

    const rounds = await Promise.all([
      t.app.jobs.runDue(),
      other.app.jobs.runDue(),
      t.app.jobs.runDue(),
      other.app.jobs.runDue(),
    ]);
    // Whatever is left (batches of 20) is picked up by the next polls.
    while ((await Promise.all([t.app.jobs.runDue(), other.app.jobs.runDue()])).some((n) => n > 0));

    expect(rounds.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30);
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => r.ref)).size).toBe(30);
    for (const id of ids) expect((await statusOf(t, id)).status).toBe('done');
    const notDue = await t.db
      .selectFrom('scheduled_jobs')
      .select('status')
      .where('ref_id', '=', 99)
      .executeTakeFirstOrThrow();
    expect(notDue.status).toBe('pending');
  });

  it('retries a failing job with growing delays and marks it failed after the last attempt', async () => {
    const t = await fresh();
    let calls = 0;
    t.app.jobs.register(KIND, async () => {
      calls += 1;
      if (calls < 3) throw new Error(`第${calls}次失败`);
    });
    const id = await t.app.jobs.schedule(KIND, 1, t.clock.now);

    expect(await t.app.jobs.runDue()).toBe(1);
    let row = await statusOf(t, id);
    expect(row).toMatchObject({ status: 'pending', last_error: '第1次失败' });
    expect(Number(row.attempts)).toBe(1);
    expect(Number(row.run_at)).toBe(t.clock.now + 30_000);
    expect(await t.app.jobs.runDue()).toBe(0); // not due yet

    t.clock.advance(30_000);
    await t.app.jobs.runDue();
    row = await statusOf(t, id);
    expect(Number(row.run_at)).toBe(t.clock.now + 60_000); // doubled
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    row = await statusOf(t, id);
    expect(row).toMatchObject({ status: 'done', last_error: '' });
    expect(Number(row.attempts)).toBe(3);
    expect(calls).toBe(3);

    const always = await t.app.jobs.schedule('test.always', 2, t.clock.now);
    t.app.jobs.register('test.always', async () => {
      throw new Error('总是失败');
    });
    for (let i = 0; i < 5; i++) {
      await t.app.jobs.runDue();
      t.clock.advance(2 * 60 * 60 * 1000);
    }
    const failed = await statusOf(t, always);
    expect(failed).toMatchObject({ status: 'failed', last_error: '总是失败' });
    expect(Number(failed.attempts)).toBe(5);
    // A failed job is not picked up again. (Not "runDue() is 0": the clock starts at the real
    // time, and 10 hours on, the app's own daily points-expiry job may be due.)
    await t.app.jobs.runDue();
    expect(await statusOf(t, always)).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('runs overdue jobs after a restart and reclaims a job whose runner died', async () => {
    const t = await fresh();
    const due = await t.app.jobs.schedule(KIND, 7, t.clock.now + 1000);
    // A job claimed by a process that died: running, lease long expired.
    const orphan = await t.app.jobs.schedule(KIND, 8, t.clock.now - 10_000);
    await t.db
      .updateTable('scheduled_jobs')
      .set({ status: 'running', locked_until: t.clock.now - 1, attempts: 1 })
      .where('id', '=', orphan)
      .execute();
    await t.app.close(); // the first process stops

    const restarted = await sibling(t);
    const seen: number[] = [];
    restarted.app.jobs.register(KIND, async (job) => {
      seen.push(job.refId);
    });
    t.clock.advance(5000);
    expect(await restarted.app.jobs.runDue()).toBe(2);
    expect(seen.sort()).toEqual([7, 8]);
    expect((await statusOf(t, due)).status).toBe('done');
    expect(Number((await statusOf(t, orphan)).attempts)).toBe(2);
  });

  it('cancels pending jobs; the poll loop runs due jobs and stops with the app', async () => {
    const t = await fresh({ JOBS_POLL_INTERVAL_MS: '100' });
    const seen: number[] = [];
    t.app.jobs.register(KIND, async (job) => {
      seen.push(job.refId);
    });
    await t.app.jobs.schedule(KIND, 1, t.clock.now + 1000);
    expect(await t.app.jobs.cancel(KIND, 1)).toBe(1);
    await t.app.jobs.schedule(KIND, 2, t.clock.now);
    t.app.jobs.start();
    for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([2]);
    await t.app.jobs.stop();
    await t.app.jobs.schedule(KIND, 3, t.clock.now);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([2]);
  });
});
