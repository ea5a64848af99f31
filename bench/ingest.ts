/**
 * `npm run bench:ingest`: the signed device ingest API (issue 12, docs/device-ingest.md) on the
 * built server and a fresh embedded database:
 *  - signed blood-pressure readings at saturation (autocannon, 50 connections), each request
 *    signed anew (new nonce, new measuredAt: no duplicates), 1 in 10 abnormal (alert + warning
 *    SMS), every one earning points until the member's daily cap: target ≥ 5 × the morning peak
 *    of 1,000,000 members (READINGS_PEAK_PER_S, 278/s); then its p99 at a fixed, evenly spaced
 *    load of half that throughput (load.ts's open loop);
 *  - 10-second ECG recordings (250 Hz, one lead: a samples file written and flushed each): target
 *    ≥ 200 recordings/s;
 *  - one 24-hour ECG (21,600,000 samples, ~100 MB of JSON) sent gzip-compressed as a device would,
 *    and once uncompressed: target < 5 s from the first byte sent to the answer;
 *  - three 24-hour ECGs (gzip) at once, /healthz asked 100 times a second meanwhile (open loop):
 *    its p99 < 50 ms (the server's thread is not held by their parsing).
 * Exits non-zero when a target is missed.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { adminToken } from './admin.ts';
import { ensureBuilt } from './build.ts';
import {
  latencyDuring,
  mixAtFixedRate,
  saturate,
  WARM_UP_S,
  type CpuUse,
  type Target,
} from './load.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_ONLY=bp` / `BENCH_ONLY=ecg`: the BP runs alone / the ECG runs alone. */
const BP_ONLY = process.env.BENCH_ONLY === 'bp';
const ECG_ONLY = process.env.BENCH_ONLY === 'ecg';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const BP_DEVICES = 50;
const ECG_DEVICES = 20;
const PATH = '/api/v3/device/ingest/measurement';
/**
 * The readings a second the platform must take at its morning peak: 1,000,000 members, 4 readings
 * a member a day, half of them in the two morning hours.
 */
const READINGS_PEAK_PER_S = (1_000_000 * 4) / 2 / 7200;
const BP_CAPACITY_TARGET = 5;
const ECG_RATE_TARGET = 200;
const ECG_24H_TARGET_S = 5;
/** /healthz while three 24-hour ECGs are taken: its rate (open loop) and p99 target. */
const HEALTH_PROBE_PER_S = 100;
const HEALTH_P99_TARGET_MS = 50;

interface Envelope<T> {
  state: number;
  msg: string;
  data: T;
}

interface Device {
  serial: string;
  secret: string;
}

/** The four headers of a signed upload, as a device computes them. */
function signed(device: Device, body: Buffer | string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const sha = createHash('sha256').update(body).digest('hex');
  const text = `POST\n${PATH}\n${timestamp}\n${nonce}\n${sha}`;
  return {
    'content-type': 'application/json',
    'x-device-serial': device.serial,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': createHmac('sha256', device.secret).update(text).digest('hex'),
  };
}

/**
 * Where the BP run's CPU went, one line: the server's thread, its busiest other thread (the ingest
 * writer), the load generator (this process) and the machine, each thread with the time it was
 * ready to run but waited for a core (docs/performance.md).
 */
function describeCpu(cpu: CpuUse, serverPid: number): string {
  const pct = (n: number) => `${Math.round(n)} %`;
  const sum = (threads: CpuUse['threads'], of: (t: CpuUse['threads'][number]) => number | null) =>
    threads.reduce((n, t) => n + (of(t) ?? 0), 0);
  const hasWaits = cpu.threads.some((t) => t.waitPct !== null);
  const use = (threads: CpuUse['threads']) =>
    pct(sum(threads, (t) => t.pct)) +
    (hasWaits ? ` (waited ${pct(sum(threads, (t) => t.waitPct))})` : '');
  const server = cpu.threads.filter((t) => t.pid === serverPid);
  const main = server.filter((t) => t.tid === serverPid);
  const [writer, ...others] = server.filter((t) => t.tid !== serverPid);
  const generator = cpu.threads.filter((t) => t.pid !== serverPid);
  return (
    `CPU during it: server thread ${use(main)}, ingest writer ${use(writer ? [writer] : [])}, ` +
    `other server threads ${use(others)}, load generator ${use(generator)} (% of one core` +
    `${hasWaits ? '; waited: ready to run, no core free' : ''}); ` +
    `machine ${pct(cpu.machineBusyPct)} busy, ${pct(cpu.stealPct)} stolen (of all cores)`
  );
}

