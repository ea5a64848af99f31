import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import {
  ECG_MAX_TOTAL_SAMPLES,
  EcgPaths,
  INGEST_LARGE_UPLOADS_MAX,
  INGEST_SMALL_BODY_LIMIT,
  IngestMessages,
  IngestPaths,
  type EcgRecording,
  type Envelope,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { signIngestRequest } from '../src/modules/device/ingest/signing.js';
import { buildAnalysis } from '../src/modules/report/ecg/build.js';
import type { AppContext } from '../src/platform/context.js';
import { bearer, loginAdmin, setupApp, type TestApp } from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade } from './helpers/member-admin.js';
import { addModel, boundDevice, type BoundDevice } from './helpers/readings.js';

const MB = 1024 * 1024;

interface Answer {
  status: number;
  body: { state: number; msg: string; data: unknown };
  /** Milliseconds from the request's start to its answer. */
  ms: number;
  /** Bytes of the body the client had handed to its socket when the answer came. */
  sent: number;
}

/**
 * What a device — or anyone — can make the server do with the ingest route's body: refused
 * requests are answered from their headers without the body being read, a device may send no
 * more than its model's limit, large uploads are few at a time, and a large one is parsed off
 * the server's thread. Over a real port: `inject` would hand the server the whole body at once.
 */
