import {
  DEFAULT_INTEGRAL_SET,
  Messages,
  PointsMessages,
  PointsPaths,
  SettingsPaths,
  type IntegralSet,
  type Page,
  type PointsAdjustResult,
  type PointsLedgerItem,
  type PointsSummary,
  type SettingInfo,
} from '@health/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  growthVia,
  POINTS_EXPIRE_JOB,
  PointsService,
} from '../src/modules/member/points/service.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  createTestApp,
  setupApp,
  login,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';
import { seedGrade, seedMember } from './helpers/sign-members.js';
import { CHINA_UTC_OFFSET_MS, chinaDayStartOf } from '@health/contract';
import { DAY_MS } from '../src/platform/clock.js';

const DAY = DAY_MS;
/** 2023-06-15 10:00 China time. */
const MID_2023 = Date.UTC(2023, 5, 15, 2);
const START_2025_CN = Date.UTC(2025, 0, 1) - CHINA_UTC_OFFSET_MS;

describe.each(databaseKinds)('points on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let gradeId: number;
  let goldId: number;
  let rules: IntegralSet;
  let points: PointsService;
  let phoneSeq = 0;

  const newMember = async (
    name: string,
    opts: { balance?: number; status?: 'normal' | 'frozen' | 'logged_off'; grade?: number } = {},
  ) => {
    phoneSeq += 1;
    const id = await seedMember(
      t.db,
      {
        phone: `1390000${String(phoneSeq).padStart(4, '0')}`,
        name,
        gradeId: opts.grade ?? gradeId,
        status: 'normal',
      },
      t.clock.now,
    );
    if (opts.balance) {
      await points.change(t.db, {
        memberId: id,
        amount: opts.balance,
        type: 'adjust',
        remark: '初始',
      });
    }
    if (opts.status && opts.status !== 'normal') {
      await t.db.updateTable('members').set({ status: opts.status }).where('id', '=', id).execute();
    }
    return id;
  };

  const balanceOf = async (memberId: number) => {
    const m = await t.db
      .selectFrom('members')
      .select('points_balance')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(m.points_balance);
  };
  const ledgerSum = async (memberId: number) => {
    const rows = await t.db
      .selectFrom('points_ledger')
      .select(['amount', 'balance_after'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    return {
      sum: rows.reduce((s, r) => s + Number(r.amount), 0),
      count: rows.length,
      lastBalance: rows.length ? Number(rows[rows.length - 1]!.balance_after) : 0,
      minBalance: Math.min(0, ...rows.map((r) => Number(r.balance_after))),
    };
  };

  setupApp(kind, async (app) => {
    t = app;
    rules = { ...DEFAULT_INTEGRAL_SET };
    points = new PointsService(
      t.db,
      () => t.clock.now,
      () => rules,
    );
    gradeId = await seedGrade(t.db, '普通会员', 0, t.clock.now);
    goldId = await seedGrade(t.db, '金卡会员', 1000, t.clock.now);
    await t.db
      .updateTable('member_grades')
      .set({ points_multiplier_pct: 150 })
      .where('id', '=', goldId)
      .execute();
    admin = await loginAdmin(t);
    const group = await createGroup(t, '积分查看', ['/member_integral/integral_details']);
    await createOperator(t, { username: 'viewer', password: 'Vw@12345', groupId: group });
    viewer = (await login(t, 'viewer', 'Vw@12345')).access_token;
  });

  describe('POST adjust', () => {
    it('adds and deducts points, writes the ledger and the audit entry', async () => {
      const id = await newMember('张三');
      const add = bodyOf<PointsAdjustResult>(
        await call(t, 'POST', PointsPaths.adjust, {
          token: admin,
          form: { memberId: String(id), amount: '120', reason: '活动补发' },
        }),
      );
      expect(add.state).toBe(200);
      expect(add.msg).toBe(PointsMessages.adjusted);
      expect(add.data).toMatchObject({ memberId: id, amount: 120, balance: 120 });
      const sub = bodyOf<PointsAdjustResult>(
        await call(t, 'POST', PointsPaths.adjust, {
          token: admin,
          json: { memberId: id, amount: -20, reason: '误发扣回' },
        }),
      );
      expect(sub.data.balance).toBe(100);
      expect(await balanceOf(id)).toBe(100);
      const rows = await t.db
        .selectFrom('points_ledger')
        .selectAll()
        .where('member_id', '=', id)
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => [Number(r.amount), Number(r.balance_after), r.type, r.remark]),
      ).toEqual([
        [120, 120, 'adjust', '活动补发'],
        [-20, 100, 'adjust', '误发扣回'],
      ]);
      expect(rows[0]!.operator_name).toBeTruthy();
      const audit = await t.db
        .selectFrom('operation_logs')
        .selectAll()
        .where('module', '=', 'points')
        .where('action', '=', 'points')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before_json!)).toEqual({ pointsBalance: 120 });
      expect(JSON.parse(audit.after_json!)).toMatchObject({ pointsBalance: 100, amount: -20 });
    });

    it('refuses a deduction below zero with 积分余额不足 and changes nothing', async () => {
      const id = await newMember('李四', { balance: 50 });
      const body = bodyOf<FieldErrors>(
        await call(t, 'POST', PointsPaths.adjust, {
          token: admin,
          form: { memberId: String(id), amount: '-51', reason: '扣减' },
        }),
      );
      expect(body.state).toBe(255);
      expect(body.msg).toBe('积分余额不足');
      expect(body.data.errors).toEqual([{ field: 'amount', msg: '积分余额不足' }]);
      expect(await balanceOf(id)).toBe(50);
      expect((await ledgerSum(id)).count).toBe(1);
      const ok = bodyOf<PointsAdjustResult>(
        await call(t, 'POST', PointsPaths.adjust, {
          token: admin,
          form: { memberId: String(id), amount: '-50', reason: '清零' },
        }),
      );
      expect(ok.data.balance).toBe(0);
    });

    it('checks the fields with Chinese field errors', async () => {
      const id = await newMember('王五');
      const cases: [Record<string, string>, string, string][] = [
        [{ memberId: String(id), amount: '0', reason: 'x' }, 'amount', PointsMessages.amountZero],
        [
          { memberId: String(id), amount: '1.5', reason: 'x' },
          'amount',
          PointsMessages.amountInteger,
        ],
        [
          { memberId: String(id), amount: '100001', reason: 'x' },
          'amount',
          PointsMessages.amountTooLarge,
        ],
        [
          { memberId: String(id), amount: '-100001', reason: 'x' },
          'amount',
          PointsMessages.amountTooLarge,
        ],
        [
          { memberId: String(id), amount: '', reason: 'x' },
          'amount',
          PointsMessages.amountRequired,
        ],
        [
          { memberId: String(id), amount: '10', reason: '  ' },
          'reason',
          PointsMessages.reasonRequired,
        ],
        [{ memberId: String(id), amount: '10' }, 'reason', PointsMessages.reasonRequired],
      ];
      for (const [form, field, msg] of cases) {
        const body = bodyOf<FieldErrors>(
          await call(t, 'POST', PointsPaths.adjust, { token: admin, form }),
        );
        expect(body.state, JSON.stringify(form)).toBe(255);
        expect(body.data.errors).toContainEqual({ field, msg });
      }
      const missing = bodyOf(
        await call(t, 'POST', PointsPaths.adjust, {
          token: admin,
          form: { memberId: '999999', amount: '10', reason: 'x' },
        }),
      );
      expect(missing.state).toBe(255);
      expect(missing.msg).toBe(PointsMessages.memberNotFound);
    });

    it('answers 266 without a session and 267 without the points action', async () => {
      const form = { memberId: '1', amount: '10', reason: 'x' };
      const anon = bodyOf(await call(t, 'POST', PointsPaths.adjust, { form }));
      expect(anon.state).toBe(266);
      const denied = bodyOf(await call(t, 'POST', PointsPaths.adjust, { token: viewer, form }));
      expect(denied).toEqual({ state: 267, msg: Messages.noPermission, data: null });
    });
  });

  describe('ledger list, summary and export', () => {
    let memberId: number;
    beforeAll(async () => {
      memberId = await newMember('赵积分', { balance: 300 });
      await points.change(t.db, { memberId, amount: -80, type: 'redeem', remark: '兑换血压计' });
      await points.change(t.db, { memberId, amount: 10, type: 'measurement', remark: '上传测量' });
    });

    it('lists with filters and masked phones', async () => {
      const all = bodyOf<Page<PointsLedgerItem>>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?memberId=${memberId}`, { token: viewer }),
      );
      expect(all.state).toBe(200);
      expect(all.data.pagination.total).toBe(3);
      expect(all.data.list[0]).toMatchObject({
        amount: 10,
        balanceAfter: 230,
        type: 'measurement',
      });
      expect(all.data.list[0]!.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
      const phone = (
        await t.db
          .selectFrom('members')
          .select('phone')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).phone!;
      const byPhone = bodyOf<Page<PointsLedgerItem>>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?phone=${phone.slice(5, 10)}&type=redeem`, {
          token: viewer,
        }),
      );
      expect(byPhone.data.list.map((r) => r.amount)).toEqual([-80]);
      const minus = bodyOf<Page<PointsLedgerItem>>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?name=赵积&sign=minus`, { token: viewer }),
      );
      expect(minus.data.list.every((r) => r.amount < 0)).toBe(true);
      expect(minus.data.pagination.total).toBe(1);
      const future = bodyOf<Page<PointsLedgerItem>>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?startTime=${t.clock.now + DAY}`, {
          token: viewer,
        }),
      );
      expect(future.data.pagination.total).toBe(0);
    });

    it('validates the query', async () => {
      const bad = bodyOf<FieldErrors>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?type=gift&sign=up&startTime=10&endTime=5`, {
          token: viewer,
        }),
      );
      expect(bad.state).toBe(255);
      const fields = bad.data.errors.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['type', 'sign']));
      const range = bodyOf<FieldErrors>(
        await call(t, 'GET', `${PointsPaths.ledgerList}?startTime=10&endTime=5`, { token: viewer }),
      );
      expect(range.data.errors).toEqual([{ field: 'endTime', msg: '结束时间不能早于开始时间' }]);
      expect(bodyOf(await call(t, 'GET', PointsPaths.ledgerList)).state).toBe(266);
      const other = await createGroup(t, '只看等级', ['/member_manage/grade']);
      await createOperator(t, { username: 'gradeonly', password: 'Go@12345', groupId: other });
      const token = (await login(t, 'gradeonly', 'Go@12345')).access_token;
      expect(bodyOf(await call(t, 'GET', PointsPaths.ledgerList, { token })).state).toBe(267);
      expect(bodyOf(await call(t, 'GET', PointsPaths.ledgerSummary, { token })).state).toBe(267);
      // The member list (and so the member detail page) reads the ledger for the detail's tab.
      const members = await createGroup(t, '只看会员', ['/member_manage/lists']);
      await createOperator(t, { username: 'memberonly', password: 'Mo@12345', groupId: members });
      const reader = (await login(t, 'memberonly', 'Mo@12345')).access_token;
      expect(bodyOf(await call(t, 'GET', PointsPaths.ledgerList, { token: reader })).state).toBe(
        200,
      );
      expect(bodyOf(await call(t, 'GET', PointsPaths.ledgerSummary, { token: reader })).state).toBe(
        267,
      );
    });

    it('sums issued, redeemed and expired points in a range', async () => {
      const body = bodyOf<PointsSummary>(
        await call(t, 'GET', `${PointsPaths.ledgerSummary}?startTime=${t.clock.now - DAY}`, {
          token: viewer,
        }),
      );
      expect(body.state).toBe(200);
      expect(body.data.issued).toBeGreaterThanOrEqual(310);
      expect(body.data.redeemed).toBeGreaterThanOrEqual(80);
      expect(body.data.expired).toBeGreaterThanOrEqual(0);
    });

    it('exports the filter as xlsx (export action required)', async () => {
      const denied = bodyOf(await call(t, 'GET', PointsPaths.ledgerExport, { token: viewer }));
      expect(denied.state).toBe(267);
      const response = await call(t, 'GET', `${PointsPaths.ledgerExport}?memberId=${memberId}`, {
        token: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(String(response.headers['content-disposition'])).toContain('filename*=UTF-8');
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });

  describe('integral settings and earning rules', () => {
    it('saves the integral section through the settings endpoints', async () => {
      const value = {
        ...DEFAULT_INTEGRAL_SET,
        dailyCap: 150,
        expiryPolicy: 'rolling',
        expiryMonths: 6,
      };
      const saved = bodyOf<SettingInfo<'integral'>>(
        await call(t, 'POST', SettingsPaths.update, {
          token: admin,
          json: { section: 'integral', value },
        }),
      );
      expect(saved.state).toBe(200);
      const info = bodyOf<SettingInfo<'integral'>>(
        await call(t, 'GET', `${SettingsPaths.info}?section=integral`, { token: admin }),
      );
      expect(info.data.value).toEqual(value);
      const bad = bodyOf<FieldErrors>(
        await call(t, 'POST', SettingsPaths.update, {
          token: admin,
          json: { section: 'integral', value: { ...value, dailyCap: -1 } },
        }),
      );
      expect(bad.state).toBe(255);
      expect(bad.data.errors[0]!.field).toContain('dailyCap');
      // The settings page of the section is /member_integral/integral_configuration.
      const denied = bodyOf(
        await call(t, 'GET', `${SettingsPaths.info}?section=integral`, { token: viewer }),
      );
      expect(denied.state).toBe(267);
    });

    it('applies the rule, the grade multiplier and the daily cap (capped part not paid)', async () => {
      rules = { ...DEFAULT_INTEGRAL_SET, measurementPoints: 30, dailyCap: 100 };
      const gold = await newMember('金卡', { grade: goldId });
      const day = chinaDayStartOf(t.clock.now) + 3600_000;
      const r1 = await points.earn(t.db, { memberId: gold, type: 'measurement', at: day });
      expect(r1).toMatchObject({ requested: 45, paid: 45, capped: 0, balance: 45 });
      const r2 = await points.earn(t.db, { memberId: gold, type: 'measurement', at: day + 1 });
      expect(r2).toMatchObject({ paid: 45, balance: 90 });
      const r3 = await points.earn(t.db, { memberId: gold, type: 'measurement', at: day + 2 });
      expect(r3).toMatchObject({ requested: 45, paid: 10, capped: 35, balance: 100 });
      const r4 = await points.earn(t.db, { memberId: gold, type: 'check_in', at: day + 3 });
      expect(r4).toMatchObject({ paid: 0, balance: 100, ledgerId: null });
      const last = await t.db
        .selectFrom('points_ledger')
        .select('remark')
        .where('member_id', '=', gold)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.remark).toContain('35 积分未发放');
      // Registration is not capped; a new day starts a new cap.
      const r5 = await points.earn(t.db, { memberId: gold, type: 'register', at: day + 4 });
      expect(r5.paid).toBe(150);
      const r6 = await points.earn(t.db, { memberId: gold, type: 'measurement', at: day + DAY });
      expect(r6.paid).toBe(45);
      expect((await ledgerSum(gold)).sum).toBe(await balanceOf(gold));
    });

    it('refuses earning and redeeming for frozen and logged-off members', async () => {
      const frozen = await newMember('冻结', { balance: 100, status: 'frozen' });
      const gone = await newMember('注销', { balance: 100, status: 'logged_off' });
      await expect(points.earn(t.db, { memberId: frozen, type: 'check_in' })).rejects.toThrow(
        PointsMessages.memberFrozen,
      );
      await expect(
        points.redeem(t.db, { memberId: frozen, points: 10, remark: '兑换' }),
      ).rejects.toThrow(PointsMessages.memberFrozen);
      await expect(points.earn(t.db, { memberId: gone, type: 'measurement' })).rejects.toThrow(
        PointsMessages.memberLoggedOff,
      );
      expect(await balanceOf(frozen)).toBe(100);
      expect(await balanceOf(gone)).toBe(100);
    });
  });

  describe('expiry', () => {
    it('yearly: points of year N expire at the end of N+1, FIFO, idempotent', async () => {
      rules = { ...DEFAULT_INTEGRAL_SET, expiryPolicy: 'yearly', dailyCap: 0 };
      const id = await newMember('过期');
      await points.change(t.db, {
        memberId: id,
        amount: 100,
        type: 'measurement',
        remark: 'a',
        at: MID_2023,
      });
      await points.change(t.db, {
        memberId: id,
        amount: -30,
        type: 'redeem',
        remark: 'b',
        at: MID_2023 + DAY,
      });
      await points.change(t.db, {
        memberId: id,
        amount: 50,
        type: 'measurement',
        remark: 'c',
        at: MID_2023 + 365 * DAY,
      });
      // Not yet due at the last instant of 2024 (China time).
      expect((await points.expireDue(START_2025_CN - 1)).points).toBe(0);
      const first = await points.expireDue(START_2025_CN);
      expect(first.points).toBeGreaterThanOrEqual(70);
      expect(await balanceOf(id)).toBe(50);
      const again = await points.expireDue(START_2025_CN + DAY);
      const mine = await t.db
        .selectFrom('points_ledger')
        .select(['amount', 'balance_after'])
        .where('member_id', '=', id)
        .where('type', '=', 'expire')
        .execute();
      expect(mine.map((r) => [Number(r.amount), Number(r.balance_after)])).toEqual([[-70, 50]]);
      expect(again.points).toBe(0);
      const sum = await ledgerSum(id);
      expect(sum.sum).toBe(50);
      // The 2024 points expire at the start of 2026.
      await points.expireDue(START_2025_CN + 366 * DAY);
      expect(await balanceOf(id)).toBe(0);
    });

    it('rolling: points expire N months after they were earned', async () => {
      rules = { ...DEFAULT_INTEGRAL_SET, expiryPolicy: 'rolling', expiryMonths: 3, dailyCap: 0 };
      const id = await newMember('滚动');
      const at = Date.UTC(2030, 0, 10);
      await points.change(t.db, { memberId: id, amount: 40, type: 'measurement', remark: 'a', at });
      await points.expireDue(Date.UTC(2030, 3, 9));
      expect(await balanceOf(id)).toBe(40);
      await points.expireDue(Date.UTC(2030, 3, 10));
      expect(await balanceOf(id)).toBe(0);
      rules = { ...DEFAULT_INTEGRAL_SET, expiryPolicy: 'never' };
      await points.change(t.db, { memberId: id, amount: 5, type: 'adjust', remark: 'never' });
      await points.expireDue(Date.UTC(2099, 0, 1));
      expect(await balanceOf(id)).toBe(5);
    });
  });

  describe('growth and the daily job', () => {
    it('positive earning adds growth through the grade rules (grade log on change)', async () => {
      rules = { ...DEFAULT_INTEGRAL_SET, measurementPoints: 600, dailyCap: 0 };
      const withGrowth = new PointsService(
        t.db,
        () => t.clock.now,
        () => rules,
        growthVia(),
      );
      const id = await newMember('成长');
      await withGrowth.earn(t.db, { memberId: id, type: 'measurement' });
      await withGrowth.earn(t.db, { memberId: id, type: 'measurement' });
      const m = await t.db
        .selectFrom('members')
        .select(['growth_value', 'grade_id', 'points_balance'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(m.growth_value)).toBe(1200);
      expect(Number(m.grade_id)).toBe(goldId);
      const logs = await t.db
        .selectFrom('member_grade_logs')
        .selectAll()
        .where('member_id', '=', id)
        .execute();
      expect(logs).toHaveLength(1);
    });

    it('keeps one pending daily expiry job that reschedules itself', async () => {
      const pending = () =>
        t.db
          .selectFrom('scheduled_jobs')
          .select(['id', 'run_at'])
          .where('kind', '=', POINTS_EXPIRE_JOB)
          .where('status', '=', 'pending')
          .execute();
      const before = await pending();
      expect(before).toHaveLength(1);
      await t.app.jobs.runDue(Number(before[0]!.run_at) + 1);
      const after = await pending();
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(before[0]!.id);
    });
  });

  describe('invariants', () => {
    it('balance == sum(ledger) and never negative over random sequences (property)', async () => {
      rules = { ...DEFAULT_INTEGRAL_SET, expiryPolicy: 'never', dailyCap: 0 };
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.integer({ min: -200, max: 200 }).filter((n) => n !== 0),
            {
              minLength: 1,
              maxLength: 25,
            },
          ),
          async (amounts) => {
            const id = await newMember('性质');
            let expected = 0;
            for (const amount of amounts) {
              const type = amount > 0 ? 'adjust' : 'redeem';
              try {
                const balance = await points.change(t.db, {
                  memberId: id,
                  amount,
                  type,
                  remark: 'p',
                });
                expected += amount;
                expect(balance).toBe(expected);
              } catch (err) {
                expect(expected + amount).toBeLessThan(0);
                expect((err as Error).message).toBe('积分余额不足');
              }
            }
            const sum = await ledgerSum(id);
            expect(await balanceOf(id)).toBe(expected);
            expect(sum.sum).toBe(expected);
            expect(sum.lastBalance).toBe(expected);
            expect(sum.minBalance).toBeGreaterThanOrEqual(0);
          },
        ),
        { numRuns: 25 },
      );
    });

    it('100 concurrent deductions over HTTP end at balance == sum(ledger) ≥ 0', async () => {
      const initial = 1000;
      const amount = 30;
      const id = await newMember('并发', { balance: initial });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address}${t.api(PointsPaths.adjust)}`;
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
            body: JSON.stringify({ memberId: id, amount: -amount, reason: `并发扣减 ${i}` }),
          }).then(async (r) => (await r.json()) as { state: number; msg: string }),
        ),
      );
      const successes = results.filter((r) => r.state === 200).length;
      const refused = results.filter((r) => r.state === 255);
      expect(successes).toBe(Math.floor(initial / amount));
      expect(refused.length).toBe(100 - successes);
      expect(new Set(refused.map((r) => r.msg))).toEqual(new Set(['积分余额不足']));
      const balance = await balanceOf(id);
      const sum = await ledgerSum(id);
      expect(balance).toBe(initial - successes * amount);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(sum.sum).toBe(balance);
      expect(sum.minBalance).toBeGreaterThanOrEqual(0);
      expect(sum.count).toBe(1 + successes);
    });
  });
});

describe.each(databaseKinds)('points demo data on %s', (kind) => {
  it('every demo member’s balance equals the sum of its ledger and is never negative', async () => {
    const t = await createTestApp(kind, { demoData: true });
    try {
      const rows = await t.db
        .selectFrom('members as m')
        .leftJoin('points_ledger as l', 'l.member_id', 'm.id')
        .select(['m.id', 'm.points_balance', sql<number>`coalesce(sum(l.amount), 0)`.as('total')])
        .groupBy(['m.id', 'm.points_balance'])
        .execute();
      expect(rows.length).toBeGreaterThan(100);
      const wrong = rows.filter((r) => Number(r.points_balance) !== Number(r.total));
      expect(wrong).toEqual([]);
      expect(rows.every((r) => Number(r.points_balance) >= 0)).toBe(true);
      const types = await t.db.selectFrom('points_ledger').select('type').distinct().execute();
      expect(types.map((r) => r.type).sort()).toEqual(
        expect.arrayContaining(['adjust', 'check_in', 'measurement', 'redeem', 'register']),
      );
      const negative = await t.db
        .selectFrom('points_ledger')
        .select('id')
        .where('balance_after', '<', 0)
        .execute();
      expect(negative).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
