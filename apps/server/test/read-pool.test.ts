import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, readerOf, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { applySort, paginate } from '../src/platform/pagination.js';

/**
 * The embedded database's read pool (db/read-pool.ts): list pages read on worker threads, see
 * every committed write at once, and leave the server's thread free while they run.
 */
describe('SQLite read pool', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-read-pool-'));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db'), readWorkers: 2 });
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const log = (target: string, at: number) => ({
    operator_id: null,
    operator_name: 'pool',
    module: 'm',
    action: 'x',
    target,
    ip: '',
    result: 'success' as const,
    message: '',
    request_id: '',
    created_at: at,
  });

  it('runs reads outside a transaction on the pool, and a transaction on itself', async () => {
    expect(readerOf(db)).not.toBe(db);
    await db.transaction().execute(async (trx) => {
      expect(readerOf(trx)).toBe(trx);
    });
    const postgresLike = openDatabase({
      kind: 'sqlite',
      file: path.join(dir, 'none.db'),
      readWorkers: 0,
    });
    expect(readerOf(postgresLike)).toBe(postgresLike);
    await postgresLike.destroy();
  });

  it('sees a write committed just before, and pages and counts like the main connection', async () => {
    for (let i = 0; i < 30; i++) {
      await db
        .insertInto('operation_logs')
        .values(log(`row${i}`, 1000 + i))
        .execute();
      const page = await paginate(
        db,
        applySort(
          db.selectFrom('operation_logs').select(['target']).where('operator_name', '=', 'pool'),
          {},
          { time: 'created_at' },
          { field: 'time', order: 'descend' },
          'id',
        ),
        { current: 1, pageSize: 5 },
        (r) => r.target,
      );
      // Each list sees the row inserted right before it, first, and counts it.
      expect(page.list[0]).toBe(`row${i}`);
      expect(page.pagination.total).toBe(i + 1);
    }
  });

  it('answers many reads at once, each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        readerOf(db)
          .selectFrom('operation_logs')
          .select('target')
          .where('target', '=', `row${i % 30}`)
          .execute(),
      ),
    );
    answers.forEach((rows, i) => expect(rows).toEqual([{ target: `row${i % 30}` }]));
  });

  it('refuses a write and stays usable', async () => {
    await expect(
      readerOf(db).deleteFrom('operation_logs').where('operator_name', '=', 'pool').execute(),
    ).rejects.toThrow();
    const rows = await db
      .selectFrom('operation_logs')
      .select('id')
      .where('operator_name', '=', 'pool')
      .execute();
    expect(rows).toHaveLength(30);
    await expect(sql`select 1 as one`.execute(readerOf(db))).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });

  it('keeps the main thread free while a slow read runs', async () => {
    // About a second of work for SQLite: a recursive count to a few million.
    const slow = sql<{ n: number }>`
      with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
      select count(*) as n from c`.execute(readerOf(db));
    // Timer ticks keep coming while the worker counts: none is held for more than 100 ms.
    let last = performance.now();
    let worstGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const { rows } = await slow;
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(rows[0]?.n).toBe(3000000);
    expect(took).toBeGreaterThan(200);
    expect(worstGap).toBeLessThan(100);
  });
});

/**
 * PostgreSQL's list pool (db/database.ts): list pages read on a few connections of their own, so
 * a burst of lists runs at most that many queries at once; everything else has the main pool.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL list pool', () => {
  let db: Db;

  beforeAll(() => {
    db = openDatabase({
      kind: 'postgres',
      url: process.env.TEST_DATABASE_URL!,
      readConnections: 2,
    });
  });

  afterAll(async () => {
    await db.destroy();
  });

  /** The backends that answered `reads` queries started at once, each holding its connection. */
  const backendsOf = async (reader: Db, reads: number) => {
    const pids = await Promise.all(
      Array.from({ length: reads }, () =>
        sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`
          .execute(reader)
          .then((r) => r.rows[0]!.pid),
      ),
    );
    return new Set(pids).size;
  };

  it('runs list reads on at most its connections, and a transaction on itself', async () => {
    const reader = readerOf(db);
    expect(reader).not.toBe(db);
    expect(await backendsOf(reader, 6)).toBe(2);
    // The main pool is not held to it.
    expect(await backendsOf(db, 6)).toBeGreaterThan(2);
    await db.transaction().execute(async (trx) => {
      expect(readerOf(trx)).toBe(trx);
    });
  });

  it('sees a write committed just before it', async () => {
    const probe = `list_pool_probe_${process.pid}`;
    await sql`CREATE TABLE ${sql.raw(probe)} (n int)`.execute(db);
    try {
      for (let i = 1; i <= 5; i++) {
        await sql`INSERT INTO ${sql.raw(probe)} VALUES (${i})`.execute(db);
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM ${sql.raw(probe)}`.execute(readerOf(db));
        expect(rows[0]!.n).toBe(i);
      }
    } finally {
      await sql`DROP TABLE ${sql.raw(probe)}`.execute(db);
    }
  });
});
