import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, Messages } from '@health/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { ANY_OPERATOR } from '../src/platform/permissions.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  capturedLogger,
  createTestApp,
  setupApp,
  loginAdmin,
  type TestApp,
} from './helpers/app.js';

/** Probe routes that exercise the platform the way a module would. */
const probes: RoutePlugin = async (app) => {
  app.post(
    '/v3/probe/echo',
    {
      config: { public: true },
      schema: {
        body: z.object({
          name: z.string().min(2, '名称至少2个字'),
          age: z.coerce.number().int().optional(),
        }),
      },
    },
    async (request) => ({ state: 200, msg: 'ok', data: request.body }),
  );
  app.get('/v3/probe/crash', { config: { public: true } }, async () => {
    throw new Error('select * from operators where password_hash = secret');
  });
  app.post('/v3/probe/upload', { config: { frontPath: ANY_OPERATOR } }, async (request) => {
    const file = await request.file();
    const content = file ? (await file.toBuffer()).toString() : '';
    return { state: 200, msg: 'ok', data: { filename: file?.filename ?? null, content } };
  });
};

describe.each(databaseKinds)('platform on %s', (kind) => {
  let t: TestApp;
  const captured = capturedLogger('error');
  const logLines = captured.lines;

  setupApp(
    kind,
    async (app) => {
      t = app;
    },
    {
      extraRoutes: [probes],
      logger: captured.logger,
    },
  );

  it('GET /healthz checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: t.api('/v3/nothing/here') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ state: 255, msg: Messages.notFound, data: null });
    }
  });

  it('answers a page path with the 404 envelope when the web app is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ state: 255, msg: Messages.notFound });
  });

  it('sends a request id header, and keeps a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const passed = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-trace-0001' },
    });
    expect(passed.headers['x-request-id']).toBe('lb-trace-0001');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(forged.headers['x-request-id']).not.toBe('bad id\n');
  });

  it('hides the cause of a 500 and logs it under the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: t.api('/v3/probe/crash') });
    expect(response.statusCode).toBe(500);
    const id = response.headers['x-request-id'] as string;
    expect(response.json()).toEqual({
      state: 255,
      msg: `服务器开小差了，请稍后重试（请求编号 ${id}）`,
      data: null,
    });
    expect(response.body).not.toMatch(/select|operators|stack|at /i);
    const logged = logLines.find((line) => line.includes(id));
    expect(logged).toContain('select * from operators');
  });

  it('accepts form-encoded and JSON bodies alike and reports zod failures with field names', async () => {
    const form = await call(t, 'POST', '/v3/probe/echo', { form: { name: '张三', age: '30' } });
    expect(bodyOf(form).data).toEqual({ name: '张三', age: 30 });
    const json = await call(t, 'POST', '/v3/probe/echo', { json: { name: '李四' } });
    expect(bodyOf(json).data).toEqual({ name: '李四' });

    const invalid = await call(t, 'POST', '/v3/probe/echo', { json: { name: '王', age: 'x' } });
    expect(invalid.statusCode).toBe(400);
    const body = bodyOf<{ errors: { field: string; msg: string }[] }>(invalid);
    expect(body.state).toBe(255);
    expect(body.msg).toBe('名称至少2个字');
    expect(body.data.errors.map((e) => e.field)).toEqual(['name', 'age']);
    expect(body.data.errors[1]?.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers a malformed JSON body and an unsupported content type in Chinese', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: t.api('/v3/probe/echo'),
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ state: 255, msg: '请求内容格式不正确', data: null });
    const xml = await t.app.inject({
      method: 'POST',
      url: t.api('/v3/probe/echo'),
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.json()).toEqual({ state: 255, msg: '不支持的请求格式', data: null });
  });

  it('refuses U+0000 anywhere in a body or a query with 255 naming the field', async () => {
    // PostgreSQL text cannot hold it (a 500 before this guard); SQLite would store it.
    const json = await call(t, 'POST', '/v3/probe/echo', { json: { name: 'a\u0000b' } });
    expect(json.json()).toEqual({
      state: 255,
      msg: Messages.controlCharacter,
      data: { errors: [{ field: 'name', msg: Messages.controlCharacter }] },
    });
    const form = await call(t, 'POST', '/v3/probe/echo', {
      form: { name: '张三', age: '3\u00000' },
    });
    expect(form.json()).toMatchObject({ state: 255, data: { errors: [{ field: 'age' }] } });
    const query = await t.app.inject({ method: 'GET', url: t.api('/v3/nothing?q=a%00b') });
    expect(query.json()).toMatchObject({ state: 255, msg: Messages.controlCharacter });
  });

  it('parses multipart uploads on authenticated routes', async () => {
    const access_token = await loginAdmin(t);
    const boundary = '----probe';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="devices.csv"',
      'Content-Type: text/csv',
      '',
      'sn,model',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: t.api('/v3/probe/upload'),
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(bodyOf(response).data).toEqual({ filename: 'devices.csv', content: 'sn,model' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: t.api('/v3/probe/upload'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(bodyOf(anonymous).state).toBe(266);
  });

  it('serves OpenAPI generated from the zod schemas, and Swagger UI under the CSP', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: t.api('/docs/json') })).json();
    expect(spec.openapi).toMatch(/^3\./);
    const tokenPath = spec.paths[t.api(ApiPaths.token)];
    expect(tokenPath.post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(JSON.stringify(tokenPath.post.requestBody)).toContain('verifyKey');
    expect(spec.paths[t.api(ApiPaths.userInfo)].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths[t.api(ApiPaths.captcha)].get.security).toBeUndefined();
    expect(Object.keys(spec.paths).some((p) => p.includes('/docs'))).toBe(false);

    const ui = await t.app.inject({ method: 'GET', url: t.api('/docs/') });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui-bundle.js');
    const csp = String(ui.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends security headers with every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 503 from /healthz when the database is gone', async () => {
    const broken = await createTestApp(kind);
    await broken.database.destroy();
    const response = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await broken.app.close();
  });
});

