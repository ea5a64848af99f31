import {
  DAY_MS,
  HealthPlanMessages,
  HealthPlanPaths,
  HealthTaskPaths,
  OperateLogPaths,
  PLAN_CANCEL_REASON,
  type HealthPlan,
  type HealthPlanDetail,
  type HealthTask,
  type MemberOption,
  type Page,
  type TaskStaff,
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

const PLANS = '/health_management/health-management-plan';
const HOUR = 3_600_000;

const errorsOf = (body: { data: unknown }): Record<string, string> =>
  Object.fromEntries((body.data as FieldErrors).errors.map((e) => [e.field, e.msg]));

describe.each(databaseKinds)('health plans API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** The plan page without actions. */
  let viewer: string;
  let outsider: string;
  let assistantId: number;
  let memberId: number;
  let otherMemberId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const viewers = await createGroup(t, '方案只读组', [PLANS]);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    assistantId = await createOperator(t, {
      username: 'assistant',
      password: 'Assi@123',
      groupId: others,
      staffRole: 'assistant',
      realName: '赵助理',
    });
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    otherMemberId = await insertMember(t, { gradeId, name: '李建国', phone: '13912345678' });
  });

  const post = (p: string, json: unknown, token: string = admin) =>
    call(t, 'POST', p, { token, json });
  const get = (p: string, query: Record<string, unknown> = {}, token: string = admin) =>
    call(t, 'GET', p, { token, query });
  const detail = async (id: number) =>
    bodyOf<HealthPlanDetail>(await get(HealthPlanPaths.detail, { id })).data;
  const start = () => t.clock.now + DAY_MS;
  const content = {
    title: '高血压管理方案',
    goals: ['血压控制在 130/80 以下', '每日测量两次'],
    diet: '低盐饮食',
    exercise: '每天快走 30 分钟',
    medications: [{ drug: '氨氯地平', dose: '5 mg', times: ['08:00', '20:00'], note: '饭后' }],
  };

  let planId = 0;
  let startAt = 0;

  it('creates a plan whose schedule makes its tasks, due every N days', async () => {
    startAt = start();
    const added = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.add, {
        memberId,
        ...content,
        schedule: { everyDays: 14, occurrences: 3, startAt, assigneeId: assistantId },
      }),
    );
    expect(added.state, added.msg).toBe(200);
    planId = added.data.id;
    expect(added.data).toMatchObject({
      status: 'active',
      memberName: '王秀英',
      memberPhone: '138****5678',
      goals: content.goals,
      medications: content.medications,
      schedule: {
        kind: 'follow_up_call',
        everyDays: 14,
        occurrences: 3,
        startAt,
        assigneeName: '赵助理',
      },
      nextFollowUpAt: startAt,
    });
    expect(added.data.tasks.map((x) => [x.title, x.status, x.dueAt, x.assigneeName])).toEqual([
      ['随访（第 1/3 次）', 'to_book', startAt, '赵助理'],
      ['随访（第 2/3 次）', 'to_book', startAt + 14 * DAY_MS, '赵助理'],
      ['随访（第 3/3 次）', 'to_book', startAt + 28 * DAY_MS, '赵助理'],
    ]);
    // They are health tasks from the plan, on the task pages.
    const tasks = bodyOf<Page<HealthTask>>(
      await get(HealthTaskPaths.list, { source: 'plan', memberId }),
    ).data.list;
    expect(tasks).toHaveLength(3);
    expect(tasks.every((x) => x.sourceId === planId && x.kind === 'follow_up_call')).toBe(true);

    const list = bodyOf<Page<HealthPlan>>(await get(HealthPlanPaths.list, { name: '王秀英' }));
    expect(list.data.list.map((p) => [p.id, p.nextFollowUpAt])).toEqual([[planId, startAt]]);
  });

  it('keeps one active plan per member', async () => {
    const again = bodyOf(
      await post(HealthPlanPaths.add, { memberId, title: '第二个方案', schedule: null }),
    );
    expect(again.state).toBe(255);
    expect(errorsOf(again).memberId).toBe(HealthPlanMessages.memberHasPlan);
  });

  it('edits the schedule: unstarted tasks cancelled, booked ones kept, new ones made', async () => {
    const [first] = (await detail(planId)).tasks;
    const booked = bodyOf(
      await post(HealthTaskPaths.book, { id: first!.id, appointmentAt: t.clock.now + HOUR }),
    );
    expect(booked.state, booked.msg).toBe(200);

    // Same schedule, other text: no task touched.
    const same = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.update, {
        id: planId,
        ...content,
        diet: '低盐低脂',
        schedule: { everyDays: 14, occurrences: 3, startAt, assigneeId: assistantId },
      }),
    );
    expect(same.state, same.msg).toBe(200);
    expect(same.data.diet).toBe('低盐低脂');
    expect(same.data.tasks).toHaveLength(3);

    const newStart = startAt + 7 * DAY_MS;
    const changed = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.update, {
        id: planId,
        ...content,
        schedule: { kind: 'home_visit', everyDays: 30, occurrences: 2, startAt: newStart },
      }),
    );
    expect(changed.state, changed.msg).toBe(200);
    const rows = changed.data.tasks.map((x) => [x.id, x.status, x.kind, x.dueAt]);
    expect(rows.filter((r) => r[1] === 'booked')).toEqual([
      [first!.id, 'booked', 'follow_up_call', startAt],
    ]);
    const cancelled = changed.data.tasks.filter((x) => x.status === 'cancelled');
    expect(cancelled).toHaveLength(2);
    expect(cancelled.every((x) => x.cancelReason === PLAN_CANCEL_REASON)).toBe(true);
    expect(
      changed.data.tasks
        .filter((x) => x.status === 'to_assign')
        .map((x) => [x.kind, x.dueAt, x.title]),
    ).toEqual([
      ['home_visit', newStart, '随访（第 1/2 次）'],
      ['home_visit', newStart + 30 * DAY_MS, '随访（第 2/2 次）'],
    ]);
    // The cancellation is a step on the task's timeline.
    const timeline = bodyOf<{ events: { action: string; remark: string }[] }>(
      await get(HealthTaskPaths.detail, { id: cancelled[0]!.id }),
    ).data.events;
    expect(timeline.at(-1)).toMatchObject({ action: 'cancel', remark: PLAN_CANCEL_REASON });
  });

  it('refuses to delete a plan with a started task; ending cancels the unstarted ones', async () => {
    const row = bodyOf<Page<HealthPlan>>(await get(HealthPlanPaths.list, { name: '王秀英' })).data
      .list[0];
    expect(row).toMatchObject({ id: planId, deletable: false });
    const refused = bodyOf(await post(HealthPlanPaths.delete, { id: planId }));
    expect(refused).toMatchObject({ state: 255, msg: HealthPlanMessages.deleteStarted });

    const ended = bodyOf<HealthPlanDetail>(await post(HealthPlanPaths.end, { id: planId }));
    expect(ended.state, ended.msg).toBe(200);
    expect(ended.data.status).toBe('ended');
    expect(ended.data.endedAt).not.toBeNull();
    const statuses = ended.data.tasks.map((x) => x.status).sort();
    expect(statuses).toEqual(['booked', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(ended.data.nextFollowUpAt).toBe(startAt);

    const edit = bodyOf(
      await post(HealthPlanPaths.update, { id: planId, ...content, schedule: null }),
    );
    expect(edit).toMatchObject({ state: 255, msg: HealthPlanMessages.ended });
    // An ended plan leaves room for a new one.
    const next = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.add, { memberId, title: '新方案', schedule: null }),
    );
    expect(next.state, next.msg).toBe(200);
    expect(next.data.tasks).toEqual([]);
  });

  it('deletes a plan whose tasks are all unstarted, cancelling them', async () => {
    const added = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.add, {
        memberId: otherMemberId,
        title: '随访方案',
        schedule: { everyDays: 7, occurrences: 2, startAt: start() },
      }),
    );
    expect(added.state, added.msg).toBe(200);
    expect(added.data.deletable).toBe(true);
    const ids = added.data.tasks.map((x) => x.id);
    expect(bodyOf(await post(HealthPlanPaths.delete, { id: added.data.id })).state).toBe(200);
    expect(bodyOf(await get(HealthPlanPaths.detail, { id: added.data.id })).state).toBe(255);
    for (const id of ids) {
      const task = bodyOf<HealthTask>(await get(HealthTaskPaths.detail, { id })).data;
      expect(task).toMatchObject({ status: 'cancelled', cancelReason: PLAN_CANCEL_REASON });
    }
  });

  it('saves a plan without goals: blank goal rows (the form starts with one) are dropped', async () => {
    const gradeId = await insertGrade(t, { name: '无目标组', growth: 777 });
    const member = await insertMember(t, { gradeId, name: '钱无目标' });
    const added = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.add, { memberId: member, title: '饮食方案', goals: ['', '  '] }),
    );
    expect(added.state, added.msg).toBe(200);
    expect(added.data.goals).toEqual([]);
    const mixed = bodyOf<HealthPlanDetail>(
      await post(HealthPlanPaths.update, {
        id: added.data.id,
        title: '饮食方案',
        goals: ['', '每日食盐不超过5克', ' '],
      }),
    );
    expect(mixed.state, mixed.msg).toBe(200);
    expect((await detail(added.data.id)).goals).toEqual(['每日食盐不超过5克']);
  });

  it('validates the plan with Chinese messages and strict ids', async () => {
    const bad = bodyOf(
      await post(HealthPlanPaths.add, {
        memberId: true,
        title: ' ',
        goals: [''],
        medications: [{ drug: '', times: ['8:00'] }],
        schedule: { everyDays: 3, occurrences: 30, startAt: '' },
      }),
    );
    expect(bad.state).toBe(255);
    expect(errorsOf(bad)).toMatchObject({
      memberId: '会员不正确',
      title: HealthPlanMessages.titleRequired,
      'medications.0.drug': HealthPlanMessages.drugRequired,
      'medications.0.times.0': HealthPlanMessages.timeInvalid,
      'schedule.everyDays': HealthPlanMessages.everyDays,
      'schedule.occurrences': HealthPlanMessages.occurrences,
      'schedule.startAt': HealthPlanMessages.startRequired,
    });
    const noMember = bodyOf(await post(HealthPlanPaths.add, { title: '方案' }));
    expect(errorsOf(noMember).memberId).toBe(HealthPlanMessages.memberRequired);
    const badAssignee = bodyOf(
      await post(HealthPlanPaths.add, {
        memberId: otherMemberId,
        title: '方案',
        schedule: { everyDays: 7, occurrences: 1, startAt: start(), assigneeId: 999_999 },
      }),
    );
    expect(errorsOf(badAssignee)['schedule.assigneeId']).toBe(HealthPlanMessages.assigneeInvalid);
    expect(bodyOf(await get(HealthPlanPaths.detail, { id: '1.0' })).state).toBe(255);
  });

  it('serves its pickers on the plan page', async () => {
    const members = bodyOf<MemberOption[]>(
      await get(HealthPlanPaths.memberOptions, { keyword: '王秀' }),
    ).data;
    expect(members).toEqual([{ id: memberId, name: '王秀英', phone: '138****5678' }]);
    const staff = bodyOf<TaskStaff[]>(await get(HealthPlanPaths.staff)).data;
    expect(staff.map((s) => s.id)).toContain(assistantId);
  });

  it('answers 266 without a session and 267 without the page or its action', async () => {
    expect(bodyOf(await call(t, 'GET', HealthPlanPaths.list, {})).state).toBe(266);
    expect(bodyOf(await post(HealthPlanPaths.add, {}, '')).state).toBe(266);
    expect(bodyOf(await get(HealthPlanPaths.list, {}, outsider)).state).toBe(267);
    expect(
      bodyOf(await get(HealthPlanPaths.memberOptions, { keyword: '王' }, outsider)).state,
    ).toBe(267);
    // The viewer reads but may not add, edit, end or delete.
    expect(bodyOf(await get(HealthPlanPaths.list, {}, viewer)).state).toBe(200);
    expect(bodyOf(await post(HealthPlanPaths.add, { memberId, title: '方案' }, viewer)).state).toBe(
      267,
    );
    expect(bodyOf(await post(HealthPlanPaths.update, { id: planId }, viewer)).state).toBe(267);
    expect(bodyOf(await post(HealthPlanPaths.end, { id: planId }, viewer)).state).toBe(267);
    expect(bodyOf(await post(HealthPlanPaths.delete, { id: planId }, viewer)).state).toBe(267);
  });

  it('logs every change with its labels', async () => {
    const logs = bodyOf<Page<{ action: string; target: { zh: string; en: string } }>>(
      await get(OperateLogPaths.list, { pageSize: 100 }),
    ).data.list.filter(
      (l) => l.target.zh.startsWith('健康管理方案') && l.target.en.startsWith('Care plan'),
    );
    const actions = new Set(logs.map((l) => l.action));
    for (const a of ['add', 'edit', 'end', 'delete']) expect(actions).toContain(a);
  });
});
