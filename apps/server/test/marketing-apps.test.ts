import { APP_CENTER_PATHS, SettingsPaths, type AppCenter } from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  SESSION_INVALID,
  bodyOf,
  call,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  setupApp,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';

const CENTER = '/marketing_app/center';

describe.each(databaseKinds)('应用中心 API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds the centre and 签到设置 only. */
  let narrow: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const group = await createGroup(t, '签到运营', [
      CENTER,
      '/member_sign/sign',
      '/member_sign/sign:edit',
    ]);
    await createOperator(t, { username: 'signops', password: 'Sign@123', groupId: group });
    narrow = (await login(t, 'signops', 'Sign@123')).access_token;
  });

  const center = async (token: string) => {
    const body = bodyOf<AppCenter>(await call(t, 'GET', APP_CENTER_PATHS.list, { token }));
    expect(body.state, body.msg).toBe(200);
    return body.data;
  };

  it('answers every app to the super-admin: on or off where it has a switch, its number today', async () => {
    const { apps } = await center(admin);
    expect(apps.map((a) => a.key)).toEqual([
      'signIn',
      'mall',
      'notices',
      'consultation',
      'videos',
      'plans',
    ]);
    expect(apps.find((a) => a.key === 'signIn')).toMatchObject({
      enabled: true,
      metric: 'signs.checkIns',
      today: 0,
    });
    expect(apps.find((a) => a.key === 'videos')).toMatchObject({ enabled: null, today: null });
  });

  it('answers a narrow operator only the apps whose pages it may open, and follows the settings switch', async () => {
    const { apps } = await center(narrow);
    expect(apps.map((a) => a.key)).toEqual(['signIn']);
    // Turned off through its own settings: the card follows.
    const info = bodyOf<{ value: Record<string, unknown> }>(
      await call(t, 'GET', SettingsPaths.info, { token: narrow, query: { section: 'sign' } }),
    );
    const saved = bodyOf(
      await call(t, 'POST', SettingsPaths.update, {
        token: narrow,
        json: { section: 'sign', value: { ...info.data.value, enabled: false } },
      }),
    );
    expect(saved.state).toBe(200);
    expect((await center(narrow)).apps[0]).toMatchObject({ key: 'signIn', enabled: false });
    expect(bodyOf(await call(t, 'GET', APP_CENTER_PATHS.list))).toEqual(SESSION_INVALID);
  });
});