describe('route permission declarations', () => {
  const kind = databaseKinds[0] ?? 'sqlite';

  it('refuses to start when an API route declares no permission', async () => {
    const forgetful: RoutePlugin = async (app) => {
      app.get('/v3/member/admin/member/list', async () => ({ state: 200, msg: 'ok', data: null }));
    };
    await expect(createTestApp(kind, { extraRoutes: [forgetful] })).rejects.toThrow(
      /GET \/api\/v3\/member\/admin\/member\/list: declare config\.frontPath/,
    );
  });

  it('refuses to start on an unknown front path or action', async () => {
    const typo: RoutePlugin = async (app) => {
      // The compiler refuses it first; the guard refuses it at start-up all the same.
      // @ts-expect-error not a front path of the catalogue
      app.get('/v3/x/list', { config: { frontPath: '/member_manage/listz' } }, async () => null);
    };
    await expect(createTestApp(kind, { extraRoutes: [typo] })).rejects.toThrow(
      /unknown front path \/member_manage\/listz/,
    );
    const badAction: RoutePlugin = async (app) => {
      app.post(
        '/v3/x/fly',
        // @ts-expect-error not an action of the catalogue
        { config: { frontPath: '/member_manage/lists', action: 'fly' } },
        async () => null,
      );
    };
    await expect(createTestApp(kind, { extraRoutes: [badAction] })).rejects.toThrow(
      /has no action "fly"/,
    );
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'health-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="api-base" content="/api"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    t = await createTestApp(databaseKinds[0] ?? 'sqlite', {
      env: { WEB_DIST: webDist, API_SERVICE: 'jkapi' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers page paths with index.html carrying the API base, never cached', async () => {
    for (const url of ['/', '/login', '/sysset_home/basic?x=1', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<meta name="api-base" content="/jkapi">');
    }
  });

  it('caches hashed assets for good and other files not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file or an API path with the 404 envelope, not index.html', async () => {
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toMatchObject({ state: 255 });
    const api = await t.app.inject({ method: 'GET', url: '/jkapi/v3/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ state: 255, msg: Messages.notFound, data: null });
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });

  it('serves the API under the configured service segment', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/jkapi${ApiPaths.captcha}` });
    expect(response.json().state).toBe(200);
  });
});
