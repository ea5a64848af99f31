import {
  Messages,
  SmsMessages,
  SmsPaths,
  type Page,
  type SmsOutboxEntry,
  type SmsTemplate,
  type SmsTestSendResult,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bodyOf,
  call,
  loginViewerAndOutsider,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
} from './helpers/app.js';

const PAGE = '/sysset_notice_set/msg_tpl';

describe.each(databaseKinds)('SMS templates API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let outsider: string;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    ({ viewer: readOnly, outsider } = await loginViewerAndOutsider(t, [PAGE], '短信只读'));
  });

  const template = (over: Record<string, string> = {}) => ({
    code: 'order_notice',
    name: '订单通知',
    scene: 'order',
    content: '【居家健康】您的订单${orderNo}已发货，${courier}运单号${trackingNo}。',
    providerTemplateId: 'SMS_100001',
    enabled: '1',
    ...over,
  });
  const add = (form: Record<string, string>, token = admin) =>
    call(t, 'POST', SmsPaths.add, { token, form });

  it('creates, reads, lists, updates, disables and deletes templates, each change logged', async () => {
    const created = bodyOf<{ id: number }>(await add(template()));
    expect(created.state).toBe(200);
    const id = created.data.id;

    const detail = bodyOf<SmsTemplate>(
      await call(t, 'GET', `${SmsPaths.detail}?id=${id}`, { token: admin }),
    );
    expect(detail.data).toMatchObject({
      id,
      code: 'order_notice',
      scene: 'order',
      params: ['orderNo', 'courier', 'trackingNo'],
      providerTemplateId: 'SMS_100001',
      enabled: true,
      updatedBy: 'admin',
    });

    const updated = await call(t, 'POST', SmsPaths.update, {
      token: admin,
      json: { ...template({ name: '订单发货通知' }), id, enabled: true },
    });
    expect(bodyOf(updated).state).toBe(200);

    const listed = bodyOf<Page<SmsTemplate>>(
      await call(t, 'GET', `${SmsPaths.list}?keyword=发货&scene=order`, { token: admin }),
    );
    expect(listed.data.list.map((x) => x.name)).toEqual(['订单发货通知']);

    const disabled = await call(t, 'POST', SmsPaths.enable, {
      token: admin,
      form: { id: String(id), enabled: '0' },
    });
    expect(bodyOf(disabled).state).toBe(200);
    const onlyEnabled = bodyOf<Page<SmsTemplate>>(
      await call(t, 'GET', `${SmsPaths.list}?enabled=1`, { token: admin }),
    );
    expect(onlyEnabled.data.list.some((x) => x.id === id)).toBe(false);

    const deleted = await call(t, 'POST', SmsPaths.delete, {
      token: admin,
      json: { ids: [id] },
    });
    expect(bodyOf(deleted).data).toEqual({ deleted: 1 });
    expect(bodyOf(await call(t, 'GET', `${SmsPaths.detail}?id=${id}`, { token: admin }))).toEqual({
      state: 255,
      msg: SmsMessages.notFound,
      data: null,
    });

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'before_json', 'after_json'])
      .where('module', '=', 'sms')
      .where('target', 'like', '%order_notice%')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'edit', 'disable', 'delete']);
    expect(JSON.parse(logs[1]?.before_json ?? '{}')).toMatchObject({ name: '订单通知' });
    expect(JSON.parse(logs[1]?.after_json ?? '{}')).toMatchObject({ name: '订单发货通知' });
    expect(JSON.parse(logs[2]?.after_json ?? '{}')).toEqual({ id, enabled: false });
  });

  it('refuses broken placeholders and other invalid fields with field errors', async () => {
    const broken = bodyOf<FieldErrors>(
      await add(template({ code: 'broken', content: '验证码${code' })),
    );
    expect(broken.state).toBe(255);
    expect(broken.data.errors).toHaveLength(1);
    expect(broken.data.errors[0]?.field).toBe('content');
    expect(broken.data.errors[0]?.msg).toContain('缺少“}”');

    const stray = bodyOf<FieldErrors>(
      await add(template({ code: 'stray', content: '余额$100元' })),
    );
    expect(stray.data.errors[0]).toMatchObject({ field: 'content' });
    const badName = bodyOf<FieldErrors>(await add(template({ code: 'badname', content: '${9x}' })));
    expect(badName.data.errors[0]?.msg).toContain('变量名“9x”不正确');

    const many = bodyOf<FieldErrors>(
      await add({ code: 'Bad Code', name: '', scene: 'nope', content: '' }),
    );
    expect(many.data.errors.map((e) => e.field).sort()).toEqual([
      'code',
      'content',
      'name',
      'scene',
    ]);

    expect(bodyOf(await add(template({ code: 'dup_code' }))).state).toBe(200);
    const duplicate = bodyOf<FieldErrors>(await add(template({ code: 'dup_code' })));
    expect(duplicate.data.errors).toEqual([{ field: 'code', msg: SmsMessages.codeTaken }]);
  });

  it('test-sends through the outbox with a value for each placeholder; a disabled template cannot be sent', async () => {
    const { id } = bodyOf<{ id: number }>(
      await add(template({ code: 'ship_test', content: '您好${name}，订单${orderNo}已发货。' })),
    ).data;

    const missing = bodyOf<FieldErrors>(
      await call(t, 'POST', SmsPaths.testSend, {
        token: admin,
        json: { id, phone: '13812345678', params: { name: '王芳' } },
      }),
    );
    expect(missing.data.errors).toEqual([
      { field: 'params.orderNo', msg: SmsMessages.paramRequired('orderNo') },
    ]);
    const badPhone = bodyOf<FieldErrors>(
      await call(t, 'POST', SmsPaths.testSend, {
        token: admin,
        json: { id, phone: '12345', params: { name: '王芳', orderNo: 'A1' } },
      }),
    );
    expect(badPhone.data.errors).toEqual([{ field: 'phone', msg: SmsMessages.phoneFormat }]);

    // Form body: params as JSON text.
    const sent = bodyOf<SmsTestSendResult>(
      await call(t, 'POST', SmsPaths.testSend, {
        token: admin,
        form: {
          id: String(id),
          phone: '13812345678',
          params: JSON.stringify({ name: '王芳', orderNo: 'JK20240601', extra: '忽略' }),
        },
      }),
    );
    expect(sent).toMatchObject({
      state: 200,
      msg: SmsMessages.sent,
      data: { provider: 'outbox', content: '您好王芳，订单JK20240601已发货。' },
    });

    const outbox = bodyOf<Page<SmsOutboxEntry>>(
      await call(t, 'GET', `${SmsPaths.outboxList}?templateCode=ship_test`, { token: admin }),
    );
    expect(outbox.data.pagination.total).toBe(1);
    expect(outbox.data.list[0]).toMatchObject({
      id: sent.data.outboxId,
      templateCode: 'ship_test',
      templateName: '订单通知',
      phone: '138****5678',
      content: '您好王芳，订单JK20240601已发货。',
      status: 'sent',
      operatorName: 'admin',
    });
    const row = await t.db
      .selectFrom('sms_outbox')
      .select(['phone', 'params_json'])
      .where('template_code', '=', 'ship_test')
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('13812345678');
    expect(JSON.parse(row.params_json)).toEqual({ name: '王芳', orderNo: 'JK20240601' });

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'after_json', 'result'])
      .where('action', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(log.result).toBe('success');
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      templateCode: 'ship_test',
      phone: '138****5678',
    });

    await call(t, 'POST', SmsPaths.enable, { token: admin, json: { id, enabled: false } });
    const refused = bodyOf(
      await call(t, 'POST', SmsPaths.testSend, {
        token: admin,
        json: { id, phone: '13812345678', params: { name: '王芳', orderNo: 'A1' } },
      }),
    );
    expect(refused).toEqual({ state: 255, msg: SmsMessages.disabled, data: null });
    const count = await t.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_code', '=', 'ship_test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await call(t, 'GET', SmsPaths.list))).toEqual({
      state: 266,
      msg: Messages.sessionInvalid,
      data: null,
    });
    expect(bodyOf(await call(t, 'GET', SmsPaths.outboxList)).state).toBe(266);

    const noPage = { state: 267, msg: Messages.noPermission, data: null };
    for (const path of [SmsPaths.list, SmsPaths.outboxList, `${SmsPaths.detail}?id=1`]) {
      expect(bodyOf(await call(t, 'GET', path, { token: outsider }))).toEqual(noPage);
      expect(bodyOf(await call(t, 'GET', path, { token: readOnly })).state).not.toBe(267);
    }
    const changes: [string, Record<string, string>][] = [
      [SmsPaths.add, template({ code: 'ro' })],
      [SmsPaths.update, { ...template({ code: 'ro' }), id: '1' }],
      [SmsPaths.enable, { id: '1', enabled: '1' }],
      [SmsPaths.delete, { ids: '1' }],
      [SmsPaths.testSend, { id: '1', phone: '13812345678' }],
    ];
    for (const [path, form] of changes) {
      expect(bodyOf(await call(t, 'POST', path, { token: readOnly, form }))).toEqual(noPage);
    }
  });
});
