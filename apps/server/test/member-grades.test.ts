import {
  GradePaths,
  type GradeLogItem,
  type MemberGrade,
  type Page,
  GradeMessages,
} from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GradeService, pickGrade } from '../src/modules/member/grades/service.js';
import {
  bodyOf,
  call,
  loginViewerAndOutsider,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertMember } from './helpers/member-admin.js';

describe('pickGrade', () => {
  it('always picks the highest grade whose growth_required ≤ growth', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 120_000 }),
        (thresholds, growth) => {
          const grades = [0, ...thresholds].map((g, i) => ({ id: i, growth_required: g }));
          const picked = pickGrade(grades, growth);
          const expected = Math.max(
            ...grades.map((g) => g.growth_required).filter((g) => g <= growth),
          );
          expect(picked?.growth_required).toBe(expected);
        },
      ),
    );
  });
});

describe.each(databaseKinds)('member grades API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, [
      '/member_manage/grade',
      '/member_manage/grade_log',
    ]));
  });

  const add = (form: Record<string, string>, token = admin) =>
    call(t, 'POST', GradePaths.add, { token, form });
  const grade = (name: string, growth: number, pct = 100) => ({
    name,
    growthRequired: String(growth),
    pointsMultiplierPct: String(pct),
    benefits: `${name}权益`,
    icon: '',
  });
  const list = async () =>
    bodyOf<Page<MemberGrade>>(
      await call(t, 'GET', `${GradePaths.list}?pageSize=100`, { token: admin }),
    ).data.list;

  let bronze = 0;
  let silver = 0;
  let gold = 0;

  it('requires the first grade to start at growth 0, then adds grades in growth order', async () => {
    const first = bodyOf<FieldErrors>(await add(grade('白银会员', 100)));
    expect(first.state).toBe(255);
    expect(first.data.errors[0]).toEqual({
      field: 'growthRequired',
      msg: GradeMessages.lowestGradeGrowth,
    });

    bronze = bodyOf<{ id: number }>(await add(grade('普通会员', 0))).data.id;
    gold = bodyOf<{ id: number }>(await add(grade('黄金会员', 1000, 150))).data.id;
    silver = bodyOf<{ id: number }>(await add(grade('白银会员', 100, 120))).data.id;
    const rows = await list();
    expect(rows.map((g) => g.name)).toEqual(['普通会员', '白银会员', '黄金会员']);
    expect(rows.map((g) => g.sort)).toEqual([1, 2, 3]);
    expect(rows[2]).toMatchObject({
      growthRequired: 1000,
      pointsMultiplierPct: 150,
      memberCount: 0,
    });

    const detail = bodyOf<MemberGrade>(
      await call(t, 'GET', `${GradePaths.detail}?id=${silver}`, { token: viewer }),
    );
    expect(detail.data).toMatchObject({ name: '白银会员', benefits: '白银会员权益' });

    const logs = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'member')
      .where('action', '=', 'add')
      .execute();
    expect(logs).toHaveLength(3);
  });

  it('refuses duplicates and bad values with field errors', async () => {
    const dupName = bodyOf<FieldErrors>(await add(grade('白银会员', 500)));
    expect(dupName.data.errors[0]).toEqual({
      field: 'name',
      msg: GradeMessages.gradeNameTaken,
    });
    const dupGrowth = bodyOf<FieldErrors>(await add(grade('铂金会员', 1000)));
    expect(dupGrowth.data.errors[0]).toEqual({
      field: 'growthRequired',
      msg: GradeMessages.growthTaken,
    });
    const bad = bodyOf<FieldErrors>(
      await add({ name: '', growthRequired: '-1', pointsMultiplierPct: '5' }),
    );
    expect(bad.state).toBe(255);
    const fields = bad.data.errors.map((e) => e.field).sort();
    expect(fields).toEqual(['growthRequired', 'name', 'pointsMultiplierPct']);
    expect(bad.data.errors.find((e) => e.field === 'name')?.msg).toBe(
      GradeMessages.gradeNameRequired,
    );
  });

  it('answers 266 without a session and 267 without the page or action', async () => {
    expect(bodyOf(await call(t, 'GET', GradePaths.list)).state).toBe(266);
    expect(bodyOf(await call(t, 'GET', GradePaths.list, { token: outsider })).state).toBe(267);
    expect(bodyOf(await add(grade('铂金会员', 5000), viewer)).state).toBe(267);
    expect(
      bodyOf(
        await call(t, 'POST', GradePaths.delete, { token: viewer, form: { id: String(gold) } }),
      ).state,
    ).toBe(267);
    expect(bodyOf(await call(t, 'GET', GradePaths.logList, { token: outsider })).state).toBe(267);
  });

  it('applyGrowth follows growth and logs every change', async () => {
    const memberId = await insertMember(t, {
      gradeId: bronze,
      name: '成长测试',
      phone: '13800001111',
    });
    const service = new GradeService({ db: t.db, now: () => t.clock.now } as never);
    const steps = [50, 150, 99, 2000, 2000, 0];
    const expected = [bronze, silver, bronze, gold, gold, bronze];
    for (const [i, growth] of steps.entries()) {
      const result = await t.db
        .transaction()
        .execute((trx) => service.applyGrowth(trx, memberId, growth, 'growth'));
      expect(result.toGradeId).toBe(expected[i]);
    }
    const member = await t.db
      .selectFrom('members')
      .select(['grade_id', 'growth_value'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(Number(member.grade_id)).toBe(bronze);
    expect(Number(member.growth_value)).toBe(0);
    const logs = bodyOf<Page<GradeLogItem>>(
      await call(
        t,
        'GET',
        `${GradePaths.logList}?memberId=${memberId}&sortField=createdAt&sortOrder=ascend`,
        {
          token: viewer,
        },
      ),
    ).data;
    // 50 → no change; 150 → silver; 99 → bronze; 2000 → gold; 2000 → none; 0 → bronze.
    expect(logs.list.map((l) => [l.fromGradeName, l.toGradeName, l.reason])).toEqual([
      ['普通会员', '白银会员', 'growth'],
      ['白银会员', '普通会员', 'growth'],
      ['普通会员', '黄金会员', 'growth'],
      ['黄金会员', '普通会员', 'growth'],
    ]);
    expect(logs.list[0]?.memberPhone).toBe('138****1111');
  });

  it('property: after any sequence of growth values the grade is the one growth earns, and every change is logged', async () => {
    const memberId = await insertMember(t, { gradeId: bronze, name: '性质测试' });
    const service = new GradeService({ db: t.db, now: () => t.clock.now } as never);
    const thresholds = [
      { id: bronze, growth_required: 0 },
      { id: silver, growth_required: 100 },
      { id: gold, growth_required: 1000 },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 6 }),
        async (seq) => {
          const before = await t.db
            .selectFrom('member_grade_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('member_id', '=', memberId)
            .executeTakeFirstOrThrow();
          let current = Number(
            (
              await t.db
                .selectFrom('members')
                .select('grade_id')
                .where('id', '=', memberId)
                .executeTakeFirstOrThrow()
            ).grade_id,
          );
          let changes = 0;
          for (const growth of seq) {
            const r = await t.db
              .transaction()
              .execute((trx) => service.applyGrowth(trx, memberId, growth));
            const want = pickGrade(thresholds, growth)?.id;
            expect(r.toGradeId).toBe(want);
            if (want !== current) changes += 1;
            current = want ?? current;
          }
          const after = await t.db
            .selectFrom('member_grade_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('member_id', '=', memberId)
            .executeTakeFirstOrThrow();
          expect(Number(after.n) - Number(before.n)).toBe(changes);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('changes a member grade manually with a reason, logged with the operator', async () => {
    const memberId = await insertMember(t, {
      gradeId: bronze,
      name: '手动调级',
      phone: '13800002222',
    });
    const missing = bodyOf<FieldErrors>(
      await call(t, 'POST', GradePaths.changeMemberGrade, {
        token: admin,
        form: { memberId: String(memberId), gradeId: String(gold), remark: ' ' },
      }),
    );
    expect(missing.data.errors[0]).toEqual({
      field: 'remark',
      msg: GradeMessages.gradeReasonRequired,
    });
    // The viewer has no /member_manage/lists:edit.
    expect(
      bodyOf(
        await call(t, 'POST', GradePaths.changeMemberGrade, {
          token: viewer,
          form: { memberId: String(memberId), gradeId: String(gold), remark: '活动奖励' },
        }),
      ).state,
    ).toBe(267);
    const done = await call(t, 'POST', GradePaths.changeMemberGrade, {
      token: admin,
      form: { memberId: String(memberId), gradeId: String(gold), remark: '活动奖励' },
    });
    expect(bodyOf(done).state).toBe(200);
    const logs = bodyOf<Page<GradeLogItem>>(
      await call(t, 'GET', `${GradePaths.logList}?reason=manual&phone=0000222`, { token: admin }),
    ).data.list;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      memberId,
      fromGradeName: '普通会员',
      toGradeName: '黄金会员',
      reason: 'manual',
      operatorName: '系统管理员',
      remark: '活动奖励',
    });
    const filtered = bodyOf<Page<GradeLogItem>>(
      await call(
        t,
        'GET',
        `${GradePaths.logList}?toGradeId=${gold}&fromGradeId=${bronze}&name=手动`,
        {
          token: admin,
        },
      ),
    ).data.list;
    expect(filtered.map((l) => l.memberId)).toEqual([memberId]);
    const badRange = bodyOf<FieldErrors>(
      await call(t, 'GET', `${GradePaths.logList}?startTime=2000&endTime=1000`, { token: admin }),
    );
    expect(badRange.data.errors[0]?.field).toBe('endTime');
  });

  it('moves members when thresholds change, and protects grades in use and the lowest grade', async () => {
    // Members of 白银 (growth 150) stay; a member with growth 600 is in 白银 until 白银 starts at 700.
    const m = await insertMember(t, { gradeId: silver, name: '阈值测试', growth: 600 });
    const upd = await call(t, 'POST', GradePaths.update, {
      token: admin,
      json: {
        id: silver,
        name: '白银会员',
        growthRequired: 700,
        pointsMultiplierPct: 120,
        benefits: '',
        icon: '',
      },
    });
    expect(bodyOf(upd).state).toBe(200);
    const row = await t.db
      .selectFrom('members')
      .select('grade_id')
      .where('id', '=', m)
      .executeTakeFirstOrThrow();
    expect(Number(row.grade_id)).toBe(bronze);
    const log = await t.db
      .selectFrom('member_grade_logs')
      .selectAll()
      .where('member_id', '=', m)
      .executeTakeFirstOrThrow();
    expect(Number(log.to_grade_id)).toBe(bronze);

    const lowest = bodyOf<FieldErrors>(
      await call(t, 'POST', GradePaths.update, {
        token: admin,
        json: { id: bronze, name: '普通会员', growthRequired: 10, pointsMultiplierPct: 100 },
      }),
    );
    expect(lowest.data.errors[0]).toEqual({
      field: 'growthRequired',
      msg: GradeMessages.lowestGradeKeep,
    });
    const delLowest = bodyOf(
      await call(t, 'POST', GradePaths.delete, { token: admin, form: { id: String(bronze) } }),
    );
    expect(delLowest).toMatchObject({ state: 255, msg: GradeMessages.lowestGradeDelete });
    await insertMember(t, { gradeId: gold, growth: 5000 });
    const inUse = bodyOf(
      await call(t, 'POST', GradePaths.delete, { token: admin, form: { id: String(gold) } }),
    );
    expect(inUse.state).toBe(255);
    expect(inUse.msg).toContain('不能删除');

    const spare = bodyOf<{ id: number }>(await add(grade('钻石会员', 90_000))).data.id;
    expect(
      bodyOf(
        await call(t, 'POST', GradePaths.delete, { token: admin, form: { id: String(spare) } }),
      ).state,
    ).toBe(200);
    expect(
      bodyOf(await call(t, 'GET', `${GradePaths.detail}?id=${spare}`, { token: admin })).state,
    ).toBe(255);
  });

  it('exports the grade log as xlsx', async () => {
    const res = await call(t, 'GET', `${GradePaths.logExport}?reason=manual`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(bodyOf(await call(t, 'GET', GradePaths.logExport, { token: viewer })).state).toBe(267);
  });
});
