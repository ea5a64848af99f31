import {
  BP_PERIOD_MAX_DAYS,
  chinaDayStartOf,
  DAY_MS,
  HealthReportMessages,
  HealthReportPaths,
  HealthReportPublicPaths,
  Messages,
  type BpSummaryAnswer,
  type HealthReportDetail,
  type HealthReportLink,
  type PublicReport,
  type MemberOption,
  type ReportMemberOption,
  ageOnChinaDay,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const PAGE = '/health_management/report';
const WORKBENCH = '/health_medical_studio/doctor_workbench';
const HOUR_MS = 60 * 60 * 1000;

const errorsOf = (body: { data: unknown }) => (body.data as FieldErrors).errors;
const fieldsOf = (body: { data: unknown }) =>
  Object.fromEntries(errorsOf(body).map((e) => [e.field, e.msg]));

/**
 * The report builders' endpoints (创建血压报告, 创建心电报告): a member's BP period summary, the
 * member picker, and BP / ECG reports whose details the server completes and the public link shows.
 */
describe.each(databaseKinds)('health report builders API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let doctor: string;
  let outsider: string;
  let device: BoundDevice;
  /** 00:00 China time, five days ago. */
  let day0 = 0;
  let periodStart = 0;
  let periodEnd = 0;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    await createGroup(t, '报告只读', [PAGE]).then((groupId) =>
      createOperator(t, { username: 'viewer', password: 'View@123', groupId }),
    );
    await createGroup(t, '医生', [WORKBENCH, `${WORKBENCH}:publish`]).then((groupId) =>
      createOperator(t, { username: 'doctor', password: 'Doct@123', groupId }),
    );
    await createGroup(t, '概况组', ['/sysset_home/basic']).then((groupId) =>
      createOperator(t, { username: 'outsider', password: 'Out@1234', groupId }),
    );
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    doctor = (await login(t, 'doctor', 'Doct@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;

    const model = await addModel(t, admin, 'bp');
    device = await boundDevice(t, admin, model, { gradeId, name: '赵晨峰', phone: '13800002222' });
    day0 = chinaDayStartOf(t.clock.now) - 5 * DAY_MS;
    const readings: [number, number, number, number][] = [
      // [hours after day0 (China time), systolic, diastolic, pulse]
      [7, 150, 95, 80], // morning
      [19, 130, 85, 70], // evening
      [24 + 8, 160, 100, 90], // morning
      [24 + 20, 140, 80, 60], // evening
      [48 + 13, 120, 80, 70], // neither
    ];
    for (const [h, systolic, diastolic, pulse] of readings) {
      await upload(t, device, {
        type: 'bp',
        measuredAt: day0 + h * HOUR_MS,
        values: { systolic, diastolic, pulse },
      });
    }
    // Before the period: not counted.
    await upload(t, device, {
      type: 'bp',
      measuredAt: t.clock.now - 40 * DAY_MS,
      values: { systolic: 200, diastolic: 120, pulse: 100 },
    });
    periodEnd = t.clock.now;
    periodStart = periodEnd - 30 * DAY_MS;
  });

  const get = (p: string, query: Record<string, unknown>, token: string | null = admin) =>
    call(t, 'GET', p, { token: token ?? undefined, query });
  const post = (p: string, json: unknown, token: string | null = admin) =>
    call(t, 'POST', p, { token: token ?? undefined, json });

  it('summarises a member’s BP period: averages, morning / evening, grade, daily', async () => {
    const b = bodyOf<BpSummaryAnswer>(
      await get(HealthReportPaths.bpSummary, {
        memberId: device.memberId,
        periodStart,
        periodEnd,
      }),
    );
    expect(b.state).toBe(200);
    expect(b.data.memberName).toBe('赵晨峰');
    expect(b.data.memberPhone).toBe('138****2222');
    expect(b.data.type).toBe('bp');
    // The reading 40 days ago is outside the period; oldest first.
    expect(b.data.points.map((p) => p.values.systolic)).toEqual([150, 130, 160, 140, 120]);
    const s = b.data.summary;
    expect(s.average).toEqual({ count: 5, systolic: 140, diastolic: 88, pulse: 74 });
    expect(s.morning).toEqual({ count: 2, systolic: 155, diastolic: 98, pulse: 85 });
    expect(s.evening).toEqual({ count: 2, systolic: 135, diastolic: 83, pulse: 65 });
    // 140/88 is grade 1 by the default rules (systolic ≥ 140).
    expect(s.grade).toBe('grade1');
    expect(s.gradeLabel).toBe('一级高血压');
    expect(s.abnormal).toBe(b.data.points.filter((p) => p.level !== 'normal').length);
    expect(s.abnormal).toBeGreaterThan(0);
    expect(s.highest).toEqual({ systolic: 160, diastolic: 100 });
    expect(s.lowest).toEqual({ systolic: 120, diastolic: 80 });
    expect(s.daily.map((d) => [d.count, d.systolic])).toEqual([
      [2, 140],
      [2, 150],
      [1, 120],
    ]);
  });

  it('answers an empty period with no grade', async () => {
    const b = bodyOf<BpSummaryAnswer>(
      await get(HealthReportPaths.bpSummary, {
        memberId: device.memberId,
        periodStart: periodEnd - 2 * DAY_MS,
        periodEnd,
      }),
    );
    expect(b.state).toBe(200);
    expect(b.data.points).toEqual([]);
    expect(b.data.summary.average).toEqual({
      count: 0,
      systolic: null,
      diastolic: null,
      pulse: null,
    });
    expect(b.data.summary.grade).toBeNull();
    expect(b.data.summary.daily).toEqual([]);
  });

  it('refuses to sign or publish a BP report of a period without readings', async () => {
    const empty = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        kind: 'bp',
        conclusion: '血压控制良好。',
        advice: '每日早晚各测量一次血压并记录。',
        details: { periodStart: periodEnd - 2 * DAY_MS, periodEnd },
      }),
    );
    // A draft may be saved (the period can still change)...
    expect(empty.state).toBe(200);
    const id = empty.data.id;
    // ...but what has nothing to report is neither signed nor published.
    for (const path of [HealthReportPaths.sign, HealthReportPaths.publish])
      expect(bodyOf(await post(path, { id }))).toMatchObject({
        state: 255,
        msg: HealthReportMessages.bpEmpty,
      });
    const d = bodyOf<HealthReportDetail>(await get(HealthReportPaths.detail, { id })).data;
    expect(d.status).toBe('draft');
    // With the readings' days in its period it is signed.
    expect(
      bodyOf(
        await post(HealthReportPaths.update, {
          id,
          conclusion: d.conclusion,
          advice: d.advice,
          details: { periodStart, periodEnd },
        }),
      ).state,
    ).toBe(200);
    expect(bodyOf(await post(HealthReportPaths.sign, { id })).state).toBe(200);
  });

  it('checks the member and the period, in Chinese', async () => {
    const missing = bodyOf(await get(HealthReportPaths.bpSummary, { memberId: device.memberId }));
    expect(missing.state).toBe(255);
    expect(fieldsOf(missing)).toEqual({
      periodStart: HealthReportMessages.periodRequired,
      periodEnd: HealthReportMessages.periodRequired,
    });
    const tooLong = bodyOf(
      await get(HealthReportPaths.bpSummary, {
        memberId: device.memberId,
        periodStart: periodEnd - (BP_PERIOD_MAX_DAYS + 1) * DAY_MS,
        periodEnd,
      }),
    );
    expect(errorsOf(tooLong)).toEqual([
      { field: 'periodEnd', msg: `报告周期最长${BP_PERIOD_MAX_DAYS}天` },
    ]);
    const reversed = bodyOf(
      await get(HealthReportPaths.bpSummary, {
        memberId: device.memberId,
        periodStart: periodEnd,
        periodEnd: periodStart,
      }),
    );
    expect(errorsOf(reversed)).toEqual([
      { field: 'periodEnd', msg: HealthReportMessages.periodEndBeforeStart },
    ]);
    for (const memberId of ['abc', '1.5', '-1', '']) {
      const b = bodyOf(
        await get(HealthReportPaths.bpSummary, { memberId, periodStart, periodEnd }),
      );
      expect(b.state, memberId).toBe(255);
      expect(errorsOf(b)[0]?.field, memberId).toBe('memberId');
    }
    const unknown = bodyOf(
      await get(HealthReportPaths.bpSummary, { memberId: 999_999, periodStart, periodEnd }),
    );
    expect(unknown.state).toBe(255);
    expect(errorsOf(unknown)).toEqual([
      { field: 'memberId', msg: HealthReportMessages.memberNotFound },
    ]);
  });

  it('asks for a session (266) and the reports page (267)', async () => {
    const query = { memberId: device.memberId, periodStart, periodEnd };
    expect(bodyOf(await get(HealthReportPaths.bpSummary, query, null))).toMatchObject({
      state: 266,
      msg: Messages.sessionInvalid,
    });
    expect(bodyOf(await get(HealthReportPaths.bpSummary, query, outsider))).toMatchObject({
      state: 267,
      msg: Messages.noPermission,
    });
    // The workbench alone does not hold the reports page's builders.
    expect(bodyOf(await get(HealthReportPaths.bpSummary, query, doctor)).state).toBe(267);
    expect(bodyOf(await get(HealthReportPaths.bpSummary, query, viewer)).state).toBe(200);
    expect(bodyOf(await get(HealthReportPaths.memberOptions, { keyword: '赵' }, null)).state).toBe(
      266,
    );
    expect(
      bodyOf(await get(HealthReportPaths.memberOptions, { keyword: '赵' }, outsider)).state,
    ).toBe(267);
  });

  it('finds members by name or phone prefix, phones masked, with age and last reading', async () => {
    // A namesake without readings: the picker tells them apart by phone, age and last reading.
    const gradeId = (await t.db.selectFrom('member_grades').select('id').executeTakeFirstOrThrow())
      .id;
    const namesake = await insertMember(t, {
      gradeId: Number(gradeId),
      name: '赵晨峰',
      phone: '13900003333',
    });
    await t.db.updateTable('members').set({ birthday: null }).where('id', '=', namesake).execute();
    const byName = bodyOf<ReportMemberOption[]>(
      await get(HealthReportPaths.memberOptions, { keyword: '赵晨', type: 'bp' }),
    );
    const age = ageOnChinaDay('1960-05-06', t.clock.now);
    expect(byName.data.sort((a, b) => a.id - b.id)).toEqual([
      {
        id: device.memberId,
        name: '赵晨峰',
        phone: '138****2222',
        age,
        lastReading: {
          type: 'bp',
          measuredAt: day0 + 61 * HOUR_MS,
          values: { systolic: 120, diastolic: 80, pulse: 70 },
          level: 'normal',
          label: '正常',
        },
      },
      { id: namesake, name: '赵晨峰', phone: '139****3333', age: null, lastReading: null },
    ]);
    // Without a type: the newest reading of any type; of a type the member never took: none.
    const anyType = bodyOf<ReportMemberOption[]>(
      await get(HealthReportPaths.memberOptions, { keyword: '1380000222' }),
    );
    expect(anyType.data[0]?.lastReading?.measuredAt).toBe(day0 + 61 * HOUR_MS);
    const ecg = bodyOf<ReportMemberOption[]>(
      await get(HealthReportPaths.memberOptions, { keyword: '1380000222', type: 'ecg' }),
    );
    expect(ecg.data[0]?.lastReading).toBeNull();
    const byPhone = bodyOf<MemberOption[]>(
      await get(HealthReportPaths.memberOptions, { keyword: '1380000222' }),
    );
    expect(byPhone.data.map((m) => m.id)).toContain(device.memberId);
    const blank = bodyOf(await get(HealthReportPaths.memberOptions, { keyword: ' ' }));
    expect(errorsOf(blank)).toEqual([{ field: 'keyword', msg: '请输入手机号或姓名' }]);
  });

  it('writes a BP report of a period: the server keeps the summary, the link shows it', async () => {
    // A BP report on a member needs its period.
    const noPeriod = bodyOf(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        kind: 'bp',
        conclusion: '血压偏高。',
        advice: '低盐饮食。',
      }),
    );
    expect(errorsOf(noPeriod)).toEqual([
      { field: 'periodStart', msg: HealthReportMessages.periodRequired },
    ]);
    const badKind = bodyOf(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        kind: 'ecg',
        conclusion: 'a',
        advice: 'b',
      }),
    );
    expect(errorsOf(badKind)).toEqual([{ field: 'kind', msg: HealthReportMessages.kindInvalid }]);

    const forged = {
      average: { count: 1, systolic: 100, diastolic: 60, pulse: 60 },
      morning: { count: 0, systolic: null, diastolic: null, pulse: null },
      evening: { count: 0, systolic: null, diastolic: null, pulse: null },
      grade: 'normal',
      gradeLabel: '正常',
      abnormal: 0,
      highest: null,
      lowest: null,
      daily: [],
    };
    const added = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        kind: 'bp',
        conclusion: '血压偏高，达到一级高血压水平。',
        advice: '低盐饮食，每日食盐不超过5克。',
        details: { periodStart, periodEnd, bp: forged },
      }),
    );
    expect(added.state).toBe(200);
    const id = added.data.id;
    const draft = bodyOf<HealthReportDetail>(await get(HealthReportPaths.detail, { id })).data;
    expect(draft.kind).toBe('bp');
    expect(draft.measurementId).toBeNull();
    expect(draft.details.periodStart).toBe(periodStart);
    // What the client sent as the summary is replaced by the server's.
    expect(draft.details.bp?.average).toEqual({
      count: 5,
      systolic: 140,
      diastolic: 88,
      pulse: 74,
    });
    expect(draft.details.bp?.grade).toBe('grade1');

    // A shorter period on the draft: the summary follows it.
    const updated = bodyOf(
      await post(HealthReportPaths.update, {
        id,
        conclusion: draft.conclusion,
        advice: draft.advice,
        details: { periodStart: day0 + 24 * HOUR_MS, periodEnd },
      }),
    );
    expect(updated.state).toBe(200);
    const after = bodyOf<HealthReportDetail>(await get(HealthReportPaths.detail, { id })).data;
    expect(after.details.bp?.average).toEqual({
      count: 3,
      systolic: 140,
      diastolic: 87,
      pulse: 73,
    });
    const tooLong = bodyOf(
      await post(HealthReportPaths.update, {
        id,
        conclusion: 'a',
        advice: 'b',
        details: { periodStart: periodEnd - 100 * DAY_MS, periodEnd },
      }),
    );
    expect(errorsOf(tooLong)[0]).toEqual({
      field: 'details.periodEnd',
      msg: HealthReportMessages.periodTooLong,
    });

    expect(bodyOf(await post(HealthReportPaths.publish, { id })).state).toBe(200);
    const link = bodyOf<HealthReportLink>(await post(HealthReportPaths.shareLink, { id })).data;
    const token = new URL(link.url, 'http://x').searchParams.get('token')!;
    const shown = bodyOf<PublicReport>(
      await call(t, 'GET', HealthReportPublicPaths.preview, { query: { token } }),
    );
    expect(shown.state).toBe(200);
    expect(shown.data.reading).toBeNull();
    expect(shown.data.versions[0]?.kind).toBe('bp');
    expect(shown.data.versions[0]?.details.bp?.average.systolic).toBe(140);
    expect(shown.data.versions[0]?.details.bp?.morning.count).toBe(1);
  });

  it('keeps an ECG-style report’s intervals and strips, and checks them', async () => {
    const details = {
      intervals: [
        { name: 'PR', value: 160, unit: 'ms' },
        { name: 'QRS', value: 92, unit: 'ms' },
      ],
      strips: [{ startMs: 10_000, durationMs: 10_000, note: '窦性心律' }],
    };
    const added = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        conclusion: '窦性心律。',
        advice: '定期复查。',
        details,
      }),
    );
    expect(added.state).toBe(200);
    const d = bodyOf<HealthReportDetail>(
      await get(HealthReportPaths.detail, { id: added.data.id }),
    ).data;
    expect(d.kind).toBe('general');
    expect(d.details).toMatchObject(details);
    // Not a BP report: no BP summary whatever the client sends.
    expect(d.details.bp).toBeNull();
    const bad = bodyOf(
      await post(HealthReportPaths.add, {
        memberId: device.memberId,
        conclusion: 'a',
        advice: 'b',
        details: {
          intervals: [{ name: '', value: 1, unit: 'mm' }],
          strips: [{ startMs: 0, durationMs: 500, note: '' }],
        },
      }),
    );
    expect(bad.state).toBe(255);
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual([
      'details.intervals.0.name',
      'details.intervals.0.unit',
      'details.strips.0.durationMs',
    ]);
  });
});
