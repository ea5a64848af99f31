import {
  DAY_MS,
  HealthReportPaths,
  HealthTaskPaths,
  WorkbenchPaths,
  WorkloadMessages,
  WorkloadPaths,
  percentileOf,
  type HealthTask,
  type Workload,
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
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';
import { addModel, boundDevice, upload } from './helpers/readings.js';

const PAGE = '/health_medical_studio/medical_staff_report';
const MINUTE = 60_000;

describe('percentileOf (nearest rank)', () => {
  it('takes the value at the rank, not an interpolation', () => {
    expect(percentileOf([], 50)).toBeNull();
    expect(percentileOf([7], 90)).toBe(7);
    expect(percentileOf([4, 1, 3, 2], 50)).toBe(2);
    expect(percentileOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentileOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });
});

describe.each(databaseKinds)('staff workload API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds the workload page without its export. */
  let viewer: string;
  let assistantId: number;
  let doctorId: number;
  let start: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    start = t.clock.now - MINUTE;
    const viewers = await createGroup(t, '工作量只读', [PAGE]);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    assistantId = await createOperator(t, {
      username: 'assistant',
      password: 'Assi@123',
      groupId: viewers,
      staffRole: 'assistant',
      realName: '赵助理',
    });
    doctorId = await createOperator(t, {
      username: 'idle',
      password: 'Idle@123',
      groupId: viewers,
      staffRole: 'doctor',
      realName: '闲医生',
    });

    // The admin answers two alerts: one 10 minutes after it was raised, one 30 minutes after.
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const model = await addModel(t, admin, 'bp');
    const device = await boundDevice(t, admin, model, {
      gradeId,
      name: '张血压',
      phone: '13800001111',
    });
    for (const [i, wait] of [10, 30].entries()) {
      const reading = await upload(t, device, {
        type: 'bp',
        measuredAt: t.clock.now - 60_000 + i,
        values: { systolic: 185 + i, diastolic: 115, pulse: 80 },
      });
      const alert = await t.db
        .selectFrom('measurement_alerts')
        .select('id')
        .where('measurement_id', '=', reading.id)
        .executeTakeFirstOrThrow();
      t.clock.now += wait * MINUTE;
      const json = (p: string, body: unknown) => call(t, 'POST', p, { token: admin, json: body });
      expect(bodyOf(await json(WorkbenchPaths.claim, { id: alert.id })).state).toBe(200);
      const report = bodyOf<{ id: number }>(
        await json(HealthReportPaths.add, {
          measurementId: reading.id,
          alertId: alert.id,
          conclusion: '血压升高。',
          advice: '请复诊。',
        }),
      );
      expect(bodyOf(await json(HealthReportPaths.publish, { id: report.data.id })).state).toBe(200);
    }
    // The assistant books and completes a task the admin assigned.
    const memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    const task = bodyOf<HealthTask>(
      await call(t, 'POST', HealthTaskPaths.add, {
        token: admin,
        json: { kind: 'follow_up_call', memberId, assigneeId: assistantId },
      }),
    ).data;
    // The assistant's steps (what is measured is the events' operator, whoever's group allows it).
    await t.db
      .insertInto('health_task_events')
      .values([
        {
          task_id: task.id,
          action: 'book',
          from_status: 'to_book',
          to_status: 'booked',
          operator_id: assistantId,
          operator_name: '赵助理',
          remark: '',
          created_at: t.clock.now,
        },
        {
          task_id: task.id,
          action: 'complete',
          from_status: 'booked',
          to_status: 'done',
          operator_id: assistantId,
          operator_name: '赵助理',
          remark: '已随访',
          created_at: t.clock.now,
        },
      ])
      .execute();
  });

  const get = (p: string, query: Record<string, unknown>, token = admin) =>
    call(t, 'GET', p, { token, query });
  const period = () => ({ startTime: start, endTime: t.clock.now + MINUTE });

  it('counts each person’s work from the reports and the task events', async () => {
    const answer = bodyOf<Workload>(await get(WorkloadPaths.list, period()));
    expect(answer.state).toBe(200);
    const rows = answer.data.rows;
    const adminRow = rows.find((r) => r.name === '系统管理员')!;
    expect(adminRow).toMatchObject({
      read: 2,
      published: 2,
      alertsAnswered: 2,
      medianMinutes: 10,
      p90Minutes: 30,
      tasksDone: 0,
    });
    expect(rows.find((r) => r.operatorId === assistantId)).toMatchObject({
      staffRole: 'assistant',
      tasksBooked: 1,
      tasksDone: 1,
      published: 0,
      medianMinutes: null,
    });
    // An enabled doctor who did nothing is listed with zeros.
    expect(rows.find((r) => r.operatorId === doctorId)).toMatchObject({ published: 0, read: 0 });
    expect(answer.data).toMatchObject({ medianMinutes: 10, p90Minutes: 30 });
    // The busiest first.
    expect(rows[0]!.name).toBe('系统管理员');
    // One entry per China day of the period; the chart's sums are the table's.
    const days = answer.data.days;
    expect(days.reduce((s, d) => s + d.published, 0)).toBe(2);
    expect(days.reduce((s, d) => s + d.tasksDone, 0)).toBe(1);
    const mine = bodyOf<Workload>(
      await get(WorkloadPaths.list, { ...period(), operatorId: assistantId }),
    ).data.days;
    expect(mine.reduce((s, d) => s + d.published, 0)).toBe(0);
    expect(mine.reduce((s, d) => s + d.tasksDone, 0)).toBe(1);
  });

  it('leaves out what happened outside the period', async () => {
    const before = bodyOf<Workload>(
      await get(WorkloadPaths.list, { startTime: start - 10 * DAY_MS, endTime: start - DAY_MS }),
    ).data;
    expect(before.rows.every((r) => r.published === 0 && r.tasksDone === 0)).toBe(true);
    expect(before.medianMinutes).toBeNull();
    expect(before.days).toHaveLength(10);
  });

  it('refuses a missing, reversed or too long period in Chinese', async () => {
    const fields = async (query: Record<string, unknown>) =>
      Object.fromEntries(
        (bodyOf(await get(WorkloadPaths.list, query)).data as FieldErrors).errors.map((e) => [
          e.field,
          e.msg,
        ]),
      );
    expect((await fields({})).startTime).toBe(WorkloadMessages.periodRequired);
    expect((await fields({ startTime: 10, endTime: 5 })).endTime).toBe(
      WorkloadMessages.periodOrder,
    );
    expect((await fields({ startTime: 0, endTime: 400 * DAY_MS })).endTime).toBe(
      WorkloadMessages.periodTooLong,
    );
  });

  it('exports the table with the export action only', async () => {
    const exported = await get(WorkloadPaths.export, period());
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = await exportRows(exported);
    expect(header).toContain('响应时长中位数(分钟)');
    expect(rows.some((r) => r[0] === '系统管理员' && r[3] === 2)).toBe(true);
    expect(bodyOf(await get(WorkloadPaths.export, period(), viewer)).state).toBe(267);
    expect(bodyOf(await get(WorkloadPaths.list, period(), viewer)).state).toBe(200);
    expect(bodyOf(await call(t, 'GET', WorkloadPaths.list, { query: period() })).state).toBe(266);
  });
});
