import { ALL_PERMISSION_KEYS, expandGrants, findPage } from '@health/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  bodyOf,
  call,
  createGroup,
  createOperator,
  createTestApp,
  login,
  type TestApp,
} from '../helpers/app.js';
import { databaseKinds } from '../helpers/databases.js';
import { answerOf, inject, routeName, type Answer, type Route } from './support.js';

/**
 * The authorization matrix, generated from `app.routeTable` (every API route with its access
 * rule): for each guarded route × each kind of caller, the state the guard must answer.
 *
 *   no token / a token that is not a live session        → 266 (HTTP 401)
 *   an operator whose group lacks every required key     → 267 (HTTP 403)
 *   a session that must still change its first password  → 268 (HTTP 403), unless the route is
 *                                                          marked beforePasswordChange
 *   super-admin, or a group holding one required key     → passes the guard (not 266/267/268)
 *
 * Requests carry the route's method and an empty body: the guard runs in onRequest, before the
 * body is parsed or validated. Which routes are public, open to any operator, or callable before
 * the first password change is pinned below: a new route in one of those sets fails this test
 * until someone reviews it and adds it to the list.
 */

/** Routes that need no login. Review before adding: anyone on the internet can call them. */
const PUBLIC_ROUTES = [
  'GET /v3/captcha/common/getCaptcha',
  'POST /v3/adminLogin/oauth/token',
  'POST /v3/adminLogin/oauth/logout',
  'GET /v3/system/common/siteInfo',
  'GET /v3/agreement/common/agreement/info',
  'GET /v3/system/common/appInfo',
  // Devices upload measurements: authenticated by the device's HMAC signature, not a session.
  'POST /v3/device/ingest/measurement',
  'GET /v3/device/common/return/address',
  'POST /v3/device/common/return/file',
  // A member's share link to a published health report: the token is signed (HMAC), expires and
  // can be revoked; answers the masked phone only; held to the per-IP limit.
  'GET /v3/health/common/report/preview',
  // The health videos the app and /video-list show: enabled ones only; held to the per-IP limit.
  'GET /v3/decorate/common/video/list',
  // The ad slots live now at a position (enabled, inside their window); held to the per-IP limit.
  'GET /v3/decorate/common/adv/list',
  // The published version of the enabled home / mall page and of a published topic, never a
  // draft; held to the per-IP limit.
  'GET /v3/decorate/common/page/home',
  'GET /v3/decorate/common/page/mall',
  'GET /v3/decorate/common/page/topic',
  // A page's draft as pinned by a preview link: signed, expiring, revocable; per-IP limit.
  'GET /v3/decorate/common/page/preview',
];

/** Routes any logged-in operator may call, whatever its group holds (own profile, own sessions). */
const ANY_OPERATOR_ROUTES = [
  'GET /v3/system/admin/adminUser/info',
  'GET /v3/system/admin/adminUser/resources',
  'POST /v3/system/admin/adminUser/updatePwd',
  'GET /v3/system/admin/adminUser/mySessions',
  'POST /v3/system/admin/adminUser/revokeMySession',
];

/** Routes a session may call before it has changed its first password (spec §4 "first"). */
const BEFORE_PASSWORD_CHANGE_ROUTES = [
  'GET /v3/system/admin/adminUser/info',
  'GET /v3/system/admin/adminUser/resources',
  'POST /v3/system/admin/adminUser/updatePwd',
];

const PASSWORD = 'Matrix@2024';
const CALLER_IP = '10.20.0.1';
const GUARD_STATES = [266, 267, 268];
const HTTP_OF: Record<number, number> = { 266: 401, 267: 403, 268: 403 };

/** Pages an "unrelated" operator may hold: the first one a route does not require is used. */
const UNRELATED_PAGES = ['/sysset_home/basic', '/member_manage/grade', '/sysset_agreement/lists'];

function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

/**
 * The largest set of keys that still grants none of `required`: everything else, minus the list
 * pages whose hidden pages are required (holding a list page grants its hidden pages).
 */
function everythingExcept(required: readonly string[]): string[] {
  const excluded = new Set(required);
  for (const key of required) {
    const page = findPage(key);
    if (page?.hidden && page.activeMenu) excluded.add(page.activeMenu);
  }
  const keys = ALL_PERMISSION_KEYS.filter((k) => !excluded.has(k));
  const leaked = [...expandGrants(keys)].filter((k) => required.includes(k));
  if (leaked.length > 0) throw new Error(`cannot build a group without ${leaked.join(', ')}`);
  return keys;
}

/** The smallest group holding one required key: the key, and its page when it is an action. */
function onlyKey(key: string): string[] {
  const sep = key.indexOf(':');
  return sep >= 0 ? [key.slice(0, sep), key] : [key];
}

