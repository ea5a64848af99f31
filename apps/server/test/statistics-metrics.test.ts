import {
  chinaDateOf,
  chinaDayStart,
  DAY_MS,
  METRIC_KEYS,
  shiftChinaDate,
  STATISTICS_PATHS,
  StatisticsMessages,
  STATISTICS_DEVICE_PATHS,
  type BreakdownAnswer,
  type DeviceSnapshot,
  type Page,
  type SilentDevice,
  type GlossaryEntry,
  type MetricsAnswer,
  type MetricValue,
} from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATS_ROLLUP_JOB } from '../src/modules/statistics/metrics/service.js';
import { METRIC_SOURCES } from '../src/modules/statistics/metrics/sources.js';
import {
  SESSION_INVALID,
  bodyOf,
  call,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertChannel, insertGrade, insertMember } from './helpers/member-admin.js';
import { addModel, boundDevice } from './helpers/readings.js';

const MEMBERS_PAGE = '/statistics_data/member';

describe('the glossary and its sources', () => {
  it('feeds every metric from exactly one source query, except those made from other metrics', () => {
    const derived = ['members.total', 'members.active7', 'members.active30'];
    const fed: string[] = METRIC_SOURCES.flatMap((s) => s.metrics);
    expect(new Set(fed).size).toBe(fed.length);
    expect([...fed, ...derived].sort()).toEqual([...METRIC_KEYS].sort());
  });
});
const MINUTE = 60_000;

