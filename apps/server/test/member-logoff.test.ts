import {
  ApiPaths,
  LOGGED_OFF_MEMBER_NAME,
  LogoffPaths,
  type HomeOverview,
  type LogoffItem,
  type Page,
  LogoffMessages,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
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
import {
  insertChannel,
  insertGrade,
  insertLogoffRequest,
  insertMember,
} from './helpers/member-admin.js';

describe.each(databaseKinds)('member log-off API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let gradeId: number;
  let channelId: number;

  setupApp(kind, async (app) => {
    t = app;
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    channelId = await insertChannel(t, '门店', 'shop');
    admin = await loginAdmin(t);
    ({ viewer, outsider } = await loginViewerAndOutsider(t, ['/member_manage/logoff']));
  });

  const request = (memberId: number, reason?: string) => insertLogoffRequest(t, memberId, reason);

  it('approves: every personal column is erased in one go, statistics stay', async () => {
    const memberId = await insertMember(t, {
      gradeId,
      channelId,
      name: '王秀英',
      phone: '13912345678',
      growth: 320,
      idNumber: '11010119600506002X',
    });
    await t.db
      .updateTable('members')
      .set({ points_balance: 80 })
      .where('id', '=', memberId)
      .execute();
    await t.db
      .insertInto('member_contacts')
      .values({
        member_id: memberId,
        name: '王小明',
        phone: '13700001234',
        relationship: 1,
        receive_warning_sms: 1,
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute();
    await t.db
      .insertInto('member_action_logs')
      .values({
        member_id: memberId,
        action: 'login',
        detail: '登录',
        ip: '10.1.2.3',
        created_at: t.clock.now,
      })
      .execute();
    const id = await request(memberId);

    const pending = bodyOf<Page<LogoffItem>>(
      await call(t, 'GET', `${LogoffPaths.list}?status=pending&phone=2345`, { token: viewer }),
    ).data;
    expect(pending.list).toHaveLength(1);
    expect(pending.list[0]).toMatchObject({
      id,
      memberName: '王秀英',
      memberPhone: '139****5678',
      status: 'pending',
    });

    const res = bodyOf(
      await call(t, 'POST', LogoffPaths.approve, { token: admin, form: { id: String(id) } }),
    );
    expect(res).toMatchObject({ state: 200, msg: LogoffMessages.approved });

    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    // Every column, one by one: personal ones erased, statistics kept.
    expect(member).toEqual({
      id: member.id,
      phone: null,
      name: LOGGED_OFF_MEMBER_NAME,
      gender: 'female',
      birthday: null,
      id_number: null,
      avatar: '',
      province: '',
      city: '',
      address: '',
      grade_id: member.grade_id,
      channel_id: member.channel_id,
      status: 'logged_off',
      frozen_reason: '',
      points_balance: 80,
      growth_value: 320,
      remark: '',
      registered_at: member.registered_at,
      last_active_at: member.last_active_at,
      created_at: member.created_at,
      updated_at: member.updated_at,
    });
    expect(Number(member.grade_id)).toBe(gradeId);
    expect(Number(member.channel_id)).toBe(channelId);
    const text = JSON.stringify(member);
    for (const personal of [
      '王秀英',
      '13912345678',
      '11010119600506002X',
      '1960-05-06',
      '文三路',
      '/uploads/avatar.png',
      '杭州',
    ])
      expect(text).not.toContain(personal);

    const contacts = await t.db
      .selectFrom('member_contacts')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
    expect(contacts).toEqual([]);
    const actions = await t.db
      .selectFrom('member_action_logs')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => [a.action, a.ip])).toEqual([
      ['login', ''],
      ['logoff', ''],
    ]);

    const req = await t.db
      .selectFrom('member_logoff_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(req.status).toBe('approved');
    expect(Number(req.handled_by)).toBeGreaterThan(0);
    expect(req.handled_by_name).toBe('系统管理员');
    expect(Number(req.handled_at)).toBe(t.clock.now);

    const audit = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('action', '=', 'logoffApprove')
      .executeTakeFirstOrThrow();
    const before = JSON.parse(audit.before_json ?? '{}');
    expect(before).toMatchObject({
      name: '王**',
      phone: '139****5678',
      idNumber: '110101********002X',
    });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({
      name: LOGGED_OFF_MEMBER_NAME,
      phone: null,
      status: 'logged_off',
      contactsDeleted: 1,
    });
    expect(`${audit.before_json}${audit.after_json}`).not.toContain('13912345678');

    // Handled once only.
    const again = bodyOf(
      await call(t, 'POST', LogoffPaths.approve, { token: admin, form: { id: String(id) } }),
    );
    expect(again).toMatchObject({ state: 255, msg: LogoffMessages.logoffHandled });
    const listed = bodyOf<Page<LogoffItem>>(
      await call(t, 'GET', `${LogoffPaths.list}?status=approved`, { token: viewer }),
    ).data.list;
    expect(listed[0]).toMatchObject({
      memberName: LOGGED_OFF_MEMBER_NAME,
      memberPhone: '',
      handledByName: '系统管理员',
    });
  });

  it('rejects with a reason (required), the member untouched', async () => {
    const memberId = await insertMember(t, { gradeId, name: '李建国', phone: '13600007777' });
    const id = await request(memberId, '误操作');
    const missing = bodyOf<FieldErrors>(
      await call(t, 'POST', LogoffPaths.reject, {
        token: admin,
        form: { id: String(id), rejectReason: '  ' },
      }),
    );
    expect(missing.state).toBe(255);
    expect(missing.data.errors[0]).toEqual({
      field: 'rejectReason',
      msg: LogoffMessages.rejectReasonRequired,
    });
    const done = bodyOf(
      await call(t, 'POST', LogoffPaths.reject, {
        token: admin,
        json: { id, rejectReason: '账户有未完成订单' },
      }),
    );
    expect(done).toMatchObject({ state: 200, msg: LogoffMessages.rejected });
    const row = await t.db
      .selectFrom('member_logoff_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', reject_reason: '账户有未完成订单' });
    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ name: '李建国', phone: '13600007777', status: 'normal' });
    const twice = bodyOf(
      await call(t, 'POST', LogoffPaths.approve, { token: admin, form: { id: String(id) } }),
    );
    expect(twice.msg).toBe(LogoffMessages.logoffHandled);
    const audit = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('action', '=', 'logoffReject')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('counts pending requests on the home to-do list', async () => {
    const memberId = await insertMember(t, { gradeId });
    await request(memberId);
    const overview = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    const todo = overview.data.todos.find((x) => x.key === 'pendingLogoff');
    expect(todo).toEqual({
      key: 'pendingLogoff',
      title: '待审核注销申请',
      count: 1,
      link: '/member_manage/logoff',
      query: 'status=pending',
    });
  });

  it('answers 266, 267 and 404-like errors', async () => {
    expect(bodyOf(await call(t, 'GET', LogoffPaths.list)).state).toBe(266);
    expect(bodyOf(await call(t, 'GET', LogoffPaths.list, { token: outsider })).state).toBe(267);
    expect(
      bodyOf(await call(t, 'POST', LogoffPaths.approve, { token: viewer, form: { id: '1' } }))
        .state,
    ).toBe(267);
    expect(
      bodyOf(
        await call(t, 'POST', LogoffPaths.reject, {
          token: viewer,
          form: { id: '1', rejectReason: 'x' },
        }),
      ).state,
    ).toBe(267);
    expect(
      bodyOf(await call(t, 'POST', LogoffPaths.approve, { token: admin, form: { id: '999999' } }))
        .msg,
    ).toBe(LogoffMessages.logoffNotFound);
    const bad = bodyOf<FieldErrors>(
      await call(t, 'GET', `${LogoffPaths.list}?status=xx&phone=abc`, { token: admin }),
    );
    expect(bad.data.errors.map((e) => e.field).sort()).toEqual(['phone', 'status']);
  });
});