describe.each(databaseKinds)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let guarded: Route[];
  let superGroupId: number;
  let superToken: string;
  let firstToken: string;
  /** Callers that are not a live session: name → Authorization header (undefined = none). */
  const notASession: [string, string | undefined][] = [];
  /** Unrelated-page operators: page → token. */
  const unrelated = new Map<string, string>();
  /** Per required-key set (joined): a token holding every other key, and one holding just one. */
  const everythingElse = new Map<string, string>();
  const holdsOne = new Map<string, string>();
  let ipCounter = 0;

  async function newOperator(name: string, groupId: number) {
    await createOperator(t, { username: name, password: PASSWORD, groupId, needChangeType: null });
    ipCounter += 1;
    return login(t, name, PASSWORD, { ip: `10.21.${ipCounter >> 8}.${ipCounter & 255}` });
  }

  function request(route: Route, authorization: string | undefined): InjectOptions {
    const req: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url: route.url,
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress: CALLER_IP,
    };
    if (route.method === 'POST' && !route.consumes.includes('multipart/form-data')) {
      req.headers = { ...req.headers, 'content-type': 'application/json' };
      req.payload = '{}';
    }
    return req;
  }

  let requests = 0;
  async function send(route: Route, authorization: string | undefined): Promise<Answer> {
    requests += 1;
    return answerOf(await inject(t, request(route, authorization)));
  }

  function describeAnswer(a: Answer): string {
    return `state ${a.state} (HTTP ${a.http}) ${a.msg || a.preview.slice(0, 80)}`;
  }

  /** Each route × caller must get `state` with its HTTP status; returns the misses. */
  async function expectGuard(
    cases: { route: Route; caller: string; authorization: string | undefined; state: number }[],
  ): Promise<string[]> {
    const misses: string[] = [];
    for (const c of cases) {
      const a = await send(c.route, c.authorization);
      if (a.state !== c.state || a.http !== HTTP_OF[c.state]) {
        misses.push(
          `${routeName(t, c.route)} [${c.caller}]: expected ${c.state} (HTTP ${HTTP_OF[c.state]}), got ${describeAnswer(a)}`,
        );
      }
    }
    return misses;
  }

  async function expectPasses(
    cases: { route: Route; caller: string; authorization: string }[],
  ): Promise<string[]> {
    const misses: string[] = [];
    for (const c of cases) {
      const a = await send(c.route, c.authorization);
      if (a.state === null || GUARD_STATES.includes(a.state) || a.http >= 500) {
        misses.push(
          `${routeName(t, c.route)} [${c.caller}]: expected to pass the guard, got ${describeAnswer(a)}`,
        );
      }
    }
    return misses;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = [...t.app.routeTable];
    guarded = routes.filter((r) => !r.public);
    superGroupId = (
      await t.db
        .selectFrom('permission_groups')
        .select('id')
        .where('builtin', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    superToken = (await newOperator('matrix_super', superGroupId)).access_token;

    // The bootstrapped admin must change its first password: its session is the "first" caller.
    const first = await login(t, 'admin', ADMIN_PASSWORD, { ip: '10.22.0.1' });
    expect(first.need_change_type).toBe('first');
    firstToken = first.access_token;

    // Tokens that are not (or no longer) a live session.
    const live = await newOperator('matrix_live', superGroupId);
    const leaver = await newOperator('matrix_leaver', superGroupId);
    const logout = await call(t, 'POST', '/v3/adminLogin/oauth/logout', {
      token: leaver.access_token,
      json: {},
    });
    expect(bodyOf(logout).state).toBe(200);
    const disabled = await newOperator('matrix_disabled', superGroupId);
    await t.db
      .updateTable('operators')
      .set({ enabled: 0 })
      .where('username', '=', 'matrix_disabled')
      .execute();
    const expired = await newOperator('matrix_expired', superGroupId);
    const expiredId = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', 'matrix_expired')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .updateTable('sessions')
      .set({ access_expires_at: t.clock.now - 1 })
      .where('operator_id', '=', expiredId)
      .execute();
    notASession.push(
      ['no Authorization header', undefined],
      ['empty bearer', 'Bearer '],
      ['garbage bearer', 'Bearer not-a-real-token'],
      ['random 32-byte token', `Bearer ${'A'.repeat(20)}x${'b'.repeat(22)}`],
      ['basic auth with the admin password', `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}`],
      ['live token plus a character', `Bearer ${live.access_token}x`],
      ['refresh token as access token', `Bearer ${live.refresh_token}`],
      ['token after logout', `Bearer ${leaver.access_token}`],
      ['token of a disabled operator', `Bearer ${disabled.access_token}`],
      ['expired access token', `Bearer ${expired.access_token}`],
    );

    // Operators holding one unrelated page.
    for (const [i, page] of UNRELATED_PAGES.entries()) {
      const group = await createGroup(t, `matrix_unrelated_${i}`, [page]);
      unrelated.set(page, (await newOperator(`matrix_unrelated_${i}`, group)).access_token);
    }

    // Per distinct set of required keys: "everything else" and "holds one of them".
    const sets = new Map<string, string[]>();
    for (const r of guarded) if (r.requiredKeys) sets.set(r.requiredKeys.join('|'), r.requiredKeys);
    let n = 0;
    for (const [joined, keys] of sets) {
      n += 1;
      const other = await createGroup(t, `matrix_else_${n}`, everythingExcept(keys));
      everythingElse.set(joined, (await newOperator(`matrix_else_${n}`, other)).access_token);
      const one = await createGroup(t, `matrix_one_${n}`, onlyKey(keys[0] as string));
      holdsOne.set(joined, (await newOperator(`matrix_one_${n}`, one)).access_token);
    }
  }, 120_000);

  afterAll(async () => {
    if (routes) {
      const keyed = guarded.filter((r) => r.requiredKeys !== null).length;
      console.log(
        `authorization matrix ${kind}: ${routes.length} routes (${routes.length - guarded.length} public, ` +
          `${guarded.length} guarded: ${keyed} permission-checked, ${guarded.length - keyed} any operator, ` +
          `${guarded.filter((r) => r.beforePasswordChange).length} before the password change); ` +
          `${notASession.length} non-session callers, ${everythingElse.size} distinct key sets; ${requests} requests`,
      );
    }
    await t?.close();
  });

  it('the public routes are exactly the reviewed list', () => {
    expect(sorted(routes.filter((r) => r.public).map((r) => routeName(t, r)))).toEqual(
      sorted(PUBLIC_ROUTES),
    );
  });

  it('the routes open to any logged-in operator are exactly the reviewed list', () => {
    expect(
      sorted(guarded.filter((r) => r.requiredKeys === null).map((r) => routeName(t, r))),
    ).toEqual(sorted(ANY_OPERATOR_ROUTES));
  });

  it('the routes callable before the first password change are exactly the reviewed list', () => {
    expect(
      sorted(guarded.filter((r) => r.beforePasswordChange).map((r) => routeName(t, r))),
    ).toEqual(sorted(BEFORE_PASSWORD_CHANGE_ROUTES));
  });

  it('every route requires keys that exist in the catalogue', () => {
    const known = new Set(ALL_PERMISSION_KEYS);
    const unknown = guarded.flatMap((r) =>
      (r.requiredKeys ?? []).filter((k) => !known.has(k)).map((k) => `${routeName(t, r)}: ${k}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every guarded route answers 266 without a live session', async () => {
    const cases = guarded.flatMap((route) =>
      notASession.map(([caller, authorization]) => ({ route, caller, authorization, state: 266 })),
    );
    expect(await expectGuard(cases)).toEqual([]);
  });

  it('the HEAD twin of every guarded GET route answers 401 without a token', async () => {
    const misses: string[] = [];
    for (const route of guarded.filter((r) => r.method === 'GET')) {
      const response = await inject(t, {
        method: 'HEAD',
        url: route.url,
        remoteAddress: CALLER_IP,
      });
      if (response.statusCode !== 401)
        misses.push(`HEAD ${routeName(t, route)}: got HTTP ${response.statusCode}`);
    }
    expect(misses).toEqual([]);
  });

  it('every permission-checked route answers 267 to an operator holding an unrelated page', async () => {
    const cases = guarded
      .filter((r) => r.requiredKeys !== null)
      .map((route) => {
        const keys = route.requiredKeys as string[];
        const page = UNRELATED_PAGES.find((p) => !keys.some((k) => expandGrants([p]).has(k)));
        if (!page) throw new Error(`${routeName(t, route)}: no unrelated page left`);
        return {
          route,
          caller: `holds only ${page}`,
          authorization: `Bearer ${unrelated.get(page)}`,
          state: 267,
        };
      });
    expect(await expectGuard(cases)).toEqual([]);
  });

  it('every permission-checked route answers 267 to an operator holding every other key', async () => {
    const cases = guarded
      .filter((r) => r.requiredKeys !== null)
      .map((route) => ({
        route,
        caller: `holds everything but ${(route.requiredKeys as string[]).join(' / ')}`,
        authorization: `Bearer ${everythingElse.get((route.requiredKeys as string[]).join('|'))}`,
        state: 267,
      }));
    expect(await expectGuard(cases)).toEqual([]);
  });

  it('every guarded route answers 268 to a session that must change its first password', async () => {
    const cases = guarded
      .filter((r) => !r.beforePasswordChange)
      .map((route) => ({
        route,
        caller: 'admin before its first password change',
        authorization: `Bearer ${firstToken}`,
        state: 268,
      }));
    expect(await expectGuard(cases)).toEqual([]);
  });

  it('the before-password-change routes let such a session through', async () => {
    const cases = guarded
      .filter((r) => r.beforePasswordChange)
      .map((route) => ({
        route,
        caller: 'admin before its first password change',
        authorization: `Bearer ${firstToken}`,
      }));
    expect(await expectPasses(cases)).toEqual([]);
  });

  it('the super-admin passes the guard of every route', async () => {
    const cases = guarded.map((route) => ({
      route,
      caller: 'super-admin',
      authorization: `Bearer ${superToken}`,
    }));
    expect(await expectPasses(cases)).toEqual([]);
  });

  it('holding one of the required keys is enough to pass the guard', async () => {
    const cases = guarded
      .filter((r) => r.requiredKeys !== null)
      .map((route) => ({
        route,
        caller: `holds only ${(route.requiredKeys as string[])[0]}`,
        authorization: `Bearer ${holdsOne.get((route.requiredKeys as string[]).join('|'))}`,
      }));
    expect(await expectPasses(cases)).toEqual([]);
  });
});