async function api<T>(url: string, token: string, path: string, json: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(json),
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.state !== 200) throw new Error(`${path}: ${body.state} ${body.msg}`);
  return body.data;
}

/** Devices of a new model of `type`, each bound to a new member. */
async function devicesOf(
  url: string,
  token: string,
  type: 'bp' | 'ecg',
  count: number,
): Promise<Device[]> {
  const model = await api<{ id: number }>(url, token, '/v3/device/admin/model/add', {
    name: `压测型号 ${type}`,
    type,
  });
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) {
    const serial = `BENCH-${type.toUpperCase()}-${String(i).padStart(5, '0')}`;
    const added = await api<{ id: number; secret: string }>(
      url,
      token,
      '/v3/device/admin/device/add',
      { serial, modelId: model.id },
    );
    const phone = `1${type === 'bp' ? 38 : 39}${String(10_000_000 + i).slice(-8)}`;
    const member = await api<{ id: number }>(url, token, '/v3/member/admin/member/add', {
      phone,
      name: `压测会员${type}${i}`,
      gender: i % 2 ? 'male' : 'female',
    });
    await api(url, token, '/v3/device/admin/device/bind', { id: added.id, memberId: member.id });
    devices.push({ serial, secret: added.secret });
  }
  return devices;
}

/** A body template whose measuredAt is filled in per request (readings must not repeat). */
function bodyMaker(type: string, values: string): (measuredAt: number) => string {
  const head = `{"type":"${type}","measuredAt":`;
  const tail = `,"values":${values}}`;
  return (measuredAt) => `${head}${measuredAt}${tail}`;
}

/**
 * Requests of round-robin devices, each one signed anew with its own measuredAt. `presign(n)`
 * signs the next n before a run: a device signs on its own hardware, and signing in the load
 * generator during the run (a SHA-256 and an HMAC a request) would take CPU from the server it
 * measures on the same two cores. Requests past the signed ones are signed as they are sent.
 */
function uploads(
  devices: Device[],
  bodyOf: (n: number, measuredAt: number) => string,
): {
  next: () => Omit<Target, 'url'>;
  presign: (count: number) => void;
  request: autocannon.Request;
} {
  // One counter for the run: (device, measuredAt) never repeats, even across the runs below.
  let n = 0;
  const start = Date.now() - 86_400_000;
  const sign = () => {
    n += 1;
    const device = devices[n % devices.length]!;
    const body = bodyOf(n, start + n);
    return { method: 'POST' as const, headers: signed(device, body), body };
  };
  let signedAhead: ReturnType<typeof sign>[] = [];
  let taken = 0;
  const next = () => (taken < signedAhead.length ? signedAhead[taken++]! : sign());
  return {
    next,
    presign: (count) => {
      signedAhead = Array.from({ length: count }, sign);
      taken = 0;
    },
    request: {
      method: 'POST',
      path: PATH,
      setupRequest: (req: autocannon.Request) => {
        const r = next();
        return { ...req, headers: r.headers, body: r.body };
      },
    } as autocannon.Request,
  };
}

/** Samples `first` … `first + samples - 1` of a synthetic ECG lead at 250 Hz, in µV. */
function ecgWave(samples: number, first = 0): number[] {
  // A crude beat every 0.8 s at 250 Hz: baseline noise, a tall R wave, a T wave.
  const out = new Array<number>(samples);
  for (let k = 0; k < samples; k++) {
    const i = first + k;
    const p = i % 200;
    const r = 1100 * Math.exp(-((p - 60) ** 2) / 8);
    const t = 250 * Math.exp(-((p - 130) ** 2) / 180);
    out[k] = Math.round(r + t - 80 + ((i * 7919) % 23) - 11);
  }
  return out;
}

/**
 * The JSON array of `samples` samples of ecgWave, made a million at a time: an array of 21.6
 * million numbers kept in this process's heap made its collections stall the generator, and the
 * open loop counts its own stalls as the server's latency.
 */
function ecgWaveJson(samples: number): string {
  const parts: string[] = [];
  for (let first = 0; first < samples; first += 1_000_000)
    parts.push(JSON.stringify(ecgWave(Math.min(1_000_000, samples - first), first)).slice(1, -1));
  return `[${parts.join(',')}]`;
}

