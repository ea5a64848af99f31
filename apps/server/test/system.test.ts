import {
  ApiPaths,
  Messages,
  PASSWORD_MAX_AGE_DAYS,
  PasswordMessages,
  type HomeOverview,
  type ResourcesResponse,
  type UserInfo,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  ADMIN_PASSWORD,
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  tryLogin,
  type TestApp,
  type FieldErrors,
  SESSION_INVALID,
} from './helpers/app.js';
import { DAY_MS } from '../src/platform/clock.js';

const DAY = DAY_MS;
describe.each(databaseKinds)('system API on %s', (kind) => {
  let t: TestApp;
  let doctorGroup: number;
  let noHomeGroup: number;

  setupApp(kind, async (app) => {
    t = app;
    doctorGroup = await createGroup(t, '医生组', [
      '/sysset_home/basic',
      '/sysset_agreement/lists',
      // A page the catalogue does not have (a stored grant of a page since removed): never
      // offered.
      '/statistics_data/retired',
    ]);
    noHomeGroup = await createGroup(t, '客服组', ['/member_manage/lists']);
    await createOperator(t, {
      username: 'chenjing',
      password: 'Cj@12345',
      groupId: doctorGroup,
      realName: '陈静',
      staffRole: 'doctor',
    });
    await createOperator(t, { username: 'kefu', password: 'Kf@12345', groupId: noHomeGroup });
  });

  describe('user info', () => {
    it("answers the operator's profile, roles and resource list", async () => {
      const { access_token } = await login(t, 'chenjing', 'Cj@12345');
      const response = await call(t, 'GET', ApiPaths.userInfo, { token: access_token });
      const body = bodyOf<UserInfo>(response);
      expect(body.state).toBe(200);
      expect(body.data).toMatchObject({
        roles: ['doctor'],
        name: '陈静',
        avatar: '',
        introduction: '',
        username: 'chenjing',
        groupName: '医生组',
        staffRole: 'doctor',
        need_change_pwd: false,
        need_change_type: null,
      });
      expect(body.data).not.toHaveProperty('resourceList');
      const resources = bodyOf<ResourcesResponse>(
        await call(t, 'GET', ApiPaths.resources, { token: access_token }),
      );
      expect(resources.data.resourceList.map((s) => s.frontPath)).toEqual([
        '/sysset_home',
        '/sysset_agreement',
      ]);
    });

    it('marks the super-admin with the admin role and falls back to the user name', async () => {
      const { access_token } = await login(t, 'admin', ADMIN_PASSWORD);
      const body = bodyOf<UserInfo>(
        await call(t, 'GET', ApiPaths.userInfo, { token: access_token }),
      );
      expect(body.data.roles).toEqual(['admin']);
      expect(body.data.name).toBe('系统管理员');
      expect(body.data.groupName).toBe('超级管理员');
      expect(body.data.need_change_type).toBe('first');

      await createOperator(t, {
        username: 'noname',
        password: 'Nn@12345',
        groupId: doctorGroup,
        staffRole: 'assistant',
      });
      const other = await login(t, 'noname', 'Nn@12345');
      const info = bodyOf<UserInfo>(
        await call(t, 'GET', ApiPaths.userInfo, { token: other.access_token }),
      );
      expect(info.data.name).toBe('noname');
      expect(info.data.roles).toEqual(['assistant']);
    });

    it('answers 266 without a session', async () => {
      expect(bodyOf(await call(t, 'GET', ApiPaths.userInfo))).toEqual(SESSION_INVALID);
      expect(bodyOf(await call(t, 'GET', ApiPaths.resources))).toEqual(SESSION_INVALID);
      expect(
        bodyOf(await call(t, 'GET', ApiPaths.resources, { token: 'not-a-real-token' })),
      ).toEqual(SESSION_INVALID);
    });
  });

  describe('updatePwd', () => {
    it('lets a first-login operator change without the old password and ends the other sessions', async () => {
      await createOperator(t, {
        username: 'newbie',
        password: 'Init@123',
        groupId: doctorGroup,
        needChangeType: 'first',
      });
      const other = await login(t, 'newbie', 'Init@123');
      const current = await login(t, 'newbie', 'Init@123');
      expect(current.need_change_type).toBe('first');

      const response = await call(t, 'POST', ApiPaths.updatePassword, {
        token: current.access_token,
        form: { newPassword: 'Fresh#2024', newPasswordCfm: 'Fresh#2024' },
      });
      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toEqual({
        state: 200,
        msg: Messages.passwordChanged,
        data: { msg: Messages.passwordChanged },
      });

      // The current session stays (the client logs out itself); the other one is over.
      expect(
        bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: current.access_token })).state,
      ).toBe(200);
      expect(
        bodyOf(await call(t, 'GET', ApiPaths.userInfo, { token: other.access_token })),
      ).toEqual(SESSION_INVALID);

      expect(bodyOf(await tryLogin(t, 'newbie', 'Init@123')).msg).toBe(Messages.badCredentials);
      const again = await login(t, 'newbie', 'Fresh#2024');
      expect(again.need_change_type).toBeNull();

      const log = await t.db
        .selectFrom('operation_logs')
        .select(['module', 'action', 'operator_name', 'result', 'after_json'])
        .where('action', '=', 'updatePwd')
        .executeTakeFirstOrThrow();
      expect(log).toMatchObject({
        module: 'system',
        action: 'updatePwd',
        operator_name: 'newbie',
        result: 'success',
      });
      expect(JSON.parse(log.after_json ?? '{}')).toEqual({
        endedSessions: 1,
        wasFirstChange: true,
      });
    });

    it('requires and checks the old password otherwise', async () => {
      await createOperator(t, { username: 'regular', password: 'Reg@1234', groupId: doctorGroup });
      const { access_token } = await login(t, 'regular', 'Reg@1234');
      const change = (form: Record<string, string>) =>
        call(t, 'POST', ApiPaths.updatePassword, { token: access_token, form });

      const missingOld = bodyOf<FieldErrors>(
        await change({ newPassword: 'Next#2024', newPasswordCfm: 'Next#2024' }),
      );
      expect(missingOld).toEqual({
        state: 255,
        msg: PasswordMessages.oldRequired,
        data: { errors: [{ field: 'oldPassword', msg: PasswordMessages.oldRequired }] },
      });

      const wrongOld = bodyOf<FieldErrors>(
        await change({
          oldPassword: 'nope',
          newPassword: 'Next#2024',
          newPasswordCfm: 'Next#2024',
        }),
      );
      expect(wrongOld.msg).toBe(Messages.oldPasswordWrong);
      expect(wrongOld.data.errors[0]?.field).toBe('oldPassword');

      const same = bodyOf<FieldErrors>(
        await change({
          oldPassword: 'Reg@1234',
          newPassword: 'Reg@1234',
          newPasswordCfm: 'Reg@1234',
        }),
      );
      expect(same).toMatchObject({ state: 255, msg: Messages.passwordSameAsOld });

      const ok = await call(t, 'POST', ApiPaths.updatePassword, {
        token: access_token,
        json: { oldPassword: 'Reg@1234', newPassword: 'Next#2024', newPasswordCfm: 'Next#2024' },
      });
      expect(bodyOf(ok).state).toBe(200);
    });

    it('enforces length and three of four kinds, and a matching confirmation', async () => {
      const { access_token } = await login(t, 'chenjing', 'Cj@12345');
      const change = async (newPassword: string, newPasswordCfm = newPassword) =>
        bodyOf<FieldErrors>(
          await call(t, 'POST', ApiPaths.updatePassword, {
            token: access_token,
            form: { oldPassword: 'Cj@12345', newPassword, newPasswordCfm },
          }),
        );
      expect(await change('abcdefgh')).toEqual({
        state: 255,
        msg: PasswordMessages.complexity,
        data: { errors: [{ field: 'newPassword', msg: PasswordMessages.complexity }] },
      });
      expect((await change('Ab1!')).data.errors).toEqual([
        { field: 'newPassword', msg: PasswordMessages.length },
      ]);
      expect((await change('Abcdefgh1!Abcdefgh1!x')).data.errors).toEqual([
        { field: 'newPassword', msg: PasswordMessages.length },
      ]);
      expect((await change('Good#2024', 'Good#2025')).data.errors).toEqual([
        { field: 'newPasswordCfm', msg: PasswordMessages.mismatch },
      ]);
      const empty = await change('', '');
      expect(empty.data.errors).toEqual(
        expect.arrayContaining([
          { field: 'newPassword', msg: PasswordMessages.newRequired },
          { field: 'newPasswordCfm', msg: PasswordMessages.confirmRequired },
        ]),
      );
    });

    it('answers 266 without a session', async () => {
      const response = await call(t, 'POST', ApiPaths.updatePassword, {
        form: { newPassword: 'A', newPasswordCfm: 'A' },
      });
      expect(bodyOf(response)).toEqual(SESSION_INVALID);
    });

    it('flags a password older than 90 days as over90 at login and in user info', async () => {
      await createOperator(t, {
        username: 'oldpw',
        password: 'Old@1234',
        groupId: doctorGroup,
        passwordChangedAt: t.clock.now - (PASSWORD_MAX_AGE_DAYS + 1) * DAY,
      });
      const tokens = await login(t, 'oldpw', 'Old@1234');
      expect(tokens.need_change_type).toBe('over90');
      const info = bodyOf<UserInfo>(
        await call(t, 'GET', ApiPaths.userInfo, { token: tokens.access_token }),
      );
      expect(info.data).toMatchObject({ need_change_pwd: true, need_change_type: 'over90' });
    });
  });

  describe('settingInit', () => {
    it('reloads the settings for an operator who may edit a settings section', async () => {
      await t.db
        .insertInto('settings')
        .values({
          section: 'site_info',
          value_json: '{"name":"测试平台"}',
          updated_at: t.clock.now,
        })
        .execute();
      const editors = await createGroup(t, '站点编辑', [
        '/sysset_setting/site_info',
        '/sysset_setting/site_info:edit',
      ]);
      await createOperator(t, { username: 'zhandian', password: 'Zd@12345', groupId: editors });
      const { access_token } = await login(t, 'zhandian', 'Zd@12345');
      const body = bodyOf<{ reloadedAt: number }>(
        await call(t, 'GET', ApiPaths.settingInit, { token: access_token }),
      );
      expect(body).toEqual({
        state: 200,
        msg: Messages.settingsReloaded,
        data: { reloadedAt: t.clock.now },
      });
    });

    it('answers 267 to an operator who may not edit any settings section', async () => {
      // kefu holds the member list; a settings page without its edit action is not enough either.
      const readers = await createGroup(t, '站点只读', ['/sysset_setting/site_info']);
      await createOperator(t, { username: 'zhidu', password: 'Zd@12345', groupId: readers });
      for (const [username, password] of [
        ['kefu', 'Kf@12345'],
        ['zhidu', 'Zd@12345'],
      ] as const) {
        const { access_token } = await login(t, username, password);
        const body = bodyOf(await call(t, 'GET', ApiPaths.settingInit, { token: access_token }));
        expect(body.state).toBe(267);
      }
    });

    it('answers 266 without a session', async () => {
      expect(bodyOf(await call(t, 'GET', ApiPaths.settingInit))).toEqual(SESSION_INVALID);
    });
  });

  describe('home overview', () => {
    it('answers KPIs of today and 7 days and a 7-day trend', async () => {
      const { access_token } = await login(t, 'chenjing', 'Cj@12345');
      const body = bodyOf<HomeOverview>(
        await call(t, 'GET', ApiPaths.homeOverview, { token: access_token }),
      );
      expect(body.state).toBe(200);
      const kpi = Object.fromEntries(body.data.kpis.map((k) => [k.key, k]));
      expect(Object.keys(kpi)).toEqual([
        'newOperators',
        'logins',
        'activeSessions',
        'operations',
        'loginFailures',
      ]);
      expect(kpi.newOperators?.title).toBe('新增操作员');

      const [operators, logins, failures, logs] = await Promise.all([
        t.db.selectFrom('operators').select('id').execute(),
        t.db.selectFrom('login_attempts').select('id').where('success', '=', 1).execute(),
        t.db.selectFrom('login_attempts').select('id').where('success', '=', 0).execute(),
        t.db.selectFrom('operation_logs').select('id').execute(),
      ]);
      // Everything in this database happened today.
      expect(kpi.newOperators).toMatchObject({
        today: operators.length,
        last7Days: operators.length,
      });
      expect(kpi.logins).toMatchObject({ today: logins.length, last7Days: logins.length });
      expect(kpi.loginFailures).toMatchObject({
        today: failures.length,
        last7Days: failures.length,
      });
      expect(kpi.operations).toMatchObject({ today: logs.length, last7Days: logs.length });
      expect(kpi.activeSessions?.today).toBeGreaterThan(0);

      expect(body.data.trend).toHaveLength(14);
      const loginSeries = body.data.trend.filter((p) => p.series === '登录次数');
      expect(loginSeries).toHaveLength(7);
      expect(loginSeries.map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0, logins.length]);
      expect(loginSeries[6]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.data.generatedAt).toBe(t.clock.now);
    });

    it('counts a login of 3 days ago in the 7 days but not today', async () => {
      t.clock.advance(3 * DAY);
      const { access_token } = await login(t, 'chenjing', 'Cj@12345');
      const body = bodyOf<HomeOverview>(
        await call(t, 'GET', ApiPaths.homeOverview, { token: access_token }),
      );
      const logins = body.data.kpis.find((k) => k.key === 'logins');
      expect(logins?.today).toBe(1);
      expect(logins?.last7Days).toBeGreaterThan(1);
      const series = body.data.trend.filter((p) => p.series === '登录次数').map((p) => p.value);
      expect(series[6]).toBe(1);
      expect(series[3]).toBe((logins?.last7Days ?? 0) - 1);
    });

    it('refuses an operator whose group lacks the page with 267', async () => {
      const { access_token } = await login(t, 'kefu', 'Kf@12345');
      const response = await call(t, 'GET', ApiPaths.homeOverview, { token: access_token });
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toEqual({
        state: 267,
        msg: '无操作权限,请联系管理员添加权限并重新登录',
        data: null,
      });
    });

    it('answers 266 without a session', async () => {
      expect(bodyOf(await call(t, 'GET', ApiPaths.homeOverview))).toEqual(SESSION_INVALID);
    });
  });
});
