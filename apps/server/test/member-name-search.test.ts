import {
  InspectionPaths,
  LOGGED_OFF_MEMBER_NAME,
  LogoffPaths,
  MemberPaths,
  type MemberListItem,
  type MemberOption,
  type Page,
} from '@health/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { asciiLower, nameGrams } from '../src/modules/member/members/name-search.js';
import { bodyOf, call, loginAdmin, setupApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/databases.js';
import { insertGrade, insertLogoffRequest } from './helpers/member-admin.js';

/**
 * The member name search's index (member_name_grams, migration 0023): its triggers keep it equal
 * to the grams of every member's name through add, edit, log-off, delete and bulk SQL, the
 * migration fills it for existing members, and searches through it answer what a scan of the
 * names answers (ASCII letters in either case).
 */

/** The whole grams table, sorted, as "member_id registered_at gram". */
async function gramsTable(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('member_name_grams')
    .select(['member_id', 'registered_at', 'gram'])
    .execute();
  return rows.map((r) => `${Number(r.member_id)} ${Number(r.registered_at)} ${r.gram}`).sort();
}

/** What the grams table must hold: the grams of every member's name, computed here. */
async function expectedGrams(db: Db): Promise<string[]> {
  const members = await db.selectFrom('members').select(['id', 'name', 'registered_at']).execute();
  return members
    .flatMap((m) => nameGrams(m.name).map((g) => `${Number(m.id)} ${Number(m.registered_at)} ${g}`))
    .sort();
}

async function expectGramsInStep(db: Db): Promise<void> {
  const expected = await expectedGrams(db);
  expect(expected.length).toBeGreaterThan(0);
  expect(await gramsTable(db)).toEqual(expected);
}

/** A members row with the given name and registration time (a raw insert, no service). */
function memberRow(gradeId: number, name: string, registeredAt: number, i: number) {
  return {
    phone: `137${String(i).padStart(8, '0')}`,
    name,
    gender: 'unknown' as const,
    birthday: null,
    id_number: null,
    avatar: '',
    province: '',
    city: '',
    address: '',
    grade_id: gradeId,
    channel_id: null,
    status: (i % 5 === 0 ? 'frozen' : 'normal') as 'frozen' | 'normal',
    frozen_reason: '',
    points_balance: (i * 37) % 101,
    growth_value: 0,
    remark: '',
    registered_at: registeredAt,
    last_active_at: null,
    created_at: registeredAt,
    updated_at: registeredAt,
  };
}

describe.each(databaseKinds)('member name grams: migration backfill on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.destroy());

  it('fills the grams of the members that exist before migration 0023', async () => {
    database = await createTestDatabase(kind, { empty: true });
    const db = database.db;
    const schema =
      kind === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
        : undefined;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = await migrator.migrateTo('0022_mall_ship_batches');
    expect(before.error).toBeUndefined();
    const { id: gradeId } = await db
      .insertInto('member_grades')
      .values({
        name: '普通会员',
        icon: '',
        growth_required: 0,
        benefits: '',
        points_multiplier_pct: 100,
        sort: 0,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = ['王伟', '王王', '李秀英', 'Anna Li', '', LOGGED_OFF_MEMBER_NAME, '100%_x'];
    await db
      .insertInto('members')
      .values(names.map((n, i) => memberRow(Number(gradeId), n, 1_000 + i, i + 1)))
      .execute();
    expect(await migrateToLatest(db)).toContain('0023_member_name_grams');
    await expectGramsInStep(db);
    // The triggers are in place from then on.
    await db.updateTable('members').set({ name: '赵钱孙' }).where('name', '=', '王伟').execute();
    await expectGramsInStep(db);
  });
});

describe.each(databaseKinds)('member name search on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let gradeId: number;

  setupApp(kind, async (app) => {
    t = app;
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    admin = await loginAdmin(t);
  });

  const list = async (query: Record<string, string>) => {
    const res = bodyOf<Page<MemberListItem>>(
      await call(t, 'GET', `${MemberPaths.list}?${new URLSearchParams(query).toString()}`, {
        token: admin,
      }),
    );
    expect(res.state).toBe(200);
    return res.data;
  };

  it('keeps the grams through add, edit, log-off, delete and bulk SQL', async () => {
    const added = bodyOf<{ id: number }>(
      await call(t, 'POST', MemberPaths.add, {
        token: admin,
        json: { phone: '13912345678', name: '张伟Ab', gender: 'male', growthValue: 0 },
      }),
    );
    expect(added.state).toBe(200);
    const id = added.data.id;
    await expectGramsInStep(t.db);

    const edited = bodyOf(
      await call(t, 'POST', MemberPaths.update, {
        token: admin,
        json: { id, name: '王王伟', gender: 'male', channelId: '' },
      }),
    );
    expect(edited.state).toBe(200);
    await expectGramsInStep(t.db);
    expect((await list({ name: '张' })).pagination.total).toBe(0);
    expect((await list({ name: '王王' })).list.map((m) => m.id)).toEqual([id]);

    // Log-off anonymises the name: the old grams go with it.
    const requestId = await insertLogoffRequest(t, id);
    const approved = bodyOf(
      await call(t, 'POST', LogoffPaths.approve, {
        token: admin,
        form: { id: String(requestId) },
      }),
    );
    expect(approved.state).toBe(200);
    await expectGramsInStep(t.db);
    expect((await list({ name: '王王' })).pagination.total).toBe(0);
    expect((await list({ name: LOGGED_OFF_MEMBER_NAME })).list.map((m) => m.id)).toEqual([id]);

    // Bulk SQL (the demo's and the benches' seeders), a registration time moved, a delete.
    await t.db
      .insertInto('members')
      .values(['王伟', '李秀英', 'ANNA'].map((n, i) => memberRow(gradeId, n, 500 + i, 900 + i)))
      .execute();
    await expectGramsInStep(t.db);
    await t.db
      .updateTable('members')
      .set({ registered_at: 123 })
      .where('name', '=', '李秀英')
      .execute();
    await expectGramsInStep(t.db);
    await t.db.deleteFrom('members').where('name', '=', 'ANNA').execute();
    await expectGramsInStep(t.db);
    await t.db.deleteFrom('member_logoff_requests').execute();
    await t.db.deleteFrom('members').execute();
    expect(await gramsTable(t.db)).toEqual([]);
  });

  /** Names with repeats, shared pairs and triples, mixed-case Latin and LIKE's own characters. */
  const NAMES = [
    '王伟',
    '王王',
    '王王王',
    '王伟伟',
    '伟王',
    '李秀英',
    '李秀',
    '秀英',
    '英秀李',
    '李秀英英',
    '张伟强',
    '欧阳秀英',
    '王王王王伟',
    '李秀英王秀英',
    'Anna Li',
    'ANNA',
    'anna',
    'Bob 王',
    'bOB',
    '100%_x',
    '50_王',
  ];

  interface Seeded {
    id: number;
    name: string;
    registeredAt: number;
    status: string;
    points: number;
  }
  let seeded: Seeded[] = [];

  /** The members a plain scan finds, in the list's default order (newest first, then id desc). */
  function scan(text: string, rows = seeded): Seeded[] {
    const needle = asciiLower(text);
    return rows
      .filter((m) => asciiLower(m.name).includes(needle))
      .sort((a, b) => b.registeredAt - a.registeredAt || b.id - a.id);
  }

  it('finds what a scan of the names finds, in the list order, with the total', async () => {
    // Several of each name; registration times repeat, so ties fall to the id.
    const rows = Array.from({ length: NAMES.length * 4 }, (_, i) =>
      memberRow(gradeId, NAMES[i % NAMES.length]!, 10_000 + (i % 7) * 1_000, i + 1),
    );
    await t.db.insertInto('members').values(rows).execute();
    seeded = (
      await t.db
        .selectFrom('members')
        .select(['id', 'name', 'registered_at', 'status', 'points_balance'])
        .execute()
    ).map((m) => ({
      id: Number(m.id),
      name: m.name,
      registeredAt: Number(m.registered_at),
      status: m.status,
      points: Number(m.points_balance),
    }));
    await expectGramsInStep(t.db);

    const searches = [
      '王',
      '伟',
      'a',
      'A',
      '王王',
      '王伟',
      '伟王',
      'an',
      'NN',
      '李秀英',
      '王王王',
      '王伟伟',
      '秀英李',
      'ann',
      'AnNa',
      'nna l',
      'bob',
      '李秀英英',
      '欧阳秀英',
      '%',
      '0%_',
      '_王',
      '不存在',
      '李英',
      '王王王王',
      '王王王伟',
      '秀英王秀',
      '李秀英王秀英',
      'anna li',
    ];
    for (const name of searches) {
      const expected = scan(name);
      const all = await list({ name, pageSize: '100' });
      expect(
        all.list.map((m) => m.id),
        name,
      ).toEqual(expected.map((m) => m.id));
      expect(all.pagination.total, name).toBe(expected.length);
      // A first page of 5 and the total counted beside it.
      const first = await list({ name, pageSize: '5' });
      expect(
        first.list.map((m) => m.id),
        name,
      ).toEqual(expected.slice(0, 5).map((m) => m.id));
      expect(first.pagination.total, name).toBe(expected.length);

      // With another filter (the members table joined) and in another order (the general path).
      const frozen = await list({ name, status: 'frozen', pageSize: '100' });
      expect(
        frozen.list.map((m) => m.id),
        name,
      ).toEqual(expected.filter((m) => m.status === 'frozen').map((m) => m.id));
      const byPoints = await list({
        name,
        sortField: 'pointsBalance',
        sortOrder: 'ascend',
        pageSize: '100',
      });
      expect(
        byPoints.list.map((m) => m.id),
        name,
      ).toEqual([...expected].sort((a, b) => a.points - b.points || a.id - b.id).map((m) => m.id));
      const oldest = await list({ name, sortField: 'registeredAt', sortOrder: 'ascend' });
      expect(
        oldest.list.map((m) => m.id),
        name,
      ).toEqual(
        [...expected]
          .sort((a, b) => a.registeredAt - b.registeredAt || a.id - b.id)
          .slice(0, 20)
          .map((m) => m.id),
      );
    }
  });

  it('the member pickers find by name what a scan finds (members in good standing, newest)', async () => {
    for (const keyword of ['王', '王王', '秀英', '李秀英', 'ANN', 'bob', '不存在']) {
      const res = bodyOf<MemberOption[]>(
        await call(t, 'GET', InspectionPaths.memberOptions, { token: admin, query: { keyword } }),
      );
      expect(res.state).toBe(200);
      const expected = scan(keyword)
        .filter((m) => m.status === 'normal')
        .map((m) => m.id)
        .sort((a, b) => b - a)
        .slice(0, 20);
      expect(
        res.data.map((m) => m.id),
        keyword,
      ).toEqual(expected);
    }
  });

  it('caps the total of a broad name as the list does, pages still in order', async () => {
    const many = Array.from({ length: 1_050 }, (_, i) =>
      memberRow(gradeId, i % 2 ? `王${i}` : `Wang ${i}`, 20_000 + (i % 300), 5_000 + i),
    );
    for (let i = 0; i < many.length; i += 300)
      await t.db
        .insertInto('members')
        .values(many.slice(i, i + 300))
        .execute();
    const rows = await t.db.selectFrom('members').select(['id', 'name', 'registered_at']).execute();
    const all = rows.map((m) => ({
      id: Number(m.id),
      name: m.name,
      registeredAt: Number(m.registered_at),
      status: 'normal',
      points: 0,
    }));
    await expectGramsInStep(t.db);
    for (const name of ['王', 'wang 1', 'Wang 10']) {
      const expected = scan(name, all);
      const first = await list({ name, pageSize: '20' });
      expect(
        first.list.map((m) => m.id),
        name,
      ).toEqual(expected.slice(0, 20).map((m) => m.id));
      if (expected.length > 1_000) {
        expect(first.pagination).toMatchObject({ total: 1_000, totalCapped: true });
      } else {
        expect(first.pagination.total, name).toBe(expected.length);
        expect(first.pagination.totalCapped).toBeUndefined();
      }
      const third = await list({ name, pageSize: '20', current: '3' });
      expect(
        third.list.map((m) => m.id),
        name,
      ).toEqual(expected.slice(40, 60).map((m) => m.id));
    }
  });
});
