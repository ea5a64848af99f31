import {
  DeviceMessages,
  DeviceModelMessages,
  DeviceModelPaths,
  DevicePaths,
  DEVICE_TRANSITION_NAMES,
  DEVICE_TRANSITIONS,
  DEVICE_STATUSES,
  PREVIOUS_SECRET_GRACE_MS,
  transitionsFrom,
  type Device,
  type DeviceDetail,
  type MemberOption,
  type DeviceModel,
  type DeviceReading,
  IngestPaths,
  type DeviceSecret,
  type Page,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { secretContext } from '../src/modules/device/devices/service.js';
import { signIngestRequest } from '../src/modules/device/ingest/signing.js';
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

describe('the device lifecycle table', () => {
  it('reaches every status, leaves scrapped never, and every status but scrapped can fail', () => {
    const reached = new Set(DEVICE_TRANSITION_NAMES.map((t) => DEVICE_TRANSITIONS[t].to));
    expect([...reached].sort()).toEqual(
      DEVICE_STATUSES.filter((s) => s !== 'returned' || true)
        .filter((s) => reached.has(s))
        .sort(),
    );
    expect(transitionsFrom('scrapped')).toEqual([]);
    for (const s of DEVICE_STATUSES.filter((x) => x !== 'scrapped' && x !== 'faulty'))
      expect(transitionsFrom(s)).toContain('fault');
    expect(transitionsFrom('in_stock').sort()).toEqual(['bind', 'fault', 'lend']);
    expect(transitionsFrom('faulty').sort()).toEqual(['repair', 'scrap']);
  });
});

describe.each(databaseKinds)('device models and devices API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let memberId: number;
  let frozenId: number;
  let modelId: number;

  setupApp(kind, async (app) => {
    t = app;
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    memberId = await insertMember(t, { gradeId, name: '王秀英', phone: '13812345678' });
    frozenId = await insertMember(t, { gradeId, name: '冻结者', phone: '13900001111' });
    await t.db
      .updateTable('members')
      .set({ status: 'frozen' })
      .where('id', '=', frozenId)
      .execute();
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, [
      '/device_list/info',
      '/device_list/list',
    ]));
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });

  it('adds, lists, edits models; a name is unique; bad input changes nothing', async () => {
    const r = bodyOf<{ id: number }>(
      await post(DeviceModelPaths.add, {
        name: '康护 BP-A1',
        type: 'bp',
        maker: '康护',
        params: [{ name: '精度', value: '±3 mmHg' }],
      }),
    );
    expect(r.state).toBe(200);
    modelId = r.data.id;
    const dup = bodyOf<FieldErrors>(
      await post(DeviceModelPaths.add, { name: '康护 BP-A1', type: 'bg' }),
    );
    expect(dup.state).toBe(255);
    expect(JSON.stringify(dup)).toContain(DeviceModelMessages.nameTaken);
    const bad = bodyOf(await post(DeviceModelPaths.add, { name: '', type: 'xx' }));
    expect(bad.state).toBe(255);
    expect(JSON.stringify(bad)).toContain(DeviceModelMessages.nameRequired);
    const list = bodyOf<Page<DeviceModel>>(await get(`${DeviceModelPaths.list}?type=bp`));
    expect(list.data.list.map((m) => m.name)).toEqual(['康护 BP-A1']);
    expect(list.data.list[0]!.params).toEqual([{ name: '精度', value: '±3 mmHg' }]);
    expect(list.data.list[0]!.deviceCount).toBe(0);
  });

  let deviceId = 0;
  let firstSecret = '';

  it('adds a device in stock and answers its secret once, sealed at rest', async () => {
    const r = bodyOf<DeviceSecret>(
      await post(DevicePaths.add, { serial: 'bpa1-0000001', modelId, firmware: 'v1.0.0' }),
    );
    expect(r.state).toBe(200);
    expect(r.data.serial).toBe('BPA1-0000001');
    expect(r.data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    deviceId = r.data.id;
    firstSecret = r.data.secret;
    const row = await t.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(firstSecret);
    const detail = bodyOf<DeviceDetail>(await get(`${DevicePaths.detail}?id=${deviceId}`));
    expect(detail.data.status).toBe('in_stock');
    expect(JSON.stringify(detail.data)).not.toContain(firstSecret);
    expect(detail.data.events.map((e) => e.action)).toEqual(['add']);

    const dup = bodyOf(await post(DevicePaths.add, { serial: 'BPA1-0000001', modelId }));
    expect(dup.state).toBe(255);
    expect(JSON.stringify(dup)).toContain(DeviceMessages.serialTaken);
    const badSerial = bodyOf(await post(DevicePaths.add, { serial: 'ab', modelId }));
    expect(JSON.stringify(badSerial)).toContain(DeviceMessages.serialFormat);
    const badModel = bodyOf(
      await post(DevicePaths.add, { serial: 'BPA1-0000002', modelId: 99999 }),
    );
    expect(JSON.stringify(badModel)).toContain(DeviceMessages.modelNotFound);
    const idText = bodyOf(await post(DevicePaths.add, { serial: 'BPA1-0000003', modelId: '1.5' }));
    expect(idText.state).toBe(255);
    expect(await t.db.selectFrom('devices').select('id').execute()).toHaveLength(1);
  });

  it('finds members to bind by phone prefix or name, phones masked, frozen ones left out', async () => {
    const byPhone = bodyOf<MemberOption[]>(await get(`${DevicePaths.memberOptions}?keyword=1381`));
    expect(byPhone.data).toEqual([{ id: memberId, name: '王秀英', phone: '138****5678' }]);
    const byName = bodyOf<MemberOption[]>(
      await get(`${DevicePaths.memberOptions}?keyword=${encodeURIComponent('冻结')}`),
    );
    expect(byName.data).toEqual([]);
  });

  it('walks the lifecycle: each step an event with who and why; refused steps change nothing', async () => {
    const step = (name: string, body: Record<string, unknown> = {}) =>
      post(DevicePaths.transition(name as never), { id: deviceId, ...body });

    const noMember = bodyOf(await step('bind'));
    expect(JSON.stringify(noMember)).toContain(DeviceMessages.memberRequired);
    const frozen = bodyOf(await step('bind', { memberId: frozenId }));
    expect(JSON.stringify(frozen)).toContain(DeviceMessages.memberNotNormal);
    const wrong = bodyOf(await step('markReturned'));
    expect(wrong.state).toBe(255);
    expect(wrong.msg).toBe(DeviceMessages.transitionRefused('在库', '登记归还'));

    const bound = bodyOf<Device>(await step('bind', { memberId }));
    expect(bound.data).toMatchObject({ status: 'bound', memberId, memberPhone: '138****5678' });
    const noReason = bodyOf(await step('unbind'));
    expect(JSON.stringify(noReason)).toContain(DeviceMessages.reasonRequired);
    expect(
      bodyOf<Device>(await step('unbind', { remark: '会员更换设备' })).data.memberId,
    ).toBeNull();

    t.clock.advance(1000);
    const lent = bodyOf<Device>(await step('lend', { memberId }));
    expect(lent.data.status).toBe('lent');
    expect(lent.data.depositFen).toBe(20_000);
    expect(lent.data.returnDueAt).toBe(t.clock.now + 30 * 86_400_000);
    expect(bodyOf<Device>(await step('markReturned')).data).toMatchObject({
      status: 'returned',
      memberId: null,
    });
    expect(bodyOf<Device>(await step('restock')).data.status).toBe('in_stock');
    expect(bodyOf<Device>(await step('fault', { remark: '无法开机' })).data.status).toBe('faulty');
    expect(bodyOf<Device>(await step('scrap', { remark: '维修成本过高' })).data.status).toBe(
      'scrapped',
    );
    expect(bodyOf(await step('repair')).state).toBe(255);
    expect(bodyOf(await post(DevicePaths.update, { id: deviceId, modelId })).msg).toBe(
      DeviceMessages.scrappedReadOnly,
    );

    const detail = bodyOf<DeviceDetail>(await get(`${DevicePaths.detail}?id=${deviceId}`)).data;
    expect(detail.events.map((e) => e.action).reverse()).toEqual([
      'add',
      'bind',
      'unbind',
      'lend',
      'markReturned',
      'restock',
      'fault',
      'scrap',
    ]);
    const unbind = detail.events.find((e) => e.action === 'unbind')!;
    expect(unbind).toMatchObject({
      fromStatus: 'bound',
      toStatus: 'in_stock',
      memberName: '王秀英',
      remark: '会员更换设备',
      operatorName: '系统管理员',
    });
    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['module', 'action'])
      .where('module', '=', 'device')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['add', 'bind', 'unbind', 'lend', 'scrap']),
    );
  });

  it('resets a secret: answered once, never logged, the previous one kept for 24 h', async () => {
    const r = bodyOf<DeviceSecret>(
      await post(DevicePaths.add, { serial: 'BPA1-0000010', modelId }),
    );
    const reset = bodyOf<DeviceSecret>(await post(DevicePaths.resetSecret, { id: r.data.id }));
    expect(reset.state).toBe(200);
    expect(reset.data.secret).not.toBe(r.data.secret);
    expect(reset.data.previousSecretUntil).toBe(t.clock.now + PREVIOUS_SECRET_GRACE_MS);
    const row = await t.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', r.data.id)
      .executeTakeFirstOrThrow();
    expect(row.prev_secret_sealed).toBeTruthy();
    expect(row.prev_secret_sealed).not.toBe(row.secret_sealed);
    expect(Number(row.prev_secret_until)).toBe(t.clock.now + PREVIOUS_SECRET_GRACE_MS);
    expect(secretContext('BPA1-0000010')).toBe('device-secret:BPA1-0000010');
    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['after_json'])
      .where('action', '=', 'resetSecret')
      .execute();
    expect(JSON.stringify(logs)).not.toContain(reset.data.secret);
  });

  it('filters, exports masked, and refuses what the operator does not hold', async () => {
    await post(DevicePaths.add, { serial: 'BPA1-0000020', modelId });
    const inStock = bodyOf<Page<Device>>(await get(`${DevicePaths.list}?status=in_stock`));
    expect(inStock.data.list.every((d) => d.status === 'in_stock')).toBe(true);
    const offline = bodyOf<Page<Device>>(await get(`${DevicePaths.list}?online=false`));
    expect(offline.data.pagination.total).toBeGreaterThan(0);
    const badFilter = bodyOf(await get(`${DevicePaths.list}?status=lost`));
    expect(badFilter.state).toBe(255);

    const id = bodyOf<Page<Device>>(await get(`${DevicePaths.list}?serial=0000020`)).data.list[0]!
      .id;
    await post(DevicePaths.transition('bind'), { id, memberId });
    const rows = await exportRows(await get(`${DevicePaths.export}?serial=0000020`));
    expect(rows[0]).toContain('序列号');
    expect(JSON.stringify(rows)).toContain('138****5678');
    expect(JSON.stringify(rows)).not.toContain('13812345678');
    const filtered = await get(
      `${DevicePaths.export}?status=in_stock&type=bp&modelId=${modelId}&online=false&pendingReturn=false&phone=138`,
    );
    expect(filtered.statusCode).toBe(200);

    const mine = bodyOf<Device[]>(await get(`${DevicePaths.ofMember}?memberId=${memberId}`));
    expect(mine.data.map((d) => d.serial)).toEqual(['BPA1-0000020']);

    expect(bodyOf(await get(DevicePaths.list, viewer)).state).toBe(200);
    expect(bodyOf(await get(DeviceModelPaths.list, viewer)).state).toBe(200);
    expect(bodyOf(await post(DeviceModelPaths.add, { name: 'x', type: 'bp' }, viewer)).state).toBe(
      267,
    );
    expect(bodyOf(await post(DeviceModelPaths.delete, { id: modelId }, viewer)).state).toBe(267);
    expect(bodyOf(await get(DeviceModelPaths.list, outsider)).state).toBe(267);
    expect(
      bodyOf(await post(DevicePaths.add, { serial: 'BPA1-0000030', modelId }, viewer)).state,
    ).toBe(267);
    expect(
      bodyOf(await post(DevicePaths.transition('unbind'), { id, remark: 'x' }, viewer)).state,
    ).toBe(267);
    expect(bodyOf(await post(DevicePaths.resetSecret, { id }, viewer)).state).toBe(267);
    expect(bodyOf(await get(DevicePaths.list, outsider)).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', DevicePaths.list)).state).toBe(266);
  });

  /** A blood-pressure reading signed by the device, through the real ingest route. */
  const uploadBp = (
    device: { serial: string; secret: string },
    measuredAt: number,
    systolic: number,
    diastolic: number,
  ) => {
    const body = JSON.stringify({
      type: 'bp',
      measuredAt,
      values: { systolic, diastolic, pulse: 70 },
    });
    const headers = signIngestRequest({
      serial: device.serial,
      secret: device.secret,
      path: t.api(IngestPaths.measurement),
      body,
      timestamp: t.clock.now,
    });
    return t.app.inject({
      method: 'POST',
      url: t.api(IngestPaths.measurement),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  };

  it("shows a device's uploaded readings with their level, newest first", async () => {
    const added = bodyOf<DeviceSecret>(
      await post(DevicePaths.add, { serial: 'BPA1-0000040', modelId }),
    );
    await post(DevicePaths.transition('bind'), { id: added.data.id, memberId });
    const upload = (measuredAt: number, systolic: number, diastolic: number) =>
      uploadBp(added.data, measuredAt, systolic, diastolic);
    expect(bodyOf(await upload(t.clock.now - 60_000, 118, 76)).state).toBe(200);
    expect(bodyOf(await upload(t.clock.now - 30_000, 165, 102)).state).toBe(200);
    const readings = bodyOf<Page<DeviceReading>>(
      await get(`${DevicePaths.readings}?id=${added.data.id}&current=1&pageSize=10`),
    );
    expect(readings.data.list.map((r) => [r.level, r.label, r.values.systolic])).toEqual([
      ['warning', '二级高血压', 165],
      ['normal', '正常', 118],
    ]);
    const device = bodyOf<DeviceDetail>(await get(`${DevicePaths.detail}?id=${added.data.id}`));
    expect(device.data.lastUploadAt).toBe(t.clock.now - 30_000);
    expect(device.data.online).toBe(true);
    expect(bodyOf(await get(`${DevicePaths.readings}?id=${added.data.id}`, outsider)).state).toBe(
      267,
    );
  });

  it("takes concurrent uploads of one member's devices, abnormal ones with points and alerts", async () => {
    const devices: DeviceSecret[] = [];
    for (const serial of ['BPA1-0000050', 'BPA1-0000051']) {
      const added = bodyOf<DeviceSecret>(await post(DevicePaths.add, { serial, modelId })).data;
      await post(DevicePaths.transition('bind'), { id: added.id, memberId });
      devices.push(added);
    }
    // Interleaved newer and older readings of two devices of one member: every lock order at once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        uploadBp(
          devices[i % 2]!,
          t.clock.now - 200_000 + (i % 3 === 0 ? -i : i) * 1000,
          150 + (i % 30),
          95,
        ),
      ),
    );
    expect(answers.map((a) => bodyOf(a).state)).toEqual(Array(40).fill(200));
    const stored = await t.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'device_id',
        'in',
        devices.map((d) => d.id),
      )
      .executeTakeFirst();
    expect(Number(stored?.n)).toBe(40);
  });

  it('refuses to delete a model in use, deletes a free one', async () => {
    const inUse = bodyOf(await post(DeviceModelPaths.delete, { id: modelId }));
    expect(inUse.state).toBe(255);
    expect(inUse.msg).toMatch(/该型号下还有\d+台设备，不能删除/);
    const typeChange = bodyOf(
      await post(DeviceModelPaths.update, { id: modelId, name: '康护 BP-A1', type: 'bg' }),
    );
    expect(JSON.stringify(typeChange)).toMatch(/不能修改设备类型/);
    const free = bodyOf<{ id: number }>(
      await post(DeviceModelPaths.add, { name: '临时型号', type: 'ua' }),
    );
    expect(bodyOf(await post(DeviceModelPaths.delete, { id: free.data.id })).state).toBe(200);
  });
});
