import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Messages, UploadMessages, type UploadResult, UploadPaths } from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  createGroup,
  createOperator,
  createTestApp,
  login,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer, type = 'image/png') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databaseKinds)('image uploads on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-uploads-'));
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir } });
    const viewerGroup = await createGroup(t, '图片只读', ['/sysset_setting/pic_set']);
    const outsiderGroup = await createGroup(t, '运营配置', [
      '/sysset_setting/order',
      '/sysset_setting/order:edit',
    ]);
    await createOperator(t, { username: 'viewer', password: 'Vw@12345', groupId: viewerGroup });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: outsiderGroup });
    admin = await loginAdmin(t);
    viewer = (await login(t, 'viewer', 'Vw@12345')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string | null, filename: string, content: Buffer, type?: string) => {
    const { payload, headers } = multipart(filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: t.api(UploadPaths.image),
      headers: { ...headers, ...(token ? bearer(token) : {}) },
      payload,
    });
  };

  it('accepts a real PNG, records it and serves it back byte-identical', async () => {
    const body = bodyOf<UploadResult>(await upload(admin, 'logo.png', PNG));
    expect(body.state).toBe(200);
    expect(body.data).toMatchObject({ size: PNG.length, mime: 'image/png' });
    expect(body.data.url).toBe(`/uploads/${body.data.key}`);

    const row = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('storage_key', '=', body.data.key)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(row.original_name).toBe('logo.png');
    expect(row.operator_id).not.toBeNull();

    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('action', '=', 'upload')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      key: body.data.key,
      size: PNG.length,
    });
  });

  it('judges by content: a .png name with text content is refused, a GIF named .png is a GIF', async () => {
    const text = bodyOf<FieldErrors>(
      await upload(admin, 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    );
    expect(text.state).toBe(255);
    expect(text.data.errors).toEqual([{ field: 'file', msg: UploadMessages.badType }]);

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const body = bodyOf<UploadResult>(await upload(admin, 'not-really.png', gif));
    expect(body.data.mime).toBe('image/gif');
    expect(body.data.key.endsWith('.gif')).toBe(true);
  });

  it('refuses a file over 5 MB and a request without a file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const body = bodyOf<FieldErrors>(await upload(admin, 'big.png', big));
    expect(body.state).toBe(255);
    expect(body.data.errors).toEqual([{ field: 'file', msg: UploadMessages.tooLarge }]);

    const none = await t.app.inject({
      method: 'POST',
      url: t.api(UploadPaths.image),
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: {},
    });
    expect(bodyOf(none).state).toBe(255);
    expect(await t.db.selectFrom('uploads').select('id').execute()).toHaveLength(2);
  });

  it('answers 266 without a session, 267 without an uploading page or its edit action', async () => {
    expect(bodyOf(await upload(null, 'a.png', PNG)).state).toBe(266);
    expect(bodyOf(await upload(outsider, 'a.png', PNG))).toEqual({
      state: 267,
      msg: Messages.noPermission,
      data: null,
    });
    expect(bodyOf(await upload(viewer, 'a.png', PNG)).state).toBe(267);
  });

  it('lets an editor of goods or of 装修 upload their images without any settings page', async () => {
    for (const [name, page] of [
      ['商品编辑', '/integralmall/goods'],
      ['装修编辑', '/decorate_m/lists'],
      ['视频编辑', '/decorate_m/video'],
    ] as const) {
      const group = await createGroup(t, name, [page, `${page}:edit`]);
      const username = `up${group}`;
      await createOperator(t, { username, password: 'Up@12345', groupId: group });
      const token = (await login(t, username, 'Up@12345')).access_token;
      expect(bodyOf(await upload(token, 'a.png', PNG)).state, page).toBe(200);
    }
  });

  it('answers 404 for a file that does not exist or a key that is not one', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/images/x/none.png' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../secret.key' })).statusCode).toBe(
      404,
    );
  });
});
