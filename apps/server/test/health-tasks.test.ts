import {
  ApiPaths,
  DAY_MS,
  HealthTaskMessages,
  HealthTaskPaths,
  OperateLogPaths,
  type HealthTask,
  type HealthTaskCounts,
  type HealthTaskDetail,
  type Page,
  type TaskStaff,
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

const BOOKING = '/health_tasks/health_order';
const HOUR = 3_600_000;

/** A refused body's field messages by field. */
const errorsOf = (body: { data: unknown }): Record<string, string> =>
  Object.fromEntries((body.data as FieldErrors).errors.map((e) => [e.field, e.msg]));

describe.each(databaseKinds)('health tasks API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** 待预约 with `book` only. */
  let booker: string;
  /** Another page only. */
  let outsider: string;
  let assistantId: number;
  let doctorId: number;
  let disabledId: number;
  let operatorId: number;
  let memberId: number;
  let frozenMemberId: number;
  let alertId: number;
  let alertMemberId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const bookers = await createGroup(t, '预约组', [BOOKING, `${BOOKING}:book`]);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    assistantId = await createOperator(t, {
      username: 'assistant',
      password: 'Assi@123',
      groupId: bookers,
      staffRole: 'assistant',
      realName: '赵助理',
    });
    doctorId = await createOperator(t, {
      username: 'doctor',
      password: 'Doct@123',
      groupId: others,
      staffRole: 'doctor',
      realName: '李医生',
    });
    disabledId = await createOperator(t, {
      username: 'gone',
      password: 'Gone@123',
      groupId: others,
      staffRole: 'assistant',
      enabled: false,
    });
    operatorId = await createOperator(t, {
      username: 'outsider',
      password: 'Out@1234',
      groupId: others,
    });
    booker = (await login(t, 'assistant', 'Assi@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    frozenMemberId = await insertMember(t, { gradeId, name: '冻结者', phone: '13812340000' });
    await t.db
      .updateTable('members')
      .set({ status: 'frozen' })
      .where('id', '=', frozenMemberId)
      .execute();

    const model = await addModel(t, admin, 'bp');
    const device = await boundDevice(t, admin, model, {
      gradeId,
      name: '张血压',
      phone: '13800001111',
    });
    const reading = await upload(t, device, {
      type: 'bp',
      measuredAt: t.clock.now - 60_000,
      values: { systolic: 185, diastolic: 115, pulse: 80 },
    });
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select(['id', 'member_id'])
      .where('measurement_id', '=', reading.id)
      .executeTakeFirstOrThrow();
    alertId = Number(alert.id);
    alertMemberId = Number(alert.member_id);
  });

  const post = (p: string, json: unknown, token: string = admin) =>
    call(t, 'POST', p, { token, json });
  const get = (p: string, query: Record<string, unknown> = {}, token: string = admin) =>
    call(t, 'GET', p, { token, query });
  const task = async (id: number) =>
    bodyOf<HealthTaskDetail>(await get(HealthTaskPaths.detail, { id })).data;
  const balanceOf = async (id: number) =>
    Number(
      (
        await t.db
          .selectFrom('members')
          .select('points_balance')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).points_balance,
    );

  let taskId = 0;

  it('takes a task from to-assign to done: each step an event, points paid once', async () => {
    const added = bodyOf<HealthTask>(
      await post(HealthTaskPaths.add, {
        kind: 'follow_up_call',
        memberId,
        note: '询问近期血压',
        dueAt: t.clock.now + DAY_MS,
      }),
    );
    expect(added.state).toBe(200);
    taskId = added.data.id;
    expect(added.data).toMatchObject({
      status: 'to_assign',
      title: '电话随访',
      source: 'manual',
      memberName: '王秀英',
      memberPhone: '138****5678',
      assigneeId: null,
    });

    // Only enabled doctors and assistants can be assigned, with their open tasks.
    const staff = bodyOf<TaskStaff[]>(await get(HealthTaskPaths.staff)).data;
    expect(staff.map((s) => s.id).sort()).toEqual([assistantId, doctorId].sort());
    expect(staff.find((s) => s.id === assistantId)).toMatchObject({ name: '赵助理', openTasks: 0 });
    for (const bad of [disabledId, operatorId]) {
      const refused = bodyOf(await post(HealthTaskPaths.assign, { id: taskId, assigneeId: bad }));
      expect(refused.state).toBe(255);
      expect(errorsOf(refused).assigneeId).toBe(HealthTaskMessages.assigneeInvalid);
    }
    // Booking before assigning is refused with where the task stands.
    const early = bodyOf(
      await post(HealthTaskPaths.book, { id: taskId, appointmentAt: t.clock.now + HOUR }),
    );
    expect(early).toMatchObject({ state: 255, msg: '任务待分配，不能预约' });

    const assigned = bodyOf<HealthTask>(
      await post(HealthTaskPaths.assign, { id: taskId, assigneeId: assistantId }),
    );
    expect(assigned.data).toMatchObject({ status: 'to_book', assigneeName: '赵助理' });

    // The assistant books it (their group holds 待预约's `book`); a past time is refused.
    const past = bodyOf(
      await post(HealthTaskPaths.book, { id: taskId, appointmentAt: t.clock.now - HOUR }, booker),
    );
    expect(errorsOf(past).appointmentAt).toBe(HealthTaskMessages.appointmentPast);
    const missing = bodyOf(await post(HealthTaskPaths.book, { id: taskId }, booker));
    expect(errorsOf(missing).appointmentAt).toBe(HealthTaskMessages.appointmentRequired);
    // After its deadline (a day from now): refused, saying what to change.
    const afterDue = bodyOf(
      await post(
        HealthTaskPaths.book,
        { id: taskId, appointmentAt: t.clock.now + DAY_MS + HOUR },
        booker,
      ),
    );
    expect(errorsOf(afterDue).appointmentAt).toBe(HealthTaskMessages.appointmentAfterDue);
    const when = t.clock.now + 2 * HOUR;
    const booked = bodyOf<HealthTask>(
      await post(
        HealthTaskPaths.book,
        { id: taskId, appointmentAt: when, note: '下午电话' },
        booker,
      ),
    );
    expect(booked.data).toMatchObject({ status: 'booked', appointmentAt: when, mine: true });
    // Rebooking a booked task reschedules it.
    const later = when + HOUR;
    const moved = bodyOf<HealthTask>(
      await post(HealthTaskPaths.book, { id: taskId, appointmentAt: later }, booker),
    );
    expect(moved.data).toMatchObject({ status: 'booked', appointmentAt: later });
    // Nor may its deadline move before the appointment.
    const dueEarly = bodyOf(
      await post(HealthTaskPaths.update, {
        id: taskId,
        kind: 'follow_up_call',
        note: '询问近期血压',
        dueAt: later - HOUR,
      }),
    );
    expect(errorsOf(dueEarly).dueAt).toBe(HealthTaskMessages.dueBeforeAppointment);

    // Completing needs the outcome; it pays 积分配置's task points (default 20) once.
    const before = await balanceOf(memberId);
    const noOutcome = bodyOf(await post(HealthTaskPaths.complete, { id: taskId, outcome: ' ' }));
    expect(errorsOf(noOutcome).outcome).toBe(HealthTaskMessages.outcomeRequired);
    const done = bodyOf<HealthTask>(
      await post(HealthTaskPaths.complete, { id: taskId, outcome: '已电话随访，血压平稳' }),
    );
    expect(done.data).toMatchObject({
      status: 'done',
      outcome: '已电话随访，血压平稳',
      pointsAwarded: 20,
    });
    expect(await balanceOf(memberId)).toBe(before + 20);
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select(['amount', 'type', 'ref_id'])
      .where('member_id', '=', memberId)
      .where('type', '=', 'health_task')
      .execute();
    expect(ledger).toEqual([{ amount: 20, type: 'health_task', ref_id: String(taskId) }]);

    // A second completion, or any step, of a done task is refused and pays nothing.
    const again = bodyOf(await post(HealthTaskPaths.complete, { id: taskId, outcome: '再次' }));
    expect(again).toMatchObject({ state: 255, msg: '任务已完成，不能完成' });
    expect(bodyOf(await post(HealthTaskPaths.cancel, { id: taskId, reason: '重复' })).state).toBe(
      255,
    );
    expect(await balanceOf(memberId)).toBe(before + 20);

    // The timeline: who did what, in order.
    const detail = await task(taskId);
    expect(detail.events.map((e) => [e.action, e.fromStatus, e.toStatus, e.operatorName])).toEqual([
      ['create', null, 'to_assign', '系统管理员'],
      ['assign', 'to_assign', 'to_book', '系统管理员'],
      ['book', 'to_book', 'booked', '赵助理'],
      ['reschedule', 'booked', 'booked', '赵助理'],
      ['complete', 'booked', 'done', '系统管理员'],
    ]);
    expect(detail.events[1]!.remark).toBe('赵助理');
    expect(detail.events[2]!.remark).toContain('下午电话');
  });

  it('completes two at once exactly once', async () => {
    const { data } = bodyOf<HealthTask>(
      await post(HealthTaskPaths.add, { kind: 'home_visit', memberId, assigneeId: doctorId }),
    );
    expect(data.status).toBe('to_book');
    const before = await balanceOf(memberId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(HealthTaskPaths.complete, { id: data.id, outcome: '上门完成' })),
    );
    expect(answers.map((a) => bodyOf(a).state).sort()).toEqual([200, 255, 255]);
    expect(await balanceOf(memberId)).toBe(before + 20);
  });

  it('creates a task from an alert for its member; a frozen member gets no points', async () => {
    const fromAlert = bodyOf<HealthTask>(
      await post(HealthTaskPaths.add, { kind: 'follow_up_call', alertId }),
    );
    expect(fromAlert.data).toMatchObject({
      source: 'alert',
      sourceId: alertId,
      memberId: alertMemberId,
      alertLevel: 'urgent',
    });
    const unknown = bodyOf(
      await post(HealthTaskPaths.add, { kind: 'follow_up_call', alertId: 999999 }),
    );
    expect(errorsOf(unknown).alertId).toBe(HealthTaskMessages.alertNotFound);

    const frozen = bodyOf<HealthTask>(
      await post(HealthTaskPaths.add, {
        kind: 'assessment',
        memberId: frozenMemberId,
        assigneeId: doctorId,
      }),
    );
    const done = bodyOf<HealthTask>(
      await post(HealthTaskPaths.complete, { id: frozen.data.id, outcome: '评估完成' }),
    );
    expect(done.data).toMatchObject({ status: 'done', pointsAwarded: 0 });
  });

  it('validates bodies with Chinese messages and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('health_tasks')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    const noMember = bodyOf(await post(HealthTaskPaths.add, { kind: 'home_visit' }));
    expect(errorsOf(noMember).memberId).toBe(HealthTaskMessages.memberRequired);
    const badKind = bodyOf(await post(HealthTaskPaths.add, { kind: 'x', memberId }));
    expect(errorsOf(badKind).kind).toBe('请选择任务类型');
    const badId = bodyOf(await post(HealthTaskPaths.add, { kind: 'home_visit', memberId: '1.5' }));
    expect(errorsOf(badId).memberId).toBe('会员不正确');
    const longTitle = bodyOf(
      await post(HealthTaskPaths.add, { kind: 'home_visit', memberId, title: '长'.repeat(61) }),
    );
    expect(errorsOf(longTitle).title).toBe('任务标题最多60个字符');
    const noReason = bodyOf(await post(HealthTaskPaths.cancel, { id: taskId, reason: '' }));
    expect(errorsOf(noReason).reason).toBe(HealthTaskMessages.reasonRequired);
    expect(bodyOf(await get(HealthTaskPaths.detail, { id: 'abc' })).state).toBe(255);
    expect(bodyOf(await get(HealthTaskPaths.detail, { id: 987654 })).msg).toBe(
      HealthTaskMessages.notFound,
    );
    expect(await count()).toBe(n);
  });

  it('cancels with a reason, edits an open task, refuses to edit a closed one', async () => {
    const { data } = bodyOf<HealthTask>(
      await post(HealthTaskPaths.add, { kind: 'bp_review', memberId }),
    );
    const edited = bodyOf<HealthTask>(
      await post(HealthTaskPaths.update, {
        id: data.id,
        kind: 'ecg_reading',
        title: '复查心电',
        note: '',
      }),
    );
    expect(edited.data).toMatchObject({
      kind: 'ecg_reading',
      title: '复查心电',
      status: 'to_assign',
    });
    const cancelled = bodyOf<HealthTask>(
      await post(HealthTaskPaths.cancel, { id: data.id, reason: '会员已住院' }),
    );
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancelReason: '会员已住院' });
    const late = bodyOf(
      await post(HealthTaskPaths.update, { id: data.id, kind: 'ecg_reading', title: '', note: '' }),
    );
    expect(late).toMatchObject({ state: 255, msg: HealthTaskMessages.closedReadOnly });
    expect((await task(data.id)).events.map((e) => e.action)).toEqual(['create', 'edit', 'cancel']);
  });

  it('lists by status, mine and member; counts the open ones', async () => {
    const toAssign = bodyOf<Page<HealthTask>>(
      await get(HealthTaskPaths.list, { status: 'to_assign' }),
    );
    expect(toAssign.data.list.every((r) => r.status === 'to_assign')).toBe(true);
    const mine = bodyOf<Page<HealthTask>>(
      await get(HealthTaskPaths.list, { mine: 'true' }, booker),
    );
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(mine.data.list.every((r) => r.assigneeId === assistantId && r.mine)).toBe(true);
    const byPhone = bodyOf<Page<HealthTask>>(await get(HealthTaskPaths.list, { phone: '1381234' }));
    expect(new Set(byPhone.data.list.map((r) => r.memberName))).toEqual(
      new Set(['王秀英', '冻结者']),
    );
    // The new-task form's member picker: members in good standing, phones masked.
    const picked = bodyOf<{ id: number; name: string; phone: string }[]>(
      await get(HealthTaskPaths.memberOptions, { keyword: '13812' }),
    ).data;
    expect(picked).toEqual([{ id: memberId, name: '王秀英', phone: '138****5678' }]);
    expect(
      bodyOf(await get(HealthTaskPaths.memberOptions, { keyword: '13812' }, booker)).state,
    ).toBe(267);
    const bad = bodyOf(await get(HealthTaskPaths.list, { status: 'lost' }));
    expect(bad.state).toBe(255);

    const counts = bodyOf<HealthTaskCounts>(await get(HealthTaskPaths.counts)).data;
    const open = await t.db
      .selectFrom('health_tasks')
      .select(['status', 'due_at'])
      .where('status', 'in', ['to_assign', 'to_book', 'booked'])
      .execute();
    expect(counts.toAssign).toBe(open.filter((r) => r.status === 'to_assign').length);
    expect(counts.toBook).toBe(open.filter((r) => r.status === 'to_book').length);
    expect(counts.toAssign + counts.toBook + counts.booked).toBe(open.length);
    // The overview's to-do links the tasks to assign (and the open alerts) for who holds them.
    const todos = bodyOf<{ todos: { key: string; count: number; link: string }[] }>(
      await get(ApiPaths.homeOverview),
    ).data.todos;
    expect(todos.find((x) => x.key === 'tasksToAssign')).toMatchObject({
      count: counts.toAssign,
      link: '/health_tasks/health_assign',
    });
    expect(todos.find((x) => x.key === 'openAlerts')?.count).toBeGreaterThan(0);
  });

  it('checks the session, the page and the action on the server', async () => {
    expect(bodyOf(await call(t, 'GET', HealthTaskPaths.list, {})).state).toBe(266);
    expect(bodyOf(await get(HealthTaskPaths.list, {}, outsider)).state).toBe(267);
    // The booker reads tasks (a task page) but may not add, assign, complete or cancel.
    expect(bodyOf(await get(HealthTaskPaths.list, {}, booker)).state).toBe(200);
    expect(
      bodyOf(await post(HealthTaskPaths.add, { kind: 'home_visit', memberId }, booker)).state,
    ).toBe(267);
    expect(bodyOf(await get(HealthTaskPaths.staff, {}, booker)).state).toBe(267);
    expect(
      bodyOf(await post(HealthTaskPaths.assign, { id: taskId, assigneeId: assistantId }, booker))
        .state,
    ).toBe(267);
    expect(
      bodyOf(await post(HealthTaskPaths.complete, { id: taskId, outcome: 'x' }, booker)).state,
    ).toBe(267);
    expect(
      bodyOf(await post(HealthTaskPaths.cancel, { id: taskId, reason: 'x' }, booker)).state,
    ).toBe(267);
    expect(bodyOf(await get(HealthTaskPaths.export, {}, booker)).state).toBe(267);
  });

  it('exports the filter with masked phones and logs every change', async () => {
    const exported = await get(HealthTaskPaths.export, { status: 'done' });
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, ...rows] = await exportRows(exported);
    expect(header).toContain('手机号');
    const phone = header!.indexOf('手机号');
    const status = header!.indexOf('状态');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[status] === '已完成')).toBe(true);
    expect(rows.every((r) => /^1\d\d\*{4}\d{4}$/.test(String(r[phone])))).toBe(true);
    const logs = bodyOf<Page<{ action: string; target: { zh: string; en: string } }>>(
      await get(OperateLogPaths.list, { pageSize: 100 }),
    ).data.list.filter(
      (l) => l.target.zh.startsWith('健康任务') && l.target.en.startsWith('Health task'),
    );
    const actions = new Set(logs.map((l) => l.action));
    for (const a of ['add', 'assign', 'book', 'complete', 'cancel', 'edit'])
      expect(actions).toContain(a);
  });
});
