/**
 * `npm run soak:screen`: the large screen on a wall for days, sped up (issue "数字大屏": "runs for
 * days … at least 2,000 refresh cycles and 1,000 live alerts; the JS heap, the DOM node count and
 * the event listeners stay flat; midnight passes during the run and the day's numbers roll over").
 *
 * The server runs in this process on a fresh SQLite database with a clock of its own, started at
 * 23:00 China time; the built web app is served by it. Debian's Chromium (playwright-core) opens
 * /digital-large-screen by a screen link (no login, as a TV would) with Playwright's fake clock,
 * started at the same instant. Each refresh cycle moves both clocks 30 s on (the page's poll
 * fires: one snapshot request, answered by the real server) and waits for the answer to be on the
 * screen; every other cycle a bound device uploads an urgent reading through the signed ingest
 * API, whose alert reaches the page over the live stream. 2,000 cycles are 16 h 40 min of screen
 * time: midnight passes near the start.
 *
 * Measured by the browser itself (Chrome DevTools Protocol, after a forced garbage collection):
 * JSHeapUsedSize, Nodes (DOM nodes) and JSEventListeners, every 250 cycles, after a warm-up of a
 * fifth of the cycles and at the end; the run fails when any grows by more than 10 %, when the day did not roll over, or when the
 * last alert is not at the top of the feed.
 *
 *   npm run soak:screen [-- --cycles 2000 --alerts 1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ApiPaths,
  chinaDayStart,
  chinaDateOf,
  DeviceModelPaths,
  DevicePaths,
  formatChinaDate,
  IngestPaths,
  SCREEN_PATHS,
  type ScreenSnapshot,
} from '@health/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { bootstrapDatabase } from '../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { signIngestRequest } from '../apps/server/src/modules/device/ingest/signing.ts';
import { launch } from '../e2e/support/browser.ts';
import { ensureBuilt, root } from './build.ts';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '2000' },
    alerts: { type: 'string', default: '1000' },
  },
});
const CYCLES = Number(args.cycles);
const ALERTS = Number(args.alerts);
const POLL_MS = 30_000;
/**
 * The first cycles fill the page's caches (compiled code, ECharts' and React's pools): the heap
 * rises over them and then levels off (measured: +3 MB over the first 500 cycles, +0.3 MB over
 * the next 1,000). The flat check starts after a fifth of the run.
 */
const WARM_UP = Math.max(50, Math.round(CYCLES / 5));
const MAX_GROWTH = 0.1;
const PASSWORD = 'Admin@123';
const CAPTCHA = 'AbCd';

interface Envelope<T> {
  state: number;
  msg: string;
  data: T;
}

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'soak-screen-'));
// 23:00 China time today: midnight comes after 120 cycles.
let now = chinaDayStart(chinaDateOf(Date.now())) + 23 * 3_600_000;
const config = loadConfig({
  DATA_DIR: dir,
  WEB_DIST: join(root, 'apps/web/dist'),
  ADMIN_INITIAL_PASSWORD: PASSWORD,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
});
const db = openDatabase({ kind: 'sqlite', file: join(dir, 'soak.db') });
await bootstrapDatabase(db, { adminInitialPassword: PASSWORD, demoData: false, now });
const app = await buildApp({
  config,
  db,
  logger: false,
  now: () => now,
  captchaText: () => CAPTCHA,
});
const api = (path: string) => `/${config.apiService}${path}`;

async function call<T>(method: 'GET' | 'POST', path: string, token?: string, json?: unknown) {
  const response = await app.inject({
    method,
    url: api(path),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(json === undefined ? {} : { payload: json as object }),
  });
  const body = response.json<Envelope<T>>();
  if (body.state !== 200) throw new Error(`${path}: ${body.state} ${body.msg}`);
  return body.data;
}

