import {
  DEFAULT_SIGN_SET,
  Messages,
  SettingsPaths,
  SignPaths,
  type Page,
  type SignCheckInResult,
  type SignDailyCounts,
  type SignRecord,
  type SignSet,
  chinaDateOf,
  chinaDayStart,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { SignService } from '../src/modules/member/sign-ins/service.js';
import { AuditService } from '../src/platform/audit.js';
import type { AppContext } from '../src/platform/context.js';
import { SettingsService } from '../src/platform/settings.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
  createViewerAndOutsider,
  loginViewers,
} from './helpers/app.js';
import { seedGrade, seedMember } from './helpers/sign-members.js';
import { DAY_MS } from '../src/platform/clock.js';

const DAY = DAY_MS;
const PAGE = '/member_sign/sign';
describe.each(databaseKinds)('daily check-in on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let grade: number;
  let seq = 0;

  setupApp(kind, async (app) => {
    t = app;
    // Mid-morning China time, so moving by whole days stays inside one local day.
    const today = chinaDateOf(t.clock.now);
    t.clock.now = chinaDayStart(today) + DAY + 10 * 60 * 60 * 1000;
    grade = await seedGrade(t.db, '普通会员', 0, t.clock.now);
    await createViewerAndOutsider(t, [PAGE]);
    await logInAll();
  });

  async function logInAll(): Promise<void> {
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewers(t));
  }

  /** A SignService on the same database and clock, its settings read from the database. */
  const service = {
    async checkIn(memberId: number, at: number) {
      const settings = new SettingsService(t.db, () => t.clock.now);
      await settings.reload();
      const ctx = {
        db: t.db,
        now: () => t.clock.now,
        settings,
        audit: new AuditService(t.db, () => t.clock.now),
      } as unknown as AppContext;
      return new SignService(ctx).checkIn(memberId, at);
    },
  };

  async function newMember(status: 'normal' | 'frozen' = 'normal'): Promise<number> {
    seq += 1;
    return seedMember(
      t.db,
      {
        phone: `1390000${String(seq).padStart(4, '0')}`,
        name: `签到会员${seq}`,
        gradeId: grade,
        status,
      },
      t.clock.now,
    );
  }

  async function saveRules(value: SignSet, integral?: Record<string, unknown>) {
    const r = bodyOf(
      await call(t, 'POST', SettingsPaths.update, {
        token: admin,
        json: { section: 'sign', value },
      }),
    );
    expect(r.msg).toBe('已保存');
    if (integral) {
      const info = bodyOf<{ value: Record<string, unknown> }>(
        await call(t, 'GET', `${SettingsPaths.info}?section=integral`, { token: admin }),
      );
      const saved = bodyOf(
        await call(t, 'POST', SettingsPaths.update, {
          token: admin,
          json: { section: 'integral', value: { ...info.data.value, ...integral } },
        }),
      );
      expect(saved.state).toBe(200);
    }
  }

  const checkIn = (memberId: number, token = admin) =>
    call(t, 'POST', SignPaths.checkIn, { token, form: { memberId: String(memberId) } });

  const balanceOf = async (memberId: number) =>
    Number(
      (
        await t.db
          .selectFrom('members')
          .select('points_balance')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).points_balance,
    );

  it('saves the sign rules through the settings endpoints and checks them', async () => {
    const info = bodyOf<{ value: SignSet }>(
      await call(t, 'GET', `${SettingsPaths.info}?section=sign`, { token: viewer }),
    );
    expect(info.state).toBe(200);
    expect(info.data.value).toEqual(DEFAULT_SIGN_SET);

    const dup = bodyOf<FieldErrors>(
      await call(t, 'POST', SettingsPaths.update, {
        token: admin,
        json: {
          section: 'sign',
          value: {
            ...DEFAULT_SIGN_SET,
            streakRewards: [
              { day: 3, points: 1 },
              { day: 3, points: 2 },
            ],
          },
        },
      }),
    );
    expect(dup.state).toBe(255);
    expect(dup.data.errors).toContainEqual({
      field: 'value.streakRewards.1.day',
      msg: '连续签到天数不能重复',
    });
    const dayOne = bodyOf<FieldErrors>(
      await call(t, 'POST', SettingsPaths.update, {
        token: admin,
        json: {
          section: 'sign',
          value: { ...DEFAULT_SIGN_SET, streakRewards: [{ day: 1, points: 5 }] },
        },
      }),
    );
    expect(dayOne.state).toBe(255);
    expect(dayOne.data.errors[0]?.field).toBe('value.streakRewards.0.day');

    const denied = bodyOf(
      await call(t, 'POST', SettingsPaths.update, {
        token: viewer,
        json: { section: 'sign', value: DEFAULT_SIGN_SET },
      }),
    );
    expect(denied.state).toBe(267);
  });

  it('checks in once per day, counts the streak and pays each streak reward once', async () => {
    await saveRules(
      {
        ...DEFAULT_SIGN_SET,
        basePoints: 5,
        streakRewards: [
          { day: 2, points: 20 },
          { day: 4, points: 50 },
        ],
      },
      { dailyCap: 0 },
    );
    const m = await newMember();
    const first = bodyOf<SignCheckInResult>(await checkIn(m));
    expect(first.state).toBe(200);
    expect(first.msg).toBe('签到成功，连续签到1天，获得5积分');
    expect(first.data).toMatchObject({
      streak: 1,
      basePoints: 5,
      rewardPoints: 0,
      pointsAwarded: 5,
    });

    const again = bodyOf(await checkIn(m));
    expect(again.state).toBe(255);
    expect(again.msg).toBe('今日已签到');
    expect(await balanceOf(m)).toBe(5);

    const results: number[] = [];
    for (let d = 1; d <= 4; d++) {
      t.clock.advance(DAY);
      const r = await service.checkIn(m, t.clock.now).catch(() => null);
      if (r === null) throw new Error('check-in refused');
      results.push(r.streak);
      if (d === 1) expect(r).toMatchObject({ rewardPoints: 20, pointsAwarded: 25 });
      if (d === 3) expect(r).toMatchObject({ rewardPoints: 50, pointsAwarded: 55 });
      if (d === 4) expect(r).toMatchObject({ streak: 5, rewardPoints: 0, pointsAwarded: 5 });
    }
    expect(results).toEqual([2, 3, 4, 5]);
    // A gap restarts the streak; day 2 of the new streak pays its reward again (a new streak).
    t.clock.advance(2 * DAY);
    expect((await service.checkIn(m, t.clock.now)).streak).toBe(1);
    t.clock.advance(DAY);
    expect(await service.checkIn(m, t.clock.now)).toMatchObject({ streak: 2, rewardPoints: 20 });

    // Ledger and balance agree; every reward row belongs to its own streak.
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select(['amount', 'type'])
      .where('member_id', '=', m)
      .execute();
    const sum = ledger.reduce((s, r) => s + Number(r.amount), 0);
    expect(await balanceOf(m)).toBe(sum);
    expect(sum).toBe(5 + 25 + 5 + 55 + 5 + 5 + 25);
    expect(ledger.filter((r) => r.type === 'check_in_streak')).toHaveLength(3);
    await logInAll();
  });

  it('concurrent check-ins of one member on one day pay once', async () => {
    const m = await newMember();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.checkIn(m, t.clock.now)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect((o.reason as Error).message).toBe('今日已签到');
    }
    const rows = await t.db
      .selectFrom('sign_records')
      .select('id')
      .where('member_id', '=', m)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('respects the daily cap of the points rules', async () => {
    await saveRules(
      { ...DEFAULT_SIGN_SET, basePoints: 30, streakRewards: [{ day: 2, points: 100 }] },
      { dailyCap: 50 },
    );
    const m = await newMember();
    const d1 = await service.checkIn(m, t.clock.now);
    expect(d1).toMatchObject({ basePoints: 30, pointsAwarded: 30 });
    t.clock.advance(DAY);
    const d2 = await service.checkIn(m, t.clock.now);
    // 30 + 100 requested, the cap leaves 50.
    expect(d2).toMatchObject({ streak: 2, rewardPoints: 100, pointsAwarded: 50 });
    expect(await balanceOf(m)).toBe(80);
    await logInAll();
    await saveRules(DEFAULT_SIGN_SET, { dailyCap: 200 });
  });

  it('refuses frozen members, unknown members and a disabled check-in', async () => {
    const frozen = await newMember('frozen');
    const r = bodyOf(await checkIn(frozen));
    expect(r.state).toBe(255);
    expect(r.msg).toContain('冻结');
    const unknown = bodyOf(await checkIn(999_999));
    expect(unknown.state).toBe(255);
    expect(unknown.msg).toBe('会员不存在或已被删除');
    const bad = bodyOf<FieldErrors>(
      await call(t, 'POST', SignPaths.checkIn, { token: admin, form: { memberId: 'x' } }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors[0]?.field).toBe('memberId');
    const none = bodyOf<FieldErrors>(
      await call(t, 'POST', SignPaths.checkIn, { token: admin, form: {} }),
    );
    expect(none.data.errors[0]).toEqual({ field: 'phone', msg: '请输入会员手机号' });
    const nobody = bodyOf<FieldErrors>(
      await call(t, 'POST', SignPaths.checkIn, { token: admin, form: { phone: '13999999999' } }),
    );
    expect(nobody.data.errors[0]).toEqual({ field: 'phone', msg: '没有该手机号的会员' });
    const byPhoneMember = await newMember();
    const byPhone = bodyOf<SignCheckInResult>(
      await call(t, 'POST', SignPaths.checkIn, {
        token: admin,
        form: { phone: `1390000${String(seq).padStart(4, '0')}` },
      }),
    );
    expect(byPhone.state).toBe(200);
    expect(byPhone.data.streak).toBe(1);
    expect(byPhoneMember).toBeGreaterThan(0);

    await saveRules({ ...DEFAULT_SIGN_SET, enabled: false });
    const off = bodyOf(await checkIn(await newMember()));
    expect(off.msg).toBe('签到功能未开启');
    await saveRules(DEFAULT_SIGN_SET);
  });

  it('lists, filters, counts per day and exports the records; audits the admin check-in', async () => {
    const m = await newMember();
    expect(bodyOf(await checkIn(m)).state).toBe(200);
    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'sign')
      .where('action', '=', 'checkIn')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.target).toContain(`签到会员${seq}`);

    const page = bodyOf<Page<SignRecord>>(
      await call(
        t,
        'GET',
        `${SignPaths.recordList}?current=1&pageSize=10&phone=${String(seq).padStart(4, '0')}`,
        {
          token: viewer,
        },
      ),
    );
    expect(page.state).toBe(200);
    expect(page.data.pagination.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({ memberId: m, source: 'admin', streak: 1 });
    expect(page.data.list[0]?.memberPhone).toMatch(/^139\*{4}\d{4}$/);

    const streaky = bodyOf<Page<SignRecord>>(
      await call(t, 'GET', `${SignPaths.recordList}?minStreak=5`, { token: admin }),
    );
    expect(streaky.data.list.every((r) => r.streak >= 5)).toBe(true);
    expect(streaky.data.list.length).toBeGreaterThan(0);

    const byName = bodyOf<Page<SignRecord>>(
      await call(t, 'GET', `${SignPaths.recordList}?name=${encodeURIComponent(`签到会员${seq}`)}`, {
        token: admin,
      }),
    );
    expect(byName.data.pagination.total).toBe(1);

    const today = chinaDateOf(t.clock.now);
    const start = chinaDateOf(t.clock.now - 20 * DAY);
    const counts = bodyOf<SignDailyCounts>(
      await call(t, 'GET', `${SignPaths.dailyCounts}?start=${start}&end=${today}`, {
        token: viewer,
      }),
    );
    expect(counts.state).toBe(200);
    expect(counts.data.list).toHaveLength(21);
    const total = await t.db.selectFrom('sign_records').select('id').execute();
    expect(counts.data.list.reduce((s, d) => s + d.count, 0)).toBe(total.length);
    expect(counts.data.list.at(-1)?.date).toBe(today);

    const reversed = bodyOf<FieldErrors>(
      await call(t, 'GET', `${SignPaths.dailyCounts}?start=${today}&end=${start}`, {
        token: admin,
      }),
    );
    expect(reversed.state).toBe(255);
    expect(reversed.data.errors[0]).toEqual({ field: 'end', msg: '结束日期不能早于开始日期' });
    const badDate = bodyOf(
      await call(t, 'GET', `${SignPaths.dailyCounts}?start=x&end=${today}`, { token: admin }),
    );
    expect(badDate.state).toBe(255);
    const badList = bodyOf(
      await call(t, 'GET', `${SignPaths.recordList}?pageSize=1000`, { token: admin }),
    );
    expect(badList.state).toBe(255);

    const file = await call(t, 'GET', `${SignPaths.recordExport}?minStreak=1`, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(bodyOf(await call(t, 'GET', SignPaths.recordExport, { token: viewer })).state).toBe(267);
  });

  it('answers 266 without a session and 267 without the page or action', async () => {
    for (const [method, path] of [
      ['GET', SignPaths.recordList],
      ['GET', `${SignPaths.dailyCounts}?start=2024-01-01&end=2024-01-02`],
      ['GET', SignPaths.recordExport],
      ['POST', SignPaths.checkIn],
    ] as const) {
      expect(bodyOf(await call(t, method, path)).state).toBe(266);
      expect(bodyOf(await call(t, method, path, { token: outsider })).state).toBe(267);
    }
    expect(bodyOf(await checkIn(1, viewer)).state).toBe(267);
    expect(Messages.noPermission).toBeTruthy();
  });
});
