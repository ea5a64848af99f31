import {
  MemberPaths,
  NoticePaths,
  OperateLogPaths,
  PointsPaths,
  type OperateLogChange,
  type OperateLogItem,
  type Page,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { auditLabelBook } from '../src/app.js';
import { AuditService } from '../src/platform/audit.js';
import { AuditLabelBook, PLATFORM_AUDIT_LABELS } from '../src/platform/audit-labels.js';
import { databaseKinds } from './helpers/databases.js';
import { bodyOf, call, loginAdmin, setupApp, type TestApp, exportRows } from './helpers/app.js';
import { seedGrade, seedMember } from './helpers/sign-members.js';

const PHONE = '13812341234';
const MASKED = '138****1234';

/** A change row by its Chinese label. */
function change(item: OperateLogItem | undefined, label: string): OperateLogChange | undefined {
  return item?.changes.find((c) => c.label.zh === label);
}

/** Every text a person reads of an entry (labels, values, target), in both languages. */
function readTexts(item: OperateLogItem): string[] {
  return [
    item.moduleLabel.zh,
    item.moduleLabel.en,
    item.actionLabel.zh,
    item.actionLabel.en,
    item.target.zh,
    item.target.en,
    ...item.changes.flatMap((c) => [
      c.label.zh,
      c.label.en,
      c.before?.zh ?? '',
      c.before?.en ?? '',
      c.after?.zh ?? '',
      c.after?.en ?? '',
    ]),
  ];
}

describe.each(databaseKinds)('the operation log as a person reads it on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let memberId: number;

  setupApp(kind, async (app) => {
    t = app;
    const grade = await seedGrade(t.db, '普通会员', 0, t.clock.now);
    memberId = await seedMember(t.db, { phone: PHONE, name: '张三', gradeId: grade }, t.clock.now);
    admin = await loginAdmin(t);
  });

  const post = (path: string, json: unknown) => call(t, 'POST', path, { token: admin, json });
  const latest = async (action: string): Promise<OperateLogItem | undefined> => {
    const body = bodyOf<Page<OperateLogItem>>(
      await call(t, 'GET', `${OperateLogPaths.list}?action=${action}&pageSize=1`, {
        token: admin,
      }),
    );
    expect(body.state).toBe(200);
    return body.data.list[0];
  };

  it('names a freeze, a points adjustment, a reveal and a sent notice in both languages', async () => {
    expect(
      bodyOf(await post(MemberPaths.freeze, { id: memberId, reason: '涉嫌刷积分' })).state,
    ).toBe(200);
    expect(
      bodyOf(await post(PointsPaths.adjust, { memberId, amount: 50, reason: '活动补发' })).state,
    ).toBe(200);
    expect(bodyOf(await post(MemberPaths.revealPhone, { id: memberId })).state).toBe(200);
    const notice = bodyOf<{ id: number }>(
      await post(NoticePaths.add, {
        title: '体检提醒',
        content: '<p>请按时体检</p>',
        targetType: 'all',
      }),
    );
    expect(notice.state).toBe(200);
    expect(bodyOf(await post(NoticePaths.send, { id: notice.data.id })).state).toBe(200);

    const freeze = await latest('freeze');
    expect(freeze).toMatchObject({
      moduleLabel: { zh: '会员管理', en: 'Members' },
      actionLabel: { zh: '冻结会员', en: 'Freeze member' },
      target: { zh: `会员 张三（${MASKED}）`, en: `Member 张三 (${MASKED})` },
    });
    expect(change(freeze, '状态')).toEqual({
      field: 'status',
      label: { zh: '状态', en: 'Status' },
      before: { zh: '正常', en: 'Normal' },
      after: { zh: '已冻结', en: 'Frozen' },
      changed: true,
    });
    expect(change(freeze, '冻结原因')).toMatchObject({
      label: { zh: '冻结原因', en: 'Freeze reason' },
      before: { zh: '（空）', en: '(empty)' },
      after: { zh: '涉嫌刷积分', en: '涉嫌刷积分' },
    });

    const points = await latest('points');
    expect(points).toMatchObject({
      moduleLabel: { zh: '积分管理', en: 'Points' },
      actionLabel: { zh: '调整积分', en: 'Adjust points' },
      target: { zh: `会员 张三（${MASKED}）#${memberId}` },
      message: { zh: '增加积分 50', en: 'Added 50 points' },
    });
    expect(change(points, '积分余额')).toMatchObject({
      label: { zh: '积分余额', en: 'Points balance' },
      before: { zh: '0' },
      after: { zh: '50' },
    });

    // A reveal says whose number was shown, and which one.
    const reveal = await latest('reveal');
    expect(reveal).toMatchObject({
      actionLabel: { zh: '查看明文', en: 'Reveal' },
      target: { zh: `会员 张三（${MASKED}）`, en: `Member 张三 (${MASKED})` },
      message: { zh: '查看会员手机号明文', en: "Revealed the member's phone number" },
    });
    expect(change(reveal, '查看字段')).toMatchObject({
      label: { zh: '查看字段', en: 'Revealed field' },
      after: { zh: '手机号', en: 'Phone' },
    });
    expect(change(reveal, '手机号')?.after).toEqual({ zh: MASKED, en: MASKED });

    const send = await latest('send');
    expect(send).toMatchObject({
      moduleLabel: { zh: '消息通知', en: 'Notices' },
      actionLabel: { zh: '发送通知', en: 'Send notice' },
      target: { zh: '通知 体检提醒', en: 'Notice 体检提醒' },
      // The only member is frozen by now: nobody receives it.
      message: { zh: '已发送给0位会员', en: 'Sent to 0 members' },
    });
    expect(change(send, '状态')).toMatchObject({
      before: { zh: '草稿', en: 'Draft' },
      after: { zh: '已发送', en: 'Sent' },
    });
    expect(change(send, '发送对象')?.after).toEqual({ zh: '全部会员', en: 'All members' });

    // No internal key is shown, and the phone number never in clear.
    for (const item of [freeze, points, reveal, send]) {
      const texts = readTexts(item as OperateLogItem);
      for (const raw of ['freeze', 'points', 'send', 'pointsBalance', 'frozenReason', 'field'])
        expect(texts).not.toContain(raw);
      expect(texts.join('\n')).not.toMatch(/[a-z][A-Z]/); // no camelCase key
      expect(texts.join('\n')).not.toContain(PHONE);
    }
  });

  it('exports the same readable entries (labels, values, masked numbers)', async () => {
    const response = await call(t, 'GET', `${OperateLogPaths.export}?module=member`, {
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    const rows = (await exportRows(response)).map((r) => r.map((v) => String(v ?? '')));
    const byAction = (label: string) => rows.find((r) => r[3] === label);
    const freeze = byAction('冻结会员');
    expect(freeze?.[2]).toBe('会员管理');
    expect(freeze?.[4]).toBe(`会员 张三（${MASKED}）`);
    expect(freeze?.[9]).toBe('状态：正常\n冻结原因：（空）');
    expect(freeze?.[10]).toBe('状态：已冻结\n冻结原因：涉嫌刷积分');
    expect(byAction('查看明文')?.[10]).toBe(`查看字段：手机号\n手机号：${MASKED}`);
    // The time in China time, as "YYYY-MM-DD HH:mm:ss".
    expect(freeze?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.flat().join('\n')).not.toContain(PHONE);
    expect(rows.flat().join('\n')).not.toMatch(/frozenReason|pointsBalance/);
  });

  it('reads entries written before the labels well: numbers masked, old keys named', async () => {
    await t.db
      .insertInto('operation_logs')
      .values({
        operator_id: null,
        operator_name: 'admin',
        module: 'member',
        action: 'reveal',
        target: `会员 李四（${PHONE}）`,
        before_json: null,
        after_json: JSON.stringify({ field: 'phone', phone: PHONE }),
        ip: '10.0.0.1',
        result: 'success',
        message: `查看会员手机号明文 ${PHONE}`,
        request_id: 'old-1',
        created_at: t.clock.now + 1,
      })
      .execute();
    const old = await latest('reveal');
    expect(old?.target).toEqual({ zh: `会员 李四（${MASKED}）`, en: `Member 李四 (${MASKED})` });
    expect(old?.message).toEqual({
      zh: `查看会员手机号明文 ${MASKED}`,
      en: `查看会员手机号明文 ${MASKED}`,
    });
    expect(change(old, '手机号')?.after).toEqual({ zh: MASKED, en: MASKED });
  });

  it('refuses, under the tests, an entry with a module, action, field or value without a label', async () => {
    const strict = new AuditService(t.db, () => t.clock.now, auditLabelBook(), {
      strictLabels: true,
    });
    const entry = { operator: { id: null, username: 'admin' }, module: 'member' };
    await expect(strict.write({ ...entry, action: 'explode' })).rejects.toThrow('操作 explode');
    await expect(
      strict.write({ ...entry, action: 'edit', after: { shoeSize: 42 } }),
    ).rejects.toThrow('字段 member.shoeSize');
    await expect(
      strict.write({ ...entry, action: 'edit', after: { status: 'vanished' } }),
    ).rejects.toThrow('字段 member.status 的值 vanished');
    await expect(strict.write({ ...entry, module: 'nowhere', action: 'edit' })).rejects.toThrow(
      '模块 nowhere',
    );
    await strict.write({ ...entry, action: 'freeze', after: { status: 'frozen' } });
  });
});

describe.each(databaseKinds)("the demo data's operation log on %s", (kind) => {
  let t: TestApp;
  setupApp(
    kind,
    async (app) => {
      t = app;
    },
    { demoData: true },
  );

  it('has a label for every module, action, field and value it holds', async () => {
    const labels = auditLabelBook();
    const rows = await t.db.selectFrom('operation_logs').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const missing = rows.flatMap((row) =>
      labels.missing({
        module: row.module,
        action: row.action,
        before: row.before_json ? (JSON.parse(row.before_json) as unknown) : null,
        after: row.after_json ? (JSON.parse(row.after_json) as unknown) : null,
      }),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('AuditLabelBook', () => {
  const book = new AuditLabelBook([
    PLATFORM_AUDIT_LABELS,
    {
      modules: { shop: ['商城', 'Shop'] },
      fields: {
        shop: {
          state: { label: ['状态', 'State'], format: { values: { on: ['上架', 'Listed'] } } },
          at: { label: ['时间', 'Time'], format: 'time' },
          price: { label: ['价格', 'Price'], format: 'fen' },
          channel: ['渠道', 'Channel'],
          'channel.mch': ['商户', 'Merchant'],
        },
      },
    },
  ]);

  it('lists every field of an edit by label, marking the changed ones, nested by path', () => {
    const rows = book.changes(
      'shop',
      { name: '甲', channel: { enabled: false, mch: { id: '1', region: 'cn' } }, price: 1999 },
      { channel: { mch: { region: 'cn', id: '2' }, enabled: false }, name: '甲', price: 2000 },
    );
    expect(rows.map((r) => [r.field, r.label.zh, r.changed])).toEqual([
      ['name', '名称', false],
      ['channel.enabled', '渠道 · 启用', false],
      ['channel.mch.id', '渠道 · 商户 · 编号', true],
      ['channel.mch.region', '渠道 · 商户 · region', false],
      ['price', '价格', true],
    ]);
    expect(rows[1]?.after).toEqual({ zh: '否', en: 'No' });
    expect(rows[4]?.after).toEqual({ zh: '¥20.00', en: '¥20.00' });
  });

  it('reads enums, China time, lists and hidden secrets', () => {
    const [state, at, tags, password] = book.changes('shop', null, {
      state: 'on',
      at: Date.UTC(2026, 0, 1, 16, 30, 5),
      tags: ['a', 'b'],
      password: '***',
    });
    expect(state?.after).toEqual({ zh: '上架', en: 'Listed' });
    expect(at?.after).toEqual({ zh: '2026-01-02 00:30:05', en: '2026-01-02 00:30:05' });
    expect(tags?.after).toEqual({ zh: 'a、b', en: 'a, b' });
    expect(password?.after).toEqual({ zh: '已隐藏', en: 'hidden' });
    expect(state?.before).toBeNull();
  });

  it('masks mobile and identity numbers wherever they appear', () => {
    const [note, mobile, count] = book.changes(
      'shop',
      {
        note: '联系 13912345678，证件 110101198503071234',
        mobile: 13912345678,
        count: 1764000000000,
      },
      null,
    );
    expect(note?.before?.zh).toBe('联系 139****5678，证件 110101********1234');
    expect(mobile?.before?.zh).toBe('139****5678');
    expect(count?.before?.zh).toBe('1764000000000');
  });

  it("names the areas' targets and fixed messages in English; a typed reason stays as written", () => {
    const areas = auditLabelBook();
    const cjk = /[\u4e00-\u9fff]/;
    for (const section of ['站点配置', '预警配置', '积分配置']) {
      const target = areas.target(`系统配置 ${section}`);
      expect(target.zh).toBe(`系统配置 ${section}`);
      expect(target.en).not.toMatch(cjk);
    }
    expect(areas.target('支付配置 微信支付').en).toBe('Payment settings WeChat Pay');
    expect(areas.message('登录成功')).toEqual({ zh: '登录成功', en: 'Signed in' });
    expect(areas.message('导出会员列表 3 条').en).toBe('Exported 3 rows of Members');
    expect(areas.message('涉嫌刷积分')).toEqual({ zh: '涉嫌刷积分', en: '涉嫌刷积分' });
  });
});
