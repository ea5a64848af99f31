import {
  ApiPaths,
  chinaDateOf,
  DAY_MS,
  PAGES,
  PROVINCIAL_UNITS,
  provinceShortName,
  SCREEN_PATHS,
  SCREEN_TOKEN_HEADER,
  SCREEN_TREND_DAYS,
  ScreenMessages,
  shiftChinaDate,
  STATISTICS_PATHS,
  STATISTICS_DETAIL_PATHS,
  WorkbenchPaths,
  type BreakdownAnswer,
  type HealthDetails,
  type HomeOverview,
  type MallDetails,
  type MetricsAnswer,
  type ScreenLinkCreated,
  type ScreenLinkList,
  type ScreenSnapshot,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_FRESH_MS } from '../src/modules/statistics/screen/service.js';
import { STATS_ROLLUP_JOB } from '../src/modules/statistics/metrics/service.js';
import {
  bodyOf,
  call,
  createGroup,
  createOperator,
  exportRows,
  login,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';
import { addModel, boundDevice, upload, type BoundDevice } from './helpers/readings.js';

const GRADE3 = { systolic: 185, diastolic: 112, pulse: 70 };
const NORMAL = { systolic: 118, diastolic: 76, pulse: 70 };
const HOUR = 3_600_000;

describe('provinces on the map', () => {
  it('names the 34 provincial units and reads the long names members write', () => {
    expect(PROVINCIAL_UNITS).toHaveLength(34);
    expect(new Set(PROVINCIAL_UNITS).size).toBe(34);
    for (const [long, short] of [
      ['浙江省', '浙江'],
      ['北京市', '北京'],
      ['广西壮族自治区', '广西'],
      ['宁夏回族自治区', '宁夏'],
      ['新疆维吾尔自治区', '新疆'],
      ['内蒙古自治区', '内蒙古'],
      ['西藏自治区', '西藏'],
      ['香港特别行政区', '香港'],
      ['澳门特别行政区', '澳门'],
      ['台湾省', '台湾'],
      ['黑龙江', '黑龙江'],
      ['火星', '火星'],
    ])
      expect(provinceShortName(long!)).toBe(short);
  });
});

describe.each(databaseKinds)('数字大屏 API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds the large screen without its links action. */
  let watcher: string;
  /** Holds the overview only. */
  let outsider: string;
  let device: BoundDevice;
  let today: string;

  const snapshot = async (
    headers: { token?: string; screen?: string } = { token: admin },
  ): Promise<ReturnType<typeof bodyOf<ScreenSnapshot>>> => {
    const response = await t.app.inject({
      method: 'GET',
      url: t.api(SCREEN_PATHS.snapshot),
      headers: {
        ...(headers.token ? { authorization: `Bearer ${headers.token}` } : {}),
        ...(headers.screen !== undefined ? { [SCREEN_TOKEN_HEADER]: headers.screen } : {}),
      },
    });
    return bodyOf<ScreenSnapshot>(response);
  };
  /** The snapshot after the shared one has gone stale (it serves every screen for a few seconds). */
  const freshSnapshot = async () => {
    t.clock.advance(SNAPSHOT_FRESH_MS);
    const body = await snapshot();
    expect(body.state, body.msg).toBe(200);
    return body.data;
  };
  const addLink = (json: Record<string, unknown>, token = admin) =>
    call(t, 'POST', SCREEN_PATHS.linkAdd, { token, json });

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    const screen = await createGroup(t, '大屏组', [PAGES.largeScreen]);
    await createOperator(t, { username: 'watcher', password: 'Watch@123', groupId: screen });
    watcher = (await login(t, 'watcher', 'Watch@123')).access_token;
    const others = await createGroup(t, '概况组', [PAGES.overview]);
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    device = await boundDevice(t, admin, await addModel(t, admin, 'bp'), {
      gradeId,
      name: '张伟民',
      phone: '13912345678',
    });
    today = chinaDateOf(t.clock.now);
  });

  it('shows the glossary’s numbers: the same as the statistics pages and their export, before and after the rollup', async () => {
    await upload(t, device, { type: 'bp', measuredAt: t.clock.now - HOUR, values: GRADE3 });
    await upload(t, device, { type: 'bp', measuredAt: t.clock.now - 2 * HOUR, values: NORMAL });
    const compare = async () => {
      const screen = await freshSnapshot();
      const start = shiftChinaDate(today, 1 - SCREEN_TREND_DAYS);
      const page = bodyOf<MetricsAnswer>(
        await call(t, 'GET', STATISTICS_PATHS.metrics, {
          token: admin,
          query: {
            keys: 'members.new,readings.all,readings.abnormal,alerts.raised,reports.published',
            start: today,
            end: today,
          },
        }),
      ).data.metrics;
      expect(screen.today.map((m) => [m.key, m.value, m.previous])).toEqual(
        page.map((m) => [m.key, m.value, m.previous]),
      );
      const trend = bodyOf<MetricsAnswer>(
        await call(t, 'GET', STATISTICS_PATHS.metrics, {
          token: admin,
          query: { keys: 'readings.all,alerts.raised,members.new', start, end: today },
        }),
      ).data.metrics;
      expect(screen.trend.map((m) => m.daily)).toEqual(trend.map((m) => m.daily));
      expect(screen.trend[0]!.daily).toHaveLength(SCREEN_TREND_DAYS);
      const byType = bodyOf<BreakdownAnswer>(
        await call(t, 'GET', STATISTICS_PATHS.breakdown, {
          token: admin,
          query: { key: 'readings.all', dimension: 'type', start: today, end: today },
        }),
      ).data.rows;
      for (const row of byType)
        expect(screen.readingsByType.find((r) => r.value === row.value)!.count).toBe(row.count);
      // The export of 健康数据统计 says the same for today.
      const exported = await t.app.inject({
        method: 'GET',
        url: `${t.api(STATISTICS_PATHS.export)}?${new URLSearchParams({
          keys: 'readings.all,alerts.raised',
          breakdowns: 'readings.all:type',
          start: today,
          end: today,
          title: '健康数据统计',
        })}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(exported.headers['content-type'], exported.body.slice(0, 200)).toMatch(/sheet/);
      const rows = await exportRows(exported);
      const period = rows.find((r) => r[0] === '本期')!;
      const value = (key: string) => screen.today.find((m) => m.key === key)!.value;
      expect(period.slice(1)).toEqual([value('readings.all'), value('alerts.raised')]);
      // The page's breakdown, a sheet named as its card, says the same as the screen.
      const byTypeSheet = await exportRows(exported, '测量总数 · 按类型');
      expect(byTypeSheet[0]).toEqual(['类型', '测量总数（条）']);
      expect(byTypeSheet.slice(1)).toEqual(byType.map((r) => [r.label, r.count]));
      expect(byType.length).toBeGreaterThan(0);
      // The running totals equal a scan of the raw tables.
      const count = async (table: 'members' | 'measurements' | 'devices') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const totals = Object.fromEntries(screen.totals.map((x) => [x.key, x.value]));
      expect(totals).toMatchObject({
        members: await count('members'),
        readings: await count('measurements'),
        devices: await count('devices'),
      });
      return screen;
    };
    const raw = await compare();
    expect(raw.today.find((m) => m.key === 'readings.all')!.value).toBeGreaterThanOrEqual(2);
    expect(raw.provinces).toContainEqual({ name: '浙江', value: expect.any(Number) });
    for (const total of raw.totals) {
      expect(total.name).toMatch(/\p{Script=Han}/u);
      expect(total.definition.length).toBeGreaterThan(8);
    }
    // Yesterday's reading rolled up: the totals still add the stored days and today's raw rows.
    await upload(t, device, { type: 'bp', measuredAt: t.clock.now - DAY_MS, values: NORMAL });
    await t.db
      .updateTable('scheduled_jobs')
      .set({ run_at: t.clock.now })
      .where('kind', '=', STATS_ROLLUP_JOB)
      .where('status', '=', 'pending')
      .execute();
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const rolled = await compare();
    expect(rolled.totals.find((x) => x.key === 'readings')!.value).toBe(
      raw.totals.find((x) => x.key === 'readings')!.value + 1,
    );
  });

  it('feeds the newest alerts with the member masked and no phone', async () => {
    await upload(t, device, { type: 'bp', measuredAt: t.clock.now - 60_000, values: GRADE3 });
    const screen = await freshSnapshot();
    const newest = screen.alerts[0]!;
    expect(newest).toMatchObject({
      level: 'urgent',
      type: 'bp',
      member: '张**',
      province: '浙江省',
    });
    expect(JSON.stringify(screen)).not.toContain('张伟民');
    expect(JSON.stringify(screen)).not.toContain('13912345678');
    expect(screen.alertsByLevel.map((r) => r.value)).toEqual(['urgent', 'warning']);
  });

  it('is refused without a session (266) and without the page (267); the links need their action', async () => {
    expect((await snapshot({})).state).toBe(266);
    expect((await snapshot({ token: outsider })).state).toBe(267);
    expect((await snapshot({ token: watcher })).state).toBe(200);
    expect(bodyOf(await call(t, 'GET', SCREEN_PATHS.linkList, { token: watcher })).state).toBe(267);
    const tomorrow = t.clock.now + DAY_MS;
    expect(bodyOf(await addLink({ name: '大厅', expiresAt: tomorrow }, watcher)).state).toBe(267);
    expect(bodyOf(await call(t, 'GET', SCREEN_PATHS.linkList)).state).toBe(266);
  });

  it('makes a screen link: shown once, stored hashed, opens the screen without a login and shows when it was last seen', async () => {
    const expiresAt = t.clock.now + 7 * DAY_MS;
    // Bad input changes nothing.
    for (const [json, field, msg] of [
      [{ name: '', expiresAt }, 'name', ScreenMessages.nameRequired],
      [{ name: 'x'.repeat(31), expiresAt }, 'name', '链接名称最多30个字符'],
      [{ name: '大厅', expiresAt: t.clock.now - 1 }, 'expiresAt', ScreenMessages.expiryPast],
      [
        { name: '大厅', expiresAt: t.clock.now + 400 * DAY_MS },
        'expiresAt',
        ScreenMessages.expiryTooFar,
      ],
      [{ name: '大厅', expiresAt: '1e15' }, 'expiresAt', ScreenMessages.expiryRequired],
      [{ name: '大厅' }, 'expiresAt', ScreenMessages.expiryRequired],
    ] as const) {
      const refused = bodyOf<FieldErrors>(await addLink(json));
      expect(refused.state, JSON.stringify(json)).toBe(255);
      expect(refused.data.errors[0]).toEqual({ field, msg });
    }
    expect(
      Number(
        (
          await t.db
            .selectFrom('screen_links')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);

    const created = bodyOf<ScreenLinkCreated>(
      await addLink({ name: '大厅大屏', note: '一楼大厅电视', expiresAt }),
    );
    expect(created.state, created.msg).toBe(200);
    const { token, url, id } = created.data;
    expect(url).toBe(`/digital-large-screen#screen=${token}`);
    const stored = await t.db
      .selectFrom('screen_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const logged = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('action', '=', 'screenLinkAdd')
      .execute();
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(token);

    const list = async () =>
      bodyOf<ScreenLinkList>(await call(t, 'GET', SCREEN_PATHS.linkList, { token: admin })).data
        .list;
    expect((await list())[0]).toMatchObject({
      id,
      name: '大厅大屏',
      note: '一楼大厅电视',
      state: 'active',
      expiresAt,
      lastSeenAt: null,
    });
    expect(JSON.stringify(await list())).not.toContain(token);

    const seenAt = t.clock.now;
    const opened = await snapshot({ screen: token });
    expect(opened.state, opened.msg).toBe(200);
    expect(opened.data.totals).toHaveLength(4);
    expect((await list())[0]!.lastSeenAt).toBe(seenAt);

    // Tampered or unknown: refused, and so is an empty header with no session.
    for (const bad of [`${token}x`, token.slice(1), 'A'.repeat(43), 'x'.repeat(500)])
      expect(await snapshot({ screen: bad })).toMatchObject({
        state: 266,
        msg: ScreenMessages.linkInvalid,
      });
    expect((await snapshot({ screen: '' })).state).toBe(266);
  });

  it('refuses a screen link on every other route, and once it has expired or been revoked', async () => {
    const created = bodyOf<ScreenLinkCreated>(
      await addLink({ name: '会议室', expiresAt: t.clock.now + 2 * HOUR }),
    ).data;
    const other = bodyOf<ScreenLinkCreated>(
      await addLink({ name: '走廊', expiresAt: t.clock.now + 30 * DAY_MS }),
    ).data;
    // Every guarded route but the screen's two: the token is no session there.
    const misses: string[] = [];
    const guarded = t.app.routeTable.filter((r) => !r.public);
    const screenRoutes = guarded.filter((r) => r.linkTokenHeader !== null).map((r) => r.url);
    expect(screenRoutes.sort()).toEqual(
      [t.api(SCREEN_PATHS.snapshot), t.api(SCREEN_PATHS.stream)].sort(),
    );
    for (const route of guarded.filter((r) => r.linkTokenHeader === null)) {
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: route.url,
        headers: { [SCREEN_TOKEN_HEADER]: created.token },
      });
      const state = bodyOf(response).state;
      if (state !== 266) misses.push(`${route.method} ${route.url}: ${state}`);
    }
    expect(misses).toEqual([]);

    // Revoked: refused at once; revoking again says so; unknown and malformed ids are refused.
    const revoked = bodyOf(
      await call(t, 'POST', SCREEN_PATHS.linkRevoke, { token: admin, json: { id: other.id } }),
    );
    expect(revoked.state).toBe(200);
    expect(await snapshot({ screen: other.token })).toMatchObject({
      state: 266,
      msg: ScreenMessages.linkRevoked,
    });
    expect(
      bodyOf(
        await call(t, 'POST', SCREEN_PATHS.linkRevoke, { token: admin, json: { id: other.id } }),
      ).msg,
    ).toBe(ScreenMessages.linkAlreadyRevoked);
    expect(
      bodyOf(await call(t, 'POST', SCREEN_PATHS.linkRevoke, { token: admin, json: { id: 99999 } }))
        .msg,
    ).toBe(ScreenMessages.linkNotFound);
    for (const id of ['1.5', '1e0', '-1', 'abc', ''])
      expect(
        bodyOf(await call(t, 'POST', SCREEN_PATHS.linkRevoke, { token: admin, form: { id } }))
          .state,
        `id ${id}`,
      ).toBe(255);

    // Expired: refused after its time; the list says which is which.
    expect((await snapshot({ screen: created.token })).state).toBe(200);
    t.clock.advance(2 * HOUR);
    expect(await snapshot({ screen: created.token })).toMatchObject({
      state: 266,
      msg: ScreenMessages.linkExpired,
    });
    admin = await loginAdmin(t);
    const states = Object.fromEntries(
      bodyOf<ScreenLinkList>(
        await call(t, 'GET', SCREEN_PATHS.linkList, { token: admin }),
      ).data.list.map((l) => [l.name, l.state]),
    );
    expect(states).toMatchObject({ 会议室: 'expired', 走廊: 'revoked' });
  });

  it('puts the glossary’s headline metrics on 概况 for the operators who may read them, with the same numbers', async () => {
    // (The clock has moved on in the tests before: fresh sessions.)
    admin = await loginAdmin(t);
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    const overview = async (token: string) => {
      const body = bodyOf<HomeOverview>(await call(t, 'GET', ApiPaths.homeOverview, { token }));
      expect(body.state, body.msg).toBe(200);
      return body.data;
    };
    const all = await overview(admin);
    expect(all.headlines.map((h) => h.key)).toEqual([
      'members.new',
      'readings.all',
      'alerts.raised',
      'reports.published',
      'points.issued',
      'orders.created',
    ]);
    const page = bodyOf<MetricsAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.metrics, {
        token: admin,
        query: { keys: all.headlines.map((h) => h.key).join(','), start: today, end: today },
      }),
    ).data.metrics;
    expect(all.headlines.map((h) => [h.value, h.previous])).toEqual(
      page.map((m) => [m.value, m.previous]),
    );
    const readings = all.headlines.find((h) => h.key === 'readings.all')!;
    expect(readings.link).toBe(PAGES.statsHealth);
    expect(readings.details.map((d) => d.key)).toEqual(['normal', 'warning', 'urgent']);
    expect(readings.details.reduce((sum, d) => sum + d.value, 0)).toBe(readings.value);
    const alerts = all.headlines.find((h) => h.key === 'alerts.raised')!;
    expect(alerts.details.map((d) => [d.key, d.link])).toEqual([
      ['waiting', PAGES.doctorWorkbench],
      ['overdue', PAGES.doctorWorkbench],
    ]);
    expect(all.headlines.find((h) => h.key === 'members.new')!.details[0]).toMatchObject({
      key: 'members.total',
      value: Number(
        (
          await t.db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    // An operator of 会员统计 alone sees its metric only; one of the overview alone, none.
    const members = await createGroup(t, '会员统计组', [PAGES.overview, PAGES.statsMembers]);
    await createOperator(t, { username: 'memberstats', password: 'Stat@1234', groupId: members });
    const memberStats = (await login(t, 'memberstats', 'Stat@1234')).access_token;
    expect((await overview(memberStats)).headlines.map((h) => h.key)).toEqual(['members.new']);
    expect((await overview(outsider)).headlines).toEqual([]);
  });

  it('answers 健康数据统计’s response times and reports by doctor, and 积分统计’s balance, orders by state, top goods and redeemers', async () => {
    admin = await loginAdmin(t);
    watcher = (await login(t, 'watcher', 'Watch@123')).access_token;
    const adminId = Number(
      (
        await t.db
          .selectFrom('operators')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // Two alerts answered today by reports: 30 and 90 minutes after they were raised.
    const alerts = await t.db
      .selectFrom('measurement_alerts')
      .select(['id', 'measurement_id', 'member_id'])
      .orderBy('id')
      .limit(2)
      .execute();
    expect(alerts).toHaveLength(2);
    for (const [i, a] of alerts.entries()) {
      const raised = t.clock.now - (i + 1) * 3 * HOUR;
      await t.db
        .updateTable('measurement_alerts')
        .set({ created_at: raised })
        .where('id', '=', a.id)
        .execute();
      const { id } = await t.db
        .insertInto('health_reports')
        .values({
          root_id: 0,
          version: 1,
          kind: 'bp',
          status: 'published',
          member_id: a.member_id,
          measurement_id: a.measurement_id,
          alert_id: a.id,
          conclusion: '血压偏高',
          advice: '复查',
          addendum: '',
          details_json: '{}',
          created_by_id: adminId,
          created_by: '系统管理员',
          created_at: raised,
          updated_at: raised,
          signed_by_id: adminId,
          signed_by: '系统管理员',
          signed_at: raised,
          published_by_id: adminId,
          published_by: '系统管理员',
          published_at: raised + (i === 0 ? 30 : 90) * 60_000,
          superseded_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('health_reports').set({ root_id: id }).where('id', '=', id).execute();
    }
    const health = bodyOf<HealthDetails>(
      await call(t, 'GET', STATISTICS_DETAIL_PATHS.health, {
        token: admin,
        query: { start: today, end: today },
      }),
    );
    expect(health.state, health.msg).toBe(200);
    // Nearest rank, as 医护工作量 computes it: the median of two is the lower.
    expect(health.data.current).toEqual({ answered: 2, medianMinutes: 30, p90Minutes: 90 });
    expect(health.data.byDoctor).toEqual([
      expect.objectContaining({ name: '系统管理员', published: 2, alertsAnswered: 2 }),
    ]);

    // Orders today: two by one member, one by another; one of them cancelled.
    const goods = await t.db
      .insertInto('mall_goods')
      .values({
        name: '电子血压计',
        package_type_id: null,
        images_json: '[]',
        points_price: 300,
        stock: 10,
        limit_per_member: 0,
        on_shelf: 1,
        created_by: 'admin',
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderOf = (memberId: number, n: number, status: 'to_ship' | 'cancelled') => ({
      order_no: `T${memberId}${n}${status}`,
      member_id: memberId,
      goods_id: Number(goods.id),
      goods_name: '电子血压计',
      goods_kind: 'goods' as const,
      quantity: n,
      points_price: 300,
      points_total: 300 * n,
      status,
      courier: null,
      tracking_no: null,
      shipped_at: null,
      completed_at: null,
      cancelled_at: status === 'cancelled' ? t.clock.now : null,
      redeem_ledger_id: null,
      refund_ledger_id: null,
      idempotency_key: null,
      created_by_id: null,
      created_by: 'member',
      created_at: t.clock.now - 60_000,
      updated_at: t.clock.now,
    });
    const gradeId = Number(
      (await t.db.selectFrom('member_grades').select('id').executeTakeFirstOrThrow()).id,
    );
    const memberIds = [device.memberId, await insertMember(t, { gradeId })];
    await t.db
      .insertInto('mall_orders')
      .values([
        orderOf(memberIds[0]!, 1, 'to_ship'),
        orderOf(memberIds[0]!, 2, 'cancelled'),
        orderOf(memberIds[1]!, 1, 'to_ship'),
      ])
      .execute();
    const mall = bodyOf<MallDetails>(
      await call(t, 'GET', STATISTICS_DETAIL_PATHS.mall, {
        token: admin,
        query: { start: today, end: today },
      }),
    );
    expect(mall.state, mall.msg).toBe(200);
    expect(mall.data.ordersByState.map((r) => [r.value, r.count])).toEqual([
      ['to_ship', 2],
      ['shipped', 0],
      ['completed', 0],
      ['cancelled', 1],
    ]);
    expect(mall.data.topGoods).toEqual([
      { goodsId: Number(goods.id), name: '电子血压计', orders: 3, quantity: 4, points: 1200 },
    ]);
    expect(mall.data.redeemers).toBe(2);
    const balance = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.sum<number>('points_balance').as('n'))
      .executeTakeFirstOrThrow();
    expect(mall.data.balanceOutstanding).toBe(Number(balance.n ?? 0));

    // Each needs its own page; a period after today is refused.
    expect(
      bodyOf(
        await call(t, 'GET', STATISTICS_DETAIL_PATHS.mall, {
          token: watcher,
          query: { start: today, end: today },
        }),
      ).state,
    ).toBe(267);
    const future = bodyOf<FieldErrors>(
      await call(t, 'GET', STATISTICS_DETAIL_PATHS.health, {
        token: admin,
        query: { start: today, end: shiftChinaDate(today, 1) },
      }),
    );
    expect(future.state).toBe(255);
  });

  it('counts an alert claimed the day a doctor first claims it, once however often it is claimed again', async () => {
    admin = await loginAdmin(t);
    const claimed = async () =>
      bodyOf<MetricsAnswer>(
        await call(t, 'GET', STATISTICS_PATHS.metrics, {
          token: admin,
          query: { keys: 'alerts.claimed', start: today, end: today },
        }),
      ).data.metrics[0]!.value;
    const before = await claimed();
    await upload(t, device, { type: 'bp', measuredAt: t.clock.now - 30_000, values: GRADE3 });
    const alert = await t.db
      .selectFrom('measurement_alerts')
      .select('id')
      .where('status', '=', 'open')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const act = async (path: string) =>
      expect(
        bodyOf(await call(t, 'POST', path, { token: admin, json: { id: Number(alert.id) } })).state,
      ).toBe(200);
    await act(WorkbenchPaths.claim);
    expect(await claimed()).toBe(before + 1);
    await act(WorkbenchPaths.release);
    await act(WorkbenchPaths.claim);
    expect(await claimed()).toBe(before + 1);
  });

  it('streams a new alert to a screen opened by its link (server-sent events), the member masked', async () => {
    const link = bodyOf<ScreenLinkCreated>(
      await addLink({ name: '大厅', expiresAt: t.clock.now + DAY_MS }),
    ).data;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}${t.api(SCREEN_PATHS.stream)}`, {
        headers: { [SCREEN_TOKEN_HEADER]: link.token, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = response.body!.getReader();
      let text = '';
      const until = async (pattern: RegExp, ms: number) => {
        const deadline = Date.now() + ms;
        while (!pattern.test(text)) {
          if (Date.now() > deadline) throw new Error(`no ${pattern} in ${ms} ms: ${text}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended: ${text}`);
          text += new TextDecoder().decode(value);
        }
      };
      await until(/event: ready/, 5_000);
      await new Promise((r) => setTimeout(r, 300));
      await upload(t, device, { type: 'bp', measuredAt: t.clock.now - 1000, values: GRADE3 });
      await until(/event: alert\ndata: \{[^\n]*"member":"张\*\*"[^\n]*\}/, 6_000);
      expect(text).not.toContain('张伟民');
    } finally {
      controller.abort();
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: t.api(SCREEN_PATHS.stream),
      headers: { [SCREEN_TOKEN_HEADER]: `${link.token}x`, accept: 'text/event-stream' },
    });
    expect(bodyOf(refused).state).toBe(266);
  });
});
