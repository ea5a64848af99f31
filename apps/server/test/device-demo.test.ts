import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/platform/secrets.js';
import { demoDevices, simulate } from '../src/tools/simulate.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';

/**
 * The demo's readings take the ingest path (PRODUCT.md §1, issue 12): a new database with demo
 * data has measurements of every type at every level, ECG recordings (one of 24 hours), each on a
 * device bound or lent to the member it is filed under, with the alerts and last uploads the
 * ingest path leaves; and `npm run simulate` gets its readings accepted by a running server.
 */
describe.each(databaseKinds)('device demo data and simulator on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let loadSeconds = 0;

  beforeAll(async () => {
    // Ten days of readings and one 24-hour recording (a first start loads six weeks and two).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-device-demo-'));
    const started = Date.now();
    t = await createTestApp(kind, {
      demoData: true,
      secrets: new SecretBox('device demo test key material, long enough'),
      env: { DATA_DIR: dataDir, DEMO_SCALE: '0.25' },
    });
    loadSeconds = (Date.now() - started) / 1000;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has measurements of every type at every level its rules have', async () => {
    const rows = await t.db
      .selectFrom('measurements')
      .select(['type', 'level', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['type', 'level'])
      .execute();
    const levels: Record<string, string[]> = {};
    for (const r of rows) (levels[r.type] ??= []).push(r.level);
    for (const type of ['bp', 'bg', 'ecg'])
      expect(levels[type]?.sort(), type).toEqual(['normal', 'urgent', 'warning']);
    // Cholesterol and uric acid have no urgent level in the default rules (PRODUCT.md §3).
    for (const type of ['chol', 'ua'])
      expect(levels[type]?.sort(), type).toEqual(['normal', 'warning']);
    const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
    expect(total).toBeGreaterThan(1500);
    console.log(`${kind}: ${total} demo measurements, first start ${loadSeconds.toFixed(1)} s`);
  });

  it('files each reading under the member its device is bound or lent to', async () => {
    const wrong = await t.db
      .selectFrom('measurements as m')
      .innerJoin('devices as d', 'd.id', 'm.device_id')
      .select(['m.id', 'd.serial', 'd.status'])
      .where((eb) =>
        eb.or([
          eb('d.status', 'not in', ['bound', 'lent']),
          eb('d.member_id', '!=', eb.ref('m.member_id')),
        ]),
      )
      .limit(5)
      .execute();
    expect(wrong).toEqual([]);
    const early = await t.db
      .selectFrom('measurements as m')
      .innerJoin('devices as d', 'd.id', 'm.device_id')
      .select('m.id')
      .where((eb) => eb('m.measured_at', '<', eb.ref('d.bound_at')))
      .limit(5)
      .execute();
    expect(early).toEqual([]);
  });

  it('leaves what the ingest path leaves: last uploads and an alert for each abnormal reading', async () => {
    const silent = await t.db
      .selectFrom('devices as d')
      .select('d.serial')
      .where('d.last_upload_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('measurements as m').select('m.id').whereRef('m.device_id', '=', 'd.id'),
        ),
      )
      .execute();
    expect(silent).toEqual([]);
    const abnormal = await t.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('level', '!=', 'normal')
      .executeTakeFirstOrThrow();
    const alerts = await t.db
      .selectFrom('measurement_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(alerts.n)).toBe(Number(abnormal.n));
    const points = await t.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'measurement')
      .executeTakeFirstOrThrow();
    expect(Number(points.n)).toBeGreaterThan(0);
  });

  it('has ECG recordings of 30–60 s and a 24-hour one with its samples stored', async () => {
    const recordings = await t.db
      .selectFrom('ecg_recordings')
      .select(['duration_ms', 'samples_per_lead', 'sample_rate', 'storage_key', 'arrhythmia'])
      .execute();
    expect(recordings.length).toBeGreaterThan(20);
    const short = recordings.filter((r) => Number(r.duration_ms) <= 60_000);
    expect(short.every((r) => Number(r.duration_ms) >= 30_000)).toBe(true);
    expect(recordings.some((r) => Number(r.arrhythmia) === 1)).toBe(true);
    const day = recordings.find((r) => Number(r.duration_ms) >= 86_400_000);
    expect(day?.samples_per_lead).toBe(21_600_000);
  });

  it('npm run simulate: readings accepted through the HTTP endpoint, retries answered as duplicates', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The test clock stood still during the load; the simulator signs with the real time.
    t.clock.now = Date.now();
    const lines: string[] = [];
    const stats = await simulate({
      url: `http://127.0.0.1:${port}`,
      rate: 200,
      durationS: 0.5,
      types: ['bp', 'bg', 'chol', 'ua', 'ecg'],
      ecgSeconds: [10, 12],
      devices: demoDevices(),
      repeat: 0.3,
      seed: 7,
      // One at a time: this checks what is stored, not concurrency.
      concurrency: 1,
      print: (line) => lines.push(line),
    });
    expect(lines).toEqual([]);
    expect(stats.refused).toBe(0);
    expect(stats.accepted).toBe(100);
    expect(stats.duplicate).toBeGreaterThan(0);

    // A wrong secret and a device in stock: refused, with the server's message.
    const inStock = await t.db
      .selectFrom('devices')
      .innerJoin('device_models', 'device_models.id', 'devices.model_id')
      .select(['devices.serial', 'device_models.type'])
      .where('devices.status', '=', 'in_stock')
      .orderBy('devices.id')
      .executeTakeFirstOrThrow();
    const bound = demoDevices().find((d) => d.type === 'bp')!;
    const refusedLines: string[] = [];
    const refused = await simulate({
      url: `http://127.0.0.1:${port}`,
      rate: 100,
      durationS: 0.2,
      types: ['bp', 'bg', 'chol', 'ua', 'ecg'],
      devices: [{ ...bound, secret: 'not-the-secret' }, inStock],
      seed: 1,
      repeat: 0,
      print: (line) => refusedLines.push(line),
    });
    expect(refused.accepted).toBe(0);
    expect(refused.refused).toBeGreaterThan(0);
    const said = refusedLines.join('\n');
    expect(said).toContain('266 设备签名校验失败');
    expect(said).toContain('255 设备未绑定会员，不能上传测量数据');
  });
});
