import { ApiPaths, OperatorPaths } from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import { bearer, createTestApp, loginAdmin, type TestApp, SESSION_INVALID } from './helpers/app.js';

/** What the API lets browsers and proxies keep, and who may read the API documentation. */
describe.each(databaseKinds)('API exposure on %s', (kind) => {
  const withApp = async (env: Record<string, string>, run: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp(kind, { env });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  };

  it('marks every API answer Cache-Control: no-store (data, refusals, lists, public calls)', async () => {
    await withApp({}, async (t) => {
      const admin = await loginAdmin(t);
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: t.api(ApiPaths.userInfo), headers: bearer(admin) }),
        t.app.inject({ method: 'GET', url: t.api(ApiPaths.userInfo) }),
        t.app.inject({
          method: 'GET',
          url: t.api(OperatorPaths.list),
          headers: bearer(admin),
        }),
        t.app.inject({ method: 'GET', url: t.api(ApiPaths.captcha) }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 200]);
      for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    });
  });

  it('in production, shows the API document only to a logged-in operator', async () => {
    await withApp({ NODE_ENV: 'production' }, async (t) => {
      const anonymous = await t.app.inject({ method: 'GET', url: t.api('/docs/json') });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(SESSION_INVALID);
      expect((await t.app.inject({ method: 'GET', url: t.api('/docs/yaml') })).statusCode).toBe(
        401,
      );
      const admin = await loginAdmin(t);
      const signedIn = await t.app.inject({
        method: 'GET',
        url: t.api('/docs/json'),
        headers: bearer(admin),
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toHaveProperty('openapi');
      // The UI page itself holds nothing: it fetches the document with the stored token.
      const page = await t.app.inject({ method: 'GET', url: t.api('/docs/') });
      expect(page.statusCode).toBe(200);
      const init = await t.app.inject({
        method: 'GET',
        url: t.api('/docs/static/swagger-initializer.js'),
      });
      expect(init.body).toContain('jkadmin_access_token');
    });
  });

  it('in production with API_DOCS=true, shows the document to anyone', async () => {
    await withApp({ NODE_ENV: 'production', API_DOCS: 'true' }, async (t) => {
      const anonymous = await t.app.inject({ method: 'GET', url: t.api('/docs/json') });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toHaveProperty('openapi');
    });
  });
});
