import {
  SettingsPaths,
  WorkbenchMessages,
  WorkbenchPaths,
  type Page,
  type WorkbenchClaim,
  type WorkbenchCounts,
  type WorkbenchDetail,
  type WorkbenchQueue,
} from '@health/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { abnormalReadingsCount } from '../src/modules/device/measurements/repo.js';
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
import { insertGrade } from './helpers/member-admin.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRADE2 = { systolic: 165, diastolic: 95, pulse: 70 };
const GRADE3 = { systolic: 185, diastolic: 112, pulse: 70 };
const NORMAL = { systolic: 120, diastolic: 80, pulse: 70 };

describe.each(databaseKinds)('health: the doctor workbench (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let elder: BoundDevice;
  let young: BoundDevice;
  let urgentMember: BoundDevice;
  const doctors: string[] = [];
  let seq = 0;
  const at = () => t.clock.now - 2 * HOUR + ++seq * MINUTE;

  const queue = (query: Record<string, unknown> = {}, token = admin) =>
    call(t, 'GET', WorkbenchPaths.queue, { token, query }).then((r) => bodyOf<WorkbenchQueue>(r));
  const claim = (id: unknown, token: string) =>
    call(t, 'POST', WorkbenchPaths.claim, { token, json: { id } }).then((r) =>
      bodyOf<WorkbenchClaim>(r),
    );

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
    const model = await addModel(t, admin, 'bp');
    elder = await boundDevice(t, admin, model, { gradeId, name: '钱长者' });
    young = await boundDevice(t, admin, model, { gradeId, name: '孙青年' });
    urgentMember = await boundDevice(t, admin, model, { gradeId, name: '周紧急' });
    // Ages: 86 (elder), 30 (young), none (urgent's member).
    await t.db
      .updateTable('members')
      .set({ birthday: '1940-01-01' })
      .where('id', '=', elder.memberId)
      .execute();
    await t.db
      .updateTable('members')
      .set({ birthday: '1996-01-01' })
      .where('id', '=', young.memberId)
      .execute();
    await t.db
      .updateTable('members')
      .set({ birthday: null })
      .where('id', '=', urgentMember.memberId)
      .execute();
    // The elder's history: two abnormal readings before (each raises an alert of its own).
    await upload(t, elder, { type: 'bp', measuredAt: at(), values: GRADE2 });
    await upload(t, elder, { type: 'bp', measuredAt: at(), values: GRADE2 });
    await upload(t, elder, { type: 'bp', measuredAt: at(), values: NORMAL });
    const group = await createGroup(t, '医生组', [
      '/health_medical_studio/doctor_workbench',
      '/health_medical_studio/doctor_workbench:claim',
    ]);
    for (let i = 0; i < 10; i++) {
      await createOperator(t, {
        username: `doctor${i}`,
        password: 'Doc@12345',
        groupId: group,
        realName: `医生${i}`,
        staffRole: 'doctor',
      });
      doctors.push((await login(t, `doctor${i}`, 'Doc@12345')).access_token);
    }
  });

  it('lists open alerts urgent first, then by the triage score, with the reasons a doctor reads', async () => {
    const youngAlert = await upload(t, young, { type: 'bp', measuredAt: at(), values: GRADE2 });
    const elderAlert = await upload(t, elder, { type: 'bp', measuredAt: at(), values: GRADE2 });
    const urgent = await upload(t, urgentMember, { type: 'bp', measuredAt: at(), values: GRADE3 });

    const answer = await queue();
    expect(answer.state).toBe(200);
    const rows = answer.data.list;
    // Every open alert (the elder's two earlier ones too), the normal reading not among them.
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      measurementId: urgent.id,
      memberId: urgentMember.memberId,
      level: 'urgent',
      status: 'open',
      claimedBy: null,
    });
    // Raised at the same minute, the elder (86, two abnormal readings before) outranks the young.
    const order = rows.map((r) => r.measurementId);
    expect(order.indexOf(elderAlert.id)).toBeLessThan(order.indexOf(youngAlert.id));
    const elderRow = rows.find((r) => r.measurementId === elderAlert.id)!;
    expect(elderRow.memberAge).toBe(86);
    expect(elderRow.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(elderRow.label).toBe('二级高血压');
    expect(elderRow.reasons).toEqual(
      expect.arrayContaining([
        { kind: 'level', value: 'warning', points: 60 },
        { kind: 'age', value: 86, points: 60 },
        { kind: 'history', value: 2, points: 20 },
      ]),
    );
    // Scores count minutes waited: an hour later every row has 60 more points, order unchanged.
    const before = new Map(rows.map((r) => [r.id, r.score]));
    t.clock.advance(HOUR);
    const later = (await queue()).data.list;
    expect(later.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    for (const r of later) expect(r.score - before.get(r.id)!).toBe(60);
    // Filters: by level.
    const urgentOnly = (await queue({ level: 'urgent' })).data.list;
    expect(urgentOnly.map((r) => r.level)).toEqual(['urgent']);
  });

  it("counts a member's abnormal readings (the triage history) from the partial index alone", async () => {
    const query = abnormalReadingsCount(t.db, elder.memberId, 0, at() + HOUR).compile();
    expect(Number((await t.db.executeQuery(query)).rows[0]!.n)).toBe(3);
    // The plan names the partial index (PostgreSQL's planner is told to avoid a table this small's
    // sequential scan, as it would at a million readings).
    let plan: string;
    if (kind === 'sqlite') {
      const rows = await t.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      plan = rows.rows.map((r) => r.detail).join('\n');
    } else {
      plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...query,
          sql: `explain ${query.sql}`,
        });
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    }
    expect(plan).toContain('measurements_member_abnormal_idx');
  });

  it('counts open alerts by level, those past the wait limit, and mine', async () => {
    const counts = bodyOf<WorkbenchCounts>(
      await call(t, 'GET', WorkbenchPaths.counts, { token: admin }),
    ).data;
    expect(counts).toMatchObject({ urgent: 1, warning: 4, normal: 0, total: 5, mine: 0 });
    // An hour has passed: all five waited past the default 30 minutes.
    expect(counts.overdue).toBe(5);
  });

  it('gives an alert to one doctor at a time: of ten claiming at once exactly one wins', async () => {
    const target = (await queue({ level: 'urgent' })).data.list[0]!;
    const answers = await Promise.all(doctors.map((token) => claim(target.id, token)));
    const won = answers.filter((a) => a.state === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]!.data.claimedBy;
    for (const a of answers.filter((x) => x.state !== 200)) {
      expect(a.state).toBe(255);
      expect(a.msg).toBe(WorkbenchMessages.claimedByOther(winner));
    }
    const row = (await queue({ level: 'urgent' })).data.list[0]!;
    expect(row.claimedBy).toBe(winner);

    // Only the holder may release it; then another doctor may claim it.
    const holder = doctors[answers.findIndex((a) => a.state === 200)]!;
    const other = doctors.find((d) => d !== holder)!;
    const notMine = bodyOf(
      await call(t, 'POST', WorkbenchPaths.release, { token: other, json: { id: target.id } }),
    );
    expect(notMine).toMatchObject({ state: 255, msg: WorkbenchMessages.notClaimed });
    const mine = (await queue({ claim: 'mine' }, holder)).data.list;
    expect(mine.map((r) => r.id)).toEqual([target.id]);
    expect(
      bodyOf(
        await call(t, 'POST', WorkbenchPaths.release, { token: holder, json: { id: target.id } }),
      ).state,
    ).toBe(200);
    expect((await claim(target.id, other)).state).toBe(200);
  });

  it('lets a claim expire after 运营配置’s minutes, then another doctor may take it', async () => {
    const saved = bodyOf(
      await call(t, 'GET', SettingsPaths.info, { token: admin, query: { section: 'order' } }),
    );
    expect(saved.state).toBe(200);
    const target = (await queue({ claim: 'free' })).data.list[0]!;
    expect((await claim(target.id, doctors[3]!)).data.claimExpiresAt).toBe(
      t.clock.now + 30 * MINUTE,
    );
    expect((await claim(target.id, doctors[4]!)).state).toBe(255);
    t.clock.advance(30 * MINUTE);
    const taken = await claim(target.id, doctors[4]!);
    expect(taken.state).toBe(200);
    expect(taken.data.claimedBy).toBe('医生4');
  });

  it('pages the queue with the total of each filter (counted on the alerts alone)', async () => {
    const holder = doctors[4]!;
    const filters: Record<string, unknown>[] = [
      {},
      { level: 'warning' },
      { level: 'urgent' },
      { type: 'bp' },
      { type: 'ecg' },
      { claim: 'mine' },
      { claim: 'free' },
      { level: 'warning', claim: 'free' },
    ];
    for (const filter of filters) {
      const all = (await queue({ ...filter, pageSize: 100 }, holder)).data.list;
      const first = (await queue({ ...filter, current: 1, pageSize: 1 }, holder)).data;
      expect(first.pagination.total, JSON.stringify(filter)).toBe(all.length);
      expect(first.list.map((r) => r.id)).toEqual(all.slice(0, 1).map((r) => r.id));
    }
    // Five open alerts (one urgent, four warnings); doctor 4 holds one of them.
    const total = (await queue({ current: 2, pageSize: 2 }, holder)).data.pagination.total;
    expect(total).toBe(5);
    expect((await queue({ level: 'warning', pageSize: 1 })).data.pagination.total).toBe(4);
    expect((await queue({ claim: 'mine', pageSize: 1 }, holder)).data.pagination.total).toBe(1);
  });

  it('opens an alert with the member and their recent readings', async () => {
    const target = (await queue()).data.list.find((r) => r.memberId === elder.memberId)!;
    const detail = bodyOf<WorkbenchDetail>(
      await call(t, 'GET', WorkbenchPaths.detail, { token: doctors[0], query: { id: target.id } }),
    );
    expect(detail.state).toBe(200);
    expect(detail.data.alert.id).toBe(target.id);
    expect(detail.data.member).toMatchObject({ id: elder.memberId, name: '钱长者', age: 86 });
    expect(detail.data.member.phone).toMatch(/\*{4}/);
    // Newest first: the four readings of the elder, the normal one among them.
    expect(detail.data.history.map((h) => h.level)).toEqual([
      'warning',
      'normal',
      'warning',
      'warning',
    ]);
    // A BP alert carries the member's BP series of the last 30 days, oldest first, with the bands' rules.
    expect(detail.data.trend).toMatchObject({ memberId: elder.memberId, type: 'bp' });
    expect(detail.data.trend!.points).toHaveLength(4);
    expect(detail.data.trend!.points.map((p) => p.measuredAt)).toEqual(
      [...detail.data.history].reverse().map((h) => h.measuredAt),
    );
    const missing = bodyOf(
      await call(t, 'GET', WorkbenchPaths.detail, { token: admin, query: { id: 999_999 } }),
    );
    expect(missing).toMatchObject({ state: 255, msg: WorkbenchMessages.notFound });
  });

  it('refuses without a session, without the page, without the claim action, and non-integer ids', async () => {
    expect(bodyOf(await call(t, 'GET', WorkbenchPaths.queue)).state).toBe(266);
    const readers = await createGroup(t, '只看组', ['/health_medical_studio/doctor_workbench']);
    await createOperator(t, { username: 'reader', password: 'Read@1234', groupId: readers });
    const reader = (await login(t, 'reader', 'Read@1234')).access_token;
    expect((await queue({}, reader)).state).toBe(200);
    const target = (await queue({}, reader)).data.list[0]!;
    expect((await claim(target.id, reader)).state).toBe(267);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'other', password: 'Other@123', groupId: others });
    const other = (await login(t, 'other', 'Other@123')).access_token;
    expect((await queue({}, other)).state).toBe(267);
    for (const id of ['1.5', '1e0', '-1', 'abc', ''])
      expect((await claim(id, doctors[0]!)).state, `id ${id}`).toBe(255);
    const bad = bodyOf<Page<unknown>>(
      await call(t, 'GET', WorkbenchPaths.queue, { token: admin, query: { level: 'severe' } }),
    );
    expect(bad.state).toBe(255);
  });

  it('streams a new alert to an open workbench within seconds (server-sent events)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}${t.api(WorkbenchPaths.stream)}`, {
        headers: { authorization: `Bearer ${doctors[0]}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = response.body!.getReader();
      let text = '';
      const until = async (pattern: RegExp, ms: number) => {
        const deadline = Date.now() + ms;
        while (!pattern.test(text)) {
          if (Date.now() > deadline) throw new Error(`no ${pattern} in ${ms} ms: ${text}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended: ${text}`);
          text += new TextDecoder().decode(value);
        }
      };
      await until(/event: ready/, 5_000);
      // Let the stream take its watermark before the new reading.
      await new Promise((r) => setTimeout(r, 300));
      const urgent = await upload(t, young, { type: 'bp', measuredAt: at(), values: GRADE3 });
      const [alert] = await t.db
        .selectFrom('measurement_alerts')
        .select('id')
        .where('measurement_id', '=', urgent.id)
        .execute();
      await until(
        new RegExp(`event: alert\\ndata: \\{"kind":"alert","id":${alert!.id},"level":"urgent"\\}`),
        6_000,
      );
    } finally {
      controller.abort();
    }
    // Without a session the stream is refused like any route.
    const refused = await call(t, 'GET', WorkbenchPaths.stream);
    expect(bodyOf(refused).state).toBe(266);
  });
});
