import {
  HealthReportPaths,
  WorkbenchMessages,
  WorkbenchPaths,
  type HealthReportDetail,
  type HealthReportRow,
  type Page,
  type WorkbenchDetail,
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
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const WORKBENCH = '/health_medical_studio/doctor_workbench';
const MINUTE = 60_000;
const GRADE3 = { systolic: 186, diastolic: 114, pulse: 80 };
const CONCLUSION = '血压重度升高，达到三级高血压水平。';
const ADVICE = '建议尽快到心内科就诊。';

/**
 * The claim rules every write of an alert's report (issue 32, item 2): a report on a reading with
 * an open alert belongs to that alert; adding, editing, signing, publishing, amending or deleting
 * it needs the writer's live claim (or, for their own draft, that no one else holds it);
 * publishing it closes the alert. And a report is read only where a page may show it (item 9).
 */
describe.each(databaseKinds)('health reports under the workbench claim (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  /** 张医生 and 赵医生: the workbench with claim and publish. */
  let zhang: string;
  let zhao: string;
  /** The workbench alone (reads it, no claim, no publish). */
  let reader: string;
  let device: BoundDevice;
  let seq = 0;
  let generalReportId = 0;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const doctors = await createGroup(t, '医生', [
      WORKBENCH,
      `${WORKBENCH}:claim`,
      `${WORKBENCH}:publish`,
    ]);
    const readers = await createGroup(t, '工作台只读', [WORKBENCH]);
    for (const [username, realName, groupId] of [
      ['zhang', '张医生', doctors],
      ['zhao', '赵医生', doctors],
      ['reader', '钱医生', readers],
    ] as const)
      await createOperator(t, { username, password: 'Doct@123', groupId, realName });
    zhang = (await login(t, 'zhang', 'Doct@123')).access_token;
    zhao = (await login(t, 'zhao', 'Doct@123')).access_token;
    reader = (await login(t, 'reader', 'Doct@123')).access_token;
    const model = await addModel(t, admin, 'bp');
    device = await boundDevice(t, admin, model, { gradeId, name: '孙血压' });
    const memberId = await insertMember(t, { gradeId, name: '周综合' });
    const general = bodyOf<{ id: number }>(
      await call(t, 'POST', HealthReportPaths.add, {
        token: admin,
        json: { memberId, conclusion: '近期各项指标总体平稳。', advice: '按时复诊。' },
      }),
    );
    generalReportId = general.data.id;
  });

  const post = (path: string, json: unknown, token: string) =>
    call(t, 'POST', path, { token, json }).then((r) => bodyOf<{ id: number }>(r));
  const get = <T>(path: string, query: Record<string, unknown>, token: string) =>
    call(t, 'GET', path, { token, query }).then((r) => bodyOf<T>(r));

  /** A new urgent reading and its open alert. */
  async function newAlert(): Promise<{ measurementId: number; alertId: number }> {
    const reading = await upload(t, device, {
      type: 'bp',
      measuredAt: t.clock.now - 10 * MINUTE + ++seq * 1000,
      values: GRADE3,
    });
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select('id')
      .where('measurement_id', '=', reading.id)
      .executeTakeFirstOrThrow();
    return { measurementId: reading.id, alertId: Number(alert.id) };
  }
  const alertRow = (alertId: number) =>
    t.db
      .selectFrom('measurement_alerts')
      .select(['status', 'handled_by', 'claimed_by'])
      .where('id', '=', alertId)
      .executeTakeFirstOrThrow();
  const report = (id: number) =>
    get<HealthReportDetail>(HealthReportPaths.detail, { id }, admin).then((r) => r.data);
  const claim = (alertId: number, token: string) =>
    post(WorkbenchPaths.claim, { id: alertId }, token);
  const text = { conclusion: CONCLUSION, advice: ADVICE };
  const heldBy = (name: string) => ({ state: 255, msg: WorkbenchMessages.heldByOther(name) });

  it('adds a report on a reading with an open alert only under the claim, answering the alert whatever the request says', async () => {
    const { measurementId, alertId } = await newAlert();
    // Unclaimed: nobody writes it, with or without the alert named (the reports page neither).
    for (const token of [zhang, admin]) {
      expect(await post(HealthReportPaths.add, { measurementId, ...text }, token)).toMatchObject({
        state: 255,
        msg: WorkbenchMessages.claimFirst,
      });
    }
    expect((await claim(alertId, zhang)).state).toBe(200);
    // Another doctor, and the reports page, are told who holds it.
    for (const token of [zhao, admin]) {
      expect(await post(HealthReportPaths.add, { measurementId, ...text }, token)).toMatchObject(
        heldBy('张医生'),
      );
      expect(
        await post(HealthReportPaths.add, { measurementId, alertId, ...text }, token),
      ).toMatchObject(heldBy('张医生'));
    }
    // The holder's report names the alert although the request did not.
    const added = await post(HealthReportPaths.add, { measurementId, ...text }, zhang);
    expect(added.state).toBe(200);
    expect(await report(added.data.id)).toMatchObject({ alertId, status: 'draft' });
    // Publishing it closes the alert: the reading leaves the queue.
    expect((await post(HealthReportPaths.publish, { id: added.data.id }, zhang)).state).toBe(200);
    expect(await alertRow(alertId)).toMatchObject({ status: 'handled', handled_by: '张医生' });
    // A reading whose alert is closed takes reports like any other (no claim to hold).
    expect((await post(HealthReportPaths.add, { measurementId, ...text }, admin)).state).toBe(200);
  });

  it("refuses another doctor's edit, sign, publish and delete of a draft on an alert someone holds", async () => {
    const { measurementId, alertId } = await newAlert();
    expect((await claim(alertId, zhang)).state).toBe(200);
    const draft = await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang);
    const id = draft.data.id;
    expect(
      await post(HealthReportPaths.update, { id, conclusion: '改写', advice: '改写' }, zhao),
    ).toMatchObject(heldBy('张医生'));
    expect(await post(HealthReportPaths.sign, { id }, zhao)).toMatchObject(heldBy('张医生'));
    expect(await post(HealthReportPaths.publish, { id }, zhao)).toMatchObject(heldBy('张医生'));
    // The reports page's super-admin is held to the claim too.
    expect(await post(HealthReportPaths.publish, { id }, admin)).toMatchObject(heldBy('张医生'));
    expect(await post(HealthReportPaths.delete, { id }, admin)).toMatchObject(heldBy('张医生'));
    expect(await report(id)).toMatchObject({ status: 'draft', conclusion: CONCLUSION });
    expect(await alertRow(alertId)).toMatchObject({ status: 'open', claimed_by: '张医生' });

    // The holder signs and publishes: the alert reads claimed and published by the same doctor.
    expect((await post(HealthReportPaths.sign, { id }, zhang)).state).toBe(200);
    expect(await post(HealthReportPaths.publish, { id }, zhao)).toMatchObject(heldBy('张医生'));
    expect((await post(HealthReportPaths.publish, { id }, zhang)).state).toBe(200);
    expect(await report(id)).toMatchObject({ status: 'published', publishedBy: '张医生' });
    expect(await alertRow(alertId)).toMatchObject({ status: 'handled', handled_by: '张医生' });
    // The closed alert is held by no one any more: no 释放, and who closed it.
    const closed = await get<WorkbenchDetail>(WorkbenchPaths.detail, { id: alertId }, zhang);
    expect(closed.data.alert).toMatchObject({
      status: 'handled',
      handledBy: '张医生',
      claimedBy: null,
      claimedByMe: false,
    });
    expect(closed.data.alert.handledAt).toBe(t.clock.now);
  });

  it('lets the author keep a draft while no one holds the alert, and the next claim take it over', async () => {
    const { measurementId, alertId } = await newAlert();
    expect((await claim(alertId, zhang)).state).toBe(200);
    const id = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang)).data
      .id;
    t.clock.advance(31 * MINUTE);
    // Zhang's claim lapsed and no one took it: the author may still save; others may not.
    expect(
      (await post(HealthReportPaths.update, { id, conclusion: '继续写', advice: ADVICE }, zhang))
        .state,
    ).toBe(200);
    expect(
      await post(HealthReportPaths.update, { id, conclusion: '改写', advice: ADVICE }, zhao),
    ).toMatchObject({ state: 255, msg: WorkbenchMessages.claimFirst });
    // Zhao claims it: now the author is refused, and the holder finishes the draft.
    expect((await claim(alertId, zhao)).state).toBe(200);
    expect(
      await post(HealthReportPaths.update, { id, conclusion: '再改', advice: ADVICE }, zhang),
    ).toMatchObject(heldBy('赵医生'));
    expect(await post(HealthReportPaths.publish, { id }, zhang)).toMatchObject(heldBy('赵医生'));
    expect((await post(HealthReportPaths.publish, { id }, zhao)).state).toBe(200);
    expect(await report(id)).toMatchObject({
      conclusion: '继续写',
      signedBy: '赵医生',
      publishedBy: '赵医生',
    });
    expect(await alertRow(alertId)).toMatchObject({ status: 'handled', handled_by: '赵医生' });
  });

  it('publishes and closes a report written before the rule (no alert named) only under the claim', async () => {
    const { measurementId, alertId } = await newAlert();
    // A draft from before the rule: on the reading, no alert recorded, by the super-admin.
    const legacy = await post(HealthReportPaths.add, { memberId: device.memberId, ...text }, admin);
    await t.db
      .updateTable('health_reports')
      .set({ measurement_id: measurementId, kind: 'bp' })
      .where('id', '=', legacy.data.id)
      .execute();
    expect((await claim(alertId, zhao)).state).toBe(200);
    expect(await post(HealthReportPaths.publish, { id: legacy.data.id }, admin)).toMatchObject(
      heldBy('赵医生'),
    );
    expect((await post(HealthReportPaths.publish, { id: legacy.data.id }, zhao)).state).toBe(200);
    expect(await report(legacy.data.id)).toMatchObject({ alertId, status: 'published' });
    expect(await alertRow(alertId)).toMatchObject({ status: 'handled', handled_by: '赵医生' });
  });

  it('amends a report whose reading has an open alert again only under the claim', async () => {
    const { measurementId, alertId } = await newAlert();
    expect((await claim(alertId, zhang)).state).toBe(200);
    const id = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang)).data
      .id;
    expect((await post(HealthReportPaths.publish, { id }, zhang)).state).toBe(200);
    // Re-judged by new rules, the reading's alert is open again; Zhao holds it.
    await t.db
      .updateTable('measurement_alerts')
      .set({ status: 'open', claimed_by_id: null, claimed_by: null, claim_expires_at: null })
      .where('id', '=', alertId)
      .execute();
    expect((await claim(alertId, zhao)).state).toBe(200);
    const amend = { id, addendum: '复测后修订', ...text };
    expect(await post(HealthReportPaths.amend, amend, zhang)).toMatchObject(heldBy('赵医生'));
    expect((await post(HealthReportPaths.amend, amend, zhao)).state).toBe(200);
  });

  it('of two doctors publishing their drafts of one alert at once, exactly one closes it', async () => {
    const { measurementId, alertId } = await newAlert();
    // Each wrote a draft under a claim of their own that then ended: no one holds it now.
    expect((await claim(alertId, zhang)).state).toBe(200);
    const a = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang)).data
      .id;
    expect((await post(WorkbenchPaths.release, { id: alertId }, zhang)).state).toBe(200);
    expect((await claim(alertId, zhao)).state).toBe(200);
    const b = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhao)).data
      .id;
    expect((await post(WorkbenchPaths.release, { id: alertId }, zhao)).state).toBe(200);

    const answers = await Promise.all([
      post(HealthReportPaths.publish, { id: a }, zhang),
      post(HealthReportPaths.publish, { id: b }, zhao),
    ]);
    expect(answers.filter((x) => x.state === 200)).toHaveLength(1);
    const lost = answers.find((x) => x.state !== 200)!;
    expect(lost).toMatchObject({ state: 255, msg: WorkbenchMessages.closed });
    const published = answers[0]!.state === 200 ? a : b;
    const winner = published === a ? '张医生' : '赵医生';
    expect(await alertRow(alertId)).toMatchObject({ status: 'handled', handled_by: winner });
    expect((await report(published === a ? b : a)).status).toBe('draft');
  });

  it('of a draft published by its author while another doctor claims the alert, exactly one wins', async () => {
    const { measurementId, alertId } = await newAlert();
    expect((await claim(alertId, zhang)).state).toBe(200);
    const id = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang)).data
      .id;
    t.clock.advance(31 * MINUTE);
    const [published, claimed] = await Promise.all([
      post(HealthReportPaths.publish, { id }, zhang),
      claim(alertId, zhao),
    ]);
    expect([published.state, claimed.state].filter((s) => s === 200)).toHaveLength(1);
    const row = await alertRow(alertId);
    if (published.state === 200) {
      expect(claimed).toMatchObject({ state: 255, msg: WorkbenchMessages.closed });
      expect(row).toMatchObject({ status: 'handled', handled_by: '张医生' });
    } else {
      expect(published).toMatchObject(heldBy('赵医生'));
      expect(row).toMatchObject({ status: 'open', claimed_by: '赵医生' });
    }
  });

  it('shows a report to the workbench only when it answers an alert (267 otherwise)', async () => {
    const { measurementId, alertId } = await newAlert();
    expect((await claim(alertId, zhang)).state).toBe(200);
    const id = (await post(HealthReportPaths.add, { measurementId, alertId, ...text }, zhang)).data
      .id;
    // The workbench-only doctor reads the reports of an alert's reading...
    expect((await get(HealthReportPaths.detail, { id }, reader)).state).toBe(200);
    const ofReading = await get<Page<HealthReportRow>>(
      HealthReportPaths.list,
      { measurementId },
      reader,
    );
    expect(ofReading.state).toBe(200);
    expect(ofReading.data.list.map((r) => r.id)).toEqual([id]);
    // ...but no other report, by id or by list, and writes none of them.
    expect((await get(HealthReportPaths.detail, { id: generalReportId }, reader)).state).toBe(267);
    expect((await get(HealthReportPaths.list, {}, reader)).state).toBe(267);
    for (const token of [zhang, zhao]) {
      expect((await get(HealthReportPaths.detail, { id: generalReportId }, token)).state).toBe(267);
      expect((await post(HealthReportPaths.publish, { id: generalReportId }, token)).state).toBe(
        267,
      );
      expect((await post(HealthReportPaths.shareLink, { id: generalReportId }, token)).state).toBe(
        267,
      );
      expect(
        (
          await post(
            HealthReportPaths.add,
            { memberId: device.memberId, conclusion: 'a', advice: 'b' },
            token,
          )
        ).state,
      ).toBe(267);
    }
    // The reports page reads every one.
    expect((await get(HealthReportPaths.detail, { id: generalReportId }, admin)).state).toBe(200);
  });
});
