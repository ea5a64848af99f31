import {
  DAY_MS,
  DEVICE_CODE,
  DeviceCodeMessages,
  DeviceCodePaths,
  DeviceMessages,
  DeviceModelPaths,
  DevicePaths,
  SETTINGS_DEFAULTS,
  ApiPaths,
  normalizeDeviceCode,
  type DeviceCode,
  type DeviceCodeBatch,
  type DeviceDetail,
  type Page,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/db/demo/index.js';
import { codeLink, newDeviceCode } from '../src/modules/device/codes/service.js';
import { SecretBox } from '../src/platform/secrets.js';
import {
  bodyOf,
  call,
  exportRows,
  loginAdmin,
  loginViewerAndOutsider,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

describe('binding code helpers', () => {
  it('draws 12 characters of Crockford base32 and reads what people type', () => {
    for (let i = 0; i < 200; i++) expect(newDeviceCode()).toMatch(DEVICE_CODE);
    expect(normalizeDeviceCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normalizeDeviceCode('o1il 2345 6789')).toBe('0111' + '23456789');
  });

  it('puts the code in the H5 address as scene, or gives the bare code', () => {
    expect(codeLink('https://h5.example.com', 'ABCD2345EFGH')).toBe(
      'https://h5.example.com/?scene=ABCD2345EFGH',
    );
    expect(codeLink('', 'ABCD2345EFGH')).toBe('ABCD2345EFGH');
  });
});

describe.each(databaseKinds)('binding codes API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let gradeId: number;
  let bpModel: number;
  let ecgModel: number;

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });

  async function addDevice(serial: string, modelId: number): Promise<number> {
    const r = bodyOf<{ id: number }>(await post(DevicePaths.add, { serial, modelId }));
    expect(r.state, r.msg).toBe(200);
    return r.data.id;
  }

  async function generate(modelId: number, count: number, expiresInDays = 30) {
    const r = bodyOf<DeviceCodeBatch>(
      await post(DeviceCodePaths.add, { modelId, count, expiresInDays }),
    );
    expect(r.state, r.msg).toBe(200);
    return r.data;
  }

  async function codesOf(query: string): Promise<Page<DeviceCode>> {
    const r = bodyOf<Page<DeviceCode>>(await get(`${DeviceCodePaths.list}?${query}`));
    expect(r.state, r.msg).toBe(200);
    return r.data;
  }

  setupApp(kind, async (app) => {
    t = app;
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, ['/device_list/detail']));
    bpModel = bodyOf<{ id: number }>(
      await post(DeviceModelPaths.add, { name: '血压计 BP-100', type: 'bp' }),
    ).data.id;
    ecgModel = bodyOf<{ id: number }>(
      await post(DeviceModelPaths.add, { name: '心电仪 ECG-1', type: 'ecg' }),
    ).data.id;
  });

  it('generates a batch of unique single-use codes for a model, listed and filtered', async () => {
    const batch = await generate(bpModel, 50, 10);
    expect(batch.batchNo).toMatch(/^B\d{8}-[0-9A-Z]{4}$/);
    expect(batch.count).toBe(50);
    expect(batch.expiresAt).toBe(t.clock.now + 10 * DAY_MS);
    const page = await codesOf(`batchNo=${batch.batchNo}&pageSize=100`);
    expect(page.pagination.total).toBe(50);
    expect(new Set(page.list.map((c) => c.code)).size).toBe(50);
    for (const c of page.list) {
      expect(c.code).toMatch(DEVICE_CODE);
      expect(c).toMatchObject({ status: 'unused', modelId: bpModel, modelName: '血压计 BP-100' });
    }
    // The viewer reads the list; it may not generate.
    expect(bodyOf(await get(DeviceCodePaths.list, viewer)).state).toBe(200);
    expect(bodyOf(await get(DeviceCodePaths.list, outsider)).state).toBe(267);
    const refused = await post(
      DeviceCodePaths.add,
      { modelId: bpModel, count: 1, expiresInDays: 1 },
      viewer,
    );
    expect(bodyOf(refused).state).toBe(267);

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['target', 'after_json'])
      .where('module', '=', 'device')
      .where('action', '=', 'add')
      .where('target', 'like', '绑定码批次%')
      .executeTakeFirstOrThrow();
    expect(log.target).toBe(`绑定码批次 ${batch.batchNo}`);
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ codeCount: 50 });
  });

  it('refuses a count outside 1–1000, a bad expiry and an unknown model', async () => {
    const errors = async (body: unknown) => {
      const r = bodyOf<FieldErrors>(await post(DeviceCodePaths.add, body));
      expect(r.state).toBe(255);
      return r.data.errors.map((e) => e.field);
    };
    expect(await errors({ modelId: bpModel, count: 0, expiresInDays: 10 })).toEqual(['count']);
    expect(await errors({ modelId: bpModel, count: 1001, expiresInDays: 10 })).toEqual(['count']);
    expect(await errors({ modelId: bpModel, count: 5, expiresInDays: 0 })).toEqual([
      'expiresInDays',
    ]);
    expect(await errors({ modelId: 999_999, count: 5, expiresInDays: 3 })).toEqual(['modelId']);
    // A form body works as well (strings).
    const form = await call(t, 'POST', DeviceCodePaths.add, {
      token: admin,
      form: { modelId: String(ecgModel), count: '2', expiresInDays: '7' },
    });
    expect(bodyOf(form).state).toBe(200);
  });

  it('voids unused codes one at a time, a selection and a whole batch', async () => {
    const batch = await generate(ecgModel, 6);
    const list = (await codesOf(`batchNo=${batch.batchNo}`)).list;
    const [one, two, three] = list;
    const single = bodyOf<{ voided: number }>(await post(DeviceCodePaths.void, { ids: [one!.id] }));
    expect(single).toMatchObject({ state: 200, data: { voided: 1 } });
    // Voiding it again: it is not unused any more.
    expect(bodyOf(await post(DeviceCodePaths.void, { ids: [one!.id] }))).toMatchObject({
      state: 255,
      msg: DeviceCodeMessages.cannotVoid,
    });
    const selection = bodyOf<{ voided: number }>(
      await post(DeviceCodePaths.void, { ids: [one!.id, two!.id, three!.id] }),
    );
    expect(selection.data.voided).toBe(2);
    const whole = bodyOf<{ voided: number }>(
      await post(DeviceCodePaths.void, { batchNo: batch.batchNo }),
    );
    expect(whole.data.voided).toBe(3);
    expect(bodyOf(await post(DeviceCodePaths.void, { batchNo: batch.batchNo }))).toMatchObject({
      state: 255,
      msg: DeviceCodeMessages.nothingToVoid,
    });
    expect(bodyOf(await post(DeviceCodePaths.void, {}))).toMatchObject({ state: 255 });
    const voided = await codesOf(`batchNo=${batch.batchNo}&status=void`);
    expect(voided.pagination.total).toBe(6);
    expect(voided.list[0]!.voidedBy).toBe('系统管理员');
    expect(bodyOf(await post(DeviceCodePaths.void, { ids: [one!.id] }, viewer)).state).toBe(267);
  });

  describe('redeem', () => {
    let member: number;
    let batchNo: string;
    let codes: DeviceCode[];

    it('binds an in-stock device of the code model to the member, once', async () => {
      member = await insertMember(t, { gradeId, name: '张三', phone: '13800138000' });
      ({ batchNo } = await generate(bpModel, 5));
      codes = (await codesOf(`batchNo=${batchNo}&sortField=createdAt&sortOrder=ascend`)).list;
      const deviceId = await addDevice('BP-RDM-0001', bpModel);
      const code = codes[0]!.code;
      // Typed as a person would: grouped, lower case.
      const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase();
      const r = bodyOf<{ deviceId: number; memberId: number }>(
        await post(DeviceCodePaths.redeem, {
          code: typed,
          serial: 'bp-rdm-0001',
          memberId: member,
        }),
      );
      expect(r.state, r.msg).toBe(200);
      expect(r.msg).toBe(DeviceCodeMessages.bound);
      expect(r.data).toMatchObject({ deviceId, memberId: member });

      const detail = bodyOf<DeviceDetail>(await get(`${DevicePaths.detail}?id=${deviceId}`)).data;
      expect(detail).toMatchObject({ status: 'bound', memberId: member });
      expect(detail.events[0]).toMatchObject({
        action: 'codeBind',
        fromStatus: 'in_stock',
        toStatus: 'bound',
        memberId: member,
      });
      const used = (await codesOf(`code=${code}`)).list[0]!;
      expect(used).toMatchObject({
        status: 'used',
        usedMemberId: member,
        usedMemberName: '张三',
        usedMemberPhone: '138****8000',
        usedDeviceSerial: 'BP-RDM-0001',
        usedAt: t.clock.now,
      });
      // Filtered by the member's phone.
      expect((await codesOf('phone=0013800')).list.map((c) => c.code)).toEqual([code]);
      const log = await t.db
        .selectFrom('operation_logs')
        .select(['target', 'after_json'])
        .where('action', '=', 'codeBind')
        .executeTakeFirstOrThrow();
      expect(log.target).toBe('设备 BP-RDM-0001');
      expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ bindCode: code });

      // The same code again, on another device: used.
      await addDevice('BP-RDM-0002', bpModel);
      expect(
        bodyOf<FieldErrors>(
          await post(DeviceCodePaths.redeem, { code, serial: 'BP-RDM-0002', memberId: member }),
        ),
      ).toMatchObject({
        state: 255,
        data: { errors: [{ field: 'code', msg: DeviceCodeMessages.used }] },
      });
    });

    it('refuses a wrong model, a device not in stock, an unknown or malformed code', async () => {
      const ecgDevice = 'ECG-RDM-0001';
      await addDevice(ecgDevice, ecgModel);
      const refuse = async (body: Record<string, unknown>) =>
        bodyOf<FieldErrors | null>(
          await post(DeviceCodePaths.redeem, { memberId: member, ...body }),
        );
      expect(await refuse({ code: codes[1]!.code, serial: ecgDevice })).toMatchObject({
        state: 255,
        msg: DeviceCodeMessages.wrongModel,
      });
      // BP-RDM-0001 is bound now.
      expect(await refuse({ code: codes[1]!.code, serial: 'BP-RDM-0001' })).toMatchObject({
        state: 255,
        msg: DeviceMessages.transitionRefused('已绑定', '绑定'),
      });
      expect(await refuse({ code: 'ABCDEFGHJKMN', serial: 'BP-RDM-0002' })).toMatchObject({
        state: 255,
        msg: DeviceCodeMessages.notFound,
      });
      expect(await refuse({ code: 'short', serial: 'BP-RDM-0002' })).toMatchObject({
        state: 255,
        msg: DeviceCodeMessages.codeFormat,
      });
      expect(await refuse({ code: codes[1]!.code, serial: 'NO-SUCH-DEVICE' })).toMatchObject({
        state: 255,
        msg: DeviceMessages.notFound,
      });
      // Nothing was used by the refusals.
      expect((await codesOf(`code=${codes[1]!.code}`)).list[0]!.status).toBe('unused');
    });

    it('refuses an expired code, which the list shows as expired', async () => {
      const { batchNo: short } = await generate(bpModel, 1, 1);
      // A day later (moved in the database: a clock a day ahead would end the session).
      await t.db
        .updateTable('device_codes')
        .set({ expires_at: t.clock.now - 1 })
        .where('batch_no', '=', short)
        .execute();
      const [code] = (await codesOf(`batchNo=${short}`)).list;
      expect(code!.status).toBe('expired');
      expect((await codesOf(`batchNo=${short}&status=expired`)).pagination.total).toBe(1);
      expect((await codesOf(`batchNo=${short}&status=unused`)).pagination.total).toBe(0);
      const r = bodyOf(
        await post(DeviceCodePaths.redeem, {
          code: code!.code,
          serial: 'BP-RDM-0002',
          memberId: member,
        }),
      );
      expect(r).toMatchObject({ state: 255, msg: DeviceCodeMessages.expired });
      // Expired codes get no label either.
      expect(bodyOf(await get(`${DeviceCodePaths.print}?batchNo=${short}`)).state).toBe(255);
    });

    it('uses a code once when two requests race for it', async () => {
      await addDevice('BP-RACE-0001', bpModel);
      await addDevice('BP-RACE-0002', bpModel);
      const code = codes[2]!.code;
      const answers = await Promise.all(
        ['BP-RACE-0001', 'BP-RACE-0002'].map((serial) =>
          post(DeviceCodePaths.redeem, { code, serial, memberId: member }),
        ),
      );
      const states = answers.map((a) => bodyOf(a).state).sort();
      expect(states).toEqual([200, 255]);
      const bound = await t.db
        .selectFrom('devices')
        .select('serial')
        .where('serial', 'in', ['BP-RACE-0001', 'BP-RACE-0002'])
        .where('status', '=', 'bound')
        .execute();
      expect(bound).toHaveLength(1);
      const used = (await codesOf(`code=${code}`)).list[0]!;
      expect(used.usedDeviceSerial).toBe(bound[0]!.serial);
    });

    it('needs the devices page bind action', async () => {
      const r = await post(
        DeviceCodePaths.redeem,
        { code: codes[3]!.code, serial: 'BP-RDM-0002', memberId: member },
        viewer,
      );
      expect(bodyOf(r).state).toBe(267);
    });

    it('exports the filtered codes with the member phone masked', async () => {
      const response = await get(`${DeviceCodePaths.export}?batchNo=${batchNo}&status=used`);
      expect(response.statusCode).toBe(200);
      const rows = await exportRows(response);
      expect(rows[0]).toEqual([
        '绑定码',
        '批次号',
        '型号',
        '状态',
        '有效期至',
        '使用时间',
        '使用会员',
        '会员手机号',
        '绑定设备',
        '作废时间',
        '作废人',
        '创建人',
        '创建时间',
      ]);
      expect(rows).toHaveLength(3);
      const texts = rows.slice(1).map((r) => r.join('|'));
      expect(texts.every((r) => r.includes('138****8000'))).toBe(true);
      expect(texts.some((r) => r.includes('13800138000'))).toBe(false);
      expect(bodyOf(await get(DeviceCodePaths.export, viewer)).state).toBe(267);
    });
  });

  it('prints a batch or a selection as an A4 PDF of QR labels', async () => {
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
    expect(bodyOf(await get(ApiPaths.settingInit)).state).toBe(200);
    const batch = await generate(bpModel, 30);
    const response = await get(`${DeviceCodePaths.print}?batchNo=${batch.batchNo}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('.pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    // 30 labels: two pages of 24; the Chinese font is embedded (a subset).
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(text).toMatch(/NotoSansSC/);

    const list = (await codesOf(`batchNo=${batch.batchNo}`)).list;
    const some = await get(`${DeviceCodePaths.print}?ids=${list[0]!.id},${list[1]!.id}`);
    expect(some.headers['content-type']).toBe('application/pdf');
    expect(some.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    // Voided codes get no label.
    await post(DeviceCodePaths.void, { batchNo: batch.batchNo });
    expect(bodyOf(await get(`${DeviceCodePaths.print}?batchNo=${batch.batchNo}`))).toMatchObject({
      state: 255,
      msg: DeviceCodeMessages.nothingToPrint,
    });
    expect(
      bodyOf(await get(`${DeviceCodePaths.print}?batchNo=${batch.batchNo}`, viewer)).state,
    ).toBe(267);
    const log = await t.db
      .selectFrom('operation_logs')
      .select('after_json')
      .where('action', '=', 'print')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({ codeCount: 30 });
  });
});

describe.each(databaseKinds)('binding codes and returns of the demo data on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  setupApp(kind, async (app) => {
    t = app;
    // The demo devices need the SecretBox for their sealed secrets (the server passes its own).
    await loadDemoData(t.db, { now: t.clock.now, secrets: new SecretBox('demo-codes-test-key') });
    admin = await loginAdmin(t);
  });

  it('has codes in every status, used ones with their member and device, and returns to handle', async () => {
    const count = async (status: string) =>
      bodyOf<Page<DeviceCode>>(
        await call(t, 'GET', `${DeviceCodePaths.list}?status=${status}`, { token: admin }),
      ).data.pagination.total;
    for (const status of ['unused', 'used', 'expired', 'void'])
      expect(await count(status), status).toBeGreaterThan(0);
    const used = bodyOf<Page<DeviceCode>>(
      await call(t, 'GET', `${DeviceCodePaths.list}?status=used`, { token: admin }),
    ).data.list[0]!;
    expect(used.usedMemberName).toBeTruthy();
    expect(used.usedMemberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(used.usedDeviceSerial).toBeTruthy();
    const overview = bodyOf<{ todos: { key: string; count: number }[] }>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    expect(overview.data.todos.find((x) => x.key === 'pendingReturn')?.count).toBeGreaterThan(0);
  });
});
