import {
  ALL_PAGE_PATHS,
  ApiPaths,
  CAPTCHA_TTL_MS,
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_DELAY_MAX_MS,
  LOGIN_LOCK_MS,
  LOGIN_SPRAY_INTERVAL_MS,
  LOGIN_SPRAY_NAMES,
  Messages,
  type TokenResponse,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  ADMIN_PASSWORD,
  bodyOf,
  call,
  createGroup,
  createOperator,
  createTestApp,
  setupApp,
  newCaptchaKey,
  tryLogin,
  type TestApp,
} from './helpers/app.js';

/** Longer than the longest growing delay (4 s), so a test's next try is a real attempt. */
const PAST_DELAY_MS = 8_000;

describe.each(databaseKinds)('auth API on %s', (kind) => {
  let t: TestApp;
  let opsGroup: number;

  setupApp(kind, async (app) => {
    t = app;
    opsGroup = await createGroup(t, '运营组', [
      '/sysset_home/basic',
      '/member_manage/lists',
      '/member_manage/lists:export',
    ]);
    await createOperator(t, {
      username: 'zhangwei',
      password: 'Zw@12345',
      groupId: opsGroup,
      realName: '张伟',
    });
    await createOperator(t, {
      username: 'disabled1',
      password: 'Dis@12345',
      groupId: opsGroup,
      enabled: false,
    });
    const emptyGroup = await createGroup(t, '空权限组', []);
    await createOperator(t, { username: 'nopages', password: 'Nop@12345', groupId: emptyGroup });
  });

  describe('captcha', () => {
    it('answers an SVG data URI, a key and whether the code is required', async () => {
      const response = await call(t, 'GET', ApiPaths.captcha);
      expect(response.statusCode).toBe(200);
      const body = bodyOf<{ img: string; verifyKey: string; enabled: boolean }>(response);
      expect(body.state).toBe(200);
      expect(body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(body.data.img.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
      expect(body.data.verifyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.data.enabled).toBe(true);
    });

    it('accepts the answer in any letter case', async () => {
      t.captcha.next = 'XyZw';
      const verifyKey = await newCaptchaKey(t);
      const response = await call(t, 'POST', ApiPaths.token, {
        form: { username: 'zhangwei', password: 'Zw@12345', verifyKey, verifyCode: 'xYzW' },
      });
      expect(bodyOf(response).state).toBe(200);
    });

    it('refuses a wrong code, and the captcha is used up by that try', async () => {
      const verifyKey = await newCaptchaKey(t);
      const wrong = await call(t, 'POST', ApiPaths.token, {
        form: { username: 'zhangwei', password: 'Zw@12345', verifyKey, verifyCode: 'nope' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(bodyOf(wrong)).toMatchObject({ state: 255, msg: Messages.captchaWrong });
      const retry = await call(t, 'POST', ApiPaths.token, {
        form: { username: 'zhangwei', password: 'Zw@12345', verifyKey, verifyCode: t.captcha.next },
      });
      expect(bodyOf(retry)).toMatchObject({ state: 255, msg: Messages.captchaWrong });
    });

    it('refuses a captcha used twice, an expired one, and a missing one', async () => {
      const verifyKey = await newCaptchaKey(t);
      const form = {
        username: 'zhangwei',
        password: 'Zw@12345',
        verifyKey,
        verifyCode: t.captcha.next,
      };
      expect(bodyOf(await call(t, 'POST', ApiPaths.token, { form })).state).toBe(200);
      expect(bodyOf(await call(t, 'POST', ApiPaths.token, { form }))).toMatchObject({
        state: 255,
        msg: Messages.captchaWrong,
      });

      const staleKey = await newCaptchaKey(t);
      t.clock.advance(CAPTCHA_TTL_MS + 1);
      const expired = await call(t, 'POST', ApiPaths.token, {
        form: { ...form, verifyKey: staleKey },
      });
      expect(bodyOf(expired)).toMatchObject({ state: 255, msg: Messages.captchaWrong });

      const missing = await call(t, 'POST', ApiPaths.token, {
        form: { username: 'zhangwei', password: 'Zw@12345' },
      });
      expect(bodyOf(missing)).toMatchObject({ state: 255, msg: Messages.captchaWrong });
    });
  });

  describe('password login', () => {
    it('logs the admin in with every front path and the forced first change', async () => {
      const response = await tryLogin(t, '  admin  ', ADMIN_PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = bodyOf<TokenResponse>(response);
      expect(body.state).toBe(200);
      expect(body.data.access_token).toMatch(/^[\w-]{43}$/);
      expect(body.data.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(body.data.access_token).not.toBe(body.data.refresh_token);
      expect(body.data).toMatchObject({
        token_type: 'bearer',
        username: 'admin',
        need_change_pwd: true,
        need_change_type: 'first',
      });
      const paths = body.data.resourceList.flatMap((s) => s.children.map((c) => c.frontPath));
      expect(new Set(paths)).toEqual(new Set(ALL_PAGE_PATHS));
      const members = body.data.resourceList
        .flatMap((s) => s.children)
        .find((c) => c.frontPath === '/member_manage/lists');
      expect(members?.actions).toContain('export');
    });

    it("gives an operator only its group's pages, with hidden pages and granted actions", async () => {
      const body = bodyOf<TokenResponse>(await tryLogin(t, 'zhangwei', 'Zw@12345'));
      expect(body.state).toBe(200);
      expect(body.data.need_change_type).toBeNull();
      expect(body.data.need_change_pwd).toBe(false);
      expect(body.data.resourceList.map((s) => s.frontPath)).toEqual([
        '/sysset_home',
        '/member_manage',
      ]);
      const memberPages = body.data.resourceList[1]?.children ?? [];
      expect(memberPages.map((c) => c.frontPath)).toEqual([
        '/member_manage/lists',
        '/member_manage/detail',
      ]);
      expect(memberPages[0]?.actions).toEqual(['export']);
      expect(memberPages[1]).toMatchObject({ hidden: true, activeMenu: '/member_manage/lists' });
    });

    it('answers a wrong password and an unknown user with the same message', async () => {
      const wrongPassword = await tryLogin(t, 'zhangwei', 'nope', { ip: '10.9.0.1' });
      const unknownUser = await tryLogin(t, 'nobody', 'nope', { ip: '10.9.0.2' });
      expect(wrongPassword.statusCode).toBe(400);
      expect(bodyOf(wrongPassword)).toEqual({
        state: 255,
        msg: Messages.badCredentials,
        data: null,
      });
      expect(bodyOf(unknownUser)).toEqual({ state: 255, msg: Messages.badCredentials, data: null });
    });

    it('refuses a disabled operator (only with the right password)', async () => {
      expect(bodyOf(await tryLogin(t, 'disabled1', 'Dis@12345'))).toMatchObject({
        state: 255,
        msg: Messages.operatorDisabled,
      });
      expect(bodyOf(await tryLogin(t, 'disabled1', 'wrong'))).toMatchObject({
        state: 255,
        msg: Messages.badCredentials,
      });
    });

    it('refuses an operator whose group holds no front path with 267 and creates no session', async () => {
      const response = await tryLogin(t, 'nopages', 'Nop@12345');
      expect(response.statusCode).toBe(403);
      expect(bodyOf(response)).toEqual({
        state: 267,
        msg: '无操作权限,请联系管理员添加权限并重新登录',
        data: null,
      });
      const sessions = await t.db
        .selectFrom('sessions')
        .innerJoin('operators', 'operators.id', 'sessions.operator_id')
        .select('sessions.id')
        .where('operators.username', '=', 'nopages')
        .execute();
      expect(sessions).toHaveLength(0);
    });

    it('lists missing fields as validation errors (state 255, data.errors)', async () => {
      const response = await call(t, 'POST', ApiPaths.token, {
        form: { grant_type: 'password', username: '   ' },
      });
      expect(response.statusCode).toBe(400);
      const body = bodyOf<{ errors: { field: string; msg: string }[] }>(response);
      expect(body.state).toBe(255);
      expect(body.data.errors).toEqual(
        expect.arrayContaining([
          { field: 'username', msg: '请输入用户名' },
          { field: 'password', msg: '请输入密码' },
        ]),
      );
      expect(body.msg).toBe(body.data.errors[0]?.msg);
    });

    it('refuses an unknown grant type with a Chinese field error', async () => {
      const body = bodyOf<{ errors: { field: string; msg: string }[] }>(
        await call(t, 'POST', ApiPaths.token, { form: { grant_type: 'client_credentials' } }),
      );
      expect(body.state).toBe(255);
      expect(body.data.errors[0]?.field).toBe('grant_type');
      expect(body.data.errors[0]?.msg).toMatch(/[\u4e00-\u9fa5]/);
    });

    it('refuses a body that is not an object with 255, not a server error', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: t.api(ApiPaths.token),
        headers: { 'content-type': 'application/json' },
        payload: '"admin"',
      });
      expect(response.statusCode).toBe(400);
      expect(bodyOf(response).state).toBe(255);
    });

    it('accepts a JSON body as well as a form', async () => {
      const verifyKey = await newCaptchaKey(t);
      const response = await call(t, 'POST', ApiPaths.token, {
        json: { username: 'zhangwei', password: 'Zw@12345', verifyKey, verifyCode: t.captcha.next },
      });
      expect(bodyOf(response).state).toBe(200);
    });

    it('records every attempt in login_attempts and the operation log', async () => {
      await tryLogin(t, 'zhangwei', 'bad-one', { ip: '10.9.9.9' });
      await tryLogin(t, 'zhangwei', 'Zw@12345', { ip: '10.9.9.9' });
      const attempts = await t.db
        .selectFrom('login_attempts')
        .select(['username', 'success', 'reason'])
        .where('ip', '=', '10.9.9.9')
        .orderBy('id')
        .execute();
      expect(attempts).toEqual([
        { username: 'zhangwei', success: 0, reason: 'bad_credentials' },
        { username: 'zhangwei', success: 1, reason: 'ok' },
      ]);
      const logs = await t.db
        .selectFrom('operation_logs')
        .select(['operator_name', 'module', 'action', 'result', 'message'])
        .where('ip', '=', '10.9.9.9')
        .orderBy('id')
        .execute();
      expect(logs).toEqual([
        {
          operator_name: 'zhangwei',
          module: 'auth',
          action: 'login',
          result: 'failure',
          message: '用户名或密码错误',
        },
        {
          operator_name: 'zhangwei',
          module: 'auth',
          action: 'login',
          result: 'success',
          message: '登录成功',
        },
      ]);
    });
  });

  describe('lockout', () => {
    it('locks the (user name, address) pair after 5 failures, never the owner elsewhere', async () => {
      await createOperator(t, { username: 'locky', password: 'Lock@1234', groupId: opsGroup });
      const attacker = '10.1.0.1';
      for (let i = 0; i < 5; i++) {
        expect(bodyOf(await tryLogin(t, 'locky', `wrong${i}`, { ip: attacker })).msg).toBe(
          Messages.badCredentials,
        );
        t.clock.advance(LOGIN_DELAY_MAX_MS);
      }
      // Even the right password is refused from the attacker's address...
      const locked = await tryLogin(t, 'locky', 'Lock@1234', { ip: attacker });
      expect(locked.statusCode).toBe(429);
      expect(bodyOf(locked)).toEqual({
        state: 429,
        msg: Messages.loginLocked(15),
        data: null,
      });
      // ...while the owner, from its own address, signs in at once.
      expect(bodyOf(await tryLogin(t, 'locky', 'Lock@1234', { ip: '10.1.0.99' })).state).toBe(200);

      // The lock runs LOGIN_LOCK_MS from the fifth failure.
      const lockEnds = t.clock.now - LOGIN_DELAY_MAX_MS + LOGIN_LOCK_MS;
      t.clock.now = lockEnds - 4 * 60_000;
      expect(bodyOf(await tryLogin(t, 'locky', 'Lock@1234', { ip: attacker })).msg).toBe(
        Messages.loginLocked(4),
      );
      t.clock.now = lockEnds + 1;
      expect(bodyOf(await tryLogin(t, 'locky', 'Lock@1234', { ip: attacker })).state).toBe(200);
    });

    it('slows a spraying address without locking the colleagues behind it', async () => {
      const office = '10.2.0.1';
      await createOperator(t, { username: 'colleague', password: 'Col@12345', groupId: opsGroup });
      // The colleague has signed in from the office before.
      expect(bodyOf(await tryLogin(t, 'colleague', 'Col@12345', { ip: office })).state).toBe(200);
      for (let i = 0; i < LOGIN_SPRAY_NAMES; i++) {
        expect(bodyOf(await tryLogin(t, `ghost${i}`, 'x', { ip: office })).msg).toBe(
          Messages.badCredentials,
        );
      }
      // The colleague still gets in at once (with the captcha), and so does zhangwei elsewhere.
      expect(bodyOf(await tryLogin(t, 'colleague', 'Col@12345', { ip: office })).state).toBe(200);
      expect(bodyOf(await tryLogin(t, 'zhangwei', 'Zw@12345', { ip: '10.2.0.2' })).state).toBe(200);
      // A user name that never signed in from the office tries once per interval from it.
      const sprayed = await tryLogin(t, 'ghost-next', 'x', { ip: office });
      expect(bodyOf(sprayed)).toEqual({
        state: 429,
        msg: Messages.loginTooSoon(LOGIN_SPRAY_INTERVAL_MS / 1000),
        data: null,
      });
      t.clock.advance(LOGIN_SPRAY_INTERVAL_MS);
      expect(bodyOf(await tryLogin(t, 'zhangwei', 'Zw@12345', { ip: office })).state).toBe(200);
    });

    it('makes a user name wait 1, 2 and 4 s after its 2nd, 3rd and 4th failure', async () => {
      await createOperator(t, { username: 'slowy', password: 'Slow@1234', groupId: opsGroup });
      const fail = async () =>
        expect(bodyOf(await tryLogin(t, 'slowy', 'bad')).msg).toBe(Messages.badCredentials);
      await fail();
      await fail(); // the first failure asks for no wait
      for (const seconds of [1, 2, 4]) {
        const early = await tryLogin(t, 'slowy', 'Slow@1234');
        expect(early.statusCode).toBe(429);
        expect(bodyOf(early)).toEqual({
          state: 429,
          msg: Messages.loginTooSoon(seconds),
          data: null,
        });
        t.clock.advance(seconds * 1000);
        if (seconds < 4) await fail();
      }
      // An address that has not failed for the user name is not delayed.
      const elsewhere = await tryLogin(t, 'slowy', 'Slow@1234', { ip: '10.4.0.9' });
      expect(bodyOf(elsewhere).state).toBe(200);
      // A refused early try is not a failure: the right password now gets in.
      expect(bodyOf(await tryLogin(t, 'slowy', 'Slow@1234')).state).toBe(200);
    });

    it('a success clears the user name count', async () => {
      await createOperator(t, { username: 'oops', password: 'Oops@1234', groupId: opsGroup });
      for (let i = 0; i < 4; i++) {
        await tryLogin(t, 'oops', 'bad', { ip: `10.3.0.${i}` });
        t.clock.advance(PAST_DELAY_MS);
      }
      expect(bodyOf(await tryLogin(t, 'oops', 'Oops@1234', { ip: '10.3.1.1' })).state).toBe(200);
      expect(bodyOf(await tryLogin(t, 'oops', 'bad', { ip: '10.3.1.2' })).msg).toBe(
        Messages.badCredentials,
      );
      expect(bodyOf(await tryLogin(t, 'oops', 'Oops@1234', { ip: '10.3.1.3' })).state).toBe(200);
    });
  });
});

describe.each(databaseKinds)('auth options on %s', (kind) => {
  it('logs in without a captcha when CAPTCHA_ENABLED=false and says so on the captcha endpoint', async () => {
    const t = await createTestApp(kind, { env: { CAPTCHA_ENABLED: 'false' } });
    try {
      const captcha = bodyOf<{ enabled: boolean }>(await call(t, 'GET', ApiPaths.captcha));
      expect(captcha.data.enabled).toBe(false);
      const response = await call(t, 'POST', ApiPaths.token, {
        form: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(bodyOf(response).state).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('asks for the captcha, even when it is off, for a user name that keeps failing', async () => {
    const t = await createTestApp(kind, { env: { CAPTCHA_ENABLED: 'false' } });
    try {
      const plain = (password: string, ip: string, captcha?: { verifyKey: string }) =>
        call(t, 'POST', ApiPaths.token, {
          ip,
          form: {
            username: 'admin',
            password,
            ...(captcha ? { verifyKey: captcha.verifyKey, verifyCode: t.captcha.next } : {}),
          },
        });
      for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
        expect(bodyOf(await plain('wrong', `10.6.0.${i}`)).msg).toBe(Messages.badCredentials);
      }
      // From a new address the right password now needs the captcha first.
      const asked = await plain(ADMIN_PASSWORD, '10.6.1.1');
      expect(bodyOf(asked)).toEqual({
        state: 255,
        msg: Messages.captchaRequired,
        data: { captchaRequired: true },
      });
      const verifyKey = await newCaptchaKey(t, '10.6.1.1');
      expect(bodyOf(await plain(ADMIN_PASSWORD, '10.6.1.1', { verifyKey })).state).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers the 429 envelope past the per-IP rate limit of the public auth endpoints', async () => {
    const t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await call(t, 'GET', ApiPaths.captcha, { ip: '10.5.0.1' })).statusCode).toBe(200);
      const limited = await call(t, 'GET', ApiPaths.captcha, { ip: '10.5.0.1' });
      expect(limited.statusCode).toBe(429);
      expect(bodyOf(limited)).toEqual({ state: 429, msg: '请求过于频繁，请稍后再试', data: null });
      expect((await call(t, 'GET', ApiPaths.captcha, { ip: '10.5.0.2' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
