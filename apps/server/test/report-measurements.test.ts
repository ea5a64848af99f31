import {
  DEFAULT_PREWARNING_SET,
  HealthReportPaths,
  WorkbenchPaths,
  PrewarningRulePaths,
  ReportMeasurementMessages,
  ReportMeasurementPaths,
  SettingsPaths,
  type MeasurementRow,
  type MeasurementTrend,
  type MemberMeasurementSummary,
  type Page,
  type RejudgeResult,
  type RuleVersion,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  exportRows,
  login,
  loginAdmin,
  setupApp,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade } from './helpers/member-admin.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const HOUR = 3_600_000;

describe.each(databaseKinds)('report centre: readings by type (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let bp: BoundDevice;
  let bg: BoundDevice;
  let ecg: BoundDevice;
  let ua: BoundDevice;
  let seq = 0;
  const at = () => t.clock.now - 48 * HOUR + ++seq * 60_000;
  const ids: Record<string, number> = {};

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
    const multi = await addModel(t, admin, 'multi');
    bp = await boundDevice(t, admin, multi, { gradeId, name: '张血压', phone: '13800001111' });
    bg = await boundDevice(t, admin, multi, { gradeId, name: '李血糖' });
    ecg = await boundDevice(t, admin, multi, { gradeId, name: '王心电' });
    ua = await boundDevice(t, admin, multi, { gradeId, name: '赵尿酸', gender: 'male' });
    // Blood pressure at every grade, oldest first.
    const bps: [string, number, number][] = [
      ['normal', 120, 80],
      ['grade1', 145, 85],
      ['grade2', 165, 95],
      ['grade3', 185, 100],
      ['hypotension', 85, 55],
    ];
    for (const [name, systolic, diastolic] of bps) {
      ids[name] = (
        await upload(t, bp, {
          type: 'bp',
          measuredAt: at(),
          values: { systolic, diastolic, pulse: 70 },
        })
      ).id;
    }
    ids.bgHigh = (
      await upload(t, bg, {
        type: 'bg',
        measuredAt: at(),
        values: { mmol: 7.4, context: 'fasting' },
      })
    ).id;
    ids.ua = (await upload(t, ua, { type: 'ua', measuredAt: at(), values: { umol: 400 } })).id;
    ids.ecgFast = (
      await upload(t, ecg, {
        type: 'ecg',
        measuredAt: at(),
        values: {
          sampleRate: 100,
          leads: ['II'],
          samples: [Array.from({ length: 200 }, (_, i) => (i % 80 === 0 ? 900 : 0))],
          heartRate: 158,
        },
      })
    ).id;
  });

  const list = (query: Record<string, unknown>, token = admin) =>
    call(t, 'GET', ReportMeasurementPaths.list, { token, query });

  it('lists the readings of one type, newest first, judged and masked', async () => {
    const r = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' }));
    expect(r.state, JSON.stringify(r)).toBe(200);
    expect(r.data.pagination.total).toBe(5);
    const rows = r.data.list;
    expect(rows.map((x) => x.category)).toEqual([
      'hypotension',
      'grade3',
      'grade2',
      'grade1',
      'normal',
    ]);
    expect(rows.map((x) => x.level)).toEqual(['warning', 'urgent', 'warning', 'normal', 'normal']);
    const grade2 = rows.find((x) => x.id === ids.grade2)!;
    expect(grade2).toMatchObject({
      type: 'bp',
      label: '二级高血压',
      memberName: '张血压',
      memberPhone: '138****1111',
      deviceSerial: bp.serial,
      values: { systolic: 165, diastolic: 95, pulse: 70 },
      ruleVersion: 0,
      ruleNumber: 1,
      handled: false,
    });
    expect(JSON.stringify(r)).not.toContain('13800001111');
  });

  it('filters by level, member, device, handling and time, and sorts', async () => {
    const urgent = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp', level: 'urgent' }));
    expect(urgent.data.list.map((x) => x.id)).toEqual([ids.grade3]);
    const byPhone = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp', phone: '1380000' }));
    expect(byPhone.data.pagination.total).toBe(5);
    const byName = bodyOf<Page<MeasurementRow>>(await list({ type: 'bg', name: '血糖' }));
    expect(byName.data.list.map((x) => x.id)).toEqual([ids.bgHigh]);
    const bySerial = bodyOf<Page<MeasurementRow>>(
      await list({ type: 'bp', serial: bp.serial.slice(-4).toLowerCase() }),
    );
    expect(bySerial.data.pagination.total).toBe(5);
    const byMember = bodyOf<Page<MeasurementRow>>(
      await list({ type: 'bp', memberId: bg.memberId }),
    );
    expect(byMember.data.pagination.total).toBe(0);
    const rows = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' })).data.list;
    const window = bodyOf<Page<MeasurementRow>>(
      await list({ type: 'bp', startTime: rows[3]!.measuredAt, endTime: rows[1]!.measuredAt }),
    );
    expect(window.data.list.map((x) => x.id)).toEqual([ids.grade3, ids.grade2, ids.grade1]);
    const oldest = bodyOf<Page<MeasurementRow>>(
      await list({ type: 'bp', sortField: 'measuredAt', sortOrder: 'ascend' }),
    );
    expect(oldest.data.list[0]!.id).toBe(ids.normal);
  });

  it('refuses a bad query with a Chinese message', async () => {
    const none = bodyOf(await list({}));
    expect(none.state).toBe(255);
    expect(none.msg).toBe(ReportMeasurementMessages.typeRequired);
    const badType = bodyOf(await list({ type: 'xyz' }));
    expect(badType.msg).toBe(ReportMeasurementMessages.typeInvalid);
    const badLevel = bodyOf(await list({ type: 'bp', level: 'high' }));
    expect(badLevel.msg).toBe(ReportMeasurementMessages.levelInvalid);
    const badRange = bodyOf(await list({ type: 'bp', startTime: 10, endTime: 5 }));
    expect(badRange.state).toBe(255);
    const badId = bodyOf(await list({ type: 'bp', memberId: '1e3' }));
    expect(badId.state).toBe(255);
  });

  it('shows ECG and glucose readings with the values the reason needs', async () => {
    const e = bodyOf<Page<MeasurementRow>>(await list({ type: 'ecg' })).data.list[0]!;
    expect(e).toMatchObject({ level: 'urgent', category: 'urgentHigh' });
    expect(e.values.heartRate).toBe(158);
    expect(e.values.samples).toBeUndefined();
    const g = bodyOf<Page<MeasurementRow>>(await list({ type: 'bg' })).data.list[0]!;
    expect(g).toMatchObject({ level: 'warning', category: 'high', values: { context: 'fasting' } });
    // 400 µmol/L is high for a man (> 420? no) and normal: judged by the member's sex.
    const u = bodyOf<Page<MeasurementRow>>(await list({ type: 'ua' })).data.list[0]!;
    expect(u.level).toBe('normal');
  });

  it('asks for the page of the type: a BP reader cannot read ECGs or handle', async () => {
    const group = await createGroup(t, '血压组', ['/report_list/bp']);
    await createOperator(t, { username: 'bpreader', password: 'Bp@12345', groupId: group });
    const token = (await login(t, 'bpreader', 'Bp@12345')).access_token;
    expect(bodyOf(await list({ type: 'bp' }, token)).state).toBe(200);
    const ecgList = await list({ type: 'ecg' }, token);
    expect(bodyOf(ecgList).state).toBe(267);
    const handle = await call(t, 'POST', ReportMeasurementPaths.handle, {
      token,
      json: { type: 'bp', ids: [ids.grade2] },
    });
    expect(bodyOf(handle).state).toBe(267);
    const exported = await call(t, 'GET', ReportMeasurementPaths.export, {
      token,
      query: { type: 'bp' },
    });
    expect(bodyOf(exported).state).toBe(267);
    // The member detail reads one member's readings of any type, and nothing more.
    const detailGroup = await createGroup(t, '会员详情组', [
      '/member_manage/lists',
      '/member_manage/detail',
    ]);
    await createOperator(t, {
      username: 'memberdesk',
      password: 'Desk@1234',
      groupId: detailGroup,
    });
    const desk = (await login(t, 'memberdesk', 'Desk@1234')).access_token;
    const own = bodyOf<Page<MeasurementRow>>(
      await list({ type: 'ecg', memberId: ecg.memberId }, desk),
    );
    expect(own.state).toBe(200);
    expect(own.data.pagination.total).toBe(1);
    expect(bodyOf(await list({ type: 'ecg' }, desk)).state).toBe(267);
    const anonymous = await call(t, 'GET', ReportMeasurementPaths.list, { query: { type: 'bp' } });
    expect(bodyOf(anonymous).state).toBe(266);
  });

  it('handles readings with who, when and why, once, with their alerts, logged', async () => {
    const r = await call(t, 'POST', ReportMeasurementPaths.handle, {
      token: admin,
      json: { type: 'bp', ids: [ids.grade2, ids.grade3], remark: '已电话随访' },
    });
    expect(bodyOf(r)).toMatchObject({ state: 200, msg: '已处理2条记录', data: { handled: 2 } });
    const rows = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp', handled: 'true' })).data
      .list;
    expect(rows.map((x) => x.id).sort()).toEqual([ids.grade2, ids.grade3].sort());
    expect(rows[0]).toMatchObject({ handled: true, handledBy: expect.any(String) });
    expect(rows[0]!.handleRemark).toBe('已电话随访');
    const alerts = await t.db
      .selectFrom('measurement_alerts')
      .select(['measurement_id', 'status'])
      .where('measurement_id', 'in', [ids.grade2!, ids.grade3!])
      .execute();
    expect(alerts.map((a) => a.status)).toEqual(['handled', 'handled']);
    const again = await call(t, 'POST', ReportMeasurementPaths.handle, {
      token: admin,
      json: { type: 'bp', ids: [ids.grade2] },
    });
    expect(bodyOf(again)).toMatchObject({
      state: 255,
      msg: ReportMeasurementMessages.nothingToHandle,
    });
    // A reading of another type is not handled under this one.
    const wrongType = await call(t, 'POST', ReportMeasurementPaths.handle, {
      token: admin,
      json: { type: 'bp', ids: [ids.bgHigh] },
    });
    expect(bodyOf(wrongType).state).toBe(255);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action'])
      .where('module', '=', 'report')
      .execute();
    expect(log).toContainEqual({ module: 'report', action: 'handle' });
  });

  it('reads a reading handled once its alert is closed on the workbench, in every list (one state)', async () => {
    const id = ids.ecgFast!;
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select('id')
      .where('measurement_id', '=', id)
      .executeTakeFirstOrThrow();
    const alertId = Number(alert.id);
    const rowOf = async (query: Record<string, unknown>) =>
      bodyOf<Page<MeasurementRow>>(await list({ type: 'ecg', ...query })).data.list.find(
        (x) => x.id === id,
      );
    expect(await rowOf({})).toMatchObject({ handled: false, handledBy: null });
    // The doctor claims the alert and publishes its report (医生工作台).
    const post = (path: string, json: unknown) =>
      call(t, 'POST', path, { token: admin, json }).then((r) => bodyOf<{ id: number }>(r));
    expect((await post(WorkbenchPaths.claim, { id: alertId })).state).toBe(200);
    const report = await post(HealthReportPaths.add, {
      measurementId: id,
      alertId,
      conclusion: '窦性心动过速。',
      advice: '建议定期复查心电图。',
    });
    expect((await post(HealthReportPaths.publish, { id: report.data.id })).state).toBe(200);
    // 报告中心's list, its filters and the member detail's 测量 tab all read it handled.
    const handled = { handled: true, handledBy: '系统管理员', handledAt: t.clock.now };
    expect(await rowOf({})).toMatchObject(handled);
    expect(await rowOf({ handled: 'true' })).toMatchObject(handled);
    expect(await rowOf({ handled: 'false' })).toBeUndefined();
    expect(await rowOf({ memberId: ecg.memberId })).toMatchObject(handled);
    // Nothing is left to handle in 报告中心.
    const again = await call(t, 'POST', ReportMeasurementPaths.handle, {
      token: admin,
      json: { type: 'ecg', ids: [id] },
    });
    expect(bodyOf(again)).toMatchObject({
      state: 255,
      msg: ReportMeasurementMessages.nothingToHandle,
    });
  });

  it('draws a member trend with the rules, oldest first; only BP and glucose', async () => {
    const r = bodyOf<MeasurementTrend>(
      await call(t, 'GET', ReportMeasurementPaths.trend, {
        token: admin,
        query: { memberId: bp.memberId, type: 'bp' },
      }),
    );
    expect(r.state).toBe(200);
    expect(r.data.points.map((p) => p.id)).toEqual([
      ids.normal,
      ids.grade1,
      ids.grade2,
      ids.grade3,
      ids.hypotension,
    ]);
    expect(r.data.rules.bp.grade2.systolicMin).toBe(160);
    expect(r.data.truncated).toBe(false);
    const chol = bodyOf(
      await call(t, 'GET', ReportMeasurementPaths.trend, {
        token: admin,
        query: { memberId: bp.memberId, type: 'chol' },
      }),
    );
    expect(chol).toMatchObject({ state: 255, msg: ReportMeasurementMessages.trendType });
  });

  it("summarises a member's latest reading of each type", async () => {
    const r = bodyOf<MemberMeasurementSummary>(
      await call(t, 'GET', ReportMeasurementPaths.memberSummary, {
        token: admin,
        query: { memberId: bp.memberId },
      }),
    );
    const bpSummary = r.data.find((s) => s.type === 'bp')!;
    expect(bpSummary).toMatchObject({ count: 5, abnormal: 3 });
    expect(bpSummary.latest?.id).toBe(ids.hypotension);
    expect(r.data.find((s) => s.type === 'ecg')).toMatchObject({ count: 0, latest: null });
  });

  it('exports the filter with masked phones and the judged reason', async () => {
    const r = await call(t, 'GET', ReportMeasurementPaths.export, {
      token: admin,
      query: { type: 'bp', level: 'urgent' },
    });
    expect(r.statusCode).toBe(200);
    const rows = await exportRows(r);
    expect(rows[0]).toContain('规则版本');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('138****1111');
    expect(rows[1]).toContain('三级高血压');
    expect(JSON.stringify(rows)).not.toContain('13800001111');
  });

  it('keeps history as judged when the rules change; re-judging a period is explicit and logged', async () => {
    // Stricter rules: grade 2 from 150 systolic, and grade 1 raises a warning.
    const rules = structuredClone(DEFAULT_PREWARNING_SET);
    rules.bp.grade2.systolicMin = 150;
    rules.bp.levels.grade1 = 'warning';
    const saved = await call(t, 'POST', SettingsPaths.update, {
      token: admin,
      json: { section: 'prewarning_set', value: rules },
    });
    expect(bodyOf(saved).state).toBe(200);
    const versions = bodyOf<RuleVersion[]>(
      await call(t, 'GET', PrewarningRulePaths.versions, { token: admin }),
    ).data;
    expect(versions.map((v) => [v.number, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions[1]!.readings).toBeGreaterThanOrEqual(8);

    // Nothing was re-graded.
    const before = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' })).data.list;
    expect(before.find((x) => x.id === ids.grade1)).toMatchObject({
      level: 'normal',
      ruleNumber: 1,
    });

    // A new reading is judged by v2.
    const fresh = await upload(t, bp, {
      type: 'bp',
      measuredAt: t.clock.now - HOUR,
      values: { systolic: 152, diastolic: 85, pulse: 70 },
    });
    const row = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' })).data.list.find(
      (x) => x.id === fresh.id,
    );
    expect(row).toMatchObject({ category: 'grade2', level: 'warning', ruleNumber: 2 });

    // Re-judge the first readings' period: a dry run first, then for real.
    const period = { startTime: t.clock.now - 49 * HOUR, endTime: t.clock.now - 2 * HOUR };
    const dry = bodyOf<RejudgeResult>(
      await call(t, 'POST', PrewarningRulePaths.rejudge, {
        token: admin,
        json: { types: ['bp'], ...period, dryRun: true },
      }),
    );
    expect(dry.data).toMatchObject({
      total: 5,
      changed: 1,
      raised: 1,
      dryRun: true,
      ruleNumber: 2,
    });
    const unchanged = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' })).data.list;
    expect(unchanged.find((x) => x.id === ids.grade1)!.ruleNumber).toBe(1);

    const done = bodyOf<RejudgeResult>(
      await call(t, 'POST', PrewarningRulePaths.rejudge, {
        token: admin,
        json: { types: ['bp'], ...period },
      }),
    );
    expect(done).toMatchObject({ state: 200, msg: '已重新判定5条记录，其中1条结果有变化' });
    expect(done.data.raised).toBe(1);
    const after = bodyOf<Page<MeasurementRow>>(await list({ type: 'bp' })).data.list;
    expect(after.find((x) => x.id === ids.grade1)).toMatchObject({
      level: 'warning',
      category: 'grade1',
      ruleNumber: 2,
    });
    // 165/95 was grade 2 and stays so; its rule version stays v1 (its judgement did not change).
    expect(after.find((x) => x.id === ids.grade2)!.ruleNumber).toBe(1);
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select('status')
      .where('measurement_id', '=', ids.grade1!)
      .executeTakeFirst();
    expect(alert?.status).toBe('open');
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'after_json'])
      .where('module', '=', 'report')
      .where('action', '=', 'rejudge')
      .execute();
    expect(log).toHaveLength(1);

    // Putting the defaults back and re-judging closes the alert again.
    await call(t, 'POST', SettingsPaths.update, {
      token: admin,
      json: { section: 'prewarning_set', value: DEFAULT_PREWARNING_SET },
    });
    const back = bodyOf<RejudgeResult>(
      await call(t, 'POST', PrewarningRulePaths.rejudge, {
        token: admin,
        json: { types: ['bp'], ...period },
      }),
    );
    expect(back.data).toMatchObject({ changed: 1, cleared: 1, ruleNumber: 3 });
    const closed = await t.db
      .selectFrom('measurement_alerts')
      .select('status')
      .where('measurement_id', '=', ids.grade1!)
      .executeTakeFirst();
    expect(closed?.status).toBe('handled');
  });

  it('refuses a re-judge without a period or by an operator without the action', async () => {
    const noPeriod = bodyOf(
      await call(t, 'POST', PrewarningRulePaths.rejudge, { token: admin, json: { types: ['bp'] } }),
    );
    expect(noPeriod).toMatchObject({ state: 255, msg: ReportMeasurementMessages.rangeRequired });
    const noTypes = bodyOf(
      await call(t, 'POST', PrewarningRulePaths.rejudge, {
        token: admin,
        json: { types: [], startTime: 0, endTime: 1 },
      }),
    );
    expect(noTypes.msg).toBe(ReportMeasurementMessages.typeRequired);
    const group = await createGroup(t, '预警只读', ['/sysset_setting/prewarning_set']);
    await createOperator(t, { username: 'rulereader', password: 'Rule@1234', groupId: group });
    const token = (await login(t, 'rulereader', 'Rule@1234')).access_token;
    expect(bodyOf(await call(t, 'GET', PrewarningRulePaths.versions, { token })).state).toBe(200);
    const refused = await call(t, 'POST', PrewarningRulePaths.rejudge, {
      token,
      json: { types: ['bp'], startTime: 0, endTime: 1, dryRun: true },
    });
    expect(bodyOf(refused).state).toBe(267);
  });
});
