import {
  NoticePaths,
  type Notice,
  type NoticeListItem,
  type NoticeTargetOptions,
  type Page,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { POINTS_EXPIRE_JOB } from '../src/modules/member/points/service.js';
import { STATS_ROLLUP_JOB } from '../src/modules/statistics/metrics/service.js';
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
} from './helpers/app.js';
import { seedChannel, seedGrade, seedMember } from './helpers/sign-members.js';

const PAGE = '/member_sign/activity';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
describe.each(databaseKinds)('notices on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let outsider: string;
  let gold: number;
  let basic: number;
  let shop: number;

  setupApp(kind, async (app) => {
    t = app;
    basic = await seedGrade(t.db, '普通会员', 0, t.clock.now);
    gold = await seedGrade(t.db, '黄金会员', 1000, t.clock.now);
    shop = await seedChannel(t.db, '门店推广', 'SHOP', t.clock.now);
    // 7 normal members: 3 gold (one via the shop channel), 4 basic; 1 frozen gold member.
    for (let i = 1; i <= 7; i++) {
      await seedMember(
        t.db,
        {
          phone: `1370000${String(i).padStart(4, '0')}`,
          name: `会员${i}`,
          gradeId: i <= 3 ? gold : basic,
          channelId: i === 1 || i === 5 ? shop : null,
        },
        t.clock.now,
      );
    }
    await seedMember(
      t.db,
      { phone: '13700009999', name: '冻结会员', gradeId: gold, status: 'frozen' },
      t.clock.now,
    );
    const editors = await createGroup(t, '编辑组', [PAGE, `${PAGE}:add`, `${PAGE}:edit`]);
    const others = await createGroup(t, '其他组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'editor', password: 'Edit@123', groupId: editors });
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    admin = await loginAdmin(t);
    editor = (await login(t, 'editor', 'Edit@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
  });

  const add = (json: Record<string, unknown>, token = admin) =>
    call(t, 'POST', NoticePaths.add, { token, json });
  const detail = async (id: number) =>
    bodyOf<Notice>(await call(t, 'GET', `${NoticePaths.detail}?id=${id}`, { token: admin })).data;
  const deliveries = async (id: number) =>
    (
      await t.db
        .selectFrom('notice_deliveries')
        .select('member_id')
        .where('notice_id', '=', id)
        .execute()
    ).length;
  const post = (path: string, json: Record<string, unknown>, token = admin) =>
    call(t, 'POST', path, { token, json });

  it('creates a draft with sanitised rich text and validates the fields', async () => {
    const created = bodyOf<{ id: number }>(
      await add({
        title: ' 健康讲座通知 ',
        content:
          '<p onclick="x()">本周六<strong>健康讲座</strong><script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
        targetType: 'grade',
        targetIds: [gold],
      }),
    );
    expect(created.state).toBe(200);
    const n = await detail(created.data.id);
    expect(n).toMatchObject({
      title: '健康讲座通知',
      status: 'draft',
      targetType: 'grade',
      targetIds: [gold],
      targetNames: ['黄金会员'],
      recipients: 0,
      createdBy: expect.any(String),
    });
    expect(n.content).toContain('<strong>健康讲座</strong>');
    expect(n.content).not.toMatch(/script|onclick|javascript/);

    const invalid = bodyOf<FieldErrors>(
      await add({ title: '', content: '', targetType: 'grade', targetIds: [] }),
    );
    expect(invalid.state).toBe(255);
    const fields = invalid.data.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'content']));
    const noTargets = bodyOf<FieldErrors>(
      await add({ title: 'x', content: '<p>x</p>', targetType: 'channel' }),
    );
    expect(noTargets.data.errors).toContainEqual({ field: 'targetIds', msg: '请至少选择一项' });
    const unknown = bodyOf<FieldErrors>(
      await add({ title: 'x', content: '<p>x</p>', targetType: 'grade', targetIds: [9999] }),
    );
    expect(unknown.data.errors).toContainEqual({ field: 'targetIds', msg: '所选等级或渠道不存在' });
    const onlyScript = bodyOf<FieldErrors>(
      await add({ title: 'x', content: '<script>alert(1)</script>', targetType: 'all' }),
    );
    expect(onlyScript.data.errors).toContainEqual({ field: 'content', msg: '请输入通知内容' });
    // Form bodies work too.
    const form = bodyOf<{ id: number }>(
      await call(t, 'POST', NoticePaths.add, {
        token: admin,
        form: {
          title: '表单通知',
          content: '<p>内容</p>',
          targetType: 'channel',
          targetIds: String(shop),
        },
      }),
    );
    expect(form.state).toBe(200);
    expect((await detail(form.data.id)).targetIds).toEqual([shop]);
  });

  it('sends a draft now to the target members (status normal) and withdraws it', async () => {
    const { data } = bodyOf<{ id: number }>(
      await add({
        title: '金卡通知',
        content: '<p>内容</p>',
        targetType: 'grade',
        targetIds: [gold],
      }),
    );
    const sent = bodyOf<Notice>(await post(NoticePaths.send, { id: data.id }));
    expect(sent.state).toBe(200);
    expect(sent.msg).toBe('已发送给3位会员');
    expect(sent.data).toMatchObject({ status: 'sent', recipients: 3, sentAt: t.clock.now });
    expect(await deliveries(data.id)).toBe(3);

    expect(bodyOf(await post(NoticePaths.send, { id: data.id })).msg).toBe(
      '只有草稿或待发送的通知可以发送',
    );
    expect(
      bodyOf(
        await post(NoticePaths.update, {
          id: data.id,
          title: 'x',
          content: '<p>x</p>',
          targetType: 'all',
        }),
      ).msg,
    ).toBe('只有草稿或待发送的通知可以修改');
    expect(bodyOf(await post(NoticePaths.delete, { id: data.id })).msg).toBe(
      '已发送的通知不能删除，请先撤回',
    );

    const withdrawn = bodyOf<Notice>(await post(NoticePaths.withdraw, { id: data.id }));
    expect(withdrawn.data.status).toBe('withdrawn');
    expect(bodyOf(await post(NoticePaths.withdraw, { id: data.id })).msg).toBe(
      '只有已发送的通知可以撤回',
    );
    expect(bodyOf(await post(NoticePaths.delete, { id: data.id })).state).toBe(200);
    expect(
      bodyOf(await call(t, 'GET', `${NoticePaths.detail}?id=${data.id}`, { token: admin })).msg,
    ).toBe('通知不存在或已被删除');

    const all = bodyOf<{ id: number }>(
      await add({ title: '全体', content: '<p>全体</p>', targetType: 'all' }),
    );
    expect(bodyOf<Notice>(await post(NoticePaths.send, { id: all.data.id })).data.recipients).toBe(
      7,
    );
    const channel = bodyOf<{ id: number }>(
      await add({
        title: '渠道',
        content: '<p>渠道</p>',
        targetType: 'channel',
        targetIds: [shop],
      }),
    );
    expect(
      bodyOf<Notice>(await post(NoticePaths.send, { id: channel.data.id })).data.recipients,
    ).toBe(2);

    const logs = await t.db
      .selectFrom('operation_logs')
      .select(['action'])
      .where('module', '=', 'notice')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['add', 'send', 'withdraw', 'delete']),
    );
  });

  it('lists with filters and offers the target options', async () => {
    const page = bodyOf<Page<NoticeListItem>>(
      await call(t, 'GET', `${NoticePaths.list}?status=sent&pageSize=50`, { token: editor }),
    );
    expect(page.state).toBe(200);
    expect(page.data.list.length).toBeGreaterThanOrEqual(2);
    expect(page.data.list.every((n) => n.status === 'sent')).toBe(true);
    expect(page.data.list[0]).not.toHaveProperty('content');
    const byTitle = bodyOf<Page<NoticeListItem>>(
      await call(t, 'GET', `${NoticePaths.list}?title=${encodeURIComponent('定时')}`, {
        token: editor,
      }),
    );
    expect(byTitle.data.pagination.total).toBe(0);
    expect(
      bodyOf(await call(t, 'GET', `${NoticePaths.list}?status=nope`, { token: editor })).state,
    ).toBe(255);

    const options = bodyOf<NoticeTargetOptions>(
      await call(t, 'GET', NoticePaths.targetOptions, { token: editor }),
    );
    expect(options.data.grades.map((g) => g.name)).toEqual(['普通会员', '黄金会员']);
    expect(options.data.channels.map((c) => c.name)).toEqual(['门店推广']);
  });

  it('answers 266 without a session and 267 without the page or the publish action', async () => {
    const { data } = bodyOf<{ id: number }>(
      await add({ title: '权限', content: '<p>x</p>', targetType: 'all' }, editor),
    );
    expect(data.id).toBeGreaterThan(0);
    for (const path of [
      NoticePaths.send,
      NoticePaths.schedule,
      NoticePaths.withdraw,
      NoticePaths.delete,
    ]) {
      expect(bodyOf(await post(path, { id: data.id }, editor)).state).toBe(267);
    }
    for (const [method, path] of [
      ['GET', NoticePaths.list],
      ['GET', `${NoticePaths.detail}?id=${data.id}`],
      ['GET', NoticePaths.targetOptions],
      ['POST', NoticePaths.add],
      ['POST', NoticePaths.update],
      ['POST', NoticePaths.delete],
      ['POST', NoticePaths.schedule],
      ['POST', NoticePaths.send],
      ['POST', NoticePaths.withdraw],
    ] as const) {
      expect(bodyOf(await call(t, method, path)).state).toBe(266);
      expect(bodyOf(await call(t, method, path, { token: outsider })).state).toBe(267);
    }
  });
  it('schedules, edits back to draft, and sends at its time exactly once after a restart', async () => {
    const { data } = bodyOf<{ id: number }>(
      await add({
        title: '定时通知',
        content: '<p>定时</p>',
        targetType: 'grade',
        targetIds: [basic],
      }),
    );
    const past = bodyOf<FieldErrors>(
      await post(NoticePaths.schedule, { id: data.id, scheduledAt: t.clock.now - 1 }),
    );
    expect(past.data.errors).toContainEqual({
      field: 'scheduledAt',
      msg: '发送时间必须晚于当前时间',
    });
    expect(
      bodyOf<FieldErrors>(await post(NoticePaths.schedule, { id: data.id })).data.errors[0]?.field,
    ).toBe('scheduledAt');

    const at = t.clock.now + 10 * MINUTE;
    const scheduled = bodyOf<Notice>(
      await post(NoticePaths.schedule, { id: data.id, scheduledAt: at }),
    );
    expect(scheduled.data).toMatchObject({ status: 'scheduled', scheduledAt: at });
    expect(bodyOf(await post(NoticePaths.schedule, { id: data.id, scheduledAt: at })).msg).toBe(
      '只有草稿可以定时发送',
    );

    // Editing a scheduled notice takes it back to draft and cancels its job.
    expect(
      bodyOf(
        await post(NoticePaths.update, {
          id: data.id,
          title: '定时通知（改）',
          content: '<p>改</p>',
          targetType: 'grade',
          targetIds: [basic],
        }),
      ).state,
    ).toBe(200);
    expect((await detail(data.id)).status).toBe('draft');
    const pendingJobs = await t.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('ref_id', '=', data.id)
      .execute();
    expect(pendingJobs).toHaveLength(0);

    expect(bodyOf(await post(NoticePaths.schedule, { id: data.id, scheduledAt: at })).state).toBe(
      200,
    );
    expect(await t.app.jobs.runDue()).toBe(0); // not yet

    // The server restarts: a NEW app on the same database (own connection), then time passes.
    await t.app.close();
    const db2 = openDatabase(t.database.target);
    const db3 = openDatabase(t.database.target);
    const app2 = await buildApp({
      config: t.config,
      db: db2,
      now: () => t.clock.now,
      logger: false,
    });
    const app3 = await buildApp({
      config: t.config,
      db: db3,
      now: () => t.clock.now,
      logger: false,
    });
    try {
      // The daily points-expiry job runs at 00:05 China time, the statistics rollup a minute after
      // start-up: keep them out of these 11 minutes (only the notice's job is counted).
      await db2
        .updateTable('scheduled_jobs')
        .set({ run_at: t.clock.now + DAY })
        .where('kind', 'in', [POINTS_EXPIRE_JOB, STATS_ROLLUP_JOB])
        .execute();
      t.clock.advance(11 * MINUTE);
      const ran = await Promise.all([app2.jobs.runDue(), app3.jobs.runDue(), app2.jobs.runDue()]);
      expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
      const row = await db2
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
      expect(Number(row.sent_at)).toBe(t.clock.now);
      expect(Number(row.recipients)).toBe(4);
      expect(await deliveries(data.id)).toBe(4);
      expect(await app2.jobs.runDue()).toBe(0);
      expect(await deliveries(data.id)).toBe(4);
    } finally {
      await app2.close();
      await app3.close();
      await db2.destroy();
      await db3.destroy();
    }
  });
});