const browser = await launch();
let failed = false;
try {
  // The administrator, a member with a bound blood-pressure device, and a screen link.
  await db.updateTable('operators').set({ need_change_type: null }).execute();
  const { verifyKey } = await call<{ verifyKey: string }>('GET', ApiPaths.captcha);
  const login = await app.inject({
    method: 'POST',
    url: api(ApiPaths.token),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username: 'admin',
      password: PASSWORD,
      verifyKey,
      verifyCode: CAPTCHA,
    }).toString(),
  });
  const token = login.json<Envelope<{ access_token: string }>>().data.access_token;
  const grade = await db
    .insertInto('member_grades')
    .values({
      name: '普通会员',
      icon: '',
      growth_required: 0,
      benefits: '',
      points_multiplier_pct: 100,
      sort: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = await db
    .insertInto('members')
    .values({
      phone: '13900000001',
      name: '王建国',
      gender: 'male',
      birthday: '1956-03-02',
      id_number: null,
      avatar: '',
      province: '浙江省',
      city: '杭州市',
      address: '',
      grade_id: Number(grade.id),
      channel_id: null,
      status: 'normal',
      frozen_reason: '',
      points_balance: 0,
      growth_value: 0,
      remark: '',
      registered_at: now,
      last_active_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await call<{ id: number }>('POST', DeviceModelPaths.add, token, {
    name: '血压计 S1',
    type: 'bp',
  });
  const device = await call<{ id: number; secret: string }>('POST', DevicePaths.add, token, {
    serial: 'SOAK-BP-0001',
    modelId: model.id,
  });
  await call('POST', DevicePaths.transition('bind'), token, {
    id: device.id,
    memberId: Number(member.id),
  });
  const link = await call<{ url: string }>('POST', SCREEN_PATHS.linkAdd, token, {
    name: '浸泡测试',
    expiresAt: now + 300 * 24 * 3_600_000,
  });
  let uploads = 0;
  const upload = async () => {
    uploads += 1;
    const payload = Buffer.from(
      JSON.stringify({
        type: 'bp',
        measuredAt: now - 1_000,
        values: { systolic: 182 + (uploads % 20), diastolic: 121, pulse: 80 },
      }),
    );
    const signed = signIngestRequest({
      serial: 'SOAK-BP-0001',
      secret: device.secret,
      path: api(IngestPaths.measurement),
      body: payload,
      timestamp: now,
    });
    const response = await app.inject({
      method: 'POST',
      url: api(IngestPaths.measurement),
      headers: { 'content-type': 'application/json', ...signed },
      payload,
    });
    const body = response.json<Envelope<{ id: number }>>();
    if (body.state !== 200) throw new Error(`ingest: ${body.state} ${body.msg}`);
  };

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const context = await browser.newContext({
    baseURL: address,
    viewport: { width: 1920, height: 1080 },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.clock.install({ time: now });
  const firstAnswer = page.waitForResponse((r) => r.url().includes(SCREEN_PATHS.snapshot));
  await page.goto(link.url);
  await firstAnswer;
  await page.getByTestId('screen-total-members').waitFor({ timeout: 30_000 });
  await page.getByText('实时', { exact: true }).waitFor({ timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      heapMB: of('JSHeapUsedSize') / 2 ** 20,
      nodes: of('Nodes'),
      listeners: of('JSEventListeners'),
    };
  };

  const days = new Set<string>();
  const alertEvery = Math.max(1, Math.floor(CYCLES / ALERTS));
  let start: Awaited<ReturnType<typeof measure>> | null = null;
  const startedAt = Date.now();
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    if (cycle % alertEvery === 0 && uploads < ALERTS) await upload();
    now += POLL_MS;
    const answered = page.waitForResponse((r) => r.url().includes(SCREEN_PATHS.snapshot));
    await page.clock.fastForward(POLL_MS);
    const response = await answered;
    const snapshot = ((await response.json()) as Envelope<ScreenSnapshot>).data;
    days.add(snapshot.day);
    // On screen: the as-of time of this answer.
    await page
      .getByTestId('screen-as-of')
      .filter({ hasText: formatChinaDate(snapshot.asOf, '{h}:{i}') })
      .waitFor();
    if (cycle === WARM_UP) start = await measure();
    if (cycle % 250 === 0) {
      const m = await measure();
      console.log(
        `cycle ${cycle}: ${uploads} alerts, screen day ${snapshot.day}, heap ${m.heapMB.toFixed(2)} MB, ${m.nodes} nodes, ${m.listeners} listeners, ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
      );
    }
  }
  // The last alert reaches the page over the stream (the server's watcher looks every 2 s).
  const lastAlert = await db
    .selectFrom('measurement_alerts')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  await page.waitForTimeout(4_000);
  await page.clock.fastForward(1_000);
  const feedTop = await page.getByTestId('screen-feed-item').first().innerText();
  const end = await measure();
  const growth = (a: number, b: number) => (b - a) / a;
  const rows = (['heapMB', 'nodes', 'listeners'] as const).map((key) => {
    const g = growth(start![key], end[key]);
    return {
      measure:
        key === 'heapMB' ? 'JS heap (MB)' : key === 'nodes' ? 'DOM nodes' : 'event listeners',
      [`after ${WARM_UP} cycles`]: Number(start![key].toFixed(2)),
      [`after ${CYCLES}`]: Number(end[key].toFixed(2)),
      growth: `${(g * 100).toFixed(1)} %`,
      verdict: g <= MAX_GROWTH ? 'OK' : 'GREW',
    };
  });
  console.log(
    `\n${CYCLES} refresh cycles (${((CYCLES * POLL_MS) / 3_600_000).toFixed(1)} h of screen time) and ${uploads} live alerts in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  console.table(rows);
  const rolledOver = days.size >= 2;
  console.log(
    `screen days seen: ${[...days].join(', ')} (${rolledOver ? 'rolled over' : 'NO ROLLOVER'})`,
  );
  const newest = await db
    .selectFrom('measurement_alerts')
    .select('created_at')
    .where('id', '=', Number(lastAlert.id))
    .executeTakeFirstOrThrow();
  const raised = await db
    .selectFrom('measurement_alerts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const newestAt = formatChinaDate(Number(newest.created_at), '{h}:{i}:{s}');
  console.log(`alerts raised: ${raised.n}; the newest at ${newestAt}`);
  const alertsLive = feedTop.trim().startsWith(newestAt);
  console.log(`top of the feed: ${feedTop.replace(/\s+/g, ' ')}`);
  if (consoleErrors.length > 0) console.log(`console errors:\n${consoleErrors.join('\n')}`);
  failed =
    rows.some((r) => r.verdict !== 'OK') || !rolledOver || !alertsLive || consoleErrors.length > 0;
  await context.close();
} finally {
  await browser.close().catch(() => undefined);
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('\nThe screen did not stay flat, roll over, or show the live alerts.');
  process.exit(1);
}
