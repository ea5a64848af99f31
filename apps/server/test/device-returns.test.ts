import {
  ApiPaths,
  DeviceModelPaths,
  DevicePaths,
  DeviceReturnMessages,
  DeviceReturnPaths,
  RETURN_FILINGS_PER_SERIAL_PER_HOUR,
  SETTINGS_DEFAULTS,
  type DeviceDetail,
  type DeviceReturnFiled,
  type HomeOverview,
  type Page,
  type Device,
  type PublicReturnAddress,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  call,
  createTestApp,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const ADDRESS = {
  receiver: '设备回收部',
  phone: '13900001111',
  address: '杭州市西湖区文三路 100 号',
};

/** A model, and devices lent to / bound to members (through the real endpoints). */
async function seed(t: TestApp, admin: string) {
  const post = (path: string, json: unknown) => call(t, 'POST', path, { token: admin, json });
  const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
  const lentTo = await insertMember(t, { gradeId, name: '李四', phone: '13700137000' });
  const boundTo = await insertMember(t, { gradeId, name: '王五', phone: '13600136000' });
  const modelId = bodyOf<{ id: number }>(
    await post(DeviceModelPaths.add, { name: '血压计 BP-200', type: 'bp' }),
  ).data.id;
  const device = async (serial: string) =>
    bodyOf<{ id: number }>(await post(DevicePaths.add, { serial, modelId })).data.id;
  const lent = await device('BP-RET-0001');
  const bound = await device('BP-RET-0002');
  const stock = await device('BP-RET-0003');
  expect(
    bodyOf(await post(DevicePaths.transition('lend'), { id: lent, memberId: lentTo })).state,
  ).toBe(200);
  expect(
    bodyOf(await post(DevicePaths.transition('bind'), { id: bound, memberId: boundTo })).state,
  ).toBe(200);
  return { lent, bound, stock };
}

describe.each(databaseKinds)('device returns (public) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof seed>>;

  const file = (body: Record<string, string>, ip = '10.9.0.1') =>
    call(t, 'POST', DeviceReturnPaths.file, { json: body, ip });

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ids = await seed(t, admin);
  });

  it('shows the return address of 基础设置 without a login', async () => {
    const before = bodyOf<PublicReturnAddress>(await call(t, 'GET', DeviceReturnPaths.address));
    expect(before).toMatchObject({ state: 200, data: { configured: false, receiver: '' } });
    const value = { ...SETTINGS_DEFAULTS.base_set, returnAddress: ADDRESS };
    await t.db
      .insertInto('settings')
      .values({
        section: 'base_set',
        value_json: JSON.stringify(value),
        updated_at: t.clock.now,
        updated_by: null,
      })
      .onConflict((oc) => oc.column('section').doUpdateSet({ value_json: JSON.stringify(value) }))
      .execute();
    expect(bodyOf(await call(t, 'GET', ApiPaths.settingInit, { token: admin })).state).toBe(200);
    const after = bodyOf<PublicReturnAddress>(await call(t, 'GET', DeviceReturnPaths.address));
    expect(after.data).toEqual({ ...ADDRESS, configured: true });
  });

  it('files a return of a lent device: pending on the device, an event, a to-do', async () => {
    const r = bodyOf<DeviceReturnFiled>(
      await file({
        phone: '13700137000',
        serial: 'bp-ret-0001',
        courier: 'sf',
        trackingNo: 'sf1234567890',
      }),
    );
    expect(r).toMatchObject({
      state: 200,
      msg: DeviceReturnMessages.filed,
      data: { serial: 'BP-RET-0001', courier: 'sf', trackingNo: 'SF1234567890', duplicate: false },
    });
    const detail = bodyOf<DeviceDetail>(
      await call(t, 'GET', `${DevicePaths.detail}?id=${ids.lent}`, { token: admin }),
    ).data;
    expect(detail.pendingReturns).toBe(1);
    expect(detail.returns[0]).toMatchObject({
      courier: 'sf',
      trackingNo: 'SF1234567890',
      status: 'pending',
      memberName: '李四',
    });
    expect(detail.events[0]).toMatchObject({
      action: 'returnFiled',
      operatorName: '会员',
      fromStatus: 'lent',
      toStatus: 'lent',
    });
    // The device list's filter and the overview's to-do.
    const pending = bodyOf<Page<Device>>(
      await call(t, 'GET', `${DevicePaths.list}?pendingReturn=true`, { token: admin }),
    ).data;
    expect(pending.list.map((d) => d.serial)).toEqual(['BP-RET-0001']);
    const overview = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    expect(overview.data.todos.find((x) => x.key === 'pendingReturn')).toEqual({
      key: 'pendingReturn',
      title: '待处理设备寄回',
      count: 1,
      link: '/device_list/list',
      query: 'pendingReturn=true',
    });
  });

  it('is idempotent on the tracking number', async () => {
    const again = bodyOf<DeviceReturnFiled>(
      await file({
        phone: '13700137000',
        serial: 'BP-RET-0001',
        courier: 'sf',
        trackingNo: 'SF1234567890',
      }),
    );
    expect(again).toMatchObject({
      state: 200,
      msg: DeviceReturnMessages.alreadyFiled,
      data: { duplicate: true },
    });
    const rows = await t.db
      .selectFrom('device_returns')
      .select('id')
      .where('device_id', '=', ids.lent)
      .execute();
    expect(rows).toHaveLength(1);
    const events = await t.db
      .selectFrom('device_events')
      .select('id')
      .where('device_id', '=', ids.lent)
      .where('action', '=', 'returnFiled')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('files a return of a bound device, by form body too', async () => {
    const r = await call(t, 'POST', DeviceReturnPaths.file, {
      form: {
        phone: '13600136000',
        serial: 'BP-RET-0002',
        courier: 'zto',
        trackingNo: '7300112233',
      },
      ip: '10.9.0.2',
    });
    expect(bodyOf(r)).toMatchObject({ state: 200, data: { duplicate: false } });
  });

  it('says one message for a wrong phone, a wrong serial, another member and a device in stock', async () => {
    const attempts = [
      { phone: '13700137001', serial: 'BP-RET-0001' },
      { phone: '13700137000', serial: 'BP-NOPE-0001' },
      { phone: '13600136000', serial: 'BP-RET-0001' },
      { phone: '13700137000', serial: 'BP-RET-0003' },
    ];
    for (const a of attempts) {
      const r = bodyOf(await file({ ...a, courier: 'ems', trackingNo: 'EMS000111222' }));
      expect(r, JSON.stringify(a)).toEqual({
        state: 255,
        msg: DeviceReturnMessages.mismatch,
        data: null,
      });
    }
    expect(
      await t.db
        .selectFrom('device_returns')
        .select('id')
        .where('tracking_no', '=', 'EMS000111222')
        .execute(),
    ).toHaveLength(0);
  });

  it('checks the fields in Chinese', async () => {
    const r = bodyOf<FieldErrors>(
      await file({ phone: '123', serial: 'x', courier: 'dhl', trackingNo: '12' }),
    );
    expect(r.state).toBe(255);
    expect(r.data.errors.map((e) => e.field).sort()).toEqual([
      'courier',
      'phone',
      'serial',
      'trackingNo',
    ]);
    expect(r.data.errors.find((e) => e.field === 'courier')?.msg).toBe(
      DeviceReturnMessages.courierRequired,
    );
  });

  it('receives the pending returns when the device is marked returned', async () => {
    const r = await call(t, 'POST', DevicePaths.transition('markReturned'), {
      token: admin,
      json: { id: ids.lent },
    });
    expect(bodyOf(r).state).toBe(200);
    const overview = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    // The bound device's return is still pending.
    expect(overview.data.todos.find((x) => x.key === 'pendingReturn')?.count).toBe(1);
  });

  it('receives the return of a bound device too: the binding ends, the event names the member', async () => {
    const r = await call(t, 'POST', DevicePaths.transition('markReturned'), {
      token: admin,
      json: { id: ids.bound },
    });
    expect(bodyOf<Device>(r).data).toMatchObject({ status: 'returned', memberId: null });
    const detail = bodyOf<DeviceDetail>(
      await call(t, 'GET', `${DevicePaths.detail}?id=${ids.bound}`, { token: admin }),
    ).data;
    expect(detail.events[0]).toMatchObject({
      action: 'markReturned',
      fromStatus: 'bound',
      toStatus: 'returned',
      memberName: '王五',
    });
    const overview = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    expect(overview.data.todos.find((x) => x.key === 'pendingReturn')?.count ?? 0).toBe(0);
  });
});

