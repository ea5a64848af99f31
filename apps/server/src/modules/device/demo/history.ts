import type { AppContext } from '../../../platform/context.js';
import type { DemoApp } from '../../../platform/area.js';
import type { DeviceModelType } from '../../../db/schema.js';
import { deviceHistory, longEcgOptions, profileOf, seedOf, type Reading } from './readings.js';
import { answerOf, DemoUploader, INGEST_MEASUREMENT_PATH, IngestStats } from './uploader.js';

/**
 * The demo devices' readings, uploaded through the signed ingest route like a device's (PRODUCT.md
 * §1: "the ingest path is the one every demo reading took"): weeks of readings of every bound or
 * lent device, then a few 24-hour ECG recordings with arrhythmic episodes. Runs once, after the app
 * is ready, when the demo data was just loaded (Area.demoThroughApi); `app.inject` reaches the route
 * before the server listens. So measurements, levels, alerts, SMS, points and the devices' last
 * upload are whatever the ingest path makes of them.
 */

export interface DemoHistoryOptions {
  /** Days of readings before now (default 42). */
  days?: number;
  /** How many 24-hour ECG recordings (default 2). */
  longRecordings?: number;
  /** Their length in hours (default 24). */
  longHours?: number;
}

export async function loadDemoHistory(
  app: DemoApp,
  ctx: AppContext,
  opts: DemoHistoryOptions = {},
): Promise<IngestStats> {
  const started = Date.now();
  const now = ctx.now();
  const days = opts.days ?? 42;
  const devices = await ctx.db
    .selectFrom('devices')
    .innerJoin('device_models', 'device_models.id', 'devices.model_id')
    .select(['devices.serial', 'devices.bound_at', 'device_models.type'])
    .where('devices.status', 'in', ['bound', 'lent'])
    .where('devices.member_id', 'is not', null)
    .orderBy('devices.id')
    .execute();
  const uploader = new DemoUploader(
    async (path, upload) => {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: upload.headers,
        payload: upload.payload,
      });
      return answerOf(response.statusCode, response.body);
    },
    `/${ctx.config.apiService}${INGEST_MEASUREMENT_PATH}`,
    ctx.now,
  );

  // Everyone's readings in time order, as they would have arrived.
  const queue: { serial: string; reading: Reading }[] = [];
  for (const d of devices) {
    const from = Math.max(now - days * 86_400_000, Number(d.bound_at ?? 0));
    for (const reading of deviceHistory(d.serial, d.type as DeviceModelType, from, now - 600_000))
      queue.push({ serial: d.serial, reading });
  }
  // A Holter recording or two: 24 hours ending a day or two ago.
  const ecgDevices = devices.filter((d) => d.type === 'ecg');
  const long = Math.min(opts.longRecordings ?? 2, ecgDevices.length);
  for (let i = 0; i < long; i++) {
    const d = ecgDevices[Math.floor((i * ecgDevices.length) / long)]!;
    const hours = opts.longHours ?? 24;
    const measuredAt = now - (1 + i) * 86_400_000 - Math.round(hours * 3_600_000) - i * 7_919;
    if (measuredAt <= Number(d.bound_at ?? 0)) continue;
    queue.push({
      serial: d.serial,
      reading: {
        type: 'ecg',
        measuredAt,
        ecg: longEcgOptions(profileOf(d.serial), seedOf(`holter:${d.serial}`), hours),
      },
    });
  }
  queue.sort((a, b) => a.reading.measuredAt - b.reading.measuredAt);

  const stats = new IngestStats();
  let longMs = 0;
  // Ten thousand injected requests would fill the log with their request lines: the requests'
  // loggers are made from the app's at its level then, so it is raised while they run.
  const level = app.log.level;
  const verbose = ['trace', 'debug', 'info'].includes(String(level));
  if (verbose) app.log.level = 'warn';
  try {
    for (const { serial, reading } of queue) {
      const battery = 20 + (seedOf(serial) % 80);
      const t0 = Date.now();
      // In process: no link to spare, so no gzip (the route takes both).
      const outcome = await uploader.upload(serial, reading, { battery, gzip: false });
      if (outcome.answer.status === 404) {
        app.log.warn('设备上传接口不存在：演示测量数据未载入');
        break;
      }
      stats.add(reading.type, outcome);
      if (reading.type === 'ecg' && reading.ecg.durationS > 3600) longMs += Date.now() - t0;
    }
  } finally {
    if (verbose) app.log.level = level;
  }
  app.log.info(
    {
      devices: devices.length,
      seconds: (Date.now() - started) / 1000,
      longRecordingSeconds: longMs / 1000,
      summary: stats.lines(),
    },
    '演示测量数据已通过设备上传接口载入',
  );
  return stats;
}
