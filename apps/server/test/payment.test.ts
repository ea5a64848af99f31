import { Messages, type PayConfig, PaymentPaths } from '@health/contract';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../src/platform/secrets.js';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  setupApp,
  login,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';

const API_KEY = 'Zx8Kq2Lm4Np6Rs8Tv0Wy2Ab4Cd6Ef8Gh';
const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----\n${'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'.repeat(4)}\n-----END PRIVATE KEY-----`;
const CERTIFICATE = `-----BEGIN CERTIFICATE-----\n${'MIID8TCCAtmgAwIBAgIUQ'.repeat(4)}\n-----END CERTIFICATE-----`;
const SECRET_KEY = 'test-secret-key-of-at-least-thirty-two-chars';

describe.each(databaseKinds)('payment config API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let outsider: string;

  setupApp(
    kind,
    async (app) => {
      t = app;
      const readerGroup = await createGroup(t, '支付只读', ['/sysset_setting/payment']);
      const outsiderGroup = await createGroup(t, '站点组', [
        '/sysset_setting/site_info',
        '/sysset_setting/site_info:edit',
      ]);
      await createOperator(t, { username: 'reader', password: 'Rd@12345', groupId: readerGroup });
      await createOperator(t, {
        username: 'outsider',
        password: 'Out@1234',
        groupId: outsiderGroup,
      });
      admin = await loginAdmin(t);
      reader = (await login(t, 'reader', 'Rd@12345')).access_token;
      outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    },
    { env: { SECRET_KEY } },
  );

  const list = (token: string) => call(t, 'GET', PaymentPaths.list, { token });
  const update = (token: string, form: Record<string, string>) =>
    call(t, 'POST', PaymentPaths.update, { token, form });
  const allAnswers: string[] = [];
  const remember = async <R extends { body: string }>(r: Promise<R>): Promise<R> => {
    const response = await r;
    allAnswers.push(response.body);
    return response;
  };

  it('lists the three channels, unset and disabled on a fresh install', async () => {
    const body = bodyOf<{ list: PayConfig[] }>(await remember(list(admin)));
    expect(body.state).toBe(200);
    expect(body.data.list.map((c) => [c.channel, c.enabled])).toEqual([
      ['wechat', false],
      ['alipay', false],
      ['balance', false],
    ]);
    expect(body.data.list[0]?.secrets).toEqual({
      apiKey: { set: false },
      privateKey: { set: false },
      certificate: { set: false },
    });
  });

  it('requires the ids and keys of a channel being enabled', async () => {
    const body = bodyOf<FieldErrors>(
      await remember(
        update(admin, { channel: 'wechat', enabled: 'true', merchantId: '', appId: 'wx1' }),
      ),
    );
    expect(body.state).toBe(255);
    expect(body.data.errors.map((e) => e.field).sort()).toEqual(
      ['apiKey', 'certificate', 'merchantId', 'privateKey'].sort(),
    );
    expect(body.data.errors.find((e) => e.field === 'merchantId')?.msg).toBe(
      '启用微信支付需要填写商户号',
    );
    const badKey = bodyOf<FieldErrors>(
      await remember(update(admin, { channel: 'wechat', enabled: 'false', apiKey: 'short' })),
    );
    expect(badKey.data.errors).toEqual([
      { field: 'apiKey', msg: '微信支付 API 密钥（APIv3 密钥）应为 32 位字母或数字' },
    ]);
    const badChannel = bodyOf<FieldErrors>(
      await remember(update(admin, { channel: 'paypal', enabled: 'true' })),
    );
    expect(badChannel.state).toBe(255);
    expect(badChannel.data.errors[0]?.field).toBe('channel');
  });

  it('stores secrets sealed, answers only "set", keeps a blank secret unchanged', async () => {
    const saved = bodyOf<PayConfig>(
      await remember(
        update(admin, {
          channel: 'wechat',
          enabled: 'true',
          merchantId: '1600123456',
          appId: 'wx8a1b2c3d4e5f6a7b',
          apiKey: API_KEY,
          privateKey: PRIVATE_KEY,
          certificate: CERTIFICATE,
        }),
      ),
    );
    expect(saved.state).toBe(200);
    expect(saved.data).toMatchObject({
      channel: 'wechat',
      enabled: true,
      merchantId: '1600123456',
      secrets: { apiKey: { set: true }, privateKey: { set: true }, certificate: { set: true } },
    });

    const row = await t.db
      .selectFrom('pay_configs')
      .selectAll()
      .where('channel', '=', 'wechat')
      .executeTakeFirstOrThrow();
    expect(row.api_key_sealed).not.toContain(API_KEY);
    expect(row.api_key_sealed).toMatch(/^v1:/);
    expect(row.private_key_sealed).not.toContain('BEGIN PRIVATE KEY');
    // The ciphertext opens with the configured key, and only under its own field.
    const box = new SecretBox(SECRET_KEY);
    expect(box.open(row.api_key_sealed ?? '', 'pay:wechat:apiKey')).toBe(API_KEY);
    expect(() => box.open(row.api_key_sealed ?? '', 'pay:alipay:apiKey')).toThrow();

    // Blank secrets: unchanged.
    const again = bodyOf<PayConfig>(
      await remember(
        update(admin, {
          channel: 'wechat',
          enabled: 'true',
          merchantId: '1600999999',
          appId: 'wx8a1b2c3d4e5f6a7b',
          apiKey: '',
          privateKey: '',
          certificate: '',
        }),
      ),
    );
    expect(again.state).toBe(200);
    expect(again.data.merchantId).toBe('1600999999');
    const after = await t.db
      .selectFrom('pay_configs')
      .selectAll()
      .where('channel', '=', 'wechat')
      .executeTakeFirstOrThrow();
    expect(after.api_key_sealed).toBe(row.api_key_sealed);
    expect(box.open(after.certificate_sealed ?? '', 'pay:wechat:certificate')).toBe(CERTIFICATE);

    await remember(list(admin));
    await remember(list(reader));
  });

  it('logs before/after without any secret', async () => {
    const logs = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('target', '=', '支付配置 微信支付')
      .orderBy('id')
      .execute();
    expect(logs).toHaveLength(2);
    const first = logs[0]!;
    expect(JSON.parse(first.before_json ?? '{}')).toMatchObject({ enabled: false, merchantId: '' });
    expect(JSON.parse(first.after_json ?? '{}')).toMatchObject({
      enabled: true,
      merchantId: '1600123456',
      keyStatus: { apiKey: { set: true } },
      changedKeys: ['apiKey', 'privateKey', 'certificate'],
    });
    expect(JSON.parse(logs[1]!.after_json ?? '{}')).toMatchObject({ changedKeys: [] });
    const everything = JSON.stringify(
      await t.db.selectFrom('operation_logs').selectAll().execute(),
    );
    for (const secret of [API_KEY, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'MIID8TCCAtmgAwIBAgIUQ']) {
      expect(everything).not.toContain(secret);
      for (const answer of allAnswers) expect(answer).not.toContain(secret);
    }
  });

  it('answers 266 without a session and 267 without the page or its edit action', async () => {
    expect(bodyOf(await call(t, 'GET', PaymentPaths.list)).state).toBe(266);
    expect(
      bodyOf(
        await call(t, 'POST', PaymentPaths.update, {
          form: { channel: 'balance', enabled: 'true' },
        }),
      ).state,
    ).toBe(266);
    expect(bodyOf(await list(outsider))).toEqual({
      state: 267,
      msg: Messages.noPermission,
      data: null,
    });
    expect(bodyOf(await list(reader)).state).toBe(200);
    expect(bodyOf(await update(reader, { channel: 'balance', enabled: 'true' })).state).toBe(267);
    expect(bodyOf(await update(admin, { channel: 'balance', enabled: 'true' })).state).toBe(200);
  });
});
