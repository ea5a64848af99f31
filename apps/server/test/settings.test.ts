import {
  DEFAULT_PREWARNING_SET,
  Messages,
  SETTINGS_DEFAULTS,
  SettingsPaths,
  type DoctorOption,
  type PublicSiteInfo,
  type SettingInfo,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
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
  SESSION_INVALID,
} from './helpers/app.js';

describe.each(databaseKinds)('settings API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds site_info with edit, and pic_set without edit. */
  let editor: string;
  /** Holds only the overview page. */
  let outsider: string;
  let doctorId: number;

  setupApp(kind, async (app) => {
    t = app;
    const editorGroup = await createGroup(t, '配置编辑', [
      '/sysset_setting/site_info',
      '/sysset_setting/site_info:edit',
      '/sysset_setting/pic_set',
    ]);
    const outsiderGroup = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'editor', password: 'Ed@12345', groupId: editorGroup });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: outsiderGroup });
    doctorId = await createOperator(t, {
      username: 'wangfang',
      password: 'Wf@12345',
      groupId: outsiderGroup,
      staffRole: 'doctor',
      realName: '王芳',
    });
    await createOperator(t, {
      username: 'olddoc',
      password: 'Od@12345',
      groupId: outsiderGroup,
      staffRole: 'doctor',
      enabled: false,
    });
    admin = await loginAdmin(t);
    editor = (await login(t, 'editor', 'Ed@12345')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const info = (token: string, section: string) =>
    call(t, 'GET', `${SettingsPaths.info}?section=${section}`, { token });
  const update = (token: string, json: unknown) =>
    call(t, 'POST', SettingsPaths.update, { token, json });

  it('answers the defaults of a section never saved', async () => {
    for (const section of ['order', 'prewarning_set'] as const) {
      const body = bodyOf<SettingInfo>(await info(admin, section));
      expect(body.state).toBe(200);
      expect(body.data).toEqual({
        section,
        value: SETTINGS_DEFAULTS[section],
        updatedAt: null,
        updatedBy: null,
      });
    }
  });

  it('saves a section, answers it back and logs before/after in the operation log', async () => {
    const value = { ...SETTINGS_DEFAULTS.order, autoCancelMinutes: 45, deviceDepositFen: 30000 };
    const saved = bodyOf<SettingInfo>(await update(admin, { section: 'order', value }));
    expect(saved.state).toBe(200);
    expect(saved.data.value).toEqual(value);
    expect(saved.data.updatedBy).toBe('系统管理员');
    const again = bodyOf<SettingInfo>(await info(admin, 'order'));
    expect(again.data.value).toEqual(value);

    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('target', '=', '系统配置 运营配置')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('edit');
    expect(JSON.parse(log.before_json ?? 'null')).toEqual(SETTINGS_DEFAULTS.order);
    expect(JSON.parse(log.after_json ?? 'null')).toEqual(value);
  });

  it('refuses invalid values with Chinese field errors and changes nothing', async () => {
    const before = bodyOf<SettingInfo>(await info(admin, 'site_info')).data;
    const response = await update(admin, {
      section: 'site_info',
      value: { ...SETTINGS_DEFAULTS.site_info, platformName: '', h5Domain: 'ftp://x' },
    });
    const body = bodyOf<FieldErrors>(response);
    expect(body.state).toBe(255);
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'value.platformName', msg: '请输入平台名称' },
        { field: 'value.h5Domain', msg: 'H5 域名必须以 http:// 或 https:// 开头' },
      ]),
    );
    expect(bodyOf<SettingInfo>(await info(admin, 'site_info')).data).toEqual(before);
    const unknown = bodyOf<FieldErrors>(await update(admin, { section: 'nope', value: {} }));
    expect(unknown.state).toBe(255);
  });

  it('refuses contradictory warning rules on the offending field and keeps the old rules', async () => {
    const value = structuredClone(DEFAULT_PREWARNING_SET);
    value.bp.grade2.systolicMin = 150;
    value.bp.grade3.systolicMin = 145; // below grade 2
    value.ecg.urgentLow = 55; // inside the warning bounds (≥ 50)
    const logsBefore = await t.db.selectFrom('operation_logs').select('id').execute();
    const body = bodyOf<FieldErrors>(await update(admin, { section: 'prewarning_set', value }));
    expect(body.state).toBe(255);
    expect(body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'value.bp.grade3.systolicMin', msg: '三级高血压的收缩压下限必须高于二级' },
        { field: 'value.ecg.urgentLow', msg: '心率紧急下限必须低于预警下限' },
      ]),
    );
    const now = bodyOf<SettingInfo>(await info(admin, 'prewarning_set')).data;
    expect(now.value).toEqual(DEFAULT_PREWARNING_SET);
    expect(await t.db.selectFrom('operation_logs').select('id').execute()).toHaveLength(
      logsBefore.length,
    );

    const fine = structuredClone(DEFAULT_PREWARNING_SET);
    fine.bg.fasting.highMin = 7.2;
    expect(bodyOf(await update(admin, { section: 'prewarning_set', value: fine })).state).toBe(200);
  });

  it('answers 266 without a session', async () => {
    expect(bodyOf(await call(t, 'GET', `${SettingsPaths.info}?section=order`)).state).toBe(266);
    const upd = await call(t, 'POST', SettingsPaths.update, {
      json: { section: 'order', value: SETTINGS_DEFAULTS.order },
    });
    expect(bodyOf(upd)).toEqual(SESSION_INVALID);
    expect(bodyOf(await call(t, 'GET', SettingsPaths.doctorOptions)).state).toBe(266);
  });

  it('answers 267 for a section whose page the group lacks, or its edit action', async () => {
    expect(bodyOf(await info(outsider, 'site_info')).state).toBe(267);
    expect(bodyOf(await info(editor, 'site_info')).state).toBe(200);
    expect(bodyOf(await info(editor, 'pic_set')).state).toBe(200);
    // Holds settings pages, but not this one.
    expect(bodyOf(await info(editor, 'order')).state).toBe(267);
    // Holds pic_set, but not its edit action.
    const pic = await update(editor, { section: 'pic_set', value: SETTINGS_DEFAULTS.pic_set });
    expect(bodyOf(pic)).toEqual({ state: 267, msg: Messages.noPermission, data: null });
    const site = { ...SETTINGS_DEFAULTS.site_info, platformName: '编辑改的名字' };
    expect(bodyOf(await update(editor, { section: 'site_info', value: site })).state).toBe(200);
    expect(bodyOf(await update(outsider, { section: 'site_info', value: site })).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', SettingsPaths.doctorOptions, { token: editor })).state).toBe(
      267,
    );
  });

  it('serves the platform name publicly and follows a saved site_info', async () => {
    const site = {
      ...SETTINGS_DEFAULTS.site_info,
      platformName: '康宁居家健康',
      servicePhone: '400-820-1234',
      logo: '/uploads/images/202611/0123456789abcdef0123456789abcdef.png',
    };
    expect(bodyOf(await update(admin, { section: 'site_info', value: site })).state).toBe(200);
    const body = bodyOf<PublicSiteInfo>(await call(t, 'GET', SettingsPaths.siteInfo));
    expect(body.state).toBe(200);
    expect(body.data).toMatchObject({
      platformName: '康宁居家健康',
      servicePhone: '400-820-1234',
      logo: site.logo,
    });
    expect(body.data).not.toHaveProperty('h5Domain');
  });

  it('lists enabled doctors and accepts only them as consultation doctors', async () => {
    const options = bodyOf<{ list: DoctorOption[] }>(
      await call(t, 'GET', SettingsPaths.doctorOptions, { token: admin }),
    );
    expect(options.data.list).toEqual([{ id: doctorId, name: '王芳' }]);

    const value = { ...SETTINGS_DEFAULTS.conversation_set, enabled: true, doctorIds: [doctorId] };
    expect(bodyOf(await update(admin, { section: 'conversation_set', value })).state).toBe(200);
    const bad = bodyOf<FieldErrors>(
      await update(admin, { section: 'conversation_set', value: { ...value, doctorIds: [99999] } }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors[0]?.field).toBe('value.doctorIds');
    const none = bodyOf<FieldErrors>(
      await update(admin, { section: 'conversation_set', value: { ...value, doctorIds: [] } }),
    );
    expect(none.data.errors[0]).toEqual({
      field: 'value.doctorIds',
      msg: '开启在线问诊时至少选择一位接诊医生',
    });
  });
});
