/**
 * `npm run bench:workbench-live`: from a device's upload to the doctor's open workbench, in a
 * browser (issue "医生工作台": "an urgent reading reaches an open workbench page in ≤ 6 s,
 * measured in Chromium, 20 readings"). The built server on a fresh demo database (DEMO_SCALE 0.1,
 * as the e2e servers), Debian Chromium (playwright-core) logged in as the administrator on
 * /health_medical_studio/doctor_workbench?level=urgent&claim=free — the urgent alerts nobody has
 * taken, the view a doctor on duty keeps open — with the pointer off the queue. Then 20 times:
 *  - a new bound blood-pressure device uploads an urgent reading (grade 3, values unique to the
 *    round) through the signed ingest API (e2e/support/ingest.ts);
 *  - the time from just before the upload is sent to the moment the row is in the page's DOM (a
 *    mutation-driven wait in the page, its own clock: same machine, same wall clock);
 *  - the doctor claims it (the API), so it leaves the free queue and the next one is on page 1;
 *    then a pause of 0.5–2.5 s, so uploads fall anywhere in the stream's and the poll's cycles.
 * Prints every round, p50 and max beside the 6 s target (to be met with a 30 % margin: max ≤ 4.2
 * s); exits non-zero when it is not.
 *
 *   npm run bench:workbench-live [-- --readings 20]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { WorkbenchPaths } from '@health/contract';
import { newPage, settled } from '../e2e/support/browser.ts';
import { ADMIN, startWithAdmin, storedAccessToken, submitLogin } from '../e2e/support/flows.ts';
import { addBoundDevice, uploadReading } from '../e2e/support/ingest.ts';
import { BENCH_PASSWORD } from './admin.ts';
import { ensureBuilt } from './build.ts';

const { values: args } = parseArgs({ options: { readings: { type: 'string', default: '20' } } });
const READINGS = Number(args.readings);
const TARGET_MS = 6_000;
const MARGIN = 0.3;
const WORKBENCH = '/health_medical_studio/doctor_workbench?level=urgent&claim=free';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

ensureBuilt();
const { server, browser } = await startWithAdmin(BENCH_PASSWORD, { DEMO_SCALE: '0.1' });
let failed = false;
try {
  const { page, context, consoleErrors } = await newPage(browser, server.url, {
    width: 1440,
    height: 900,
  });
  await submitLogin(page, ADMIN, BENCH_PASSWORD);
  await page.waitForURL(/\/sysset_home\/basic|\/$/);
  const device = await addBoundDevice(page, 'bp', 'BENCH-WB-LIVE-01');
  const token = await storedAccessToken(page);
  // Shim for tsx's `__name` helper in functions sent to the page (see bench/ecg-viewer.ts).
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.goto(WORKBENCH);
  await page.getByText('实时', { exact: true }).waitFor({ timeout: 15_000 });
  await settled(page);
  // The pointer off the queue: a row under it would hold the new one back (by design).
  await page.mouse.move(5, 5);

  const rounds: { ms: number; uploadMs: number }[] = [];
  const base = Date.now() - 60 * 60_000;
  for (let i = 0; i < READINGS; i++) {
    // Grade 3 (urgent); systolic and diastolic unique to the round, so the row is this one.
    const values = { systolic: 181 + i, diastolic: 127, pulse: 88 };
    const text = `${values.systolic}/${values.diastolic} mmHg`;
    const seen = page.waitForFunction(
      (wanted) => {
        for (const row of Array.from(document.querySelectorAll('.ant-table-row')))
          if (row.textContent?.includes(wanted))
            return { at: Date.now(), id: row.getAttribute('data-row-key') };
        return false;
      },
      text,
      { polling: 'raf', timeout: 30_000 },
    );
    // Handled now, awaited below: a failed wait must not end the process before `finally` stops
    // the server and the browser.
    seen.catch(() => undefined);
    const sentAt = Date.now();
    await uploadReading(page, device, { type: 'bp', measuredAt: base + i * 60_000, values });
    const uploadMs = Date.now() - sentAt;
    const found = (await (await seen).jsonValue()) as { at: number; id: string };
    rounds.push({ ms: found.at - sentAt, uploadMs });
    console.log(
      `reading ${String(i + 1).padStart(2)}: ${text} on the page after ${seconds(found.at - sentAt)} (upload answered in ${uploadMs} ms)`,
    );
    // The doctor takes it: it leaves the free queue (the page reloads on the claim's event).
    const claimed = (await (
      await page.request.post(`/api${WorkbenchPaths.claim}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { id: Number(found.id) },
      })
    ).json()) as { state: number; msg: string };
    if (claimed.state !== 200) throw new Error(`claim ${found.id}: ${claimed.msg}`);
    await page
      .locator('.ant-table-row', { hasText: text })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForTimeout(500 + Math.round(Math.random() * 2_000));
  }

  const times = rounds.map((r) => r.ms);
  const p50 = percentile(times, 50);
  const max = Math.max(...times);
  const limit = TARGET_MS * (1 - MARGIN);
  const verdict = max <= limit ? 'OK' : max <= TARGET_MS ? 'NO MARGIN' : 'MISSED';
  console.log(`\nload average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.table([
    {
      metric: `upload → row on the open workbench (${rounds.length} urgent readings)`,
      p50: seconds(p50),
      p90: seconds(percentile(times, 90)),
      max: seconds(max),
      target: `≤ ${seconds(TARGET_MS)} (≤ ${seconds(limit)} with 30 % margin)`,
      'max / target': (max / TARGET_MS).toFixed(2),
      verdict,
    },
    {
      metric: 'the upload itself (ingest answer)',
      p50: `${percentile(
        rounds.map((r) => r.uploadMs),
        50,
      )} ms`,
      p90: '',
      max: `${Math.max(...rounds.map((r) => r.uploadMs))} ms`,
      target: '',
      'max / target': '',
      verdict: '',
    },
  ]);
  if (consoleErrors.length > 0)
    console.log(`console errors on the page:\n${consoleErrors.join('\n')}`);
  failed = verdict !== 'OK';
  await context.close();
} finally {
  await browser.close().catch(() => undefined);
  await server.stop();
}
if (failed) {
  console.error('\nTarget missed (or met without its 30 % margin).');
  process.exit(1);
}
console.log('\nTarget met with its margin.');
