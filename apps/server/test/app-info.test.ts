import {
  AppInfoPaths,
  SETTINGS_DEFAULTS,
  SettingsPaths,
  type AppSet,
  type PublicAppInfo,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import { bodyOf, call, createTestApp, loginAdmin, setupApp, type TestApp } from './helpers/app.js';

const APP_SET: AppSet = {
  appName: '康宁健康',
  appIcon: '/uploads/images/202611/0123456789abcdef0123456789abcdef.png',
  android: {
    latestVersion: '2.4.0',
    minVersion: '2.0.0',
    downloadUrl: 'https://download.example.com/kangning-2.4.0.apk',
    releaseNotes: '新增血压周报',
  },
  ios: { latestVersion: '2.3.5', minVersion: '2.0.0', downloadUrl: '', releaseNotes: '' },
};

describe.each(databaseKinds)('public app info (/openinstall) on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
  });

  const appInfo = async () => {
    const response = await call(t, 'GET', AppInfoPaths.info);
    expect(response.statusCode).toBe(200);
    return bodyOf<PublicAppInfo>(response);
  };

  it('answers without a login: the defaults until APP配置 is saved', async () => {
    const body = await appInfo();
    expect(body.state).toBe(200);
    const defaults = SETTINGS_DEFAULTS.app_set;
    expect(body.data).toEqual({
      appName: defaults.appName,
      appIcon: defaults.appIcon,
      android: { ...defaults.android, qrCode: null },
      ios: { ...defaults.ios, qrCode: null },
    });
  });

  it('follows a saved APP配置 with only the public fields and a QR code of each link', async () => {
    const saved = await call(t, 'POST', SettingsPaths.update, {
      token: admin,
      json: { section: 'app_set', value: APP_SET },
    });
    expect(bodyOf(saved).state).toBe(200);

    const { state, data } = await appInfo();
    expect(state).toBe(200);
    expect(Object.keys(data).sort()).toEqual(['android', 'appIcon', 'appName', 'ios']);
    expect(data.appName).toBe('康宁健康');
    expect(data.appIcon).toBe(APP_SET.appIcon);
    const { qrCode, ...android } = data.android;
    expect(android).toEqual(APP_SET.android);
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    // No link, no QR code: the page says the download is not offered yet.
    expect(data.ios).toEqual({ ...APP_SET.ios, qrCode: null });
  });

  it('ignores a token and is cache-revalidated', async () => {
    const response = await call(t, 'GET', AppInfoPaths.info, { token: 'not-a-session' });
    expect(bodyOf(response).state).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe.each(databaseKinds)('public app info rate limit on %s', (kind) => {
  it('answers the 429 envelope past the per-IP limit of the public endpoints', async () => {
    const t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await call(t, 'GET', AppInfoPaths.info, { ip: '10.7.0.1' })).statusCode).toBe(200);
      const limited = await call(t, 'GET', AppInfoPaths.info, { ip: '10.7.0.1' });
      expect(limited.statusCode).toBe(429);
      expect(bodyOf(limited)).toEqual({ state: 429, msg: '请求过于频繁，请稍后再试', data: null });
      expect((await call(t, 'GET', AppInfoPaths.info, { ip: '10.7.0.2' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
