import {
  DeviceModelPaths,
  DevicePaths,
  EcgMessages,
  ECG_WINDOW_MAX_BINS,
  EcgPaths,
  IngestPaths,
  Messages,
  PAGES,
  type DeviceSecret,
  type EcgRecording,
  type EcgWindow,
} from '@health/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { generateEcg, randomEcgEpisodes } from '../src/modules/device/demo/ecg-model.js';
import { ECG_STORED_JOB, decodeEcgSamples } from '../src/modules/device/ingest/ecg-file.js';
import { signIngestRequest } from '../src/modules/device/ingest/signing.js';
import { pyramidLayout, readPyramidHeader } from '../src/modules/report/ecg/pyramid.js';
import { sidecarKey } from '../src/modules/report/ecg/service.js';
import type { AppContext } from '../src/platform/context.js';
import {
  bodyOf,
  call,
  capturedLogger,
  createGroup,
  createOperator,
  login,
  loginAdmin,
  loginViewerAndOutsider,
  SESSION_INVALID,
  setupApp,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

/**
 * ECG recordings as the report's viewer reads them (report/ecg): recordings uploaded through the
 * real signed ingest route, then their detail (the server's analysis) and windows of min/max
 * points read from the pyramids, on SQLite and PostgreSQL.
 */

interface Device {
  serial: string;
  secret: string;
}

const query = (params: Record<string, number | string>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe.each(databaseKinds)('ECG recordings (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let ctx: AppContext;
  let device: Device;
  let memberPhone: string;
  let memberName: string;
  let measuredSeq = 0;
  const log = capturedLogger('info');
  const captureContext: RoutePlugin = async (_app, options) => {
    ctx = options.ctx;
  };

  setupApp(
    kind,
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
      const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
      const model = bodyOf<{ id: number }>(
        await call(t, 'POST', DeviceModelPaths.add, {
          token: admin,
          json: { name: '心电记录仪', type: 'multi' },
        }),
      ).data.id;
      const serial = `ECG-${kind.toUpperCase()}-0001`;
      const added = bodyOf<DeviceSecret>(
        await call(t, 'POST', DevicePaths.add, { token: admin, json: { serial, modelId: model } }),
      ).data;
      memberPhone = '13912345678';
      memberName = '心电测试会员';
      const memberId = await insertMember(t, { gradeId, phone: memberPhone, name: memberName });
      const bound = await call(t, 'POST', DevicePaths.transition('bind'), {
        token: admin,
        json: { id: added.id, memberId },
      });
      expect(bodyOf(bound).state).toBe(200);
      device = { serial, secret: added.secret };
    },
    { logger: log.logger, extraRoutes: [captureContext] },
  );

  /** Upload a reading through the signed ingest route; its measurement id. */
  async function upload(type: string, values: unknown): Promise<number> {
    measuredSeq += 1;
    const body = Buffer.from(
      JSON.stringify({ type, measuredAt: t.clock.now - 3_600_000 + measuredSeq * 1000, values }),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: t.api(IngestPaths.measurement),
      headers: {
        'content-type': 'application/json',
        ...signIngestRequest({
          serial: device.serial,
          secret: device.secret,
          path: t.api(IngestPaths.measurement),
          body,
          timestamp: t.clock.now,
        }),
      },
      payload: body,
    });
    const answer = bodyOf<{ id: number }>(response);
    expect(answer.state, answer.msg).toBe(200);
    return answer.data.id;
  }

  function uploadEcg(sampleRate: number, leads: Record<string, Int16Array>): Promise<number> {
    return upload('ecg', {
      sampleRate,
      leads: Object.keys(leads),
      samples: Object.values(leads).map((s) => Array.from(s)),
    });
  }

  const detail = (id: number | string, token = admin) =>
    call(t, 'GET', `${EcgPaths.detail}${query({ id })}`, { token });
  const windowOf = (params: Record<string, number | string>, token = admin) =>
    call(t, 'GET', `${EcgPaths.window}${query(params)}`, { token });

  async function windowData(params: Record<string, number | string>): Promise<EcgWindow> {
    const body = bodyOf<EcgWindow>(await windowOf(params));
    expect(body.state, body.msg).toBe(200);
    return body.data;
  }

  /** The file's samples of a recording (what the ingest route stored). */
  async function samplesOf(id: number, leads: number): Promise<Int16Array[]> {
    const row = await t.db
      .selectFrom('ecg_recordings')
      .select('storage_key')
      .where('measurement_id', '=', id)
      .executeTakeFirstOrThrow();
    return decodeEcgSamples((await ctx.storage.get(row.storage_key))!, leads);
  }

  /** Every point of a window against a brute-force min/max over the same samples. */
  function expectPointsOf(w: EcgWindow, samples: Int16Array[]) {
    const start = Math.floor((w.startMs * w.sampleRate) / 1000);
    w.leads.forEach((lead, l) => {
      expect(lead.min).toHaveLength(lead.max.length);
      for (let p = 0; p < lead.min.length; p++) {
        const from = start + p * w.step;
        const to = Math.min(samples[l]!.length, from + w.step);
        let lo = Infinity;
        let hi = -Infinity;
        for (let i = from; i < to; i++) {
          lo = Math.min(lo, samples[l]![i]!);
          hi = Math.max(hi, samples[l]![i]!);
        }
        if (lead.min[p] !== lo || lead.max[p] !== hi)
          throw new Error(`lead ${l} point ${p}: ${lead.min[p]}/${lead.max[p]} ≠ ${lo}/${hi}`);
      }
    });
  }

  describe('a 90-second, two-lead recording at 500 Hz', () => {
    let id: number;
    let samples: Int16Array[];
    const ecg = generateEcg({ durationS: 90, heartRate: 72, sampleRate: 500, seed: 11 });
    const second = generateEcg({ durationS: 90, heartRate: 72, sampleRate: 500, seed: 12 });

    beforeAll(async () => {
      id = await uploadEcg(500, { II: ecg.samples, V5: second.samples });
      samples = await samplesOf(id, 2);
    });

    it('answers the detail: member (masked phone), device, facts and the analysis', async () => {
      const body = bodyOf<EcgRecording>(await detail(id));
      expect(body.state, body.msg).toBe(200);
      const r = body.data;
      expect(r).toMatchObject({
        measurementId: id,
        memberName,
        memberPhone: '139****5678',
        deviceSerial: device.serial,
        sampleRate: 500,
        leads: ['II', 'V5'],
        samplesPerLead: 45_000,
        durationMs: 90_000,
        deviceHeartRate: null,
        deviceArrhythmia: false,
      });
      expect(Math.abs(r.analysis.meanHeartRate! - 72)).toBeLessThanOrEqual(3);
      expect(Math.abs(r.analysis.beats - ecg.beats)).toBeLessThanOrEqual(
        Math.ceil(ecg.beats * 0.02),
      );
      expect(r.analysis.heartRateTrend.stepMs).toBe(10_000);
      expect(r.analysis.heartRateTrend.bpm).toHaveLength(9);
      expect(r.analysis.episodes).toEqual([]);
      const row = await t.db
        .selectFrom('ecg_analyses')
        .select(['beats', 'version'])
        .where('measurement_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.beats)).toBe(r.analysis.beats);
    });

    it('answers raw samples at step 1 when they fit: exactly the file’s', async () => {
      const w = await windowData({ id, startMs: 1_000, endMs: 3_000, bins: 1_200 });
      expect(w).toMatchObject({ startMs: 1_000, endMs: 3_000, sampleRate: 500, step: 1 });
      expect(w.leads.map((l) => l.name)).toEqual(['II', 'V5']);
      expect(w.leads[0]!.min).toEqual(Array.from(samples[0]!.subarray(500, 1_500)));
      expect(w.leads[1]!.max).toEqual(Array.from(samples[1]!.subarray(500, 1_500)));
      expect(w.leads[0]!.max).toEqual(w.leads[0]!.min);
      // The beats in the window, each at the lead's local maximum.
      expect(w.beats.length).toBeGreaterThanOrEqual(2);
      for (const ms of w.beats) {
        expect(ms).toBeGreaterThanOrEqual(1_000);
        expect(ms).toBeLessThan(3_000);
      }
    });

    it.each([
      [0, 90_000, 1_200],
      [12_345, 72_001, 800],
      [5_000, 6_000, 200],
      [0, 90_000, 7],
    ])(
      'reduces [%i, %i) ms to at most %i points whose min/max are the samples’',
      async (startMs, endMs, bins) => {
        const w = await windowData({ id, startMs, endMs, bins });
        expect(w.step).toBeGreaterThan(1);
        expect(w.leads[0]!.min.length).toBeLessThanOrEqual(bins);
        expect(w.startMs).toBeLessThanOrEqual(startMs);
        expect(w.startMs).toBeGreaterThan(startMs - (w.step * 1000) / 500);
        expect(w.endMs).toBeGreaterThanOrEqual(Math.min(endMs, 90_000));
        // Points fall on whole steps from the recording's start.
        expect(((w.startMs * 500) / 1000) % w.step).toBe(0);
        expectPointsOf(w, samples);
        // R peaks survive: the highest point is the highest sample of the window.
        const from = (w.startMs * 500) / 1000;
        const to = Math.min(45_000, from + w.leads[0]!.max.length * w.step);
        expect(Math.max(...w.leads[0]!.max)).toBe(Math.max(...samples[0]!.subarray(from, to)));
      },
    );

    it('clamps windows to the recording', async () => {
      const tail = await windowData({ id, startMs: 89_000, endMs: 200_000, bins: 8_000 });
      expect(tail).toMatchObject({ startMs: 89_000, endMs: 90_000, step: 1 });
      expect(tail.leads[0]!.min).toHaveLength(500);
      const beyond = await windowData({ id, startMs: 100_000, endMs: 200_000, bins: 100 });
      expect(beyond).toMatchObject({ startMs: 90_000, endMs: 90_000 });
      expect(beyond.leads[0]!.min).toEqual([]);
      expect(beyond.beats).toEqual([]);
    });

    it('refuses a bad window with the message of the field (255)', async () => {
      const cases: [Record<string, number | string>, string][] = [
        [{ id, startMs: 0, endMs: 1_000, bins: ECG_WINDOW_MAX_BINS + 1 }, EcgMessages.binsInvalid],
        [{ id, startMs: 0, endMs: 1_000, bins: 0 }, EcgMessages.binsInvalid],
        [{ id, startMs: 0, endMs: 1_000, bins: 1.5 }, EcgMessages.binsInvalid],
        [{ id, startMs: 2_000, endMs: 1_000, bins: 100 }, EcgMessages.windowInvalid],
        [{ id, startMs: -5, endMs: 1_000, bins: 100 }, EcgMessages.windowInvalid],
        [{ id, startMs: 0, endMs: 8 * 24 * 3_600_000, bins: 100 }, EcgMessages.windowInvalid],
      ];
      for (const [params, msg] of cases) {
        const response = await windowOf(params);
        expect(bodyOf(response), JSON.stringify(params)).toMatchObject({ state: 255, msg });
        expect(response.statusCode).toBe(400);
      }
    });

    it('refuses without a session (266) and without the page (267)', async () => {
      const noSession = await call(t, 'GET', `${EcgPaths.detail}${query({ id })}`);
      expect(bodyOf(noSession)).toEqual(SESSION_INVALID);
      const noSessionWindow = await call(
        t,
        'GET',
        `${EcgPaths.window}${query({ id, startMs: 0, endMs: 1_000, bins: 10 })}`,
      );
      expect(bodyOf(noSessionWindow)).toEqual(SESSION_INVALID);

      const { viewer, outsider } = await loginViewerAndOutsider(t, [PAGES.memberDetail]);
      expect(bodyOf(await detail(id, viewer)).state).toBe(200);
      expect(bodyOf(await windowOf({ id, startMs: 0, endMs: 1_000, bins: 10 }, viewer)).state).toBe(
        200,
      );
      expect(bodyOf(await detail(id, outsider))).toMatchObject({
        state: 267,
        msg: Messages.noPermission,
      });
      expect(
        bodyOf(await windowOf({ id, startMs: 0, endMs: 1_000, bins: 10 }, outsider)).state,
      ).toBe(267);
      // 健康报告's 创建心电报告 shows the recording too.
      const reports = await createGroup(t, '报告组', [PAGES.healthReports]);
      await createOperator(t, { username: 'reporter', password: 'Rept@123', groupId: reports });
      const reporter = (await login(t, 'reporter', 'Rept@123')).access_token;
      expect(bodyOf(await detail(id, reporter)).state).toBe(200);
      expect(
        bodyOf(await windowOf({ id, startMs: 0, endMs: 1_000, bins: 10 }, reporter)).state,
      ).toBe(200);
    });
  });

  it('answers 255 for an unknown id and for a measurement that is not an ECG', async () => {
    const bp = await upload('bp', { systolic: 120, diastolic: 80, pulse: 70 });
    for (const id of [bp, 999_999]) {
      expect(bodyOf(await detail(id))).toMatchObject({ state: 255, msg: EcgMessages.notFound });
      expect(bodyOf(await windowOf({ id, startMs: 0, endMs: 1_000, bins: 10 }))).toMatchObject({
        state: 255,
        msg: EcgMessages.notFound,
      });
    }
  });

  it('builds once when the first requests come together, and again when a sidecar is lost', async () => {
    const ecg = generateEcg({ durationS: 30, heartRate: 150, seed: 5 });
    const id = await uploadEcg(250, { I: ecg.samples });
    const answers = await Promise.all([
      detail(id),
      windowOf({ id, startMs: 0, endMs: 30_000, bins: 600 }),
      detail(id),
      windowOf({ id, startMs: 10_000, endMs: 12_000, bins: 600 }),
    ]);
    for (const a of answers) expect(bodyOf(a).state).toBe(200);
    const [d1, , d2] = answers.map((a) => bodyOf<EcgRecording>(a).data);
    expect(d1!.analysis).toEqual(d2!.analysis);
    expect(Math.abs(d1!.analysis.meanHeartRate! - 150)).toBeLessThanOrEqual(3);
    expect(d1!.analysis.episodes.map((e) => e.kind)).toEqual(['tachycardia']);
    const rows = await t.db
      .selectFrom('ecg_analyses')
      .select('measurement_id')
      .where('measurement_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);

    // A lost pyramid file (or a crash before the row): the next window builds it again.
    const key = (
      await t.db
        .selectFrom('ecg_recordings')
        .select('storage_key')
        .where('measurement_id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const before = await windowData({ id, startMs: 0, endMs: 30_000, bins: 300 });
    await ctx.storage.delete(sidecarKey(key, 'mmp'));
    await ctx.storage.delete(sidecarKey(key, 'rpk'));
    await t.db.deleteFrom('ecg_analyses').where('measurement_id', '=', id).execute();
    const after = await windowData({ id, startMs: 0, endMs: 30_000, bins: 300 });
    expect(after).toEqual(before);
    expect(bodyOf<EcgRecording>(await detail(id)).data.analysis).toEqual(d1!.analysis);
  });

  it('builds a long recording by the job after its upload; a window reads only a few kilobytes', async () => {
    const durationS = 2 * 3600;
    const seed = 7;
    const ecg = generateEcg({
      durationS,
      heartRate: 66,
      seed,
      pvcPerMinute: 0.2,
      episodes: randomEcgEpisodes(seed, durationS, { af: 1, tachycardia: 1, bradycardia: 1 }),
    });
    const id = await uploadEcg(250, { II: ecg.samples });
    const job = await t.db
      .selectFrom('scheduled_jobs')
      .select(['status'])
      .where('kind', '=', ECG_STORED_JOB)
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('ecg_analyses')
      .selectAll()
      .where('measurement_id', '=', id)
      .executeTakeFirst();
    expect(row).toBeDefined();

    const key = (
      await t.db
        .selectFrom('ecg_recordings')
        .select('storage_key')
        .where('measurement_id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const layout = readPyramidHeader((await ctx.storage.read(sidecarKey(key, 'mmp'), 0, 32))!);
    expect(layout?.levels.map((l) => l.bucket)).toEqual([8, 64, 512, 4096]);
    expect(layout).toEqual(pyramidLayout(1_800_000, 1));

    const r = bodyOf<EcgRecording>(await detail(id)).data;
    expect(Math.abs(r.analysis.beats - ecg.beats)).toBeLessThanOrEqual(ecg.beats * 0.02);
    expect(r.analysis.heartRateTrend.stepMs).toBe(10_000);
    expect(r.analysis.heartRateTrend.bpm).toHaveLength(720);
    for (const want of ecg.episodes.filter((e) => e.kind !== 'pvc'))
      expect(
        r.analysis.episodes.some(
          (e) => e.kind === want.kind && e.startMs <= want.endMs && want.startMs <= e.endMs,
        ),
        want.kind,
      ).toBe(true);

    // Every byte the windows read, by spying the storage's positional reads.
    const storage = ctx.storage;
    const original = storage.read.bind(storage);
    let bytes = 0;
    let reads = 0;
    storage.read = async (k, offset, length) => {
      reads += 1;
      bytes += length;
      return original(k, offset, length);
    };
    try {
      const whole = await windowData({ id, startMs: 0, endMs: durationS * 1000, bins: 1_200 });
      const minute = await windowData({ id, startMs: 3_600_000, endMs: 3_660_000, bins: 1_200 });
      const tenS = await windowData({ id, startMs: 5_000_000, endMs: 5_010_000, bins: 1_200 });
      expect(whole.step).toBe(3 * 512);
      expect(minute.step).toBe(16);
      expect(tenS.step).toBe(3);
      expect(bytes).toBeLessThan(64 * 1024);
      // The pyramid's header once, then one read a window.
      expect(reads).toBeLessThanOrEqual(4);
      const all = (await samplesOf(id, 1))[0]!;
      for (const w of [whole, minute, tenS]) expectPointsOf(w, [all]);
      expect(minute.beats.length).toBeGreaterThan(40);
    } finally {
      storage.read = original;
    }
  }, 30_000);

  it('writes no member data or health value to the log', () => {
    const text = log.text();
    expect(text).not.toContain(memberPhone);
    expect(text).not.toContain(memberName);
    expect(text).not.toContain('heartRate');
  });
});
