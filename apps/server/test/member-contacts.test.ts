import {
  MemberMessages,
  MemberPaths,
  Messages,
  relationshipLabel,
  type ContactItem,
  type Page,
  ContactMessages,
  ContactPaths,
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
  exportRows,
} from './helpers/app.js';

describe('relationship labels (spec §3)', () => {
  it('shows "-" for a missing value and empty for an unknown code', () => {
    expect(relationshipLabel(null)).toBe('-');
    expect(relationshipLabel(undefined)).toBe('-');
    expect(relationshipLabel(2)).toBe('子女');
    expect(relationshipLabel(9)).toBe('');
  });
});

describe.each(databaseKinds)('member contacts API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let viewer: string;
  let outsider: string;
  let memberA: number;
  let memberB: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const at = t.clock.now;
    await t.db
      .insertInto('member_grades')
      .values({
        name: '普通会员',
        icon: '',
        growth_required: 0,
        benefits: '',
        points_multiplier_pct: 100,
        sort: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const add = async (phone: string, name: string) =>
      bodyOf<{ id: number }>(
        await call(t, 'POST', MemberPaths.add, { token: admin, json: { phone, name } }),
      ).data.id;
    memberA = await add('13811112222', '陈静');
    memberB = await add('18633334444', '刘洋');
    const managers = await createGroup(t, '家庭管理组', [
      '/sysset_home/basic',
      '/member_manage/manage',
      '/member_manage/manage:edit',
    ]);
    await createOperator(t, { username: 'manager', password: 'Mana@123', groupId: managers });
    manager = (await login(t, 'manager', 'Mana@123')).access_token;
    const viewers = await createGroup(t, '家庭查看组', [
      '/sysset_home/basic',
      '/member_manage/manage',
    ]);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    const others = await createGroup(t, '其他组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const list = async (query: Record<string, string>, token = admin) =>
    bodyOf<Page<ContactItem>>(
      await call(t, 'GET', `${ContactPaths.list}?${new URLSearchParams(query).toString()}`, {
        token,
      }),
    );

  let sonId: number;

  it('adds contacts (form or JSON) with masked phones in the list', async () => {
    const son = bodyOf<{ id: number }>(
      await post(
        ContactPaths.add,
        {
          memberId: memberA,
          name: '陈小宇',
          phone: '13900001234',
          relationship: 2,
          receiveWarningSms: true,
        },
        manager,
      ),
    );
    expect(son).toMatchObject({ state: 200, msg: ContactMessages.contactAdded });
    sonId = son.data.id;
    const form = await call(t, 'POST', ContactPaths.add, {
      token: admin,
      form: { memberId: String(memberA), name: '王平', phone: '13900005678', relationship: '' },
    });
    expect(bodyOf(form).state).toBe(200);
    await post(ContactPaths.add, {
      memberId: memberB,
      name: '刘婷',
      phone: '15000009999',
      relationship: 3,
      receiveWarningSms: '0',
    });
    const ofA = await list({ memberId: String(memberA) });
    expect(
      ofA.data.list.map((c) => [c.name, c.phone, c.relationship, c.receiveWarningSms]),
    ).toEqual([
      ['陈小宇', '139****1234', 2, true],
      ['王平', '139****5678', null, false],
    ]);
    expect(ofA.data.list[0]).toMatchObject({ memberName: '陈静', memberPhone: '138****2222' });
    const audit = await t.db
      .selectFrom('operation_logs')
      .select(['after_json', 'target'])
      .where('action', '=', 'contactAdd')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(audit.after_json).toContain('子女');
    expect(audit.after_json).not.toContain('13900001234');
  });

  it('filters across members by member phone/name, contact phone, relationship, warning SMS', async () => {
    expect((await list({})).data.pagination.total).toBe(3);
    expect((await list({ memberPhone: '3333' })).data.list.map((c) => c.name)).toEqual(['刘婷']);
    expect((await list({ memberName: '陈' })).data.pagination.total).toBe(2);
    expect((await list({ phone: '0001' })).data.list.map((c) => c.name)).toEqual(['陈小宇']);
    expect((await list({ relationship: '3' })).data.list.map((c) => c.name)).toEqual(['刘婷']);
    expect((await list({ receiveWarningSms: '1' })).data.list.map((c) => c.name)).toEqual([
      '陈小宇',
    ]);
    const bad = bodyOf<FieldErrors>(
      await call(t, 'GET', `${ContactPaths.list}?relationship=8`, { token: admin }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors[0]).toEqual({
      field: 'relationship',
      msg: ContactMessages.relationshipInvalid,
    });
  });

  it('refuses bad fields and an unknown member', async () => {
    const bad = bodyOf<FieldErrors>(
      await post(ContactPaths.add, {
        memberId: memberA,
        name: '',
        phone: '123',
        relationship: 7,
      }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors.map((e) => e.field).sort()).toEqual(['name', 'phone', 'relationship']);
    const missing = bodyOf<FieldErrors>(
      await post(ContactPaths.add, { memberId: 99999, name: '某', phone: '13900000000' }),
    );
    expect(missing.data.errors).toEqual([{ field: 'memberId', msg: MemberMessages.notFound }]);
  });

  it('exports the filtered contacts with masked phones, audited; export needs its action', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: t.api(`${ContactPaths.export}?memberName=${encodeURIComponent('陈静')}&phone=00001234`),
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    const rows = await exportRows(response, '家庭成员');
    expect(rows[0]?.slice(0, 6)).toEqual([
      '会员编号',
      '会员姓名',
      '会员手机号',
      '家庭成员',
      '手机号',
      '关系',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1, 7))).toEqual([
      ['陈静', '138****2222', '陈小宇', '139****1234', '子女', '是'],
    ]);
    const audit = await t.db
      .selectFrom('operation_logs')
      .select('after_json')
      .where('action', '=', 'export')
      .where('target', '=', '家庭成员')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ rows: 1 });

    const bad = bodyOf<FieldErrors>(
      await call(t, 'GET', `${ContactPaths.export}?relationship=9`, { token: admin }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors.map((e) => e.field)).toContain('relationship');
    expect(bodyOf(await call(t, 'GET', ContactPaths.export, { token: viewer })).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', ContactPaths.export)).state).toBe(266);
  });

  it('edits (keeping the phone when not sent) and deletes, audited before/after', async () => {
    expect(
      bodyOf(
        await post(
          ContactPaths.update,
          { id: sonId, name: '陈小宇', relationship: 5, receiveWarningSms: false },
          manager,
        ),
      ),
    ).toMatchObject({ state: 200, msg: ContactMessages.contactSaved });
    const row = await t.db
      .selectFrom('member_contacts')
      .selectAll()
      .where('id', '=', sonId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '13900001234', relationship: 5, receive_warning_sms: 0 });
    const edit = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'contactEdit')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(edit.before_json ?? '{}')).toMatchObject({ relationship: '子女' });
    expect(JSON.parse(edit.after_json ?? '{}')).toMatchObject({ relationship: '其他' });

    const phone = bodyOf<{ phone: string }>(await post(ContactPaths.revealPhone, { id: sonId }));
    expect(phone.data.phone).toBe('13900001234');
    expect(
      await t.db
        .selectFrom('operation_logs')
        .select('message')
        .where('action', '=', 'reveal')
        .executeTakeFirst(),
    ).toMatchObject({ message: '查看家庭成员手机号明文' });

    expect(bodyOf(await post(ContactPaths.delete, { id: sonId }, manager))).toMatchObject({
      state: 200,
      msg: ContactMessages.contactDeleted,
    });
    expect((await list({ memberId: String(memberA) })).data.pagination.total).toBe(1);
    expect(bodyOf(await post(ContactPaths.delete, { id: sonId })).msg).toBe(
      ContactMessages.contactNotFound,
    );
    const del = await t.db
      .selectFrom('operation_logs')
      .select('before_json')
      .where('action', '=', 'contactDelete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(del.before_json ?? '{}')).toMatchObject({ name: '陈小宇' });
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    expect(bodyOf(await call(t, 'GET', ContactPaths.list))).toEqual({
      state: 266,
      msg: Messages.sessionInvalid,
      data: null,
    });
    expect((await list({}, outsider)).state).toBe(267);
    expect((await list({}, viewer)).state).toBe(200);
    for (const path of [
      ContactPaths.add,
      ContactPaths.update,
      ContactPaths.delete,
      ContactPaths.revealPhone,
    ]) {
      const body = bodyOf(
        await post(path, { id: 1, memberId: memberA, name: '某', phone: '13900000000' }, viewer),
      );
      expect(body.state, path).toBe(267);
    }
    // The manager may edit contacts but not reveal their numbers.
    expect(bodyOf(await post(ContactPaths.revealPhone, { id: 1 }, manager)).state).toBe(267);
  });
});
