import {
  DEFAULT_INTEGRAL_SET,
  MemberMessages,
  MemberPaths,
  idNumberCheckDigit,
  isValidIdNumber,
  type MemberDetail,
  type MemberListItem,
  type Page,
} from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.js';
import {
  bearer,
  bodyOf,
  call,
  setupApp,
  type TestApp,
  loginAdmin,
  type FieldErrors,
  SESSION_INVALID,
  loginViewerAndOutsider,
  exportRows,
} from './helpers/app.js';

const PAGE = '/member_manage/lists';

/** A valid identity number for a birth date and a sequence (check digit computed). */
function idNumber(birth: string, seq: number): string {
  const first17 = `110101${birth}${String(seq).padStart(3, '0')}`;
  return first17 + idNumberCheckDigit(first17);
}

describe('isValidIdNumber (GB 11643)', () => {
  it('accepts every 17 digits followed by their check character', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
        const check = idNumberCheckDigit(first17);
        expect(isValidIdNumber(first17 + check)).toBe(true);
        expect(isValidIdNumber(first17 + check.toLowerCase())).toBe(true);
      }),
    );
  });

  it('refuses any other check character and any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{17}$/),
        fc.constantFrom(...'0123456789X'.split('')),
        (first17, other) => {
          const check = idNumberCheckDigit(first17);
          fc.pre(other !== check);
          expect(isValidIdNumber(first17 + other)).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), fc.nat(16), fc.nat(9), (first17, at, digit) => {
        const valid = first17 + idNumberCheckDigit(first17);
        fc.pre(String(digit) !== valid[at]);
        const changed = valid.slice(0, at) + String(digit) + valid.slice(at + 1);
        // GB 11643's weights are all non-zero modulo 11: one changed digit always shows.
        expect(isValidIdNumber(changed)).toBe(false);
      }),
    );
  });

  it('refuses wrong lengths and characters', () => {
    expect(isValidIdNumber('11010119900307123')).toBe(false);
    expect(isValidIdNumber('1101011990030712345')).toBe(false);
    expect(isValidIdNumber('11010119900307A23X')).toBe(false);
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
  });
});

