import {
  ApiPaths,
  GroupPaths,
  Messages,
  PasswordMessages,
  checkNewPassword,
  type InitialPasswordResponse,
  type OperatorDetail,
  type OperatorListItem,
  type Page,
  type SessionItem,
  type UserInfo,
  OperatorMessages,
  OperatorPaths,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  tryLogin,
  type TestApp,
  loginAdmin,
  type FieldErrors,
  SESSION_INVALID,
} from './helpers/app.js';

const PAGE = '/sysset_authority/authority_member';

describe.each(databaseKinds)('authority operators API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let superGroupId: number;
  let staffGroup: number;
  /** Holds the operator page but no action on it. */
  let viewer: string;
  /** Holds no authority page. */
  let outsider: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    superGroupId = (
      await t.db
        .selectFrom('permission_groups')
        .select('id')
        .where('builtin', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    staffGroup = await createGroup(t, '医生组', ['/sysset_home/basic', '/integralmall/deco']);
    const viewers = await createGroup(t, '查看组', ['/sysset_home/basic', PAGE]);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: staffGroup });
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const add = async (json: Record<string, unknown>) =>
    bodyOf<InitialPasswordResponse>(await post(OperatorPaths.add, json));
  const detail = async (id: number, token = admin) =>
    bodyOf<OperatorDetail>(await call(t, 'GET', `${OperatorPaths.detail}?id=${id}`, { token }));

  it('adds an operator with an entered password that must be changed at first login', async () => {
    const body = await add({
      username: '  wangfang ',
      realName: '王芳',
      phone: '13812345678',
      groupId: staffGroup,
      staffRole: 'doctor',
      password: 'Init@2024',
    });
    expect(body).toMatchObject({ state: 200, msg: '操作员已新增' });
    expect(body.data.generatedPassword).toBeNull();
    const tokens = await login(t, 'wangfang', 'Init@2024');
    expect(tokens.need_change_type).toBe('first');

    const shown = await detail(body.data.id);
    expect(shown.data).toMatchObject({
      username: 'wangfang',
      realName: '王芳',
      phone: '138****5678',
      groupName: '医生组',
      staffRole: 'doctor',
      enabled: true,
      needChangeType: 'first',
      isSelf: false,
      liveSessions: 1,
    });
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'after_json'])
      .where('target', '=', '操作员 wangfang')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('add');
    expect(log.after_json).not.toContain('Init@2024');
    expect(log.after_json).not.toContain('13812345678');
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ phone: '138****5678' });
  });

  it('generates a rule-passing initial password when none is entered and shows it once', async () => {
    const body = await add({
      username: 'liuyang',
      realName: '刘洋',
      groupId: staffGroup,
      staffRole: 'assistant',
    });
    const generated = body.data.generatedPassword ?? '';
    expect(checkNewPassword(generated)).toBeNull();
    expect((await login(t, 'liuyang', generated)).need_change_type).toBe('first');
    expect(JSON.stringify(await detail(body.data.id))).not.toContain(generated);
  });

  it('refuses invalid operators with field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', '用户名为3-32位字母、数字或下划线'],
      [{ username: '王五五' }, 'username', '用户名为3-32位字母、数字或下划线'],
      [{ username: 'wangfang' }, 'username', OperatorMessages.usernameTaken],
      [{ phone: '12345' }, 'phone', '请输入正确的11位手机号码'],
      [{ realName: '' }, 'realName', '请输入姓名'],
      [{ staffRole: 'boss' }, 'staffRole', ''],
      [{ password: 'short' }, 'password', PasswordMessages.length],
      [{ password: 'alllowercase1' }, 'password', PasswordMessages.complexity],
      [{ groupId: 999999 }, 'groupId', OperatorMessages.groupMissing],
    ];
    for (const [change, field, msg] of cases) {
      const body = bodyOf<FieldErrors>(
        await post(OperatorPaths.add, {
          username: 'valid_name',
          realName: '某人',
          groupId: staffGroup,
          staffRole: 'operator',
          ...change,
        }),
      );
      expect(body.state, JSON.stringify(change)).toBe(255);
      expect(body.data.errors[0]?.field).toBe(field);
      if (msg) expect(body.data.errors[0]?.msg).toBe(msg);
    }
  });

  it('lists operators with masked phones, filters and sorting', async () => {
    const all = bodyOf<Page<OperatorListItem>>(
      await call(t, 'GET', `${OperatorPaths.list}?pageSize=50`, { token: admin }),
    );
    expect(all.state).toBe(200);
    const wang = all.data.list.find((o) => o.username === 'wangfang');
    expect(wang).toMatchObject({ phone: '138****5678', groupName: '医生组', enabled: true });
    expect(all.data.list.find((o) => o.username === 'admin')).toMatchObject({
      isSelf: true,
      groupBuiltin: true,
    });
    expect(JSON.stringify(all.data)).not.toContain('13812345678');

    const query = (q: string) =>
      call(t, 'GET', `${OperatorPaths.list}?${q}`, { token: admin }).then((r) =>
        bodyOf<Page<OperatorListItem>>(r),
      );
    expect((await query('keyword=%E7%8E%8B%E8%8A%B3')).data.list.map((o) => o.username)).toEqual([
      'wangfang',
    ]);
    expect((await query('keyword=13812345678')).data.list.map((o) => o.username)).toEqual([
      'wangfang',
    ]);
    expect((await query('staffRole=assistant')).data.list.map((o) => o.username)).toEqual([
      'liuyang',
    ]);
    expect(
      (await query(`groupId=${superGroupId}&enabled=1`)).data.list.map((o) => o.username),
    ).toEqual(['admin']);
    const sorted = await query('sortField=username&sortOrder=ascend&pageSize=3');
    expect(sorted.data.list.map((o) => o.username)).toEqual(['admin', 'liuyang', 'outsider']);
    expect(sorted.data.pagination.total).toBeGreaterThanOrEqual(5);
    const bad = bodyOf<FieldErrors>(
      await call(t, 'GET', `${OperatorPaths.list}?staffRole=x`, { token: admin }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors[0]?.field).toBe('staffRole');
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    for (const path of [OperatorPaths.list, OperatorPaths.mySessions]) {
      expect(bodyOf(await call(t, 'GET', path))).toEqual(SESSION_INVALID);
    }
    expect(bodyOf(await call(t, 'GET', OperatorPaths.list, { token: outsider }))).toMatchObject({
      state: 267,
      msg: Messages.noPermission,
    });
    // The viewer reads the list and details, but every change needs its action.
    expect(bodyOf(await call(t, 'GET', OperatorPaths.list, { token: viewer })).state).toBe(200);
    const target = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'liuyang')
        .executeTakeFirstOrThrow()
    ).id;
    for (const path of [
      OperatorPaths.add,
      OperatorPaths.update,
      OperatorPaths.delete,
      OperatorPaths.resetPwd,
      OperatorPaths.enable,
      OperatorPaths.disable,
      OperatorPaths.revealPhone,
      OperatorPaths.revokeSession,
    ]) {
      const response = await post(path, { id: target, sessionId: 1 }, viewer);
      expect(response.statusCode, path).toBe(403);
      expect(bodyOf(response).state).toBe(267);
    }
    expect(
      bodyOf(await call(t, 'GET', `${OperatorPaths.sessions}?id=${target}`, { token: viewer }))
        .state,
    ).toBe(267);
    // Their own sessions are every operator's business.
    expect(bodyOf(await call(t, 'GET', OperatorPaths.mySessions, { token: outsider })).state).toBe(
      200,
    );
  });

  it('updates an operator, keeping the phone when it is not sent, and audits before/after', async () => {
    const id = (
      await add({
        username: 'chenjing',
        realName: '陈静',
        phone: '13900001111',
        groupId: staffGroup,
        staffRole: 'doctor',
      })
    ).data.id;
    const saved = bodyOf(
      await call(t, 'POST', OperatorPaths.update, {
        token: admin,
        form: {
          id: String(id),
          username: 'chenjing2',
          realName: '陈静静',
          groupId: String(staffGroup),
          staffRole: 'assistant',
        },
      }),
    );
    expect(saved).toMatchObject({ state: 200, msg: '操作员已保存' });
    expect((await detail(id)).data).toMatchObject({
      username: 'chenjing2',
      realName: '陈静静',
      phone: '139****1111',
      staffRole: 'assistant',
    });
    const cleared = await post(OperatorPaths.update, {
      id,
      username: 'chenjing2',
      realName: '陈静静',
      groupId: staffGroup,
      staffRole: 'assistant',
      phone: '',
    });
    expect(bodyOf(cleared).state).toBe(200);
    expect((await detail(id)).data.phone).toBe('');
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'edit')
      .where('target', '=', '操作员 chenjing')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.before_json ?? '{}')).toMatchObject({
      username: 'chenjing',
      staffRole: 'doctor',
    });
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      username: 'chenjing2',
      staffRole: 'assistant',
    });
    const taken = bodyOf<FieldErrors>(
      await post(OperatorPaths.update, {
        id,
        username: 'wangfang',
        realName: 'x',
        groupId: staffGroup,
        staffRole: 'doctor',
      }),
    );
    expect(taken.data.errors).toEqual([{ field: 'username', msg: OperatorMessages.usernameTaken }]);
  });

  it('disabling ends the sessions at once (266 on the next call); enabling lets the operator back in', async () => {
    await createOperator(t, { username: 'zhaomin', password: 'Zm@12345', groupId: staffGroup });
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'zhaomin')
        .executeTakeFirstOrThrow()
    ).id;
    const first = await login(t, 'zhaomin', 'Zm@12345');
    const second = await login(t, 'zhaomin', 'Zm@12345');
    expect(
      bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: first.access_token })).state,
    ).toBe(200);

    const disabled = bodyOf<{ count: number }>(await post(OperatorPaths.disable, { id }));
    expect(disabled).toEqual({ state: 200, msg: '操作员已停用', data: { count: 2 } });
    for (const token of [first.access_token, second.access_token]) {
      expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token }))).toEqual(SESSION_INVALID);
    }
    const refresh = bodyOf(
      await call(t, 'POST', ApiPaths.token, {
        form: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      }),
    );
    expect(refresh.state).toBe(266);
    expect(bodyOf(await tryLogin(t, 'zhaomin', 'Zm@12345')).msg).toBe(Messages.operatorDisabled);
    expect((await detail(id)).data).toMatchObject({ enabled: false, liveSessions: 0 });

    expect(bodyOf(await post(OperatorPaths.enable, { id }))).toMatchObject({
      state: 200,
      msg: '操作员已启用',
    });
    expect((await login(t, 'zhaomin', 'Zm@12345')).access_token).toBeTruthy();
    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'before_json', 'after_json'])
      .where('target', '=', '操作员 zhaomin')
      .where('module', '=', 'authority')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['disable', 'enable']);
    expect(JSON.parse(logs[0]?.after_json ?? '{}')).toEqual({ enabled: false, endedSessions: 2 });
  });

  it('refuses to disable or delete oneself and the last enabled super-admin', async () => {
    const adminId = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(bodyOf(await post(OperatorPaths.disable, { id: adminId }))).toEqual({
      state: 255,
      msg: OperatorMessages.cannotDisableSelf,
      data: null,
    });
    expect(bodyOf(await post(OperatorPaths.delete, { id: adminId }))).toEqual({
      state: 255,
      msg: OperatorMessages.cannotDeleteSelf,
      data: null,
    });

    // A manager (not a super-admin) who may edit and delete operators cannot touch a
    // super-admin at all (authority-escalation.test.ts has every case).
    const managers = await createGroup(t, '人事组', [PAGE, `${PAGE}:edit`, `${PAGE}:delete`]);
    await createOperator(t, { username: 'manager', password: 'Mgr@1234', groupId: managers });
    const manager = (await login(t, 'manager', 'Mgr@1234')).access_token;
    const superAdminOnly = { state: 267, msg: OperatorMessages.superAdminOnly, data: null };
    expect(bodyOf(await post(OperatorPaths.disable, { id: adminId }, manager))).toEqual(
      superAdminOnly,
    );
    expect(bodyOf(await post(OperatorPaths.delete, { id: adminId }, manager))).toEqual(
      superAdminOnly,
    );

    // A super-admin manages another one: disables it, and deletes it once disabled. (Only a
    // super-admin acts on a super-admin, so "the last enabled one" can no longer be reached from
    // outside; the check stays as a second line of defence.)
    const root2 = (
      await add({
        username: 'root2',
        realName: '副管理员',
        groupId: superGroupId,
        staffRole: 'admin',
        password: 'Root@2024',
      })
    ).data.id;
    expect(bodyOf(await post(OperatorPaths.disable, { id: root2 })).state).toBe(200);
    expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: admin })).state).toBe(200);
    expect(bodyOf(await post(OperatorPaths.delete, { id: root2 }))).toEqual({
      state: 200,
      msg: '操作员已删除',
      data: null,
    });
  });

  it('resets the password: forced first change, every session ended, generated value shown once', async () => {
    await createOperator(t, { username: 'sunli', password: 'Sl@12345', groupId: staffGroup });
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'sunli')
        .executeTakeFirstOrThrow()
    ).id;
    const session = await login(t, 'sunli', 'Sl@12345');
    expect(session.need_change_type).toBeNull();

    const weak = bodyOf<FieldErrors>(await post(OperatorPaths.resetPwd, { id, password: 'abc' }));
    expect(weak.data.errors).toEqual([{ field: 'password', msg: PasswordMessages.length }]);

    const reset = bodyOf<InitialPasswordResponse>(await post(OperatorPaths.resetPwd, { id }));
    expect(reset).toMatchObject({ state: 200, msg: '密码已重置', data: { id, endedSessions: 1 } });
    const generated = reset.data.generatedPassword ?? '';
    expect(checkNewPassword(generated)).toBeNull();
    expect(
      bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: session.access_token })),
    ).toEqual(SESSION_INVALID);
    expect(bodyOf(await tryLogin(t, 'sunli', 'Sl@12345')).msg).toBe(Messages.badCredentials);
    const again = await login(t, 'sunli', generated);
    expect(again.need_change_type).toBe('first');
    const info = bodyOf<UserInfo>(
      await call(t, 'GET', ApiPaths.userInfo, { token: again.access_token }),
    );
    expect(info.data).toMatchObject({ need_change_pwd: true, need_change_type: 'first' });

    const entered = bodyOf<InitialPasswordResponse>(
      await call(t, 'POST', OperatorPaths.resetPwd, {
        token: admin,
        form: { id: String(id), password: 'Given#2024' },
      }),
    );
    expect(entered.data).toEqual({ id, generatedPassword: null, endedSessions: 1 });
    expect((await login(t, 'sunli', 'Given#2024')).need_change_type).toBe('first');
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'resetPwd')
      .where('target', '=', '操作员 sunli')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(log.after_json).not.toContain(generated);
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      needChangeType: 'first',
      endedSessions: 1,
    });
  });

  it('reveals one plain phone number and writes the reveal to the operation log', async () => {
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'wangfang')
        .executeTakeFirstOrThrow()
    ).id;
    const body = bodyOf<{ phone: string }>(await post(OperatorPaths.revealPhone, { id }));
    expect(body).toEqual({ state: 200, msg: '操作成功', data: { phone: '13812345678' } });
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action', 'operator_name', 'message', 'after_json'])
      .where('action', '=', 'reveal')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      module: 'authority',
      operator_name: 'admin',
      message: '查看手机号明文',
    });
    expect(log.after_json).not.toContain('13812345678');
    const missing = await post(OperatorPaths.revealPhone, { id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(bodyOf(missing).msg).toBe(OperatorMessages.operatorNotFound);
  });

  it("lists an operator's live sessions and revokes one", async () => {
    await createOperator(t, { username: 'liyan', password: 'Ly@12345', groupId: staffGroup });
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'liyan')
        .executeTakeFirstOrThrow()
    ).id;
    const a = await login(t, 'liyan', 'Ly@12345', { ip: '10.0.0.1' });
    const b = await login(t, 'liyan', 'Ly@12345', { ip: '10.0.0.2' });
    const sessions = bodyOf<SessionItem[]>(
      await call(t, 'GET', `${OperatorPaths.sessions}?id=${id}`, { token: admin }),
    );
    expect(sessions.data).toHaveLength(2);
    expect(sessions.data.map((s) => s.ip).sort()).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(sessions.data.every((s) => !s.current && s.createdAt > 0 && s.lastSeenAt > 0)).toBe(
      true,
    );
    const target = sessions.data.find((s) => s.ip === '10.0.0.1');
    const revoked = bodyOf(await post(OperatorPaths.revokeSession, { id, sessionId: target?.id }));
    expect(revoked).toEqual({ state: 200, msg: '会话已结束', data: null });
    expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: a.access_token }))).toEqual(
      SESSION_INVALID,
    );
    expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: b.access_token })).state).toBe(
      200,
    );
    const again = bodyOf(await post(OperatorPaths.revokeSession, { id, sessionId: target?.id }));
    expect(again.msg).toBe(OperatorMessages.sessionNotFound);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'before_json'])
      .where('action', '=', 'revokeSession')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.before_json ?? '{}')).toMatchObject({ ip: '10.0.0.1' });
  });

  it("lists and revokes the caller's own sessions (not the current one)", async () => {
    await createOperator(t, { username: 'zhangwei', password: 'Zw@12345', groupId: staffGroup });
    const laptop = await login(t, 'zhangwei', 'Zw@12345', { ip: '10.1.0.1' });
    const phone = await login(t, 'zhangwei', 'Zw@12345', { ip: '10.1.0.2' });
    const mine = bodyOf<SessionItem[]>(
      await call(t, 'GET', OperatorPaths.mySessions, { token: laptop.access_token }),
    );
    expect(mine.data).toHaveLength(2);
    const current = mine.data.find((s) => s.current);
    const other = mine.data.find((s) => !s.current);
    expect(current?.ip).toBe('10.1.0.1');
    expect(other?.ip).toBe('10.1.0.2');

    const refuseCurrent = bodyOf(
      await post(OperatorPaths.revokeMySession, { sessionId: current?.id }, laptop.access_token),
    );
    expect(refuseCurrent.msg).toBe(OperatorMessages.cannotRevokeCurrent);
    // Someone else's session is not "mine".
    const adminSessions = bodyOf<SessionItem[]>(
      await call(t, 'GET', OperatorPaths.mySessions, { token: admin }),
    );
    const foreign = bodyOf(
      await post(
        OperatorPaths.revokeMySession,
        { sessionId: adminSessions.data[0]?.id },
        laptop.access_token,
      ),
    );
    expect(foreign.msg).toBe(OperatorMessages.sessionNotFound);
    const bad = bodyOf<FieldErrors>(
      await post(OperatorPaths.revokeMySession, { sessionId: 'x' }, laptop.access_token),
    );
    expect(bad.data.errors[0]?.field).toBe('sessionId');

    expect(
      bodyOf(
        await post(OperatorPaths.revokeMySession, { sessionId: other?.id }, laptop.access_token),
      ).state,
    ).toBe(200);
    expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: phone.access_token }))).toEqual(
      SESSION_INVALID,
    );
    expect(
      bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: laptop.access_token })).state,
    ).toBe(200);
  });

  it('deletes an operator with its sessions and keeps the operation log readable', async () => {
    await createOperator(t, { username: 'leaver', password: 'Lv@12345', groupId: staffGroup });
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'leaver')
        .executeTakeFirstOrThrow()
    ).id;
    const session = await login(t, 'leaver', 'Lv@12345');
    // Something the operator did, in the log.
    await call(t, 'POST', ApiPaths.updatePassword, {
      token: session.access_token,
      form: { oldPassword: 'Lv@12345', newPassword: 'Lv#23456', newPasswordCfm: 'Lv#23456' },
    });
    expect(bodyOf(await post(OperatorPaths.delete, { id }))).toEqual({
      state: 200,
      msg: '操作员已删除',
      data: null,
    });
    expect(
      bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: session.access_token })),
    ).toEqual(SESSION_INVALID);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('operator_id', '=', id)
      .execute();
    expect(sessions).toEqual([]);
    const own = await t.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'action'])
      .where('operator_id', '=', id)
      .execute();
    expect(own).toContainEqual({ operator_name: 'leaver', action: 'updatePwd' });
    const deletion = await t.db
      .selectFrom('operation_logs')
      .select(['before_json'])
      .where('action', '=', 'delete')
      .where('target', '=', '操作员 leaver')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(deletion.before_json ?? '{}')).toMatchObject({
      username: 'leaver',
      group: '医生组',
    });
    expect((await detail(id)).state).toBe(255);
  });

  it('documents every authority endpoint in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: t.api('/docs/json') })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [...Object.values(GroupPaths), ...Object.values(OperatorPaths)]) {
      expect(Object.keys(spec.paths)).toContain(t.api(path));
    }
  });
});