describe.each(databaseKinds)('device ingest hardening (%s)', (kind) => {
  let t: TestApp;
  let ctx: AppContext;
  let admin: string;
  let base: string;
  let bp: BoundDevice;
  let ecg: BoundDevice;

  const captureContext: RoutePlugin = async (_app, options) => {
    ctx = options.ctx;
  };

  setupApp(
    kind,
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
      const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
      bp = await boundDevice(t, admin, await addModel(t, admin, 'bp'), { gradeId });
      ecg = await boundDevice(t, admin, await addModel(t, admin, 'ecg'), { gradeId });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    },
    { extraRoutes: [captureContext] },
  );

  const path = () => t.api(IngestPaths.measurement);

  /** Headers that pass every check before the body (any signature: it is judged after). */
  function admitted(device: BoundDevice): Record<string, string> {
    return {
      'content-type': 'application/json',
      'x-device-serial': device.serial,
      'x-timestamp': String(t.clock.now),
      'x-nonce': `nonce-${Math.random().toString(36).slice(2)}-0123456789`,
      'x-signature': 'a'.repeat(64),
    };
  }

  /** `size` bytes of spaces in 64 KB chunks, made as they are read (never all in memory). */
  function spaces(size: number, counter: { pulled: number }): Readable {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    return new Readable({
      read() {
        const n = Math.min(chunk.length, size - counter.pulled);
        if (n <= 0) return void this.push(null);
        counter.pulled += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
    });
  }

  /** The whole answer of a response; `sent`: the body's bytes handed to the socket by then. */
  function answerOf(
    response: http.IncomingMessage,
    started: number,
    sent: () => number,
  ): Promise<Answer> {
    const parts: Buffer[] = [];
    response.on('data', (c: Buffer) => parts.push(c));
    return new Promise((resolve) =>
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer['body'],
          ms: performance.now() - started,
          sent: sent(),
        }),
      ),
    );
  }

  /**
   * POST a body of `size` bytes (chunked when `chunked`): the answer as soon as it is complete,
   * whatever happens to the rest of the body after it (the server may close the connection).
   */
  function send(
    headers: Record<string, string>,
    size: number,
    opts: { chunked?: boolean; body?: Buffer } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const counter = { pulled: 0 };
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}${path()}`, {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          ...(opts.chunked ? {} : { 'content-length': String(opts.body?.length ?? size) }),
        },
      });
      let answered = false;
      request.on('response', (response) => {
        void answerOf(response, started, () => counter.pulled).then((answer) => {
          answered = true;
          resolve(answer);
          request.destroy();
        });
      });
      request.on('error', (err) => {
        if (!answered) reject(err);
      });
      if (opts.body) request.end(opts.body);
      else spaces(size, counter).pipe(request);
    });
  }

  it('answers 8 concurrent 200 MB unsigned bodies within seconds, unread, /healthz answering', async () => {
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 10);
    const health: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const at = performance.now();
        const response = await fetch(`${base}/healthz`);
        expect(response.status).toBe(200);
        health.push(performance.now() - at);
        await sleep(20);
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send({ 'content-type': 'application/json' }, 200 * MB)),
    );
    const seconds = (performance.now() - started) / 1000;
    uploading = false;
    await probe;
    clearInterval(sampler);

    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ state: 266, msg: IngestMessages.headersMissing, data: null });
      // What the client got into its socket's buffers before the answer, no more.
      expect(answer.sent).toBeLessThan(32 * MB);
    }
    expect(seconds).toBeLessThan(5);
    expect((rssPeak - rssBefore) / MB).toBeLessThan(100);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(1000);
  });

  it('refuses a stale timestamp and an unknown serial before reading the body', async () => {
    const stale = await send(
      { ...admitted(bp), 'x-timestamp': String(t.clock.now - 300_001) },
      50 * MB,
    );
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ state: 266, msg: IngestMessages.timestampStale, data: null });
    expect(stale.sent).toBeLessThan(32 * MB);

    // The answer of a wrong signature: it does not tell serials apart.
    const unknown = await send({ ...admitted(bp), 'x-device-serial': 'NO-SUCH-0001' }, 50 * MB);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ state: 266, msg: IngestMessages.signatureInvalid, data: null });
    expect(unknown.sent).toBeLessThan(32 * MB);

    const malformed = await send({ ...admitted(bp), 'x-nonce': 'short' }, 50 * MB, {
      chunked: true,
    });
    expect(malformed.body).toEqual({ state: 266, msg: IngestMessages.headersMissing, data: null });
    expect(malformed.sent).toBeLessThan(32 * MB);
  });

  it('bounds a blood-pressure device’s body to its model’s limit (413), by length or as it arrives', async () => {
    const tooLarge = { state: 255, msg: IngestMessages.bodyTooLargeForModel, data: null };
    const declared = await send(admitted(bp), 50 * MB);
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual(tooLarge);
    expect(declared.sent).toBeLessThan(32 * MB);

    const chunked = await send(admitted(bp), 50 * MB, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.body).toEqual(tooLarge);
    expect(chunked.sent).toBeLessThan(32 * MB);

    // Just over the limit, signed right: refused all the same.
    const reading = { type: 'bp', measuredAt: t.clock.now - 60_000, values: BP };
    const json = JSON.stringify(reading);
    const padded = Buffer.from(json + ' '.repeat(INGEST_SMALL_BODY_LIMIT + 1 - json.length));
    const over = await send(signed(bp, padded), 0, { body: padded });
    expect(over.status).toBe(413);
    expect(over.body).toEqual(tooLarge);
    // At the limit it is a reading like any other.
    const at = padded.subarray(0, INGEST_SMALL_BODY_LIMIT);
    const within = await send(signed(bp, at), 0, { body: at });
    expect(within.body).toMatchObject({ state: 200, data: { duplicate: false } });
  });

  it(`takes ${INGEST_LARGE_UPLOADS_MAX} large uploads at once, answers the next 503, and takes more once they end`, async () => {
    // Uploads that declare 10 MB and send nothing: each holds a place while its body is awaited.
    // Each is sent after the last one had 100 ms to be answered; one not answered holds a place
    // (or will: it is never finished, so no place is given back), so once the places are taken
    // the next one is refused at once, before a byte of its body was sent.
    const holders: http.ClientRequest[] = [];
    const hold = (): Promise<Answer | undefined> => {
      const started = performance.now();
      const request = http.request(`${base}${path()}`, {
        method: 'POST',
        agent: false,
        headers: { ...admitted(ecg), 'content-length': String(10 * MB) },
      });
      holders.push(request);
      request.on('error', () => undefined);
      request.flushHeaders();
      return new Promise((resolve) => {
        request.on('response', (response) => resolve(answerOf(response, started, () => 0)));
      });
    };
    let busy: Answer | undefined;
    for (let i = 0; i < 100 && !busy; i++) {
      const attempt = await Promise.race([hold(), sleep(100).then(() => undefined)]);
      if (attempt) {
        expect(attempt.status).toBe(503);
        busy = attempt;
      }
    }
    expect(busy?.body).toEqual({ state: 255, msg: IngestMessages.uploadsBusy, data: null });
    expect(holders.length).toBeGreaterThan(INGEST_LARGE_UPLOADS_MAX);

    for (const holder of holders) holder.destroy();
    // Their places are given back: a large reading is stored again.
    const body = ecgBody(t.clock.now - 60_000, 250 * 60 * 20);
    expect(body.length).toBeGreaterThan(MB);
    let stored: Answer | undefined;
    for (let i = 0; i < 50; i++) {
      stored = await send(signed(ecg, body), 0, { body });
      if (stored.status !== 503) break;
      await sleep(50);
    }
    expect(stored?.body).toMatchObject({ state: 200, data: { duplicate: false } });
  });

  it('stores and analyses a 12-hour ECG off the server’s thread: /healthz answers meanwhile', async () => {
    const measuredAt = t.clock.now - 120_000;
    const samples = ECG_MAX_TOTAL_SAMPLES / 2;
    const body = ecgBody(measuredAt, samples);
    const health: number[] = [];
    let busy = true;
    const probe = (async () => {
      while (busy) {
        const at = performance.now();
        await fetch(`${base}/healthz`);
        health.push(performance.now() - at);
        await sleep(10);
      }
    })();
    const answer = await send(signed(ecg, body), 0, { body });
    expect(answer.body).toMatchObject({ state: 200, data: { level: 'normal', duplicate: false } });
    const id = (answer.body.data as { id: number }).id;
    // Its analysis (built by the job of a long recording, or now for the detail) as the viewer
    // reads it.
    const detail = await fetch(`${base}${t.api(EcgPaths.detail)}?id=${id}`, {
      headers: bearer(admin),
    });
    busy = false;
    await probe;
    const recording = ((await detail.json()) as Envelope<EcgRecording>).data;
    expect(recording.samplesPerLead).toBe(samples);
    // The same analysis as built on this thread from the stored file.
    const row = await t.db
      .selectFrom('ecg_recordings')
      .select('storage_key')
      .where('measurement_id', '=', id)
      .executeTakeFirstOrThrow();
    const file = await ctx.storage.get(row.storage_key);
    const here = buildAnalysis(file!, 250, samples, 1).summary;
    expect(recording.analysis).toEqual({
      beats: here.beats,
      meanHeartRate: here.meanHeartRate,
      minHeartRate: here.minHeartRate,
      maxHeartRate: here.maxHeartRate,
      heartRateTrend: here.heartRateTrend,
      episodes: here.episodes,
    });
    expect(here.beats).toBeGreaterThan(0);
    // On the server's thread, a 24-hour body held /healthz for 7.2 s here (the bench measures
    // it: /healthz p99 beside three such uploads).
    expect(health.length).toBeGreaterThan(10);
    expect(Math.max(...health)).toBeLessThan(2000);
  }, 120_000);

  it('answers a large body as it answers a small one: field errors, gzip, duplicates', async () => {
    const measuredAt = t.clock.now - 180_000;
    const body = ecgBody(measuredAt, 250 * 60 * 20);
    expect(body.length).toBeGreaterThan(MB);
    const bad = Buffer.from(body.toString('latin1').replace('[[0,', '[[0,20000,'), 'latin1');
    const refused = await send(signed(ecg, bad), 0, { body: bad });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      state: 255,
      msg: IngestMessages.sampleInvalid,
      data: { errors: [{ field: 'values.samples.0.1', msg: IngestMessages.sampleInvalid }] },
    });
    const broken = body.subarray(0, body.length - 1);
    const notJson = await send(signed(ecg, broken), 0, { body: broken });
    expect(notJson.body).toMatchObject({ state: 255, msg: IngestMessages.bodyInvalid });

    // Compressed below the large size, unpacked beyond it: parsed off the server's thread too.
    const packed = gzipSync(body);
    expect(packed.length).toBeLessThan(MB);
    const gzip = { 'content-encoding': 'gzip' };
    const first = await send({ ...signed(ecg, packed), ...gzip }, 0, { body: packed });
    expect(first.body).toMatchObject({ state: 200, data: { duplicate: false } });
    const again = await send(signed(ecg, body), 0, { body });
    expect(again.body).toEqual({
      ...first.body,
      data: { ...(first.body.data as object), duplicate: true },
    });
  });

  function signed(device: BoundDevice, body: Buffer): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...signIngestRequest({
        serial: device.serial,
        secret: device.secret,
        path: path(),
        body,
        timestamp: t.clock.now,
      }),
    };
  }
});

const BP = { systolic: 120, diastolic: 80, pulse: 66 };

/**
 * The JSON of an ECG reading of one lead at 250 Hz, `n` samples (a multiple of 250): one second's
 * wave repeated, made as text (no array of millions of numbers in this process's heap).
 */
function ecgBody(measuredAt: number, n: number): Buffer {
  const second = Array.from({ length: 250 }, (_, i) => Math.round(800 * Math.sin(i / 12))).join();
  const samples = `${second},`.repeat(n / 250).slice(0, -1);
  return Buffer.from(
    `{"type":"ecg","measuredAt":${measuredAt},"values":{"sampleRate":250,"leads":["II"],"samples":[[${samples}]]}}`,
  );
}
