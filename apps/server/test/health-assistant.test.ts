import {
  AssistantMessages,
  AssistantPaths,
  DAY_MS,
  DeviceModelPaths,
  DevicePaths,
  DeviceReturnPaths,
  HealthTaskMessages,
  HealthTaskPaths,
  type AssistantOverview,
  type DeviceDetail,
  type HealthTask,
  type HealthTaskDetail,
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

const PAGE = '/health_medical_studio/assistant-workbench';

describe.each(databaseKinds)('assistant workbench API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let assistant: string;
  /** Reads the workbench without its `edit`. */
  let viewer: string;
  let memberId: number;
  let followUpId: number;
  let visitId: number;
  let othersId: number;
  let lentDevice: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const assistants = await createGroup(t, '助理', [PAGE, `${PAGE}:edit`]);
    const viewers = await createGroup(t, '只读', [PAGE]);
    const assistantId = await createOperator(t, {
      username: 'assistant',
      password: 'Assi@123',
      groupId: assistants,
      staffRole: 'assistant',
      realName: '赵助理',
    });
    const otherId = await createOperator(t, {
      username: 'other',
      password: 'Othe@123',
      groupId: assistants,
      staffRole: 'assistant',
      realName: '钱助理',
    });
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    assistant = (await login(t, 'assistant', 'Assi@123')).access_token;
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    const add = async (json: object) =>
      bodyOf<HealthTask>(await call(t, 'POST', HealthTaskPaths.add, { token: admin, json })).data
        .id;
    followUpId = await add({ kind: 'follow_up_call', memberId, assigneeId: assistantId });
    visitId = await add({ kind: 'home_visit', memberId, assigneeId: assistantId });
    othersId = await add({ kind: 'follow_up_call', memberId, assigneeId: otherId });

    // A device lent to the member, who posts it back.
    const post = (path: string, json: unknown) => call(t, 'POST', path, { token: admin, json });
    const modelId = bodyOf<{ id: number }>(
      await post(DeviceModelPaths.add, { name: '血压计 BP-200', type: 'bp' }),
    ).data.id;
    lentDevice = bodyOf<{ id: number }>(
      await post(DevicePaths.add, { serial: 'BP-AST-0001', modelId }),
    ).data.id;
    expect(
      bodyOf(await post(DevicePaths.transition('lend'), { id: lentDevice, memberId })).state,
    ).toBe(200);
    expect(
      bodyOf(
        await call(t, 'POST', DeviceReturnPaths.file, {
          json: {
            phone: '13812345678',
            serial: 'BP-AST-0001',
            courier: 'sf',
            trackingNo: 'SF1234567890',
          },
        }),
      ).state,
    ).toBe(200);
  });

  const get = (token = assistant) => call(t, 'GET', AssistantPaths.overview, { token });
  const post = (p: string, json: unknown, token = assistant) => call(t, 'POST', p, { token, json });
  const detail = async (id: number) =>
    bodyOf<HealthTaskDetail>(
      await call(t, 'GET', HealthTaskPaths.detail, { token: admin, query: { id } }),
    ).data;

  it('shows the assistant’s own follow-ups and tasks to book, and every pending return', async () => {
    const o = bodyOf<AssistantOverview>(await get()).data;
    expect(o.counts).toEqual({ followUps: 1, toBook: 1, returns: 1 });
    expect(o.followUps.map((r) => r.id)).toEqual([followUpId]);
    expect(o.toBook.map((r) => r.id)).toEqual([visitId]);
    expect(o.returns[0]).toMatchObject({
      serial: 'BP-AST-0001',
      memberName: '王秀英',
      memberPhone: '138****5678',
      deviceStatus: 'lent',
      trackingNo: 'SF1234567890',
    });
  });

  it('records a call not answered on the timeline, then a reached one completes the task', async () => {
    const missed = bodyOf<HealthTask>(
      await post(AssistantPaths.call, {
        id: followUpId,
        result: 'unreachable',
        outcome: '无人接听',
      }),
    );
    expect(missed.data.status).toBe('to_book');
    const noOutcome = bodyOf(
      await post(AssistantPaths.call, { id: followUpId, result: 'reached' }),
    );
    expect((noOutcome.data as FieldErrors).errors).toEqual([
      { field: 'outcome', msg: HealthTaskMessages.outcomeRequired },
    ]);
    const done = bodyOf<HealthTask>(
      await post(AssistantPaths.call, {
        id: followUpId,
        result: 'reached',
        outcome: '已接通，血压平稳',
      }),
    );
    expect(done.data).toMatchObject({ status: 'done', outcome: '已接通，血压平稳' });
    expect(done.data.pointsAwarded).toBeGreaterThan(0);
    const events = (await detail(followUpId)).events;
    expect(events.map((e) => [e.action, e.remark, e.operatorName])).toEqual([
      ['create', '手动创建', '系统管理员'],
      ['assign', '赵助理', '系统管理员'],
      ['callAttempt', '无人接听', '赵助理'],
      ['complete', '已接通，血压平稳', '赵助理'],
    ]);
    expect(bodyOf<AssistantOverview>(await get()).data.counts.followUps).toBe(0);
  });

  it('acts only on the assistant’s own tasks, and calls only follow-up calls', async () => {
    const others = bodyOf(
      await post(AssistantPaths.call, { id: othersId, result: 'reached', outcome: 'x' }),
    );
    expect(others).toMatchObject({ state: 255, msg: AssistantMessages.notMine });
    const visit = bodyOf(
      await post(AssistantPaths.call, { id: visitId, result: 'reached', outcome: 'x' }),
    );
    expect(visit).toMatchObject({ state: 255, msg: AssistantMessages.notFollowUp });
  });

  it('books a task with the member', async () => {
    const when = t.clock.now + DAY_MS;
    const booked = bodyOf<HealthTask>(
      await post(AssistantPaths.book, { id: visitId, appointmentAt: when }),
    );
    expect(booked.data).toMatchObject({ status: 'booked', appointmentAt: when });
    expect(bodyOf<AssistantOverview>(await get()).data.counts.toBook).toBe(0);
  });

  it('receives a returned device: the device is returned, the return received', async () => {
    const { returns } = bodyOf<AssistantOverview>(await get()).data;
    const received = bodyOf(
      await post(AssistantPaths.receive, { id: returns[0]!.id, remark: '外观完好' }),
    );
    expect(received.state).toBe(200);
    const device = bodyOf<DeviceDetail>(
      await call(t, 'GET', DevicePaths.detail, { token: admin, query: { id: lentDevice } }),
    ).data;
    expect(device.status).toBe('returned');
    expect(device.returns[0]).toMatchObject({ status: 'received', handledBy: '赵助理' });
    const again = bodyOf(await post(AssistantPaths.receive, { id: returns[0]!.id }));
    expect(again).toMatchObject({ state: 255, msg: AssistantMessages.returnNotFound });
  });

  it('checks the page and its edit action on the server', async () => {
    expect(bodyOf(await get(viewer)).state).toBe(200);
    expect(
      bodyOf(await post(AssistantPaths.call, { id: othersId, result: 'unreachable' }, viewer))
        .state,
    ).toBe(267);
    expect(bodyOf(await post(AssistantPaths.receive, { id: 1 }, viewer)).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', AssistantPaths.overview, {})).state).toBe(266);
  });
});
