import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileOf, type Db } from '../src/db/database.js';
import { loginAdmin, setupApp, type TestApp } from './helpers/app.js';
import { insertGrade } from './helpers/member-admin.js';
import { DEFAULT_INTEGRAL_SET, DEFAULT_PREWARNING_SET, IngestMessages } from '@health/contract';
import type { StoreUnit } from '../src/modules/device/ingest/store.js';
import { Outbox, ThreadIngestWriter } from '../src/modules/device/ingest/writer.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const NORMAL = { systolic: 120, diastolic: 78, pulse: 70 };
const GRADE2 = { systolic: 166, diastolic: 104, pulse: 88 };

/**
 * On an SQLite file the ingest API stores readings on a thread of its own with a second
 * connection (device/ingest/writer.ts), so the server's own writes now share the file with
 * another writer (db/database.ts SqliteWriteTurns): neither may fail or lose anything for it.
 */
describe('device readings stored by the ingest writer thread beside the server’s writes (sqlite)', () => {
  let t: TestApp;
  const devices: BoundDevice[] = [];
  let measuredAt = 0;

  setupApp('sqlite', async (app) => {
    t = app;
    const admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
    const model = await addModel(t, admin, 'bp');
    for (let i = 0; i < 8; i++) devices.push(await boundDevice(t, admin, model, { gradeId }));
    measuredAt = t.clock.now - 3_600_000;
    await sql`create table writer_probe (id integer primary key, n integer not null)`.execute(t.db);
    await sql`insert into writer_probe (id, n) values (1, 0)`.execute(t.db);
  });

  const readingsOf = async (memberIds: number[]) =>
    Number(
      (
        await t.db
          .selectFrom('measurements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', 'in', memberIds)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores 400 concurrent readings while the server reads then writes in 40 transactions', async () => {
    const before = await readingsOf(devices.map((d) => d.memberId));
    // Readings sent over ~40 ms, so that the writer commits batch after batch meanwhile.
    const uploads: Promise<{ id: number; level: string }>[] = [];
    const sending = (async () => {
      for (let i = 0; i < 400; i++) {
        uploads.push(
          upload(t, devices[i % devices.length]!, {
            type: 'bp',
            measuredAt: (measuredAt += 1000),
            values: i % 10 === 0 ? GRADE2 : NORMAL,
          }),
        );
        if (i % 10 === 9) await sleep(1);
      }
    })();
    // Read, wait for the writer to commit meanwhile, then write: a deferred transaction could not
    // (its snapshot is older than the other connection's commit); `begin immediate` waits its turn.
    const increments = (async () => {
      for (let i = 0; i < 40; i++) {
        await t.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            n: number;
          }>`select n from writer_probe where id = 1`.execute(trx);
          await sleep(1);
          await sql`update writer_probe set n = ${Number(rows[0]!.n) + 1} where id = 1`.execute(
            trx,
          );
        });
        await sleep(1);
      }
    })();
    await sending;
    const answers = await Promise.all(uploads);
    await increments;
    expect(new Set(answers.map((a) => a.id)).size).toBe(400);
    expect(answers.filter((a) => a.level !== 'normal')).toHaveLength(40);
    expect(await readingsOf(devices.map((d) => d.memberId))).toBe(before + 400);
    // No increment was lost: each read and wrote with the lock held.
    const { rows } = await sql<{ n: number }>`select n from writer_probe where id = 1`.execute(
      t.db,
    );
    expect(Number(rows[0]!.n)).toBe(40);
    // The readings' alerts are there for the doctor's queue.
    const alerts = await t.db
      .selectFrom('measurement_alerts')
      .select('measurement_id')
      .where(
        'measurement_id',
        'in',
        answers.filter((a) => a.level !== 'normal').map((a) => a.id),
      )
      .execute();
    expect(alerts).toHaveLength(40);
  });

  it('answers a reading only once stored: readings wait while the server holds the write lock', async () => {
    const device = devices[0]!;
    let committedAt = 0;
    const held = t.db.transaction().execute(async (trx) => {
      await sql`update writer_probe set n = n + 1 where id = 1`.execute(trx);
      await sleep(300);
      committedAt = performance.now();
    });
    await sleep(50);
    const answeredAt: number[] = [];
    const uploads = Array.from({ length: 5 }, () =>
      upload(t, device, { type: 'bp', measuredAt: (measuredAt += 1000), values: NORMAL }).then(
        (a) => {
          answeredAt.push(performance.now());
          return a;
        },
      ),
    );
    const answers = await Promise.all(uploads);
    await held;
    for (const at of answeredAt) expect(at).toBeGreaterThanOrEqual(committedAt);
    const stored = await t.db
      .selectFrom('measurements')
      .select('id')
      .where(
        'id',
        'in',
        answers.map((a) => a.id),
      )
      .execute();
    expect(stored).toHaveLength(5);
  });
});