describe.each(databaseKinds)('device return rate limits on %s', (kind) => {
  it('limits filings per IP and per serial with the 429 envelope', async () => {
    const t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const admin = await loginAdmin(t);
      await seed(t, admin);
      const limited = { state: 429, msg: '请求过于频繁，请稍后再试', data: null };
      const wrong = (ip: string, serial = 'BP-RET-0002') =>
        call(t, 'POST', DeviceReturnPaths.file, {
          json: { phone: '13600136001', serial, courier: 'sf', trackingNo: 'SF000000001' },
          ip,
        });
      // Per IP: the coarse limit of every public endpoint.
      for (let i = 0; i < 3; i++) expect(bodyOf(await wrong('10.8.0.1')).state).toBe(255);
      const overIp = await wrong('10.8.0.1');
      expect(overIp.statusCode).toBe(429);
      expect(bodyOf(overIp)).toEqual(limited);

      // Per serial: from many IPs, one serial is tried at most so often an hour.
      for (let i = 3; i < RETURN_FILINGS_PER_SERIAL_PER_HOUR; i++)
        expect(bodyOf(await wrong(`10.8.1.${i}`)).state).toBe(255);
      const overSerial = await wrong('10.8.2.1');
      expect(overSerial.statusCode).toBe(429);
      expect(bodyOf(overSerial)).toEqual(limited);
      // Another serial from a fresh IP still gets an answer.
      expect(bodyOf(await wrong('10.8.2.2', 'BP-RET-0001')).state).toBe(255);
    } finally {
      await t.close();
    }
  });
});
