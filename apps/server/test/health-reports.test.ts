import {
  WorkbenchMessages,
  WorkbenchPaths,
  DAY_MS,
  HealthReportMessages,
  HealthReportPaths,
  HealthReportPublicPaths,
  Messages,
  OperateLogPaths,
  REPORT_PHRASES,
  type HealthReportDetail,
  type HealthReportLink,
  type HealthReportRow,
  type Page,
  type PublicReport,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  call,
  capturedLogger,
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
/** The bootstrapped admin's display name (its real name). */
const ADMIN_NAME = '系统管理员';

const errorsOf = (body: { data: unknown }) => (body.data as FieldErrors).errors;

describe.each(databaseKinds)('health reports API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds the reports page only (reads, may not write). */
  let viewer: string;
  /** Holds the doctor workbench and its `publish` (writes reports from the workbench). */
  let doctor: string;
  /** Holds another page only. */
  let outsider: string;
  let device: BoundDevice;
  let gradeId: number;
  let measurementId: number;
  let alertId: number;
  let generalMemberId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const viewers = await createGroup(t, '报告只读', [PAGE]);
    const doctors = await createGroup(t, '医生', [WORKBENCH, `${WORKBENCH}:publish`]);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    await createOperator(t, {
      username: 'doctor',
      password: 'Doct@123',
      groupId: doctors,
      realName: '李医生',
    });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    doctor = (await login(t, 'doctor', 'Doct@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;

    const model = await addModel(t, admin, 'bp');
    device = await boundDevice(t, admin, model, {
      gradeId,
      name: '张血压',
      phone: '13800001111',
    });
    const reading = await upload(t, device, {
      type: 'bp',
      measuredAt: t.clock.now - 60_000,
      values: { systolic: 185, diastolic: 115, pulse: 80 },
    });
    measurementId = reading.id;
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select('id')
      .where('measurement_id', '=', measurementId)
      .executeTakeFirstOrThrow();
    alertId = Number(alert.id);
    generalMemberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
  });

  /** `null`: without a session. */
  const post = (p: string, json: unknown, token: string | null = admin) =>
    call(t, 'POST', p, { token: token ?? undefined, json });
  const get = (p: string, query: Record<string, unknown>, token: string | null = admin) =>
    call(t, 'GET', p, { token: token ?? undefined, query });
  const detail = async (id: number, token = admin) =>
    bodyOf<HealthReportDetail>(await get(HealthReportPaths.detail, { id }, token));
  const preview = (token: string) =>
    call(t, 'GET', HealthReportPublicPaths.preview, { query: { token } });
  const tokenOf = (link: HealthReportLink) =>
    new URL(link.url, 'http://x').searchParams.get('token')!;
  const alertStatus = async () =>
    await t.db
      .selectFrom('measurement_alerts')
      .select(['status', 'handled_by'])
      .where('id', '=', alertId)
      .executeTakeFirstOrThrow();

  let rootId = 0;
  let v2Id = 0;

  it('runs the whole lifecycle: draft, edit, sign, publish, amend, publish v2', async () => {
    // Answering an alert needs its claim (医生工作台): one doctor writes at a time.
    const unclaimed = bodyOf(
      await post(HealthReportPaths.add, {
        measurementId,
        alertId,
        conclusion: '血压明显升高。',
        advice: '建议尽快就医。',
      }),
    );
    expect(unclaimed).toMatchObject({ state: 255, msg: WorkbenchMessages.claimFirst });
    expect(bodyOf(await post(WorkbenchPaths.claim, { id: alertId })).state).toBe(200);
    const added = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        measurementId,
        alertId,
        conclusion: '血压明显升高。',
        advice: '建议尽快就医。',
      }),
    );
    expect(added.state).toBe(200);
    rootId = added.data.id;

    let d = await detail(rootId);
    expect(d.data).toMatchObject({
      id: rootId,
      rootId,
      version: 1,
      kind: 'bp',
      status: 'draft',
      superseded: false,
      memberId: device.memberId,
      memberName: '张血压',
      memberPhone: '138****1111',
      measurementId,
      alertId,
      addendum: '',
      signedBy: null,
      publishedAt: null,
    });
    expect(d.data.reading).toMatchObject({ id: measurementId, type: 'bp' });
    expect(d.data.versions.map((v) => v.version)).toEqual([1]);

    const updated = bodyOf(
      await post(HealthReportPaths.update, {
        id: rootId,
        conclusion: '血压重度升高，达到三级高血压水平。',
        advice: '建议到心内科或高血压门诊调整用药。',
      }),
    );
    expect(updated.state).toBe(200);

    expect(bodyOf(await post(HealthReportPaths.sign, { id: rootId })).state).toBe(200);
    d = await detail(rootId);
    expect(d.data).toMatchObject({
      status: 'signed',
      signedBy: ADMIN_NAME,
      conclusion: '血压重度升高，达到三级高血压水平。',
    });

    // Signed: the text is fixed.
    const refused = bodyOf(
      await post(HealthReportPaths.update, { id: rootId, conclusion: '改', advice: '改' }),
    );
    expect(refused).toMatchObject({ state: 255, msg: HealthReportMessages.notDraft });
    expect((await detail(rootId)).data.conclusion).toBe('血压重度升高，达到三级高血压水平。');
    expect(bodyOf(await post(HealthReportPaths.sign, { id: rootId })).state).toBe(255);

    // Nothing to amend before it is published.
    expect(
      bodyOf(
        await post(HealthReportPaths.amend, {
          id: rootId,
          addendum: '复查',
          conclusion: 'x',
          advice: 'y',
        }),
      ),
    ).toMatchObject({ state: 255, msg: HealthReportMessages.notPublished });

    expect(bodyOf(await post(HealthReportPaths.publish, { id: rootId })).state).toBe(200);
    d = await detail(rootId);
    expect(d.data).toMatchObject({ status: 'published', publishedBy: ADMIN_NAME });
    expect(bodyOf(await post(HealthReportPaths.publish, { id: rootId }))).toMatchObject({
      state: 255,
      msg: HealthReportMessages.alreadyPublished,
    });

    // Amend: version 2 is a draft with the addendum, by the doctor from the workbench.
    const amended = bodyOf<{ id: number }>(
      await post(
        HealthReportPaths.amend,
        {
          id: rootId,
          addendum: '复测后血压有所下降，修订结论。',
          conclusion: '血压明显升高，达到二级高血压水平。',
          advice: '规律服用降压药，不要自行停药或减量。',
        },
        doctor,
      ),
    );
    expect(amended.state).toBe(200);
    v2Id = amended.data.id;
    // One pending amendment at a time.
    expect(
      bodyOf(
        await post(HealthReportPaths.amend, {
          id: rootId,
          addendum: '再次修订',
          conclusion: 'x',
          advice: 'y',
        }),
      ),
    ).toMatchObject({ state: 255, msg: HealthReportMessages.amendPending });

    d = await detail(v2Id);
    expect(d.data).toMatchObject({
      rootId,
      version: 2,
      status: 'draft',
      addendum: '复测后血压有所下降，修订结论。',
      createdBy: '李医生',
    });
    expect(d.data.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);

    // Publishing the draft signs it first (by the publisher), and supersedes v1.
    expect(bodyOf(await post(HealthReportPaths.publish, { id: v2Id }, doctor)).state).toBe(200);
    d = await detail(v2Id);
    expect(d.data).toMatchObject({
      status: 'published',
      signedBy: '李医生',
      publishedBy: '李医生',
      superseded: false,
    });
    const v1 = await detail(rootId);
    expect(v1.data).toMatchObject({
      status: 'published',
      superseded: true,
      conclusion: '血压重度升高，达到三级高血压水平。',
    });
    expect(v1.data.versions.map((v) => [v.version, v.superseded])).toEqual([
      [2, false],
      [1, true],
    ]);

    // Only the latest published version can be amended.
    expect(
      bodyOf(
        await post(HealthReportPaths.amend, {
          id: rootId,
          addendum: '旧版',
          conclusion: 'x',
          advice: 'y',
        }),
      ),
    ).toMatchObject({ state: 255, msg: HealthReportMessages.superseded });
  });

  it('closes the alert the report answers when it is published', async () => {
    expect(await alertStatus()).toEqual({ status: 'handled', handled_by: ADMIN_NAME });
  });

  it('writes every step to the operation log', async () => {
    const r = bodyOf<Page<{ action: string; target: { zh: string } }>>(
      await get(OperateLogPaths.list, { module: 'health', pageSize: 50 }),
    );
    expect(r.state).toBe(200);
    const actions = r.data.list.map((e) => e.action);
    for (const a of ['add', 'edit', 'sign', 'publish', 'amend']) expect(actions).toContain(a);
    expect(r.data.list[0]?.target.zh).toContain('血压报告');
  });

  it('lists reports newest first, with filters and masked phones', async () => {
    const general = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: generalMemberId,
        conclusion: '近期各项指标总体平稳。',
        advice: '保持规律作息和适量运动。',
      }),
    );
    expect(general.state).toBe(200);
    const all = bodyOf<Page<HealthReportRow>>(await get(HealthReportPaths.list, {}, viewer));
    expect(all.state).toBe(200);
    expect(all.data.list[0]).toMatchObject({
      id: general.data.id,
      kind: 'general',
      memberName: '王秀英',
      memberPhone: '138****5678',
    });
    const ids = all.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const drafts = bodyOf<Page<HealthReportRow>>(
      await get(HealthReportPaths.list, { status: 'draft', kind: 'general' }),
    );
    expect(drafts.data.list.map((r) => r.id)).toEqual([general.data.id]);
    const byPhone = bodyOf<Page<HealthReportRow>>(
      await get(HealthReportPaths.list, { phone: '1380000' }),
    );
    expect(byPhone.data.list.map((r) => r.version)).toEqual([2, 1]);
    const byName = bodyOf<Page<HealthReportRow>>(
      await get(HealthReportPaths.list, { name: '秀英' }),
    );
    expect(byName.data.list.map((r) => r.memberId)).toEqual([generalMemberId]);
    const byMember = bodyOf<Page<HealthReportRow>>(
      await get(HealthReportPaths.list, { memberId: device.memberId }),
    );
    expect(byMember.data.pagination.total).toBe(2);
    const future = bodyOf<Page<HealthReportRow>>(
      await get(HealthReportPaths.list, { startTime: t.clock.now + DAY_MS }),
    );
    expect(future.data.list).toEqual([]);
  });

  it('deletes drafts only', async () => {
    const draft = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: generalMemberId,
        conclusion: '草稿',
        advice: '草稿',
      }),
    );
    expect(bodyOf(await post(HealthReportPaths.delete, { id: rootId }))).toMatchObject({
      state: 255,
      msg: HealthReportMessages.deleteOnlyDraft,
    });
    expect(bodyOf(await post(HealthReportPaths.delete, { id: draft.data.id })).state).toBe(200);
    expect(await detail(draft.data.id)).toMatchObject({
      state: 255,
      msg: HealthReportMessages.notFound,
    });
    // The doctor workbench does not delete.
    const other = bodyOf<{ id: number }>(
      await post(HealthReportPaths.add, {
        memberId: generalMemberId,
        conclusion: 'a',
        advice: 'b',
      }),
    );
    expect(bodyOf(await post(HealthReportPaths.delete, { id: other.data.id }, doctor)).state).toBe(
      267,
    );
  });

  it('answers the phrases of a kind', async () => {
    const r = bodyOf(await get(HealthReportPaths.phrases, { kind: 'ecg' }, doctor));
    expect(r).toMatchObject({ state: 200, data: REPORT_PHRASES.ecg });
    expect(bodyOf(await get(HealthReportPaths.phrases, { kind: 'x' })).state).toBe(255);
  });

  it('refuses invalid input with field errors in Chinese', async () => {
    const empty = bodyOf(await post(HealthReportPaths.add, { conclusion: '', advice: '' }));
    expect(empty.state).toBe(255);
    const fields = Object.fromEntries(errorsOf(empty).map((e) => [e.field, e.msg]));
    expect(fields).toMatchObject({
      conclusion: HealthReportMessages.conclusionRequired,
      advice: HealthReportMessages.adviceRequired,
      memberId: HealthReportMessages.targetRequired,
    });

    const noMeasurement = bodyOf(
      await post(HealthReportPaths.add, { measurementId: 999999, conclusion: 'a', advice: 'b' }),
    );
    expect(errorsOf(noMeasurement)).toEqual([
      { field: 'measurementId', msg: HealthReportMessages.measurementNotFound },
    ]);

    const loggedOff = await insertMember(t, { gradeId, name: '已注销' });
    await t.db
      .updateTable('members')
      .set({ status: 'logged_off' })
      .where('id', '=', loggedOff)
      .execute();
    for (const memberId of [loggedOff, 999999]) {
      const r = bodyOf(
        await post(HealthReportPaths.add, { memberId, conclusion: 'a', advice: 'b' }),
      );
      expect(errorsOf(r)).toEqual([
        { field: 'memberId', msg: HealthReportMessages.memberNotFound },
      ]);
    }

    // An alert of no reading given, or a report on a member with an alert.
    const badAlert = bodyOf(
      await post(HealthReportPaths.add, {
        memberId: generalMemberId,
        alertId,
        conclusion: 'a',
        advice: 'b',
      }),
    );
    expect(errorsOf(badAlert)[0]?.field).toBe('alertId');

    const tooLong = bodyOf(
      await post(HealthReportPaths.amend, {
        id: v2Id,
        addendum: '',
        conclusion: 'a'.repeat(2001),
        advice: 'b',
      }),
    );
    expect(tooLong.state).toBe(255);
    expect(
      errorsOf(tooLong)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['addendum', 'conclusion']);
    expect(errorsOf(tooLong).find((e) => e.field === 'addendum')?.msg).toBe(
      HealthReportMessages.addendumRequired,
    );

    const badDays = bodyOf(await post(HealthReportPaths.shareLink, { id: v2Id, days: 91 }));
    expect(errorsOf(badDays)).toEqual([{ field: 'days', msg: '有效天数为1-90天' }]);
  });

  it('takes strict integer ids only', async () => {
    for (const id of ['1.5', '1e0', '01', 'true', ' 1']) {
      const q = bodyOf(await get(HealthReportPaths.detail, { id }));
      expect(q.state, id).toBe(255);
      expect(errorsOf(q)[0]?.field).toBe('id');
      const b = bodyOf(await post(HealthReportPaths.sign, { id }));
      expect(b.state, id).toBe(255);
    }
    expect(bodyOf(await post(HealthReportPaths.publish, { id: 1.5 })).state).toBe(255);
    expect(bodyOf(await post(HealthReportPaths.publish, { id: true })).state).toBe(255);
  });

  it('asks for a session (266) and the page and action (267)', async () => {
    expect(bodyOf(await get(HealthReportPaths.list, {}, null))).toMatchObject({
      state: 266,
      msg: Messages.sessionInvalid,
    });
    expect(bodyOf(await post(HealthReportPaths.add, {}, null)).state).toBe(266);
    expect(bodyOf(await get(HealthReportPaths.list, {}, outsider)).state).toBe(267);
    expect(bodyOf(await get(HealthReportPaths.detail, { id: rootId }, outsider)).state).toBe(267);
    // Reading the page is not writing it.
    const write = { memberId: generalMemberId, conclusion: 'a', advice: 'b' };
    expect(bodyOf(await post(HealthReportPaths.add, write, viewer))).toMatchObject({
      state: 267,
      msg: Messages.noPermission,
    });
    expect(bodyOf(await post(HealthReportPaths.publish, { id: rootId }, viewer)).state).toBe(267);
    expect(bodyOf(await post(HealthReportPaths.shareLink, { id: rootId }, viewer)).state).toBe(267);
    // The workbench writes the reports of its alerts only, and does not list the reports page.
    expect(bodyOf(await post(HealthReportPaths.add, write, doctor)).state).toBe(267);
    expect(bodyOf(await get(HealthReportPaths.list, {}, doctor)).state).toBe(267);
  });

  describe('share links', () => {
    it('opens the published report without a login, newest version first', async () => {
      const link = bodyOf<HealthReportLink>(await post(HealthReportPaths.shareLink, { id: v2Id }));
      expect(link.state).toBe(200);
      expect(link.data.url).toMatch(/^\/health-report-preview\?token=[\w-]+\.[\w-]+$/);
      // The default: 运营配置's days (7).
      expect(link.data.expiresAt).toBe(t.clock.now + 7 * DAY_MS);

      const r = bodyOf<PublicReport>(await preview(tokenOf(link.data)));
      expect(r.state).toBe(200);
      expect(r.data).toMatchObject({
        memberName: '张血压',
        memberPhone: '138****1111',
        expiresAt: link.data.expiresAt,
      });
      expect(r.data.reading).toMatchObject({ id: measurementId, type: 'bp' });
      expect(r.data.versions.map((v) => [v.version, v.signedBy])).toEqual([
        [2, '李医生'],
        [1, ADMIN_NAME],
      ]);
      expect(r.data.versions[0]?.addendum).toBe('复测后血压有所下降，修订结论。');
      expect(JSON.stringify(r.data)).not.toContain('13800001111');

      // The detail lists the link as working.
      expect((await detail(v2Id)).data.links).toHaveLength(1);
    });

    it('shares published reports only', async () => {
      const draft = bodyOf<{ id: number }>(
        await post(HealthReportPaths.add, {
          memberId: generalMemberId,
          conclusion: 'a',
          advice: 'b',
        }),
      );
      expect(bodyOf(await post(HealthReportPaths.shareLink, { id: draft.data.id }))).toMatchObject({
        state: 255,
        msg: HealthReportMessages.notPublished,
      });
    });

    it('refuses a malformed or tampered token', async () => {
      const link = bodyOf<HealthReportLink>(
        await post(HealthReportPaths.shareLink, { id: rootId, days: 3 }),
      );
      const token = tokenOf(link.data);
      expect(bodyOf(await preview(token)).state).toBe(200);
      const flip = (s: string, i: number) =>
        s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      for (const bad of [
        flip(token, 3),
        flip(token, token.length - 1),
        flip(token, token.indexOf('.') + 2),
        token.split('.')[0]!,
        `${token}.x`,
        'not-a-token',
        '',
      ]) {
        expect(bodyOf(await preview(bad)), bad).toMatchObject({
          state: 255,
          msg: HealthReportMessages.linkInvalid,
        });
      }
      // A payload re-encoded with a later expiry keeps the old signature: refused.
      const [payload, signature] = token.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { e: number };
      const longer = Buffer.from(
        JSON.stringify({ ...claims, e: claims.e + 100 * DAY_MS }),
      ).toString('base64url');
      expect(bodyOf(await preview(`${longer}.${signature}`)).msg).toBe(
        HealthReportMessages.linkInvalid,
      );
      // Without any token.
      const none = bodyOf(await call(t, 'GET', HealthReportPublicPaths.preview));
      expect(none.state).toBe(255);
    });

    it('refuses every link of the report once revoked', async () => {
      const link = bodyOf<HealthReportLink>(await post(HealthReportPaths.shareLink, { id: v2Id }));
      const token = tokenOf(link.data);
      expect(bodyOf(await preview(token)).state).toBe(200);
      const revoked = bodyOf<{ revoked: number }>(
        await post(HealthReportPaths.revokeLinks, { id: rootId }, doctor),
      );
      expect(revoked.state).toBe(200);
      expect(revoked.data.revoked).toBeGreaterThanOrEqual(1);
      expect(bodyOf(await preview(token))).toMatchObject({
        state: 255,
        msg: HealthReportMessages.linkRevoked,
      });
      expect((await detail(v2Id)).data.links).toEqual([]);
    });

    // Last: the clock moves past the sessions' lifetime too.
    it('refuses an expired link', async () => {
      const link = bodyOf<HealthReportLink>(
        await post(HealthReportPaths.shareLink, { id: v2Id, days: 1 }),
      );
      const token = tokenOf(link.data);
      expect(bodyOf(await preview(token)).state).toBe(200);
      t.clock.advance(DAY_MS + 1000);
      expect(bodyOf(await preview(token))).toMatchObject({
        state: 255,
        msg: HealthReportMessages.linkExpired,
      });
    });
  });
});

