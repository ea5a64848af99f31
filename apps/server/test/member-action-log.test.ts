import { ActionLogPaths, type ActionLogItem, type Page } from '@health/contract';
import { describe, expect, it } from 'vitest';
import { recordMemberAction } from '../src/modules/member/action-logs/service.js';
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
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const HOUR = 3_600_000;

describe.each(databaseKinds)('member action log API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let detailViewer: string;
  let outsider: string;
  let alice = 0;
  let bob = 0;

  setupApp(kind, async (app) => {
    t = app;
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    alice = await insertMember(t, { gradeId, name: '张桂兰', phone: '13511112222' });
    bob = await insertMember(t, { gradeId, name: '刘德福', phone: '13633334444' });
    const base = t.clock.now - 10 * HOUR;
    const rows: [number, string, string, string, number][] = [
      [alice, 'login', '密码登录', '10.0.0.1', base],
      [alice, 'measure', '上传血压 128/82 mmHg', '10.0.0.1', base + HOUR],
      [alice, 'check_in', '连续签到 3 天', '10.0.0.2', base + 2 * HOUR],
      [bob, 'login', '验证码登录', '192.168.1.9', base + 3 * HOUR],
      [bob, 'redeem', '兑换 电子血压计 ×1', '192.168.1.9', base + 4 * HOUR],
    ];
    for (const [memberId, action, detail, ip, at] of rows)
      await recordMemberAction(t.db, { memberId, action, detail, ip, at });
    const viewers = await createGroup(t, '只读组', ['/member_manage/action_log']);
    const details = await createGroup(t, '详情组', ['/member_manage/detail']);
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'viewer', password: 'View@123', groupId: viewers });
    await createOperator(t, { username: 'detail', password: 'Det@1234', groupId: details });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    admin = await loginAdmin(t);
    viewer = (await login(t, 'viewer', 'View@123')).access_token;
    detailViewer = (await login(t, 'detail', 'Det@1234')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const list = async (query: string, token = viewer) =>
    bodyOf<Page<ActionLogItem>>(await call(t, 'GET', `${ActionLogPaths.list}${query}`, { token }));

  it('lists newest first with Chinese labels and masked phones', async () => {
    const page = (await list('')).data;
    expect(page.pagination.total).toBe(5);
    expect(page.list[0]).toMatchObject({
      memberId: bob,
      memberName: '刘德福',
      memberPhone: '136****4444',
      action: 'redeem',
      actionLabel: '积分兑换',
      ip: '192.168.1.9',
    });
    expect(page.list.map((r) => r.actionLabel)).toEqual([
      '积分兑换',
      '登录',
      '签到',
      '测量',
      '登录',
    ]);
  });

  it('filters by phone fragment, name, action, IP, time and member', async () => {
    expect((await list('?phone=1111')).data.list.every((r) => r.memberId === alice)).toBe(true);
    expect((await list('?name=德福')).data.pagination.total).toBe(2);
    expect((await list('?action=login')).data.list.map((r) => r.memberId).sort()).toEqual(
      [alice, bob].sort(),
    );
    expect((await list('?ip=192.168')).data.pagination.total).toBe(2);
    const from = t.clock.now - 9 * HOUR;
    const to = t.clock.now - 7.5 * HOUR;
    expect((await list(`?startTime=${from}&endTime=${to}`)).data.list.map((r) => r.action)).toEqual(
      ['check_in', 'measure'],
    );
    const tab = await list(`?memberId=${alice}&sortField=createdAt&sortOrder=ascend`, detailViewer);
    expect(tab.data.list.map((r) => r.action)).toEqual(['login', 'measure', 'check_in']);
  });

  it('validates filters with field errors', async () => {
    const bad = bodyOf<FieldErrors>(
      await call(t, 'GET', `${ActionLogPaths.list}?action=fly&startTime=5&endTime=1&pageSize=500`, {
        token: viewer,
      }),
    );
    expect(bad.state).toBe(255);
    expect(bad.data.errors.map((e) => e.field).sort()).toEqual(['action', 'pageSize']);
    const range = bodyOf<FieldErrors>(
      await call(t, 'GET', `${ActionLogPaths.list}?startTime=5&endTime=1`, { token: viewer }),
    );
    expect(range.data.errors).toEqual([{ field: 'endTime', msg: '结束时间不能早于开始时间' }]);
  });

  it('exports the filter as xlsx (audited), 267 without the export action', async () => {
    const res = await call(t, 'GET', `${ActionLogPaths.export}?action=login`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename*=UTF-8');
    const audit = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'member')
      .where('action', '=', 'export')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ rows: 2 });
    expect(bodyOf(await call(t, 'GET', ActionLogPaths.export, { token: viewer })).state).toBe(267);
  });

  it('answers 266 and 267', async () => {
    expect(bodyOf(await call(t, 'GET', ActionLogPaths.list)).state).toBe(266);
    expect(bodyOf(await call(t, 'GET', ActionLogPaths.list, { token: outsider })).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', ActionLogPaths.export, { token: detailViewer })).state).toBe(
      267,
    );
  });
});