describe('the server connection’s write turns on an SQLite file shared with another writer', () => {
  let dir: string;
  let db: Db;
  let other: SQLite.Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-write-turns-'));
    const file = path.join(dir, 'test.db');
    db = openDatabase({ kind: 'sqlite', file, readWorkers: 0 });
    await sql`create table turns (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into turns (id, n) values (1, 0)`.execute(db);
    other = new SQLite(file);
    other.pragma('busy_timeout = 0');
  });

  afterAll(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const otherWrites = () => other.prepare('update turns set n = n + 100 where id = 1').run();

  it('a transaction holds the write lock from its begin, so its reads stay current until it writes', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`select n from turns where id = 1`.execute(trx);
      // A deferred begin would let the other connection commit here, and this transaction's
      // write below would then fail (SQLITE_BUSY_SNAPSHOT).
      expect(otherWrites).toThrow(/locked|busy/i);
      await sql`update turns set n = n + 1 where id = 1`.execute(trx);
    });
    expect(otherWrites().changes).toBe(1);
    const { rows } = await sql<{ n: number }>`select n from turns where id = 1`.execute(db);
    expect(Number(rows[0]!.n)).toBe(101);
  });

  it('shows the other writer its intent from a transaction’s begin to its end, and around a lone write', async () => {
    const intent = sqliteFileOf(db)!.writeIntent;
    expect(intent[0]).toBe(0);
    await db.transaction().execute(async (trx) => {
      expect(intent[0]).toBe(1);
      await sql`select n from turns where id = 1`.execute(trx);
      expect(intent[0]).toBe(1);
    });
    expect(intent[0]).toBe(0);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update turns set n = n + 1 where id = 1`.execute(trx);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(intent[0]).toBe(0);
    await sql`update turns set n = n + 1 where id = 1`.execute(db);
    expect(intent[0]).toBe(0);
  });
});

describe('the messages between the server and the ingest writer thread', () => {
  it('carry what was sent within one task as one list, and the next task’s as another', async () => {
    const posted: number[][] = [];
    const outbox = new Outbox<number>((items) => posted.push(items), setImmediate);
    outbox.add(1);
    outbox.add(2);
    outbox.add(3);
    expect(posted).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    outbox.add(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(posted).toEqual([[1, 2, 3], [4]]);
  });

  it('answer a commit’s units in one list when they settle in one microtask queue', async () => {
    const posted: string[][] = [];
    const outbox = new Outbox<string>((items) => posted.push(items), queueMicrotask);
    // As GroupCommit settles a batch: every unit's promise resolved in one synchronous loop.
    const units = ['a', 'b', 'c'].map((name) => {
      let resolve!: (value: string) => void;
      const settled = new Promise<string>((r) => (resolve = r)).then((v) => outbox.add(v));
      return { resolve: () => resolve(name), settled };
    });
    for (const unit of units) unit.resolve();
    await Promise.all(units.map((u) => u.settled));
    await Promise.resolve();
    expect(posted).toEqual([['a', 'b', 'c']]);
  });
});

describe('the ingest writer thread when it cannot run', () => {
  const rules = { prewarning: DEFAULT_PREWARNING_SET, integral: DEFAULT_INTEGRAL_SET };
  const unit: StoreUnit = {
    device: {
      id: 1,
      status: 'bound',
      member_id: 1,
      secret_sealed: 'sealed',
      prev_secret_sealed: null,
      prev_secret_until: null,
      model_type: 'bp',
      serial: 'WRITER-TEST-1',
    },
    nonce: 'writer-test-nonce-0001',
    at: Date.now(),
    reading: { type: 'bp', measuredAt: Date.now() - 60_000, values: NORMAL },
    valuesJson: JSON.stringify(NORMAL),
    ecg: null,
    ruleVersion: 1,
    mayEarn: false,
  };
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-writer-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses readings at once (503) for a growing while after its thread failed, and starts one again after', async () => {
    // The database's folder is a file: the thread fails as it opens the database.
    const blocker = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const lost: number[] = [];
    const writer = new ThreadIngestWriter(
      {
        file: path.join(blocker, 'health.db'),
        mainIntent: new Int32Array(new SharedArrayBuffer(4)),
      },
      { restartDelayMs: 500, onThreadLost: (_err, restartInMs) => lost.push(restartInMs) },
    );
    const unavailable = { httpStatus: 503, message: IngestMessages.storeUnavailable };
    try {
      await expect(writer.store(unit, rules)).rejects.toThrow();
      expect(lost).toEqual([500]);
      // No thread is started for the readings that arrive meanwhile.
      await expect(writer.store(unit, rules)).rejects.toMatchObject(unavailable);
      await expect(writer.store(unit, rules)).rejects.toMatchObject(unavailable);
      expect(lost).toEqual([500]);

      // After the delay one is tried again; it fails too, and the next delay is twice as long.
      await sleep(550);
      await expect(writer.store(unit, rules)).rejects.toThrow();
      expect(lost).toEqual([500, 1000]);
      await sleep(550);
      await expect(writer.store(unit, rules)).rejects.toMatchObject(unavailable);

      // Mended (the folder can be made now): the next thread opens the file and answers — here
      // that its tables are missing, from the thread itself — and the count starts again.
      fs.rmSync(blocker);
      await sleep(500);
      await expect(writer.store(unit, rules)).rejects.toThrow(/no such table/);
      await expect(writer.store(unit, rules)).rejects.toThrow(/no such table/);
      expect(lost).toEqual([500, 1000]);
    } finally {
      await writer.close();
    }
  });
});
