import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { GroupCommit } from '../src/platform/group-commit.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/databases.js';

describe.each(databaseKinds)('group commit (%s)', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    const id = kind === 'sqlite' ? sql`integer primary key` : sql`serial primary key`;
    await sql`create table gc_parent (id ${id})`.execute(db);
    await sql`create table gc_probe (id ${id}, k text not null unique, parent_id integer
      references gc_parent (id) deferrable initially deferred)`.execute(db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const insert = (trx: Kysely<Database>, k: string, parentId: number | null = null) =>
    sql`insert into gc_probe (k, parent_id) values (${k}, ${parentId})`.execute(trx);
  const stored = async (prefix: string) => {
    const { rows } = await sql<{
      k: string;
    }>`select k from gc_probe where k like ${`${prefix}%`} order by k`.execute(db);
    return rows.map((r) => r.k);
  };

  it('runs 50 concurrent units: a failing one is undone alone, each answered with its own outcome', async () => {
    await insert(db, 'a-taken');
    const commits = new GroupCommit(db);
    const transactions = new Set<unknown>();
    const key = (i: number) => `a${String(i).padStart(2, '0')}`;
    // Every 7th throws after its insert; every 10th inserts a key that is taken (unique index).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        commits.run(async (trx) => {
          transactions.add(trx);
          await insert(trx, i % 10 === 9 ? 'a-taken' : key(i));
          if (i % 7 === 3) throw new Error(`unit ${i} fails`);
          return key(i);
        }),
      ),
    );
    const expected: string[] = ['a-taken'];
    outcomes.forEach((outcome, i) => {
      if (i % 10 === 9) expect(outcome.status).toBe('rejected');
      else if (i % 7 === 3)
        expect(outcome).toMatchObject({
          status: 'rejected',
          reason: { message: `unit ${i} fails` },
        });
      else {
        expect(outcome).toEqual({ status: 'fulfilled', value: key(i) });
        expected.push(key(i));
      }
    });
    expect(await stored('a')).toEqual(expected.sort());
    // SQLite shares transactions among the units that wait together; PostgreSQL gives each its own.
    if (kind === 'sqlite') expect(transactions.size).toBeLessThan(50);
    else expect(transactions.size).toBe(50);
  });

  it.runIf(kind === 'sqlite')(
    'runs each unit once when none fails; after a failure the batch again, each stored once',
    async () => {
      const commits = new GroupCommit(db);
      const runs = new Map<string, number>();
      const unit = (k: string, fails = false) =>
        commits.run(async (trx) => {
          runs.set(k, (runs.get(k) ?? 0) + 1);
          await insert(trx, k);
          if (fails) throw new Error(`${k} fails`);
          return k;
        });
      // Queued together: the first starts alone, the other 20 share the next transaction.
      const clean = await Promise.all(Array.from({ length: 21 }, (_, i) => unit(`d${i + 10}`)));
      expect(clean).toHaveLength(21);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      runs.clear();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 21 }, (_, i) => unit(`e${i + 10}`, i === 15)),
      );
      expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
      // The batch that held the failing unit ran twice (rolled back, then with savepoints).
      expect(runs.get('e25')).toBe(2);
      expect(runs.get('e24')).toBe(2);
      expect(await stored('e')).toEqual(
        Array.from({ length: 21 }, (_, i) => `e${i + 10}`).filter((k) => k !== 'e25'),
      );
    },
  );

  it('a unit alone runs in a transaction of its own, undone when it fails', async () => {
    const commits = new GroupCommit(db);
    await expect(
      commits.run(async (trx) => {
        await insert(trx, 'b1');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await expect(commits.run((trx) => insert(trx, 'b2').then(() => 'ok'))).resolves.toBe('ok');
    expect(await stored('b')).toEqual(['b2']);
  });

  it.runIf(kind === 'sqlite')(
    'a failing commit fails every unit of its transaction and keeps none of them',
    async () => {
      const commits = new GroupCommit(db);
      // A deferred foreign key is checked at the commit: the orphan makes the commit fail.
      const outcomes = await Promise.allSettled(
        ['c1', 'c2', 'orphan', 'c3'].map((k) =>
          commits.run((trx) => insert(trx, k, k === 'orphan' ? 999 : null).then(() => k)),
        ),
      );
      const settled = outcomes.map((o) => o.status);
      // The first unit may have had a transaction of its own (nothing was waiting then).
      expect(settled.slice(1)).toEqual(['rejected', 'rejected', 'rejected']);
      const kept = await stored('c');
      expect(kept).toEqual(settled[0] === 'fulfilled' ? ['c1'] : []);
      expect(await stored('orphan')).toEqual([]);
    },
  );
});