describe.each(databaseKinds)('members API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let grades: { normal: number; silver: number; gold: number };
  let channelId: number;

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const at = t.clock.now;
    const grade = async (name: string, growth: number) =>
      (
        await t.db
          .insertInto('member_grades')
          .values({
            name,
            icon: '',
            growth_required: growth,
            benefits: '',
            points_multiplier_pct: 100,
            sort: growth,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    grades = {
      normal: await grade('普通会员', 0),
      silver: await grade('银卡会员', 500),
      gold: await grade('金卡会员', 2000),
    };
    channelId = (
      await t.db
        .insertInto('member_channels')
        .values({
          name: '官网',
          code: 'website',
          remark: '',
          enabled: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ({ viewer, outsider } = await loginViewerAndOutsider(
      t,
      ['/sysset_home/basic', PAGE],
      '会员查看组',
    ));
  });

  const post = (path: string, json: unknown, token = admin) =>
    call(t, 'POST', path, { token, json });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });
  const list = async (query: Record<string, string>) =>
    bodyOf<Page<MemberListItem>>(
      await get(`${MemberPaths.list}?${new URLSearchParams(query).toString()}`),
    );
  const detail = async (id: number) =>
    bodyOf<MemberDetail>(await get(`${MemberPaths.detail}?id=${id}`)).data;

  let zhangId: number;

  it('adds a member with family contacts; its grade follows its growth value', async () => {
    const body = bodyOf<{ id: number }>(
      await post(MemberPaths.add, {
        phone: '13912345678',
        name: '张伟',
        gender: 'male',
        birthday: '1985-03-07',
        idNumber: idNumber('19850307', 123).toLowerCase(),
        province: '浙江省',
        city: '杭州市',
        address: '西湖区文三路 100 号',
        channelId,
        growthValue: 800,
        remark: '门店推荐',
        contacts: [
          { name: '张小明', phone: '13700001111', relationship: 2, receiveWarningSms: true },
          { name: '李娟', phone: '13700002222', relationship: 3 },
        ],
      }),
    );
    expect(body).toMatchObject({ state: 200, msg: MemberMessages.added });
    zhangId = body.data.id;
    const d = await detail(zhangId);
    expect(d).toMatchObject({
      name: '张伟',
      phone: '139****5678',
      idNumber: '110101********123' + idNumber('19850307', 123).slice(17),
      gender: 'male',
      birthday: '1985-03-07',
      gradeId: grades.silver,
      gradeName: '银卡会员',
      channelName: '官网',
      status: 'normal',
      // 积分配置's registration points (100 by default) are paid in the same transaction.
      pointsBalance: DEFAULT_INTEGRAL_SET.registerPoints,
      // Earned points add growth, the registration points too.
      growthValue: 800 + DEFAULT_INTEGRAL_SET.registerPoints,
      counts: { contacts: 2, gradeLogs: 1, actionLogs: 1 },
    });
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select(['type', 'amount', 'balance_after'])
      .where('member_id', '=', zhangId)
      .execute();
    expect(ledger.map((r) => [r.type, Number(r.amount), Number(r.balance_after)])).toEqual([
      ['register', DEFAULT_INTEGRAL_SET.registerPoints, DEFAULT_INTEGRAL_SET.registerPoints],
    ]);
    const log = await t.db
      .selectFrom('member_grade_logs')
      .selectAll()
      .where('member_id', '=', zhangId)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ from_grade_id: null, reason: 'growth', growth_value: 800 });
    expect(Number(log.to_grade_id)).toBe(grades.silver);
    const audit = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'member')
      .where('action', '=', 'add')
      .executeTakeFirstOrThrow();
    expect(audit.after_json).toContain('139****5678');
    expect(audit.after_json).not.toContain('13912345678');
    expect(audit.after_json).not.toContain('13700001111');
  });

  it('accepts a form-encoded add with the lowest grade for no growth', async () => {
    const response = await call(t, 'POST', MemberPaths.add, {
      token: admin,
      form: { phone: '15011112222', name: '王芳', gender: 'female', idNumber: '' },
    });
    const body = bodyOf<{ id: number }>(response);
    expect(body.state).toBe(200);
    const d = await detail(body.data.id);
    expect(d).toMatchObject({ gradeId: grades.normal, idNumber: '', channelId: null });
  });

  it('refuses a bad phone, a duplicate phone and a bad identity checksum with field errors', async () => {
    const bad = bodyOf<FieldErrors>(await post(MemberPaths.add, { phone: '1234', name: '甲' }));
    expect(bad.state).toBe(255);
    expect(bad.data.errors).toContainEqual({ field: 'phone', msg: MemberMessages.phoneInvalid });

    const dup = bodyOf<FieldErrors>(
      await post(MemberPaths.add, { phone: '13912345678', name: '乙' }),
    );
    expect(dup.state).toBe(255);
    expect(dup.data.errors).toEqual([{ field: 'phone', msg: MemberMessages.phoneTaken }]);

    const valid = idNumber('19900101', 456);
    const wrongCheck = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
    const sum = bodyOf<FieldErrors>(
      await post(MemberPaths.add, { phone: '13600000001', name: '丙', idNumber: wrongCheck }),
    );
    expect(sum.state).toBe(255);
    expect(sum.data.errors).toEqual([{ field: 'idNumber', msg: MemberMessages.idNumberChecksum }]);
    const format = bodyOf<FieldErrors>(
      await post(MemberPaths.add, { phone: '13600000001', name: '丙', idNumber: '12345' }),
    );
    expect(format.data.errors).toEqual([{ field: 'idNumber', msg: MemberMessages.idNumberFormat }]);

    const other = bodyOf<FieldErrors>(
      await post(MemberPaths.add, {
        phone: '13600000001',
        name: '',
        birthday: '1990-02-30',
        contacts: [{ name: '丁', phone: '1', relationship: 9 }],
      }),
    );
    const fields = other.data.errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'birthday', 'contacts.0.phone', 'contacts.0.relationship']),
    );
  });

  it('edits a member, keeps masked numbers not sent, and audits before/after', async () => {
    const body = bodyOf(
      await post(MemberPaths.update, {
        id: zhangId,
        name: '张伟强',
        gender: 'male',
        birthday: '1985-03-07',
        province: '浙江省',
        city: '宁波市',
        address: '',
        channelId: '',
        remark: '',
      }),
    );
    expect(body).toMatchObject({ state: 200, msg: MemberMessages.saved });
    const d = await detail(zhangId);
    expect(d).toMatchObject({
      name: '张伟强',
      city: '宁波市',
      phone: '139****5678',
      channelId: null,
    });
    expect(d.idNumber).not.toBe('');
    const audit = await t.db
      .selectFrom('operation_logs')
      .select(['before_json', 'after_json'])
      .where('module', '=', 'member')
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ name: '张伟', city: '杭州市' });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ name: '张伟强', city: '宁波市' });

    const dup = bodyOf<FieldErrors>(
      await post(MemberPaths.update, { id: zhangId, name: '张伟强', phone: '15011112222' }),
    );
    expect(dup.data.errors).toEqual([{ field: 'phone', msg: MemberMessages.phoneTaken }]);
    const missing = bodyOf(await post(MemberPaths.update, { id: 999999, name: '无' }));
    expect(missing).toMatchObject({ state: 255, msg: MemberMessages.notFound });
  });

  it('freezes with a reason and unfreezes', async () => {
    const noReason = bodyOf<FieldErrors>(
      await post(MemberPaths.freeze, { id: zhangId, reason: ' ' }),
    );
    expect(noReason.data.errors).toEqual([
      { field: 'reason', msg: MemberMessages.freezeReasonRequired },
    ]);
    expect(
      bodyOf(await post(MemberPaths.freeze, { id: zhangId, reason: '涉嫌刷积分' })),
    ).toMatchObject({ state: 200, msg: MemberMessages.frozen });
    expect(await detail(zhangId)).toMatchObject({ status: 'frozen', frozenReason: '涉嫌刷积分' });
    expect(bodyOf(await post(MemberPaths.freeze, { id: zhangId, reason: '再次' }))).toMatchObject({
      state: 255,
      msg: MemberMessages.alreadyFrozen,
    });
    expect((await list({ status: 'frozen' })).data.list.map((m) => m.id)).toEqual([zhangId]);
    expect(bodyOf(await post(MemberPaths.unfreeze, { id: zhangId }))).toMatchObject({
      state: 200,
      msg: MemberMessages.unfrozen,
    });
    expect(await detail(zhangId)).toMatchObject({ status: 'normal', frozenReason: '' });
    const actions = await t.db
      .selectFrom('operation_logs')
      .select('action')
      .where('module', '=', 'member')
      .where('action', 'in', ['freeze', 'unfreeze'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['freeze', 'unfreeze']);
  });

  it('lists masked phones, finds by part of a phone number and filters', async () => {
    const all = await list({});
    expect(all.state).toBe(200);
    expect(all.data.pagination.total).toBe(2);
    for (const m of all.data.list) expect(m.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Names of the grade and the channel; a member without a channel shows ''.
    await t.db
      .updateTable('members')
      .set({ channel_id: channelId })
      .where('name', '=', '王芳')
      .execute();
    const named = await list({});
    expect(named.data.list.map((m) => [m.name, m.gradeName, m.channelName])).toEqual([
      ['王芳', '普通会员', '官网'],
      ['张伟强', '银卡会员', ''],
    ]);
    // "2345" is in the middle of 13912345678 only.
    const byFragment = await list({ phone: '2345' });
    expect(byFragment.data.list.map((m) => m.name)).toEqual(['张伟强']);
    expect(byFragment.data.list[0]?.phone).toBe('139****5678');
    expect((await list({ phone: '1111' })).data.list.map((m) => m.name)).toEqual(['王芳']);
    expect((await list({ phonePrefix: '150' })).data.list.map((m) => m.name)).toEqual(['王芳']);
    expect((await list({ phonePrefix: '139' })).data.list.map((m) => m.name)).toEqual(['张伟强']);
    expect((await list({ phone: '%' })).data.pagination.total).toBe(0);
    expect((await list({ name: '伟' })).data.list.map((m) => m.id)).toEqual([zhangId]);
    expect((await list({ gradeId: String(grades.silver) })).data.pagination.total).toBe(1);
    expect((await list({ gradeId: String(grades.gold) })).data.pagination.total).toBe(0);
    const now = t.clock.now;
    expect(
      (await list({ registeredStart: String(now - 1000), registeredEnd: String(now + 1000) })).data
        .pagination.total,
    ).toBe(2);
    expect((await list({ activeStart: String(now - 1000) })).data.pagination.total).toBe(0);
    const sorted = await list({ sortField: 'growthValue', sortOrder: 'descend' });
    expect(sorted.data.list.map((m) => m.growthValue)).toEqual([
      800 + DEFAULT_INTEGRAL_SET.registerPoints,
      DEFAULT_INTEGRAL_SET.registerPoints,
    ]);
    const badRange = bodyOf<FieldErrors>(
      await get(`${MemberPaths.list}?registeredStart=200&registeredEnd=100`),
    );
    expect(badRange.state).toBe(255);
    expect(badRange.data.errors[0]?.field).toBe('registeredEnd');
    const badSort = bodyOf<FieldErrors>(await get(`${MemberPaths.list}?sortField=phone`));
    expect(badSort.data.errors[0]?.field).toBe('sortField');
  });

  it('reveals one phone / identity number and writes each reveal to the operation log', async () => {
    const phone = bodyOf<{ phone: string }>(await post(MemberPaths.revealPhone, { id: zhangId }));
    expect(phone.data).toEqual({ phone: '13912345678' });
    const id = bodyOf<{ idNumber: string }>(
      await post(MemberPaths.revealIdNumber, { id: zhangId }),
    );
    expect(id.data.idNumber).toBe(idNumber('19850307', 123));
    const reveals = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'after_json', 'target'])
      .where('module', '=', 'member')
      .where('action', '=', 'reveal')
      .execute();
    expect(reveals).toHaveLength(2);
    for (const r of reveals) {
      expect(r.target).toContain('139****5678');
      expect(r.after_json).not.toContain('13912345678');
    }
  });

  it('exports the current filter with masked values, audited', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: t.api(`${MemberPaths.export}?phone=2345`),
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toContain(
      encodeURIComponent('会员列表'),
    );
    const rows = await exportRows(response, '会员列表');
    expect(rows[0]?.slice(0, 4)).toEqual(['会员编号', '姓名', '手机号', '身份证号']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 4)).toEqual([
      '张伟强',
      '139****5678',
      '110101********123' + idNumber('19850307', 123).slice(17),
    ]);
    expect(rows[1]?.[7]).toBe('银卡会员');
    // Times in China time (UTC+8), not the server's zone.
    const member = await t.db
      .selectFrom('members')
      .select('registered_at')
      .where('id', '=', Number(rows[1]?.[0]))
      .executeTakeFirstOrThrow();
    const china = new Date(Number(member.registered_at) + 8 * 3600_000).toISOString();
    expect(rows[1]?.[12]).toBe(china.slice(0, 19).replace('T', ' '));
    const audit = await t.db
      .selectFrom('operation_logs')
      .select('after_json')
      .where('module', '=', 'member')
      .where('action', '=', 'export')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({
      rows: 1,
      filter: { phone: '2345' },
    });
    const bad = bodyOf<FieldErrors>(await get(`${MemberPaths.export}?status=gone`));
    expect(bad.state).toBe(255);
  });

  it('answers 266 without a session and 267 without the page or the action', async () => {
    const anonymous = bodyOf(await call(t, 'GET', MemberPaths.list));
    expect(anonymous).toEqual(SESSION_INVALID);
    expect(bodyOf(await get(MemberPaths.list, outsider)).state).toBe(267);
    expect(bodyOf(await get(`${MemberPaths.detail}?id=${zhangId}`, outsider)).state).toBe(267);
    // The viewer holds the page: it reads, but every change needs its action.
    expect(bodyOf(await get(MemberPaths.list, viewer)).state).toBe(200);
    expect(bodyOf(await get(`${MemberPaths.detail}?id=${zhangId}`, viewer)).state).toBe(200);
    for (const path of [
      MemberPaths.add,
      MemberPaths.update,
      MemberPaths.freeze,
      MemberPaths.unfreeze,
      MemberPaths.revealPhone,
      MemberPaths.revealIdNumber,
    ]) {
      const response = await post(
        path,
        { id: zhangId, name: 'x', phone: '13000000000', reason: 'x' },
        viewer,
      );
      expect(bodyOf(response).state, path).toBe(267);
    }
    expect(bodyOf(await get(MemberPaths.export, viewer)).state).toBe(267);
  });
});
