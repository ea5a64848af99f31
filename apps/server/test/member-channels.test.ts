import {
  ApiPaths,
  ChannelPaths,
  SETTINGS_DEFAULTS,
  type ChannelQrcode,
  type MemberChannel,
  type Page,
  ChannelMessages,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { channelLink } from '../src/modules/member/channels/service.js';
import {
  bodyOf,
  call,
  loginViewerAndOutsider,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

describe('channelLink', () => {
  it('appends ?channel=<code> to the H5 domain, empty without a domain', () => {
    expect(channelLink('https://h5.example.com', 'wx_01')).toBe(
      'https://h5.example.com/?channel=wx_01',
    );
    expect(channelLink('https://h5.example.com/app?x=1', 'a-b')).toBe(
      'https://h5.example.com/app?x=1&channel=a-b',
    );
    expect(channelLink('', 'x')).toBe('');
  });
});

describe.each(databaseKinds)('member channels API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let gradeId: number;

  setupApp(kind, async (app) => {
    t = app;
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, ['/member_manage/channel']));
  });

  const add = (form: Record<string, string>, token = admin) =>
    call(t, 'POST', ChannelPaths.add, { token, form });
  let wx = 0;
  let shop = 0;

  it('adds, lists with member counts and links, updates and disables channels', async () => {
    const r = bodyOf<{ id: number }>(
      await add({ name: '微信公众号', code: 'wx_mp', remark: '公众号菜单', enabled: '1' }),
    );
    expect(r.state).toBe(200);
    wx = r.data.id;
    shop = bodyOf<{ id: number }>(await add({ name: '线下门店', code: 'shop-01' })).data.id;
    await insertMember(t, { gradeId, channelId: wx });
    await insertMember(t, { gradeId, channelId: wx });

    await t.db
      .insertInto('settings')
      .values({
        section: 'site_info',
        value_json: JSON.stringify({
          ...SETTINGS_DEFAULTS.site_info,
          h5Domain: 'https://h5.example.com',
        }),
        updated_at: t.clock.now,
        updated_by: null,
      })
      .onConflict((oc) =>
        oc.column('section').doUpdateSet({
          value_json: JSON.stringify({
            ...SETTINGS_DEFAULTS.site_info,
            h5Domain: 'https://h5.example.com',
          }),
        }),
      )
      .execute();
    // The settings cache reloads on settingInit (the refresh button).
    expect(bodyOf(await call(t, 'GET', ApiPaths.settingInit, { token: admin })).state).toBe(200);

    const page = bodyOf<Page<MemberChannel>>(
      await call(t, 'GET', `${ChannelPaths.list}?sortField=memberCount&sortOrder=descend`, {
        token: viewer,
      }),
    ).data;
    expect(page.pagination.total).toBe(2);
    expect(page.list[0]).toMatchObject({ id: wx, code: 'wx_mp', memberCount: 2, enabled: true });
    expect(page.list[1]).toMatchObject({ id: shop, memberCount: 0 });

    const filtered = bodyOf<Page<MemberChannel>>(
      await call(t, 'GET', `${ChannelPaths.list}?code=shop&enabled=1`, { token: viewer }),
    ).data.list;
    expect(filtered.map((c) => c.id)).toEqual([shop]);

    const upd = await call(t, 'POST', ChannelPaths.update, {
      token: admin,
      json: { id: wx, name: '微信公众号', code: 'wx_mp', remark: '', enabled: false },
    });
    expect(bodyOf(upd).state).toBe(200);
    const detail = bodyOf<MemberChannel>(
      await call(t, 'GET', `${ChannelPaths.detail}?id=${wx}`, { token: admin }),
    );
    expect(detail.data).toMatchObject({ enabled: false, memberCount: 2 });
    const audit = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('module', '=', 'member')
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ enabled: true });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ enabled: false });
  });

  it('validates name and code, and keeps codes unique', async () => {
    const bad = bodyOf<FieldErrors>(await add({ name: '', code: '中文 code' }));
    expect(bad.state).toBe(255);
    expect(bad.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', msg: ChannelMessages.channelNameRequired },
        { field: 'code', msg: ChannelMessages.channelCodeInvalid },
      ]),
    );
    const dup = bodyOf<FieldErrors>(await add({ name: '另一个', code: 'wx_mp' }));
    expect(dup.data.errors[0]).toEqual({
      field: 'code',
      msg: ChannelMessages.channelCodeTaken,
    });
    const dupUpdate = bodyOf<FieldErrors>(
      await call(t, 'POST', ChannelPaths.update, {
        token: admin,
        form: { id: String(shop), name: '线下门店', code: 'wx_mp' },
      }),
    );
    expect(dupUpdate.data.errors[0]?.field).toBe('code');
  });

  it('answers the link and a PNG QR code', async () => {
    const qr = bodyOf<ChannelQrcode>(
      await call(t, 'GET', `${ChannelPaths.qrcode}?id=${wx}`, { token: viewer }),
    );
    expect(qr.state).toBe(200);
    expect(qr.data.link).toBe('https://h5.example.com/?channel=wx_mp');
    expect(qr.data.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(qr.data.dataUrl.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(
      bodyOf(await call(t, 'GET', `${ChannelPaths.qrcode}?id=999999`, { token: viewer })).state,
    ).toBe(255);
  });

  it('refuses to delete a channel with members, deletes an empty one', async () => {
    const busy = bodyOf(
      await call(t, 'POST', ChannelPaths.delete, { token: admin, form: { id: String(wx) } }),
    );
    expect(busy).toMatchObject({ state: 255, msg: ChannelMessages.channelInUse(2) });
    const ok = bodyOf(
      await call(t, 'POST', ChannelPaths.delete, { token: admin, form: { id: String(shop) } }),
    );
    expect(ok.state).toBe(200);
    const gone = bodyOf(
      await call(t, 'GET', `${ChannelPaths.detail}?id=${shop}`, { token: admin }),
    );
    expect(gone).toMatchObject({ state: 255, msg: ChannelMessages.channelNotFound });
  });

  it('answers 266 and 267', async () => {
    expect(bodyOf(await call(t, 'GET', ChannelPaths.list)).state).toBe(266);
    expect(bodyOf(await call(t, 'GET', ChannelPaths.list, { token: outsider })).state).toBe(267);
    expect(bodyOf(await add({ name: '抖音', code: 'douyin' }, viewer)).state).toBe(267);
    expect(
      bodyOf(
        await call(t, 'POST', ChannelPaths.delete, { token: viewer, form: { id: String(wx) } }),
      ).state,
    ).toBe(267);
  });
});