describe.each(databaseKinds)('health report links in the server log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let reportId: number;
  const captured = capturedLogger('info');

  setupApp(
    kind,
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
      const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
      const memberId = await insertMember(t, { gradeId, name: '赵日志', phone: '13900002222' });
      const added = bodyOf<{ id: number }>(
        await call(t, 'POST', HealthReportPaths.add, {
          token: admin,
          json: { memberId, conclusion: '近期各项指标总体平稳。', advice: '按时复诊。' },
        }),
      );
      reportId = added.data.id;
      await call(t, 'POST', HealthReportPaths.publish, { token: admin, json: { id: reportId } });
    },
    { logger: captured.logger },
  );

  it('writes neither the token nor the member to the log', async () => {
    const link = bodyOf<HealthReportLink>(
      await call(t, 'POST', HealthReportPaths.shareLink, { token: admin, json: { id: reportId } }),
    );
    const token = new URL(link.data.url, 'http://x').searchParams.get('token')!;
    const opened = bodyOf<PublicReport>(
      await call(t, 'GET', HealthReportPublicPaths.preview, { query: { token } }),
    );
    expect(opened.data).toMatchObject({ memberName: '赵日志', memberPhone: '139****2222' });
    // A refused token is not logged either.
    await call(t, 'GET', HealthReportPublicPaths.preview, { query: { token: `${token}x` } });
    const log = captured.text();
    expect(log).toContain(HealthReportPublicPaths.preview);
    expect(log).not.toContain(token.split('.')[0]!);
    expect(log).not.toContain(token.split('.')[1]!);
    expect(log).not.toContain('13900002222');
    expect(log).not.toContain('赵日志');
  });
});
