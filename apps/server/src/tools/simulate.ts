/**
 * `npm run simulate`: demo devices uploading realistic readings to a running server through the
 * real, signed ingest endpoint (docs/device-ingest.md), as fast as asked, for as long as asked.
 *
 *   npm run simulate -- --url http://127.0.0.1:8080 --rate 5 --duration 60s --types bp,bg,ecg
 *   npm run simulate -- --ecg-hours 24 --duration 0     (one 24-hour ECG recording, nothing else)
 *
 * The devices are the demo's bound and lent ones (demo/devices.ts plans them; their secrets come
 * from demoDeviceSecret), or those of `--serials` (a file of `serial[,type[,secret]]` lines, or a
 * comma-separated list of demo serials). Prints what the server answered: accepted, duplicates
 * (a share of uploads is sent twice, as a device retrying after a lost answer does), refusals with
 * the server's message, and the levels of the accepted readings by type.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DeviceModelType } from '../db/schema.js';
import { demoDevicePlan } from '../modules/device/demo/devices.js';
import { ecgRandom } from '../modules/device/demo/ecg-model.js';
import {
  READING_TYPES_OF,
  longEcgOptions,
  profileOf,
  readingAt,
  seedOf,
  type Reading,
  type ReadingType,
} from '../modules/device/demo/readings.js';
import {
  answerOf,
  DemoUploader,
  INGEST_MEASUREMENT_PATH,
  IngestStats,
  type IngestSend,
  type UploadOutcome,
} from '../modules/device/demo/uploader.js';

export interface SimulatedDevice {
  serial: string;
  type: DeviceModelType;
  /** Its secret when it is not a demo device. */
  secret?: string;
}

export interface SimulateOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080. */
  url: string;
  /** The API prefix's service word (default "api"). */
  service?: string;
  /** Uploads a second. */
  rate: number;
  /** Seconds (0: only the long recording, if asked). */
  durationS: number;
  types: readonly ReadingType[];
  devices: readonly SimulatedDevice[];
  /** Length of the ECG recordings, seconds. */
  ecgSeconds?: [number, number];
  /** A long ECG recording of this many hours first. */
  ecgHours?: number;
  /** Share of uploads sent twice. */
  repeat?: number;
  seed?: number;
  /** Requests in flight at most. */
  concurrency?: number;
  /** Progress and refusals (default console.log). */
  print?: (line: string) => void;
  /** Sends an upload (default: fetch to `url`). */
  send?: IngestSend;
}

const ALL_TYPES: readonly ReadingType[] = ['bp', 'bg', 'chol', 'ua', 'ecg'];
const PREFIX_TYPES: Record<string, DeviceModelType> = {
  ECG12: 'ecg',
  BPA1: 'bp',
  BPW3: 'bp',
  BGG5: 'bg',
  TRIO: 'multi',
  CH2: 'chol',
  UA1: 'ua',
};

/** The demo's bound and lent devices. */
export function demoDevices(): SimulatedDevice[] {
  return demoDevicePlan()
    .filter((d) => d.status === 'bound' || d.status === 'lent')
    .map((d) => ({ serial: d.serial, type: d.type }));
}

/** Devices of a `--serials` value: a file of `serial[,type[,secret]]` lines, or a list. */
export function devicesOf(value: string): SimulatedDevice[] {
  const planned = new Map(demoDevicePlan().map((d) => [d.serial, d.type]));
  const lines = existsSync(value) ? readFileSync(value, 'utf8').split(/\r?\n/) : value.split(',');
  const out: SimulatedDevice[] = [];
  for (const line of lines) {
    const [serial, type, secret] = line.split(/[,\t ]+/).map((p) => p.trim());
    if (!serial || serial.startsWith('#')) continue;
    const known =
      (type as DeviceModelType | undefined) ??
      planned.get(serial) ??
      PREFIX_TYPES[serial.split('-')[0] ?? ''];
    if (!known || !(known in READING_TYPES_OF))
      throw new Error(
        `${serial}: unknown device type (write "serial,type" with one of ${Object.keys(READING_TYPES_OF).join(' ')})`,
      );
    out.push({ serial, type: known, ...(secret ? { secret } : {}) });
  }
  return out;
}

/** "60s", "5m", "1h", "90" (seconds). */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`bad duration "${text}" (e.g. 60s, 5m, 1h)`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * unit;
}

function fetchSend(origin: string): IngestSend {
  return async (path, upload) => {
    const response = await fetch(new URL(path, origin), {
      method: 'POST',
      headers: upload.headers,
      body: upload.payload,
    });
    return answerOf(response.status, await response.text());
  };
}

