import { ApiPaths, OperateLogPaths, type HomeOverview } from '@health/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, loginAdmin, setupApp, type TestApp } from './helpers/app.js';

/**
 * Every day and time the server shows or names is China time (UTC+8), whatever the time zone the
 * server runs in (issue: 概况's "today" and its trend used the server's day, export file names
 * its clock). The server runs here in UTC and in New York; at 01:30 on 28 November in China it is
 * still the 27th in both.
 */

// 2026-11-28 01:30:00 in China = 2026-11-27 17:30 UTC = 2026-11-27 12:30 in New York.
const CHINA_0130 = Date.parse('2026-11-27T17:30:00Z');

describe.each(['UTC', 'America/New_York'])('China time with the server in TZ=%s', (tz) => {
  const before = process.env.TZ;
  beforeAll(() => {
    // Node reads TZ again whenever it is set (the test files run in worker processes of their own).
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  let t: TestApp;
  let admin: string;
  setupApp('sqlite', async (app) => {
    t = app;
    expect(new Date(CHINA_0130).getDate()).toBe(27); // the server's own day is the 27th
    t.clock.now = CHINA_0130;
    admin = await loginAdmin(t);
  });

  it("概况 counts today's login on the China day and names the China days in its trend", async () => {
    const overview = bodyOf<HomeOverview>(
      await call(t, 'GET', ApiPaths.homeOverview, { token: admin }),
    );
    expect(overview.state).toBe(200);
    const dates = [...new Set(overview.data.trend.map((p) => p.date))];
    expect(dates).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(overview.data.kpis.find((k) => k.key === 'logins')?.today).toBe(1);
    const logins = overview.data.trend.filter((p) => p.series === '登录次数');
    expect(logins.at(-1)).toEqual({ date: '2026-11-28', series: '登录次数', value: 1 });
    expect(logins.at(-2)?.value).toBe(0);
  });

  it("names an export's file by China time", async () => {
    t.clock.now = CHINA_0130 + 5_000;
    const res = await call(t, 'GET', OperateLogPaths.export, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      '-20261128013005.xlsx',
    );
  });
});