describe.each(databaseKinds)('statistics metrics API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  /** Holds 会员统计 only. */
  let memberStats: string;
  /** Holds the overview only. */
  let outsider: string;
  let gradeId: number;
  let channelId: number;
  /** Today's China day and the time of day now (ms since 00:00). */
  let today: string;
  let sinceMidnight: number;

  const dayStart = (day: string) => chinaDayStart(day);
  const ago = (n: number) => shiftChinaDate(today, -n);

  /** A member registered at `at` (the other facts as insertMember makes them). */
  const memberAt = async (at: number, facts: { channelId?: number; birthday?: string } = {}) => {
    const id = await insertMember(t, { gradeId, channelId: facts.channelId ?? null });
    await t.db
      .updateTable('members')
      .set({ registered_at: at, ...(facts.birthday ? { birthday: facts.birthday } : {}) })
      .where('id', '=', id)
      .execute();
    return id;
  };

  const metric = async (key: string, start: string, end: string, token = admin) => {
    const body = bodyOf<MetricValue>(
      await call(t, 'GET', STATISTICS_PATHS.metric, { token, query: { key, start, end } }),
    );
    expect(body.state, body.msg).toBe(200);
    return body.data;
  };

  /** Run the rollup job as the scheduler would (it is due a minute after start-up, then every 5). */
  const runRollup = async () => {
    await t.db
      .updateTable('scheduled_jobs')
      .set({ run_at: t.clock.now })
      .where('kind', '=', STATS_ROLLUP_JOB)
      .where('status', '=', 'pending')
      .execute();
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const job = await t.db
      .selectFrom('scheduled_jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', STATS_ROLLUP_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.last_error).toBe('');
  };

  /** Roll up every day again, as after a change of definitions (rows written into closed days). */
  const rollAll = async () => {
    await t.db.deleteFrom('stats_state').where('key', '=', 'definitions').execute();
    await runRollup();
  };

  setupApp(kind, async (app) => {
    t = app;
    admin = await loginAdmin(t);
    gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    channelId = await insertChannel(t, '社区义诊', 'clinic');
    const members = await createGroup(t, '会员统计', [MEMBERS_PAGE]);
    await createOperator(t, { username: 'memberstats', password: 'Stat@123', groupId: members });
    memberStats = (await login(t, 'memberstats', 'Stat@123')).access_token;
    const others = await createGroup(t, '概况组', ['/sysset_home/basic']);
    await createOperator(t, { username: 'outsider', password: 'Out@1234', groupId: others });
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    today = chinaDateOf(t.clock.now);
    sinceMidnight = t.clock.now - dayStart(today);
  });

  it('answers the glossary: every metric with its name, definition and unit, the keys other checks call among them', async () => {
    const body = bodyOf<GlossaryEntry[]>(
      await call(t, 'GET', STATISTICS_PATHS.glossary, { token: outsider }),
    );
    expect(body.state).toBe(200);
    expect(body.data.map((m) => m.key)).toEqual(METRIC_KEYS);
    for (const key of [
      'members.new',
      'members.active7',
      'readings.bp',
      'readings.ecg',
      'readings.abnormal',
      'alerts.raised',
      'reports.published',
      'points.issued',
      'points.redeemed',
      'orders.created',
    ])
      expect(body.data.map((m) => m.key)).toContain(key);
    for (const m of body.data) {
      expect(m.name).toMatch(/\p{Script=Han}/u);
      expect(m.definition.length).toBeGreaterThan(8);
      expect(m.unit).not.toBe('');
    }
    expect(bodyOf(await call(t, 'GET', STATISTICS_PATHS.glossary)).state).toBe(266);
  });

  it('counts a member by the China day of registration: 23:59:59.999 is that day, 00:00 the next; days with nothing are zeros', async () => {
    const day = ago(20);
    await memberAt(dayStart(day) - 1); // the day before, 23:59:59.999 China time
    await memberAt(dayStart(day));
    await memberAt(dayStart(day) + DAY_MS - 1);
    const m = await metric('members.new', ago(21), ago(18));
    expect(m.daily).toEqual([
      { day: ago(21), value: 1 },
      { day: ago(20), value: 2 },
      { day: ago(19), value: 0 },
      { day: ago(18), value: 0 },
    ]);
    expect(m.value).toBe(3);
    expect(m.previous).toBe(0);
    expect(m.asOf).toBe(t.clock.now);
  });

  it('compares today with yesterday up to the same time of day, not a whole day', async () => {
    const yesterday = dayStart(ago(1));
    await memberAt(yesterday + Math.max(0, sinceMidnight - MINUTE));
    if (sinceMidnight + MINUTE < DAY_MS) await memberAt(yesterday + sinceMidnight + MINUTE);
    await memberAt(dayStart(today) + Math.floor(sinceMidnight / 2));
    const m = await metric('members.new', today, today);
    expect(m.value).toBe(1);
    expect(m.previous).toBe(1);
    const whole = await metric('members.new', ago(1), ago(1));
    expect(whole.value).toBe(sinceMidnight + MINUTE < DAY_MS ? 2 : 1);
    // The same once the days are rolled up whole: the part of the comparison's last day after
    // this time of day is not counted (yesterday for today, a week ago for the last 7 days).
    const late = sinceMidnight + MINUTE < DAY_MS;
    if (late) await memberAt(dayStart(ago(7)) + sinceMidnight + MINUTE);
    await rollAll();
    expect(await metric('members.new', today, today)).toMatchObject({ value: 1, previous: 1 });
    const week = await metric('members.new', ago(6), today);
    const before = await metric('members.new', ago(13), ago(7));
    expect(week.previous).toBe(before.value - (late ? 1 : 0));
    // The tests after this one start from the raw tables again.
    await t.db.deleteFrom('stats_state').where('key', '=', 'definitions').execute();
  });

  it('gives the same numbers from the rollups as from the raw tables, and the nightly check corrects and logs a late row', async () => {
    const keys = ['members.new', 'members.total', 'members.active7', 'members.active30'];
    const ask = async () =>
      bodyOf<MetricsAnswer>(
        await call(t, 'GET', STATISTICS_PATHS.metrics, {
          token: admin,
          query: { keys: keys.join(','), start: ago(40), end: today },
        }),
      ).data.metrics;
    // Activity: one member active on three days of one week.
    const active = await memberAt(dayStart(ago(30)));
    for (const n of [12, 10, 9])
      await t.db
        .insertInto('member_action_logs')
        .values({
          member_id: active,
          action: 'login',
          detail: '',
          ip: '',
          created_at: dayStart(ago(n)) + 3_600_000,
        })
        .execute();
    const raw = await ask();
    await runRollup();
    const rolled = await ask();
    expect(rolled).toEqual(raw);
    const stored = await t.db
      .selectFrom('stats_daily')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThan(0);
    // Distinct, never added: on the day of the third login the member is one of the week's actives.
    const week = rolled.find((m) => m.key === 'members.active7')!;
    expect(week.daily.find((d) => d.day === ago(9))!.value).toBe(1);
    const activeDays = await metric('members.active7', ago(9), ago(9));
    expect(activeDays.value).toBe(1);

    // A late row for a closed day: the next night's check recomputes it and logs the change.
    await memberAt(dayStart(ago(3)) + 1000);
    t.clock.advance(DAY_MS - sinceMidnight + 21 * MINUTE); // tomorrow 00:21 China time
    // (Up to a day later: fresh sessions.)
    admin = await loginAdmin(t);
    memberStats = (await login(t, 'memberstats', 'Stat@123')).access_token;
    outsider = (await login(t, 'outsider', 'Out@1234')).access_token;
    await runRollup();
    const after = await metric('members.new', ago(3), ago(3));
    expect(after.value).toBe(
      raw.find((m) => m.key === 'members.new')!.daily.find((d) => d.day === ago(3))!.value + 1,
    );
    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('module', '=', 'statistics')
      .where('action', '=', 'statsRecheck')
      .executeTakeFirstOrThrow();
    expect(log.message).toMatch(/^统计核对：\d+ 项与原始数据不一致，已按原始数据重算$/);
    expect(log.after_json).toContain(ago(3));
    // Back to the day the other tests count from.
    today = chinaDateOf(t.clock.now);
    sinceMidnight = t.clock.now - dayStart(today);
  });

  it('breaks new members down by channel and age band with their names', async () => {
    const day = ago(50);
    await memberAt(dayStart(day) + 1000, { channelId, birthday: '1950-01-01' });
    await memberAt(dayStart(day) + 2000, { channelId, birthday: '2000-01-01' });
    await memberAt(dayStart(day) + 3000);
    // Rolled up again (the day was stored before these rows were written).
    await rollAll();
    const channel = bodyOf<BreakdownAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.breakdown, {
        token: memberStats,
        query: { key: 'members.new', dimension: 'channel', start: day, end: day },
      }),
    ).data;
    expect(channel.rows).toEqual([
      { value: String(channelId), label: '社区义诊', labelEn: '社区义诊', count: 2 },
      { value: '', label: '无渠道', labelEn: 'No channel', count: 1 },
    ]);
    const age = bodyOf<BreakdownAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.breakdown, {
        token: memberStats,
        query: { key: 'members.new', dimension: 'ageBand', start: day, end: day },
      }),
    ).data;
    // Today is read from the members table itself.
    await memberAt(t.clock.now - 1000, { channelId });
    const todays = bodyOf<BreakdownAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.breakdown, {
        token: memberStats,
        query: { key: 'members.new', dimension: 'channel', start: day, end: today },
      }),
    ).data;
    expect(todays.rows.find((r) => r.value === String(channelId))?.count).toBe(3);
    // Age on the day of registration, by band (equal counts in the order of the band's key).
    expect(age.rows.map((r) => [r.label, r.count])).toEqual([
      ['60-74岁', 1],
      ['75岁及以上', 1],
      ['30岁以下', 1],
    ]);
  });

  it('counts points by what moved them: issued by source, redeemed, refunded and expired, each from the ledger', async () => {
    const day = ago(60);
    const member = await memberAt(dayStart(day));
    let balance = 0;
    const ledger = async (type: string, amount: number, at: number) => {
      balance += amount;
      await t.db
        .insertInto('points_ledger')
        .values({
          member_id: member,
          amount,
          balance_after: balance,
          type: type as 'adjust',
          ref_type: null,
          ref_id: null,
          remark: '',
          operator_id: null,
          operator_name: null,
          created_at: at,
          expires_at: null,
        })
        .execute();
    };
    const at = dayStart(day) + 3_600_000;
    await ledger('register', 100, at);
    await ledger('check_in', 5, at);
    await ledger('adjust', 50, at);
    await ledger('adjust', -20, at); // a deduction is not points issued
    await ledger('redeem', -80, at);
    await ledger('refund', 30, at);
    await ledger('expire', -10, dayStart(day) + DAY_MS - 1);
    await ledger('check_in', 5, dayStart(day) + DAY_MS); // the next day
    await rollAll();
    const answer = bodyOf<MetricsAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.metrics, {
        token: admin,
        query: {
          keys: 'points.issued,points.redeemed,points.refunded,points.expired',
          start: day,
          end: day,
        },
      }),
    ).data;
    expect(answer.metrics.map((m) => [m.key, m.value])).toEqual([
      ['points.issued', 155],
      ['points.redeemed', 80],
      ['points.refunded', 30],
      ['points.expired', 10],
    ]);
    const sources = bodyOf<BreakdownAnswer>(
      await call(t, 'GET', STATISTICS_PATHS.breakdown, {
        token: admin,
        query: { key: 'points.issued', dimension: 'source', start: day, end: day },
      }),
    ).data;
    expect(sources.rows.map((r) => [r.label, r.count])).toEqual([
      ['注册奖励', 100],
      ['后台调整', 50],
      ['每日签到', 5],
    ]);
  });

  it('counts devices bound by day, shows the devices now by state and type, and lists the silent ones with masked phones', async () => {
    const model = await addModel(t, admin, 'bp');
    const quiet = await boundDevice(t, admin, model, {
      gradeId,
      name: '静默会员',
      phone: '13912345678',
    });
    const busy = await boundDevice(t, admin, model, { gradeId });
    const bound = await metric('devices.bound', today, today);
    expect(bound.value).toBeGreaterThanOrEqual(2);
    // Bound 10 days ago; one uploaded an hour ago, the other never.
    await t.db
      .updateTable('devices')
      .set({ bound_at: t.clock.now - 10 * DAY_MS })
      .where('id', 'in', [quiet.id, busy.id])
      .execute();
    await t.db
      .updateTable('devices')
      .set({ last_upload_at: t.clock.now - 3_600_000 })
      .where('id', '=', busy.id)
      .execute();
    const snapshot = bodyOf<DeviceSnapshot>(
      await call(t, 'GET', STATISTICS_DEVICE_PATHS.snapshot, { token: admin }),
    ).data;
    expect(snapshot.byStatus.find((s) => s.value === 'bound')).toMatchObject({ label: '已绑定' });
    expect(snapshot.byStatus.find((s) => s.value === 'bound')!.count).toBeGreaterThanOrEqual(2);
    expect(snapshot.byStatus.map((s) => s.count).reduce((a, b) => a + b, 0)).toBe(snapshot.total);
    expect(snapshot.byType.find((s) => s.value === 'bp')!.count).toBeGreaterThanOrEqual(2);
    const silent = bodyOf<Page<SilentDevice>>(
      await call(t, 'GET', STATISTICS_DEVICE_PATHS.silent, { token: admin, query: { days: 7 } }),
    ).data;
    const serials = silent.list.map((d) => d.serial);
    expect(serials).toContain(quiet.serial);
    expect(serials).not.toContain(busy.serial);
    const row = silent.list.find((d) => d.serial === quiet.serial)!;
    expect(row).toMatchObject({
      memberName: '静默会员',
      memberPhone: '139****5678',
      lastUploadAt: null,
    });
    expect(JSON.stringify(silent)).not.toContain('13912345678');
    // Within 11 days the quiet one is not silent yet.
    const longer = bodyOf<Page<SilentDevice>>(
      await call(t, 'GET', STATISTICS_DEVICE_PATHS.silent, { token: admin, query: { days: 11 } }),
    ).data;
    expect(longer.list.map((d) => d.serial)).not.toContain(quiet.serial);
    const bad = bodyOf(
      await call(t, 'GET', STATISTICS_DEVICE_PATHS.silent, { token: admin, query: { days: 0 } }),
    );
    expect(bad).toMatchObject({ state: 255, msg: '天数最小为1' });
    expect(
      bodyOf(await call(t, 'GET', STATISTICS_DEVICE_PATHS.snapshot, { token: memberStats })).state,
    ).toBe(267);
  });

  it('refuses a bad period, an unknown metric or dimension with a Chinese message, and a metric of a page the operator does not hold', async () => {
    const refused = async (query: Record<string, string>, path: string = STATISTICS_PATHS.metric) =>
      bodyOf<FieldErrors>(await call(t, 'GET', path, { token: admin, query }));
    expect((await refused({ key: 'members.new', start: '2026-02-30', end: today })).msg).toBe(
      StatisticsMessages.dayFormat,
    );
    expect((await refused({ key: 'members.new', start: today, end: ago(1) })).msg).toBe(
      StatisticsMessages.periodOrder,
    );
    expect((await refused({ key: 'members.new', start: ago(366), end: today })).msg).toBe(
      StatisticsMessages.periodTooLong,
    );
    expect(
      (await refused({ key: 'members.new', start: today, end: shiftChinaDate(today, 1) })).msg,
    ).toBe(StatisticsMessages.periodInFuture);
    expect((await refused({ key: 'members.old', start: today, end: today })).msg).toBe(
      StatisticsMessages.unknownMetric,
    );
    expect(
      (
        await refused(
          { key: 'members.total', dimension: 'channel', start: today, end: today },
          STATISTICS_PATHS.breakdown,
        )
      ).msg,
    ).toBe(StatisticsMessages.unknownDimension);
    // An export's breakdowns: known metrics, each by one of its own dimensions.
    for (const breakdowns of ['members.new:nope', 'members.old:channel', 'members.total:channel'])
      expect(
        (
          await refused(
            { keys: 'members.new', breakdowns, start: today, end: today },
            STATISTICS_PATHS.export,
          )
        ).msg,
        breakdowns,
      ).toBe(StatisticsMessages.unknownDimension);
    // 会员统计 only: its own metrics, not the health page's.
    expect((await metric('members.new', today, today, memberStats)).key).toBe('members.new');
    const health = bodyOf(
      await call(t, 'GET', STATISTICS_PATHS.metric, {
        token: memberStats,
        query: { key: 'readings.bp', start: today, end: today },
      }),
    );
    expect(health).toMatchObject({ state: 267, msg: StatisticsMessages.noPermission });
    const batch = bodyOf(
      await call(t, 'GET', STATISTICS_PATHS.metrics, {
        token: memberStats,
        query: { keys: 'members.new,points.issued', start: today, end: today },
      }),
    );
    expect(batch.state).toBe(267);
    expect(
      bodyOf(
        await call(t, 'GET', STATISTICS_PATHS.metric, {
          token: outsider,
          query: { key: 'members.new', start: today, end: today },
        }),
      ).state,
    ).toBe(267);
    expect(
      bodyOf(
        await call(t, 'GET', STATISTICS_PATHS.metric, {
          query: { key: 'members.new', start: today, end: today },
        }),
      ),
    ).toEqual(SESSION_INVALID);
  });

  it('keeps the rollups equal to a count of the raw rows after random inserts, late rows and re-runs', async () => {
    // Members registered over 10 days far back (no other test's rows there), in random batches;
    // after the job, the rolled-up answer always equals counting the rows here.
    const base = 120;
    const inserted: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 9 }),
            ms: fc.integer({ min: 0, max: DAY_MS - 1 }),
          }),
          { maxLength: 6 },
        ),
        fc.boolean(),
        async (batch, rerun) => {
          for (const r of batch) inserted.push(await memberAt(dayStart(ago(base - r.day)) + r.ms));
          // Roll every day again (as after a change of definitions), once or twice: a re-run
          // replaces, never adds.
          await rollAll();
          if (rerun) await runRollup();
          const rows = await t.db
            .selectFrom('members')
            .select('registered_at')
            .where('id', 'in', inserted.length ? inserted : [0])
            .execute();
          const expected = Array.from({ length: 10 }, (_, i) => ({
            day: ago(base - i),
            value: rows.filter((r) => chinaDateOf(Number(r.registered_at)) === ago(base - i))
              .length,
          }));
          const m = await metric('members.new', ago(base), ago(base - 9));
          expect(m.daily).toEqual(expected);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('today’s numbers shared for STATS_REFRESH_MS', () => {
  let t: TestApp;
  let admin: string;
  setupApp(
    'sqlite',
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
    },
    { env: { STATS_REFRESH_MS: '5000' } },
  );

  it('answers as of the first request until they are 5 s old, then reads the raw tables again', async () => {
    const today = chinaDateOf(t.clock.now);
    const gradeId = await insertGrade(t, { name: '普通会员', growth: 0 });
    const todays = async () =>
      bodyOf<MetricValue>(
        await call(t, 'GET', STATISTICS_PATHS.metric, {
          token: admin,
          query: { key: 'members.new', start: today, end: today },
        }),
      ).data;
    await insertMember(t, { gradeId });
    const first = await todays();
    expect(first).toMatchObject({ value: 1, asOf: t.clock.now });
    const firstAt = t.clock.now;
    await insertMember(t, { gradeId });
    t.clock.advance(4_999);
    expect(await todays()).toMatchObject({ value: 1, asOf: firstAt });
    t.clock.advance(1);
    expect(await todays()).toMatchObject({ value: 2, asOf: t.clock.now });
  });
});
