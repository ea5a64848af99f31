import { createHash } from 'node:crypto';
import {
  ACCESS_TOKEN_LIFETIME_MS,
  ApiPaths,
  Messages,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_LIFETIME_MS,
  type ResourcesResponse,
  type TokenResponse,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { PRINCIPAL_CACHE_MS, SessionStore } from '../src/platform/sessions.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  type TestApp,
  SESSION_INVALID,
} from './helpers/app.js';

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  let groupId: number;
  const password = 'Sess@1234';

  setupApp(kind, async (app) => {
    t = app;
    groupId = await createGroup(t, '会话测试组', ['/sysset_home/basic']);
    await createOperator(t, {
      username: 'wangfang',
      password,
      groupId,
      realName: '王芳',
      staffRole: 'doctor',
    });
  });

  const userInfo = (token?: string) => call(t, 'GET', ApiPaths.userInfo, { token });
  /** The session id of an access token (only its hash is stored). */
  const sessionIdOf = async (accessToken: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('access_hash', '=', createHash('sha256').update(accessToken).digest('hex'))
        .executeTakeFirstOrThrow()
    ).id;

  describe('authenticated endpoints refuse without a live session (266)', () => {
    it('no token, a bogus token, a malformed header', async () => {
      const none = await userInfo();
      expect(none.statusCode).toBe(401);
      expect(bodyOf(none)).toEqual(SESSION_INVALID);
      expect(bodyOf(await userInfo('not-a-real-token'))).toEqual(SESSION_INVALID);
      const malformed = await t.app.inject({
        method: 'GET',
        url: t.api(ApiPaths.userInfo),
        headers: { authorization: 'Basic abc' },
      });
      expect(bodyOf(malformed)).toEqual(SESSION_INVALID);
    });

    it('an expired access token', async () => {
      const { access_token } = await login(t, 'wangfang', password);
      expect(bodyOf(await userInfo(access_token)).state).toBe(200);
      t.clock.advance(ACCESS_TOKEN_LIFETIME_MS + 1);
      expect(bodyOf(await userInfo(access_token))).toEqual(SESSION_INVALID);
    });

    it('a session whose operator was disabled meanwhile', async () => {
      const { access_token } = await login(t, 'wangfang', password);
      await t.db
        .updateTable('operators')
        .set({ enabled: 0 })
        .where('username', '=', 'wangfang')
        .execute();
      try {
        expect(bodyOf(await userInfo(access_token))).toEqual(SESSION_INVALID);
      } finally {
        await t.db
          .updateTable('operators')
          .set({ enabled: 1 })
          .where('username', '=', 'wangfang')
          .execute();
      }
    });
  });

  describe('refresh', () => {
    it('rotates both tokens: the old refresh and access tokens stop working', async () => {
      const first = await login(t, 'wangfang', password);
      const response = await call(t, 'POST', ApiPaths.token, {
        form: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      });
      const body = bodyOf<TokenResponse>(response);
      expect(body.state).toBe(200);
      expect(body.data.username).toBe('wangfang');
      expect(body.data.resourceList.map((s) => s.frontPath)).toEqual(['/sysset_home']);
      expect(body.data.access_token).not.toBe(first.access_token);
      expect(body.data.refresh_token).not.toBe(first.refresh_token);

      expect(bodyOf(await userInfo(body.data.access_token)).state).toBe(200);
      expect(bodyOf(await userInfo(first.access_token))).toEqual(SESSION_INVALID);
      const reused = await call(t, 'POST', ApiPaths.token, {
        form: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      });
      expect(reused.statusCode).toBe(401);
      expect(bodyOf(reused)).toEqual(SESSION_INVALID);
    });

    it('ends the whole session when a rotated-out refresh token is used again, and logs it', async () => {
      const stolen = await login(t, 'wangfang', password);
      const refresh = (refresh_token: string) =>
        call(t, 'POST', ApiPaths.token, {
          form: { grant_type: 'refresh_token', refresh_token },
        });
      // The real client refreshes; later the thief replays the old refresh token.
      const real = bodyOf<TokenResponse>(await refresh(stolen.refresh_token)).data;
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      expect(bodyOf(await refresh(stolen.refresh_token))).toEqual(SESSION_INVALID);
      // Every token of the session is dead now: the real client's too.
      expect(bodyOf(await userInfo(real.access_token))).toEqual(SESSION_INVALID);
      expect(bodyOf(await refresh(real.refresh_token))).toEqual(SESSION_INVALID);
      const session = await t.db
        .selectFrom('sessions')
        .select(['revoked_at', 'revoke_reason'])
        .where('id', '=', await sessionIdOf(real.access_token))
        .executeTakeFirstOrThrow();
      expect(session).toEqual({ revoked_at: t.clock.now, revoke_reason: 'refresh_reuse' });
      const logged = await t.db
        .selectFrom('operation_logs')
        .select(['operator_name', 'module', 'action', 'result', 'message'])
        .where('action', '=', 'refreshReuse')
        .executeTakeFirstOrThrow();
      expect(logged).toEqual({
        operator_name: 'wangfang',
        module: 'auth',
        action: 'refreshReuse',
        result: 'failure',
        message: Messages.refreshReused,
      });
    });

    it('takes a reuse within the grace time for two tabs refreshing at once: refused, session kept', async () => {
      const first = await login(t, 'wangfang', password);
      const refresh = (refresh_token: string) =>
        call(t, 'POST', ApiPaths.token, {
          form: { grant_type: 'refresh_token', refresh_token },
        });
      const winner = bodyOf<TokenResponse>(await refresh(first.refresh_token)).data;
      t.clock.advance(REFRESH_REUSE_GRACE_MS - 1);
      expect(bodyOf(await refresh(first.refresh_token))).toEqual(SESSION_INVALID);
      expect(bodyOf(await userInfo(winner.access_token)).state).toBe(200);
    });

    it('refuses an unknown or expired refresh token with 266, a missing one with 255', async () => {
      expect(
        bodyOf(
          await call(t, 'POST', ApiPaths.token, {
            form: { grant_type: 'refresh_token', refresh_token: 'bogus' },
          }),
        ),
      ).toEqual(SESSION_INVALID);

      const { refresh_token } = await login(t, 'wangfang', password);
      t.clock.advance(REFRESH_TOKEN_LIFETIME_MS + 1);
      expect(
        bodyOf(
          await call(t, 'POST', ApiPaths.token, {
            form: { grant_type: 'refresh_token', refresh_token },
          }),
        ),
      ).toEqual(SESSION_INVALID);

      const missing = bodyOf<{ errors: { field: string; msg: string }[] }>(
        await call(t, 'POST', ApiPaths.token, { form: { grant_type: 'refresh_token' } }),
      );
      expect(missing.state).toBe(255);
      expect(missing.data.errors).toEqual([{ field: 'refresh_token', msg: '缺少刷新令牌' }]);
    });
  });

  describe('logout', () => {
    it('revokes the bearer session for real', async () => {
      const { access_token, refresh_token } = await login(t, 'wangfang', password);
      const response = await call(t, 'POST', ApiPaths.logout, { token: access_token });
      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toEqual({ state: 200, msg: Messages.loggedOut, data: null });
      expect(bodyOf(await userInfo(access_token))).toEqual(SESSION_INVALID);
      expect(
        bodyOf(
          await call(t, 'POST', ApiPaths.token, {
            form: { grant_type: 'refresh_token', refresh_token },
          }),
        ),
      ).toEqual(SESSION_INVALID);
      const log = await t.db
        .selectFrom('operation_logs')
        .select(['module', 'action', 'operator_name'])
        .where('action', '=', 'logout')
        .executeTakeFirst();
      expect(log).toEqual({ module: 'auth', action: 'logout', operator_name: 'wangfang' });
    });

    it('accepts the refresh token alone, also again after the session is revoked', async () => {
      const { access_token, refresh_token } = await login(t, 'wangfang', password);
      expect(
        bodyOf(await call(t, 'POST', ApiPaths.logout, { form: { refresh_token } })).state,
      ).toBe(200);
      expect(bodyOf(await userInfo(access_token))).toEqual(SESSION_INVALID);
      expect(
        bodyOf(await call(t, 'POST', ApiPaths.logout, { json: { refresh_token } })).state,
      ).toBe(200);
    });

    it('answers 266 without any valid token', async () => {
      expect(bodyOf(await call(t, 'POST', ApiPaths.logout))).toEqual(SESSION_INVALID);
      expect(bodyOf(await call(t, 'POST', ApiPaths.logout, { token: 'bogus' }))).toEqual(
        SESSION_INVALID,
      );
      expect(
        bodyOf(await call(t, 'POST', ApiPaths.logout, { form: { refresh_token: 'bogus' } })),
      ).toEqual(SESSION_INVALID);
    });
  });

  it('sees a change of the group at the next request', async () => {
    const { access_token } = await login(t, 'wangfang', password);
    const overview = () => call(t, 'GET', ApiPaths.homeOverview, { token: access_token });
    expect(bodyOf(await overview()).state).toBe(200);
    await t.db.deleteFrom('group_resources').where('group_id', '=', groupId).execute();
    await t.db
      .insertInto('group_resources')
      .values({ group_id: groupId, resource_key: '/member_manage/lists' })
      .execute();
    await t.db
      .updateTable('permission_groups')
      .set({ updated_at: t.clock.now + 1 })
      .where('id', '=', groupId)
      .execute();
    const refused = await overview();
    expect(refused.statusCode).toBe(403);
    expect(bodyOf(refused)).toEqual({ state: 267, msg: Messages.noPermission, data: null });
    const resources = bodyOf<ResourcesResponse>(
      await call(t, 'GET', ApiPaths.resources, { token: access_token }),
    );
    expect(resources.data.resourceList.map((s) => s.frontPath)).toEqual(['/member_manage']);
  });

  it('checks a token from memory for at most PRINCIPAL_CACHE_MS: a session ended by another server process is refused after it', async () => {
    const { access_token } = await login(t, 'wangfang', password);
    expect(bodyOf(await userInfo(access_token)).state).toBe(200);
    // Another process on the same database (its own connection and cache) ends the session.
    const other = openDatabase(t.database.target);
    try {
      await new SessionStore(other, () => t.clock.now).revoke(
        await sessionIdOf(access_token),
        'revoked_by_admin',
      );
    } finally {
      await other.destroy();
    }
    // This process has not written anything: it trusts what it read a moment ago…
    t.clock.advance(PRINCIPAL_CACHE_MS - 1);
    expect(bodyOf(await userInfo(access_token)).state).toBe(200);
    // …and no longer.
    t.clock.advance(1);
    expect(bodyOf(await userInfo(access_token))).toEqual(SESSION_INVALID);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { access_token } = await login(t, 'wangfang', password);
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const loginAt = await lastSeen();
    t.clock.advance(30_000);
    await userInfo(access_token);
    expect(await lastSeen()).toBe(loginAt);
    t.clock.advance(31_000);
    await userInfo(access_token);
    expect(await lastSeen()).toBe(t.clock.now);
  });
});
