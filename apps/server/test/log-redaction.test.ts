import { ApiPaths, MemberPaths } from '@health/contract';
import { describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { redactText, redactUrl } from '../src/platform/log-redaction.js';
import { databaseKinds } from './helpers/databases.js';
import {
  ADMIN_PASSWORD,
  bodyOf,
  call,
  capturedLogger,
  setupApp,
  loginAdmin,
  tryLogin,
  type TestApp,
} from './helpers/app.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const PHONE = '13812345678';
const ID_NUMBER = '11010519491231002X';

const probes: RoutePlugin = async (app) => {
  app.get('/v3/probe/leaky-crash', { config: { public: true } }, async () => {
    throw new Error(
      `duplicate key: Key (phone)=(${PHONE}) id ${ID_NUMBER} header Bearer abcdefGHIJ123`,
    );
  });
  app.post('/v3/probe/log-body', { config: { public: true } }, async (request) => {
    // A careless module logging a whole body: the logger still censors the fields.
    request.log.info({ body: request.body }, 'body received');
    return { state: 200, msg: 'ok', data: null };
  });
};

/** The server log never holds personal or secret data (issue: full phones in logged URLs). */
describe.each(databaseKinds)('log redaction on %s', (kind) => {
  let t: TestApp;
  const captured = capturedLogger('info');
  const log = captured.text;

  setupApp(
    kind,
    async (app) => {
      t = app;
      const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
      await insertMember(t, { gradeId, phone: PHONE, idNumber: ID_NUMBER });
    },
    {
      extraRoutes: [probes],
      logger: captured.logger,
    },
  );

  it('logs the query keys of a request but never their values', async () => {
    const admin = await loginAdmin(t);
    const list = await call(t, 'GET', `${MemberPaths.list}?phone=${PHONE}&current=1`, {
      token: admin,
    });
    expect(bodyOf(list).state).toBe(200);
    expect(log()).toContain(`${MemberPaths.list}?phone=***&current=***`);
    expect(log()).not.toContain(PHONE);
  });

  it('never logs passwords, tokens or a logged body field holding personal data', async () => {
    await tryLogin(t, 'admin', 'Wrong@Secret1');
    await tryLogin(t, 'admin', ADMIN_PASSWORD);
    await call(t, 'POST', '/v3/probe/log-body', {
      json: {
        phone: PHONE,
        password: 'Wrong@Secret2',
        nested: { idNumber: ID_NUMBER },
        keep: 'ok',
      },
    });
    const text = log();
    expect(text).toContain('body received');
    expect(text).toContain('"keep":"ok"');
    for (const secret of [PHONE, ID_NUMBER, 'Wrong@Secret1', 'Wrong@Secret2', ADMIN_PASSWORD]) {
      expect(text).not.toContain(secret);
    }
  });

  it('masks phone and identity numbers and bearer tokens in a logged error', async () => {
    const crash = await t.app.inject({ method: 'GET', url: t.api('/v3/probe/leaky-crash') });
    expect(crash.statusCode).toBe(500);
    const text = log();
    expect(text).toContain('duplicate key: Key (phone)=(***)');
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(ID_NUMBER);
    expect(text).not.toContain('abcdefGHIJ123');
  });

  it('writes one line a request at info: method, path, status and time', async () => {
    const admin = await loginAdmin(t);
    const from = captured.lines.length;
    const res = await call(t, 'GET', ApiPaths.userInfo, { token: admin });
    const lines = captured.lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: res.headers['x-request-id'],
      req: { method: 'GET', url: t.api(ApiPaths.userInfo) },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
  });

  it('user info and the captcha leave no token in the log', async () => {
    const admin = await loginAdmin(t);
    await call(t, 'GET', ApiPaths.userInfo, { token: admin });
    expect(log()).not.toContain(admin);
  });
});

describe('redaction helpers', () => {
  it('keeps the path and the keys of a query', () => {
    expect(redactUrl('/api/v3/a')).toBe('/api/v3/a');
    expect(redactUrl('/api/v3/a?phone=138&x=&y')).toBe('/api/v3/a?phone=***&x=***&y=***');
  });

  it('masks phones and identity numbers but not other numbers', () => {
    expect(redactText(`会员 ${PHONE} 身份证 ${ID_NUMBER} 订单 20261123`)).toBe(
      '会员 *** 身份证 *** 订单 20261123',
    );
  });
});