/** Run the simulation; resolves with what the server answered. */
export async function simulate(opts: SimulateOptions): Promise<IngestStats> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const path = `/${opts.service ?? 'api'}${INGEST_MEASUREMENT_PATH}`;
  const uploader = new DemoUploader(opts.send ?? fetchSend(opts.url), path, Date.now);
  const stats = new IngestStats();
  const rand = ecgRandom(opts.seed ?? Date.now());
  const shown = new Set<string>();

  const record = (serial: string, type: ReadingType, outcome: UploadOutcome) => {
    stats.add(type, outcome);
    const { answer } = outcome;
    if (answer.state !== 200) {
      const key = `${answer.state || answer.status} ${answer.msg}`;
      // Each distinct refusal once, with the server's message (and its field errors).
      if (!shown.has(key)) {
        shown.add(key);
        const errors = (answer.data as { errors?: unknown } | null)?.errors;
        print(`refused ${serial} ${type}: ${key}${errors ? ` ${JSON.stringify(errors)}` : ''}`);
      }
    }
  };

  const eligible = opts.devices
    .map((d) => ({
      ...d,
      types: READING_TYPES_OF[d.type].filter((t) => opts.types.includes(t)),
      profile: profileOf(d.serial),
    }))
    .filter((d) => d.types.length > 0);

  if (opts.ecgHours) {
    const holder = eligible.find((d) => d.type === 'ecg');
    if (!holder) {
      print('no ECG device among the devices: no long recording');
    } else {
      const hours = opts.ecgHours;
      const started = Date.now();
      const reading: Reading = {
        type: 'ecg',
        measuredAt: Date.now() - Math.round(hours * 3_600_000),
        ecg: longEcgOptions(holder.profile, seedOf(`${holder.serial}:${started}`), hours),
      };
      const outcome = await uploader.upload(holder.serial, reading, { secret: holder.secret });
      record(holder.serial, 'ecg', outcome);
      const ecg = outcome.ecg!;
      const episodes = ecg.episodes.filter((e) => e.kind !== 'pvc');
      print(
        `${hours} h ECG from ${holder.serial}: ${ecg.samples.length} samples, ` +
          `${Math.round(ecg.heartRate)} bpm, ${episodes.length} runs ` +
          `(${episodes.map((e) => e.kind).join(', ') || 'none'}), ` +
          `${ecg.episodes.length - episodes.length} PVCs; ` +
          `${(outcome.bytes / 1048576).toFixed(1)} MB gzip in ${((Date.now() - started) / 1000).toFixed(1)} s → ` +
          `${outcome.answer.state} ${outcome.answer.msg} ${JSON.stringify(outcome.answer.data)}`,
      );
    }
  }

  if (opts.durationS > 0 && eligible.length === 0) {
    print(`no device uploads any of ${opts.types.join(',')}`);
    return stats;
  }
  const total = Math.floor(opts.durationS * opts.rate);
  const concurrency = opts.concurrency ?? 32;
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let lastReport = started;
  for (let i = 0; i < total; i++) {
    // Evenly spaced: upload i leaves at started + i / rate.
    const due = started + (i * 1000) / opts.rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= concurrency) await Promise.race(inFlight);

    const device = eligible[Math.floor(rand() * eligible.length)]!;
    const type = device.types[Math.floor(rand() * device.types.length)]!;
    const reading = readingAt(
      type,
      device.profile,
      rand,
      Date.now() - Math.floor(rand() * 3000),
      opts.ecgSeconds,
    );
    const again = rand() < (opts.repeat ?? 0.02);
    const task = (async () => {
      try {
        record(device.serial, type, await uploader.upload(device.serial, reading, device));
        if (again)
          record(device.serial, type, await uploader.upload(device.serial, reading, device));
      } catch (err) {
        stats.refused++;
        const key = `network ${(err as Error).cause ? String((err as Error).cause) : String(err)}`;
        if (!shown.has(key)) {
          shown.add(key);
          print(`failed ${device.serial} ${type}: ${key}`);
        }
      }
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));

    if (Date.now() - lastReport >= 5000) {
      lastReport = Date.now();
      print(`${Math.round((lastReport - started) / 1000)} s: ${stats.lines()[0]}`);
    }
  }
  await Promise.all(inFlight);
  return stats;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      service: { type: 'string', default: 'api' },
      rate: { type: 'string', default: '5' },
      duration: { type: 'string', default: '60s' },
      types: { type: 'string', default: ALL_TYPES.join(',') },
      serials: { type: 'string' },
      'ecg-seconds': { type: 'string', default: '10-60' },
      'ecg-hours': { type: 'string' },
      repeat: { type: 'string', default: '0.02' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`npm run simulate -- [options]
  --url URL            the running server (default http://127.0.0.1:8080)
  --service WORD       the API prefix (default api)
  --rate N             uploads a second (default 5)
  --duration D         how long: 60s, 5m, 1h (default 60s; 0 with --ecg-hours: only that one)
  --types LIST         of bp,bg,chol,ua,ecg (default all)
  --serials FILE|LIST  devices: a file of "serial[,type[,secret]]" lines or a list of serials
                       (default: the demo's bound and lent devices)
  --ecg-seconds A-B    length of the ECG recordings (default 10-60)
  --ecg-hours H        first upload one recording of H hours (e.g. 24)
  --repeat SHARE       share of uploads sent twice, answered as duplicates (default 0.02)
  --seed N             the random source (default: the time)`);
    return;
  }
  const types = values.types.split(',').map((t) => t.trim()) as ReadingType[];
  const unknown = types.filter((t) => !ALL_TYPES.includes(t));
  if (unknown.length)
    throw new Error(`unknown type ${unknown.join(',')} (of ${ALL_TYPES.join(',')})`);
  const [lo, hi] = values['ecg-seconds'].split('-').map(Number);
  const options: SimulateOptions = {
    url: values.url,
    service: values.service,
    rate: Number(values.rate),
    durationS: parseDuration(values.duration),
    types,
    devices: values.serials ? devicesOf(values.serials) : demoDevices(),
    ecgSeconds: [lo ?? 10, hi ?? lo ?? 60],
    ecgHours: values['ecg-hours'] ? Number(values['ecg-hours']) : undefined,
    repeat: Number(values.repeat),
    seed: values.seed ? Number(values.seed) : undefined,
  };
  if (!(options.rate > 0)) throw new Error('--rate must be a positive number');
  console.log(
    `simulating ${options.devices.length} devices → ${options.url} at ${options.rate}/s for ` +
      `${options.durationS} s (${types.join(',')})`,
  );
  const stats = await simulate(options);
  for (const line of stats.lines()) console.log(line);
  if (stats.accepted + stats.duplicate === 0) process.exitCode = 1;
}

// Run as a program (not when a test imports it).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