async function postOnce(
  url: string,
  device: Device,
  body: Buffer,
  gzip: boolean,
): Promise<{ seconds: number; answer: Envelope<unknown> }> {
  const started = performance.now();
  const res = await fetch(`${url}${PATH}`, {
    method: 'POST',
    headers: { ...signed(device, body), ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    // A Buffer is a valid fetch body; TypeScript's DOM types only want Uint8Array<ArrayBuffer>.
    body: body as unknown as BodyInit,
  });
  const answer = (await res.json()) as Envelope<unknown>;
  if (answer.state !== 200) console.error(`a 24-hour ECG refused: ${answer.state} ${answer.msg}`);
  return { seconds: (performance.now() - started) / 1000, answer };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Signed BP readings at saturation, then at half that rate in an open loop. */
async function bpRuns(url: string, bp: Device[], serverPid: number) {
  const normal = bodyMaker('bp', '{"systolic":128,"diastolic":82,"pulse":72}');
  const high = bodyMaker('bp', '{"systolic":166,"diastolic":104,"pulse":88}');
  const bpUploads = uploads(bp, (n, at) => (n % 10 === 0 ? high(at) : normal(at)));
  // More than the run can send at 10,000 readings/s (~1 s to sign).
  bpUploads.presign((DURATION_S + WARM_UP_S + 2) * 10_000);
  const bpRun = await saturate(
    'signed BP readings',
    { url, requests: [bpUploads.request] },
    CONNECTIONS,
    DURATION_S,
    [serverPid, process.pid],
  );
  const offered = Math.max(1, Math.round(bpRun.rps / 2));
  const latency = await mixAtFixedRate(
    `signed BP readings at ${offered}/s`,
    [
      {
        name: 'bp',
        weight: 1,
        target: () => ({ ...bpUploads.next(), url: `${url}${PATH}` }),
      },
    ],
    offered,
    CONNECTIONS,
    DURATION_S,
  );
  return { bpRun, capacity: bpRun.rps / READINGS_PEAK_PER_S, offered, lat: latency.kinds[0]! };
}

type BpResults = Awaited<ReturnType<typeof bpRuns>>;

function printBp({ bpRun, capacity, offered, lat }: BpResults, serverPid: number): void {
  const failed = bpRun.non2xx ? ` (${bpRun.non2xx} non-2xx)` : '';
  console.log(
    `  signed BP readings           ${fmt(bpRun.rps)} req/s, p50 ${bpRun.p50} ms, p99 ${bpRun.p99} ms (saturated)${failed}: ${fmt(capacity, 1)} × the morning peak (${fmt(READINGS_PEAK_PER_S)}/s)`,
  );
  if (bpRun.cpu) console.log(`  ${describeCpu(bpRun.cpu, serverPid)}`);
  console.log(
    `  BP at ${offered}/s (open loop)   p50 ${lat.p50} ms, p99 ${lat.p99} ms, ${lat.failed} failed`,
  );
}

function reportBp(
  { bpRun, capacity, lat }: BpResults,
  report: (what: string, value: string, target: string, ok: boolean) => void,
): void {
  report(
    `BP readings/s ÷ morning peak (${fmt(READINGS_PEAK_PER_S)}/s)`,
    `${fmt(capacity, 1)} ×`,
    `≥ ${BP_CAPACITY_TARGET} ×`,
    capacity >= BP_CAPACITY_TARGET && bpRun.non2xx === 0,
  );
  report('BP p99 at half its throughput', `${lat.p99} ms`, '(printed)', lat.failed === 0);
}

/**
 * The ECG runs: 10-second recordings at saturation; one 24-hour upload gzip and plain; then three
 * 24-hour uploads (gzip) at once with /healthz asked meanwhile.
 */
async function ecgRuns(url: string, ecg: Device[]) {
  const tenSeconds = JSON.stringify(ecgWave(2500));
  const ecgBody = bodyMaker(
    'ecg',
    `{"sampleRate":250,"leads":["II"],"samples":[${tenSeconds}],"heartRate":75}`,
  );
  const ecgRun = await saturate(
    '10-second ECG recordings',
    { url: url, requests: [uploads(ecg, (_n, at) => ecgBody(at)).request] },
    CONNECTIONS,
    DURATION_S,
  );

  // Each body its own measuredAt (and device): new readings, not duplicates of one another.
  const dayOf = bodyMaker(
    'ecg',
    `{"sampleRate":250,"leads":["II"],"samples":[${ecgWaveJson(21_600_000)}],"heartRate":72}`,
  );
  const hour = 3_600_000;
  const day = Buffer.from(dayOf(Date.now() - hour));
  const dayGzip = gzipSync(day, { level: 6 });
  const gz = await postOnce(url, ecg[0]!, dayGzip, true);
  const plainBody = Buffer.from(dayOf(Date.now() - 2 * hour));
  const plain = await postOnce(url, ecg[1]!, plainBody, false);

  const three = [3, 4, 5].map((k) => gzipSync(Buffer.from(dayOf(Date.now() - k * hour))));
  const during = await latencyDuring({ url: `${url}/healthz` }, HEALTH_PROBE_PER_S, 4, () =>
    Promise.all(three.map((body, i) => postOnce(url, ecg[2 + i]!, body, true))),
  );
  return {
    ecgRun,
    day,
    dayGzip,
    gz,
    plainBody,
    plain,
    three: during.result,
    health: during.latency,
  };
}

type EcgResults = Awaited<ReturnType<typeof ecgRuns>>;

function printEcg({ ecgRun, day, dayGzip, gz, plainBody, plain, three, health }: EcgResults): void {
  const failed = ecgRun.non2xx ? ` (${ecgRun.non2xx} non-2xx)` : '';
  console.log(
    `  10-second ECG recordings     ${fmt(ecgRun.rps)} req/s, p50 ${ecgRun.p50} ms, p99 ${ecgRun.p99} ms${failed}`,
  );
  console.log(
    `  24-hour ECG, gzip            ${fmt(dayGzip.length / 1048576, 1)} MB sent (${fmt(day.length / 1048576, 1)} MB JSON): ${fmt(gz.seconds, 2)} s, state ${gz.answer.state}`,
  );
  console.log(
    `  24-hour ECG, uncompressed    ${fmt(plainBody.length / 1048576, 1)} MB sent: ${fmt(plain.seconds, 2)} s, state ${plain.answer.state}`,
  );
  console.log(
    `  three 24-hour ECGs at once   ${three.map((r) => `${fmt(r.seconds, 2)} s`).join(', ')} (states ${three.map((r) => r.answer.state).join(', ')}); ` +
      `/healthz meanwhile at ${HEALTH_PROBE_PER_S}/s: p50 ${health.p50} ms, p99 ${health.p99} ms (${health.count} requests; ` +
      `the generator's own event loop stalled ${health.generatorStallMs} ms at most)`,
  );
}

function reportEcg(
  { ecgRun, gz, plain, three, health }: EcgResults,
  report: (what: string, value: string, target: string, ok: boolean) => void,
): void {
  report(
    '10-second ECG recordings/s',
    `${fmt(ecgRun.rps)} /s`,
    `≥ ${ECG_RATE_TARGET} /s`,
    ecgRun.rps >= ECG_RATE_TARGET && ecgRun.non2xx === 0,
  );
  report(
    '24-hour ECG upload (gzip)',
    `${fmt(gz.seconds, 2)} s`,
    `< ${ECG_24H_TARGET_S} s`,
    gz.seconds < ECG_24H_TARGET_S && gz.answer.state === 200,
  );
  report(
    '24-hour ECG upload (uncompressed)',
    `${fmt(plain.seconds, 2)} s`,
    `< ${ECG_24H_TARGET_S} s`,
    plain.seconds < ECG_24H_TARGET_S && plain.answer.state === 200,
  );
  report(
    '/healthz p99 during three 24-hour uploads',
    `${health.p99} ms`,
    `< ${HEALTH_P99_TARGET_MS} ms`,
    health.p99 < HEALTH_P99_TARGET_MS &&
      health.non2xx === 0 &&
      three.every((r) => r.answer.state === 200),
  );
}

async function main() {
  ensureBuilt();
  const server = await startServer({ DEMO_DATA: 'false' });
  const failures: string[] = [];
  const lines: string[] = [];
  const report = (what: string, value: string, target: string, ok: boolean) => {
    lines.push(
      `${ok ? 'ok  ' : 'MISS'} ${what.padEnd(46)} ${value.padStart(14)}   target ${target}`,
    );
    if (!ok) failures.push(what);
  };
  try {
    const token = await adminToken(server.url);
    await api(server.url, token, '/v3/member/admin/grade/add', {
      name: '普通会员',
      growthRequired: 0,
      pointsMultiplierPct: 100,
    });
    const bp = await devicesOf(server.url, token, 'bp', BP_DEVICES);
    const ecg = await devicesOf(server.url, token, 'ecg', ECG_DEVICES);

    const bpResults = ECG_ONLY ? null : await bpRuns(server.url, bp, server.pid);
    const ecgResults = BP_ONLY ? null : await ecgRuns(server.url, ecg);

    console.log('');
    console.log(`device ingest on SQLite, ${CONNECTIONS} connections, ${DURATION_S} s per run`);
    if (bpResults) printBp(bpResults, server.pid);
    if (ecgResults) printEcg(ecgResults);
    console.log('');
    if (bpResults) reportBp(bpResults, report);
    if (ecgResults) reportEcg(ecgResults, report);
    for (const line of lines) console.log(line);
  } finally {
    await server.stop();
  }
  if (failures.length > 0) {
    console.error(`\nmissed: ${failures.join(', ')}`);
    process.exit(1);
  }
}

await main();
