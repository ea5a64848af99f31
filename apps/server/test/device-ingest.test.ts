import { gzipSync } from 'node:zlib';
import {
  DEFAULT_INTEGRAL_SET,
  DEFAULT_PREWARNING_SET,
  DeviceModelPaths,
  DevicePaths,
  IngestMessages,
  IngestPaths,
  PREVIOUS_SECRET_GRACE_MS,
  SettingsPaths,
  type DeviceSecret,
} from '@health/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEcgSamples } from '../src/modules/device/ingest/ecg-file.js';
import { IngestService } from '../src/modules/device/ingest/service.js';
import { signIngestRequest } from '../src/modules/device/ingest/signing.js';
import {
  bodyOf,
  call,
  capturedLogger,
  loginAdmin,
  setupApp,
  type FieldErrors,
  type TestApp,
} from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import type { RoutePlugin } from '../src/app.js';
import type { AppContext } from '../src/platform/context.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

const MINUTE = 60_000;

interface Device {
  id: number;
  serial: string;
  secret: string;
  memberId: number | null;
}

interface Answer {
  id: number;
  level: string;
  duplicate: boolean;
}

type Reading = { type: string; measuredAt: number; values: unknown } & Record<string, unknown>;

describe.each(databaseKinds)('device ingest API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let gradeId: number;
  let serialSeq = 0;
  let measuredSeq = 0;
  const models: Record<string, number> = {};
  const log = capturedLogger('info');
  const secretsGiven: Device[] = [];
  let ctx: AppContext;
  const captureContext: RoutePlugin = async (_app, options) => {
    ctx = options.ctx;
  };

  setupApp(
    kind,
    async (app) => {
      t = app;
      admin = await loginAdmin(t);
      gradeId = await insertGrade(t, { name: '普通', growth: 0 });
      for (const type of ['bp', 'bg', 'chol', 'ua', 'ecg', 'multi']) {
        const r = await call(t, 'POST', DeviceModelPaths.add, {
          token: admin,
          json: { name: `型号-${type}`, type },
        });
        models[type] = bodyOf<{ id: number }>(r).data.id;
      }
    },
    { logger: log.logger, extraRoutes: [captureContext] },
  );

  /** A new device of the model type, bound to a new member (or to nobody). */
  async function newDevice(
    type = 'multi',
    opts: { bind?: boolean; gender?: 'male' | 'female' | 'unknown' } = {},
  ): Promise<Device> {
    serialSeq += 1;
    const serial = `ING-${kind.toUpperCase()}-${String(serialSeq).padStart(4, '0')}`;
    const added = bodyOf<DeviceSecret>(
      await call(t, 'POST', DevicePaths.add, {
        token: admin,
        json: { serial, modelId: models[type] },
      }),
    );
    expect(added.state).toBe(200);
    let memberId: number | null = null;
    if (opts.bind !== false) {
      memberId = await insertMember(t, { gradeId });
      await t.db
        .updateTable('members')
        .set({ gender: opts.gender ?? 'female' })
        .where('id', '=', memberId)
        .execute();
      const bound = await call(t, 'POST', DevicePaths.transition('bind'), {
        token: admin,
        json: { id: added.data.id, memberId },
      });
      expect(bodyOf(bound).state).toBe(200);
    }
    const device = { id: added.data.id, serial, secret: added.data.secret, memberId };
    secretsGiven.push(device);
    return device;
  }

  /** A reading's body; each call a new measuredAt unless given. */
  function reading(type: string, values: unknown, extra: Record<string, unknown> = {}): Reading {
    measuredSeq += 1;
    return { type, measuredAt: t.clock.now - 3_600_000 + measuredSeq * 1000, values, ...extra };
  }

  interface UploadOptions {
    secret?: string;
    timestamp?: number;
    nonce?: string;
    gzip?: boolean;
    path?: string;
    headers?: Record<string, string | undefined>;
    raw?: Buffer;
  }

  function upload(
    device: Device,
    body: Reading | null,
    opts: UploadOptions = {},
  ): Promise<LightMyRequestResponse> {
    const json = opts.raw ?? Buffer.from(JSON.stringify(body));
    const payload = opts.gzip ? gzipSync(json) : json;
    const signed = signIngestRequest({
      serial: device.serial,
      secret: opts.secret ?? device.secret,
      path: opts.path ?? t.api(IngestPaths.measurement),
      body: payload,
      timestamp: opts.timestamp ?? t.clock.now,
      nonce: opts.nonce,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(opts.gzip ? { 'content-encoding': 'gzip' } : {}),
    };
    for (const [k, v] of Object.entries({ ...signed, ...opts.headers }))
      if (v !== undefined) headers[k] = v;
    return t.app.inject({
      method: 'POST',
      url: t.api(IngestPaths.measurement),
      headers,
      payload,
    });
  }

  async function accepted(device: Device, body: Reading, opts?: UploadOptions): Promise<Answer> {
    const response = await upload(device, body, opts);
    const answer = bodyOf<Answer>(response);
    expect(answer, JSON.stringify(answer)).toMatchObject({ state: 200 });
    expect(response.statusCode).toBe(200);
    return answer.data;
  }

  /** Rows of every table an accepted reading writes (a refusal must change none). */
  async function counts() {
    const n = async (
      table:
        | 'measurements'
        | 'ingest_nonces'
        | 'ecg_recordings'
        | 'measurement_alerts'
        | 'sms_outbox'
        | 'points_ledger',
    ) => {
      const row = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return {
      measurements: await n('measurements'),
      nonces: await n('ingest_nonces'),
      ecg: await n('ecg_recordings'),
      alerts: await n('measurement_alerts'),
      sms: await n('sms_outbox'),
      points: await n('points_ledger'),
    };
  }

  async function refused(
    response: Promise<LightMyRequestResponse>,
    state: number,
    msg?: string,
  ): Promise<{ state: number; msg: string; data: unknown }> {
    const before = await counts();
    const r = await response;
    const body = bodyOf(r);
    expect(body.state, JSON.stringify(body)).toBe(state);
    if (msg) expect(body.msg).toBe(msg);
    expect(r.statusCode).toBe(state === 266 ? 401 : r.statusCode >= 400 ? r.statusCode : 400);
    expect(await counts()).toEqual(before);
    return body;
  }

  const stored = (id: number) =>
    t.db.selectFrom('measurements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('levels by the 预警配置 rules, at their boundaries', () => {
    let device: Device;
    beforeAll(async () => {
      device = await newDevice('multi', { gender: 'female' });
    });

    const cases: [string, unknown, string, string][] = [
      ['bp', { systolic: 139, diastolic: 89, pulse: 70 }, 'normal', 'normal'],
      ['bp', { systolic: 140, diastolic: 80, pulse: 70 }, 'normal', 'grade1'],
      ['bp', { systolic: 159, diastolic: 100, pulse: 70 }, 'warning', 'grade2'],
      ['bp', { systolic: 180, diastolic: 90, pulse: 70 }, 'urgent', 'grade3'],
      ['bp', { systolic: 89, diastolic: 70, pulse: 70 }, 'warning', 'hypotension'],
      ['bp', { systolic: 90, diastolic: 60, pulse: 70 }, 'normal', 'normal'],
      ['bg', { mmol: 6.1, context: 'fasting' }, 'normal', 'normal'],
      ['bg', { mmol: 6.2, context: 'fasting' }, 'normal', 'impaired'],
      ['bg', { mmol: 7.0, context: 'fasting' }, 'warning', 'high'],
      ['bg', { mmol: 11.0, context: 'postprandial' }, 'normal', 'normal'],
      ['bg', { mmol: 11.1, context: 'random' }, 'warning', 'high'],
      ['bg', { mmol: 3.9, context: 'fasting' }, 'normal', 'normal'],
      ['bg', { mmol: 3.8, context: 'fasting' }, 'warning', 'low'],
      ['bg', { mmol: 2.9, context: 'postprandial' }, 'urgent', 'urgentLow'],
      ['chol', { mmol: 5.1 }, 'normal', 'normal'],
      ['chol', { mmol: 5.2 }, 'normal', 'borderline'],
      ['chol', { mmol: 6.2 }, 'warning', 'high'],
      ['ua', { umol: 360 }, 'normal', 'normal'],
      ['ua', { umol: 361 }, 'warning', 'high'],
    ];
    it.each(cases)('%s %j → %s (%s)', async (type, values, level, category) => {
      const answer = await accepted(device, reading(type, values));
      expect(answer).toMatchObject({ level, duplicate: false });
      const row = await stored(answer.id);
      expect(row).toMatchObject({
        type,
        level,
        category,
        device_id: device.id,
        member_id: device.memberId,
      });
      expect(Number(row.rule_version)).toBe(0);
      expect(JSON.parse(row.values_json)).toEqual(values);
    });

    it('judges uric acid by the member’s sex, an unknown sex by the stricter women’s limit', async () => {
      const man = await newDevice('ua', { gender: 'male' });
      expect((await accepted(man, reading('ua', { umol: 420 }))).level).toBe('normal');
      expect((await accepted(man, reading('ua', { umol: 421 }))).level).toBe('warning');
      const unknown = await newDevice('ua', { gender: 'unknown' });
      expect((await accepted(unknown, reading('ua', { umol: 361 }))).level).toBe('warning');
    });

    const ecgCases: [Record<string, unknown>, string, string][] = [
      [{ heartRate: 50 }, 'normal', 'normal'],
      [{ heartRate: 49 }, 'warning', 'low'],
      [{ heartRate: 39 }, 'urgent', 'urgentLow'],
      [{ heartRate: 120 }, 'normal', 'normal'],
      [{ heartRate: 121 }, 'warning', 'high'],
      [{ heartRate: 151 }, 'urgent', 'urgentHigh'],
      [{ heartRate: 70, arrhythmia: true }, 'warning', 'arrhythmia'],
      [{}, 'normal', 'normal'],
    ];
    it.each(ecgCases)('ecg %j → %s (%s)', async (extra, level, category) => {
      const values = { sampleRate: 250, leads: ['II'], samples: [wave(250)], ...extra };
      const answer = await accepted(device, reading('ecg', values));
      expect(answer.level).toBe(level);
      expect(await stored(answer.id)).toMatchObject({ level, category });
    });

    it('stores the rule version: the saved prewarning_set’s time, 0 for the defaults', async () => {
      const saved = await call(t, 'POST', SettingsPaths.update, {
        token: admin,
        json: {
          section: 'prewarning_set',
          value: {
            ...DEFAULT_PREWARNING_SET,
            bp: {
              ...DEFAULT_PREWARNING_SET.bp,
              levels: { ...DEFAULT_PREWARNING_SET.bp.levels, grade1: 'warning' },
            },
          },
        },
      });
      expect(bodyOf(saved).state).toBe(200);
      const answer = await accepted(
        device,
        reading('bp', { systolic: 145, diastolic: 80, pulse: 70 }),
      );
      expect(answer.level).toBe('warning');
      expect(Number((await stored(answer.id)).rule_version)).toBe(t.clock.now);
      // Back to the defaults for the other tests (a saved section keeps a version).
      await call(t, 'POST', SettingsPaths.update, {
        token: admin,
        json: { section: 'prewarning_set', value: DEFAULT_PREWARNING_SET },
      });
    });
  });

  describe('the signature', () => {
    let device: Device;
    beforeAll(async () => {
      device = await newDevice('bp');
    });
    const bp = () => reading('bp', { systolic: 120, diastolic: 80, pulse: 66 });

    it('refuses a wrong signature, an unknown serial and a signature over another path', async () => {
      await refused(
        upload(device, bp(), { secret: 'not-the-secret' }),
        266,
        IngestMessages.signatureInvalid,
      );
      await refused(
        upload({ ...device, serial: 'NO-SUCH-DEVICE' }, bp()),
        266,
        IngestMessages.signatureInvalid,
      );
      await refused(
        upload(device, bp(), { path: IngestPaths.measurement }),
        266,
        IngestMessages.signatureInvalid,
      );
    });

    it('refuses a body changed after signing', async () => {
      const body = bp();
      const signed = signIngestRequest({
        serial: device.serial,
        secret: device.secret,
        path: t.api(IngestPaths.measurement),
        body: JSON.stringify(body),
        timestamp: t.clock.now,
      });
      const tampered = { ...body, values: { systolic: 121, diastolic: 80, pulse: 66 } };
      await refused(upload(device, tampered, { headers: { ...signed } }), 266);
    });

    it('refuses missing or malformed headers', async () => {
      await refused(upload(device, bp(), { headers: { 'x-signature': undefined } }), 266);
      const missing = { 'x-device-serial': undefined };
      await refused(upload(device, bp(), { headers: missing }), 266, IngestMessages.headersMissing);
      await refused(upload(device, bp(), { nonce: 'short' }), 266, IngestMessages.headersMissing);
      await refused(
        upload(device, bp(), { headers: { 'x-signature': 'A'.repeat(64) } }),
        266,
        IngestMessages.headersMissing,
      );
      await refused(upload(device, bp(), { headers: { 'x-timestamp': 'soon' } }), 266);
    });

    it('accepts a timestamp within ±300 s and refuses one beyond, on both sides', async () => {
      await accepted(device, bp(), { timestamp: t.clock.now - 300_000 });
      await accepted(device, bp(), { timestamp: t.clock.now + 300_000 });
      await refused(
        upload(device, bp(), { timestamp: t.clock.now - 300_001 }),
        266,
        IngestMessages.timestampStale,
      );
      await refused(
        upload(device, bp(), { timestamp: t.clock.now + 300_001 }),
        266,
        IngestMessages.timestampStale,
      );
    });

    it('accepts a nonce once per device', async () => {
      const nonce = 'nonce-0123456789abcdef';
      await accepted(device, bp(), { nonce });
      await refused(upload(device, bp(), { nonce }), 266, IngestMessages.nonceReused);
      // Another device may use the same nonce.
      await accepted(await newDevice('bp'), bp(), { nonce });
    });

    it('sweeps nonces older than 10 minutes (no request could replay them)', async () => {
      const nonce = 'sweep-0123456789abcdef';
      await accepted(device, bp(), { nonce });
      t.clock.advance(10 * MINUTE + 1);
      await accepted(device, bp());
      const left = await t.db
        .selectFrom('ingest_nonces')
        .select('id')
        .where('nonce', '=', nonce)
        .execute();
      expect(left).toEqual([]);
    });

    it('accepts the previous secret for 24 hours after a reset, and only the new one after', async () => {
      const own = await newDevice('bp');
      const reset = bodyOf<DeviceSecret>(
        await call(t, 'POST', DevicePaths.resetSecret, { token: admin, json: { id: own.id } }),
      );
      expect(reset.state).toBe(200);
      await accepted(own, bp());
      await accepted({ ...own, secret: reset.data.secret }, bp());
      t.clock.advance(PREVIOUS_SECRET_GRACE_MS - MINUTE);
      await accepted(own, bp());
      t.clock.advance(MINUTE + 1);
      await refused(upload(own, bp()), 266, IngestMessages.signatureInvalid);
      await accepted({ ...own, secret: reset.data.secret }, bp());
      // The operator's session did not live through the day the clock moved.
      admin = await loginAdmin(t);
    });
  });

  describe('the device and the reading', () => {
    it('refuses a device bound to no member (255) and stores nothing', async () => {
      const loose = await newDevice('bp', { bind: false });
      await refused(
        upload(loose, reading('bp', { systolic: 120, diastolic: 80, pulse: 60 })),
        255,
        IngestMessages.deviceUnbound,
      );
    });

    it('refuses a faulty device (255) and a scrapped one (266)', async () => {
      const d = await newDevice('bp', { bind: false });
      const step = async (name: 'fault' | 'scrap') =>
        expect(
          bodyOf(
            await call(t, 'POST', DevicePaths.transition(name), {
              token: admin,
              json: { id: d.id, remark: '测试' },
            }),
          ).state,
        ).toBe(200);
      const body = () => reading('bp', { systolic: 120, diastolic: 80, pulse: 60 });
      await step('fault');
      await refused(upload(d, body()), 255, IngestMessages.deviceFaulty);
      await step('scrap');
      await refused(upload(d, body()), 266, IngestMessages.deviceScrapped);
    });

    it('refuses values outside their physical range with data.errors (255)', async () => {
      const d = await newDevice('multi');
      const errorsOf = async (body: Reading) =>
        ((await refused(upload(d, body), 255)).data as FieldErrors).errors;
      expect(await errorsOf(reading('bp', { systolic: 301, diastolic: 19, pulse: 70 }))).toEqual([
        { field: 'values.systolic', msg: '收缩压应在40到300之间' },
        { field: 'values.diastolic', msg: '舒张压应在20到200之间' },
      ]);
      expect(await errorsOf(reading('bp', { systolic: 100, diastolic: 110, pulse: 70 }))).toEqual([
        { field: 'values.diastolic', msg: IngestMessages.systolicAboveDiastolic },
      ]);
      expect(await errorsOf(reading('bg', { mmol: 0.5, context: 'later' }))).toEqual([
        { field: 'values.mmol', msg: '血糖值应在0.6到40之间' },
        { field: 'values.context', msg: IngestMessages.contextRequired },
      ]);
      expect(await errorsOf(reading('chol', { mmol: 25.1 }))).toEqual([
        { field: 'values.mmol', msg: '总胆固醇值应在0.5到25之间' },
      ]);
      expect(await errorsOf(reading('ua', { umol: 1501 }))).toEqual([
        { field: 'values.umol', msg: '尿酸值应在50到1500之间' },
      ]);
      const samples = wave(250);
      samples[100] = 10_001;
      expect(
        await errorsOf(
          reading('ecg', { sampleRate: 250, leads: ['I', 'II'], samples: [wave(250), samples] }),
        ),
      ).toEqual([{ field: 'values.samples.1.100', msg: IngestMessages.sampleInvalid }]);
      expect(
        await errorsOf(reading('ecg', { sampleRate: 99, leads: ['I'], samples: [wave(250)] })),
      ).toEqual([{ field: 'values.sampleRate', msg: '采样率应在100到1000之间' }]);
      expect(await errorsOf(reading('weight', { kg: 60 }))).toEqual([
        { field: 'type', msg: IngestMessages.typeRequired },
      ]);
      expect(
        await errorsOf({
          ...reading('bp', { systolic: 120, diastolic: 80, pulse: 60 }),
          measuredAt: t.clock.now + 301_000,
        }),
      ).toEqual([{ field: 'measuredAt', msg: IngestMessages.measuredAtFuture }]);
      expect(
        await errorsOf(
          reading('bp', { systolic: 120, diastolic: 80, pulse: 60 }, { battery: 101 }),
        ),
      ).toEqual([{ field: 'battery', msg: '电量应在0到100之间' }]);
      await refused(
        upload(d, null, { raw: Buffer.from('{"type":') }),
        255,
        IngestMessages.bodyInvalid,
      );
    });

    it('refuses a reading of a type the device’s model does not measure', async () => {
      const d = await newDevice('bg');
      await refused(
        upload(d, reading('bp', { systolic: 120, diastolic: 80, pulse: 60 })),
        255,
        IngestMessages.typeNotSupported,
      );
    });

    it('answers a repeated reading with the first id, duplicate: true', async () => {
      const d = await newDevice('bp');
      const body = reading('bp', { systolic: 120, diastolic: 80, pulse: 60 });
      const first = await accepted(d, body);
      const before = await counts();
      const again = await accepted(d, {
        ...body,
        values: { systolic: 130, diastolic: 85, pulse: 61 },
      });
      expect(again).toEqual({ id: first.id, level: first.level, duplicate: true });
      const after = await counts();
      expect(after).toEqual({ ...before, nonces: before.nonces + 1 });
      // Concurrent repeats: one reading, every answer with its id.
      const burst = reading('bp', { systolic: 182, diastolic: 90, pulse: 60 });
      const answers = await Promise.all([1, 2, 3, 4].map(() => accepted(d, burst)));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    });

    it('takes 50 concurrent uploads (a shared commit on SQLite): each answered right, only the valid ones kept', async () => {
      const devices = await Promise.all([1, 2, 3, 4, 5].map(() => newDevice('bp')));
      const before = await counts();
      const reused = 'burst-nonce-0123456789';
      const kinds = Array.from({ length: 50 }, (_, i) =>
        i === 7 || i === 23
          ? 'bad-signature'
          : i === 11 || i === 31
            ? 'out-of-range'
            : i === 13 || i === 29 || i === 41
              ? 'repeat'
              : i === 18
                ? 'nonce-reused'
                : 'new',
      );
      const bodies = kinds.map((kind, i) =>
        kind === 'out-of-range'
          ? reading('bp', { systolic: 400, diastolic: 80, pulse: 60 })
          : kind === 'repeat'
            ? null
            : reading('bp', { systolic: 100 + i, diastolic: 70, pulse: 60 }),
      );
      // A repeat is the reading of the upload before it, from the same device, with a new nonce.
      const deviceOf = (i: number) => devices[(kinds[i] === 'repeat' ? i - 1 : i) % 5]!;
      const responses = await Promise.all(
        kinds.map((kind, i) =>
          upload(deviceOf(i), bodies[i] ?? bodies[i - 1]!, {
            secret: kind === 'bad-signature' ? 'not-the-secret' : undefined,
            nonce: i === 3 || kind === 'nonce-reused' ? reused : undefined,
          }),
        ),
      );
      const answers = responses.map((r) => bodyOf<Answer>(r));
      // Of the two uploads with one nonce from one device, the one that came second is refused.
      const second = answers[3]!.state === 200 ? 18 : 3;
      const kept = new Map<number, number>();
      answers.forEach((answer, i) => {
        const kind = kinds[i]!;
        if (kind === 'bad-signature') expect(answer.state).toBe(266);
        else if (kind === 'out-of-range') expect(answer.state).toBe(255);
        else if (i === second)
          expect(answer).toMatchObject({ state: 266, msg: IngestMessages.nonceReused });
        else {
          expect(answer.state, JSON.stringify(answer)).toBe(200);
          if (!answer.data.duplicate) kept.set(answer.data.id, kind === 'repeat' ? i - 1 : i);
        }
        // A repeat and its reading: one stored, both answered with its id.
        if (kind === 'repeat') {
          const first = answers[i - 1]!.data;
          expect(answer.data.id).toBe(first.id);
          expect([first.duplicate, answer.data.duplicate].sort()).toEqual([false, true]);
        }
      });
      expect(kept.size).toBe(42);
      for (const [id, i] of kept)
        expect(JSON.parse((await stored(id)).values_json)).toMatchObject({ systolic: 100 + i });
      const after = await counts();
      expect(after.measurements).toBe(before.measurements + 42);
      // Every accepted upload used its nonce up, the repeats too; refusals stored nothing.
      expect(after.nonces).toBe(before.nonces + 45);
    });

    it('a device changed since its last reading is judged as it is now', async () => {
      const d = await newDevice('bp');
      await accepted(d, reading('bp', { systolic: 120, diastolic: 80, pulse: 60 }));
      const unbound = await call(t, 'POST', DevicePaths.transition('unbind'), {
        token: admin,
        json: { id: d.id, remark: '会员更换设备' },
      });
      expect(bodyOf(unbound).state).toBe(200);
      await refused(
        upload(d, reading('bp', { systolic: 121, diastolic: 80, pulse: 60 })),
        255,
        IngestMessages.deviceUnbound,
      );
      const other = await insertMember(t, { gradeId });
      const bound = await call(t, 'POST', DevicePaths.transition('bind'), {
        token: admin,
        json: { id: d.id, memberId: other },
      });
      expect(bodyOf(bound).state).toBe(200);
      const answer = await accepted(d, reading('bp', { systolic: 122, diastolic: 80, pulse: 60 }));
      expect((await stored(answer.id)).member_id).toBe(other);
      // Changed behind the server's back (another process): the reading still follows the row.
      await t.db
        .updateTable('devices')
        .set({ status: 'scrapped' })
        .where('id', '=', d.id)
        .execute();
      await refused(
        upload(d, reading('bp', { systolic: 123, diastolic: 80, pulse: 60 })),
        266,
        IngestMessages.deviceScrapped,
      );
    });

    it('pays measurement points up to the daily cap, again when the cap is raised, and the next day', async () => {
      const integral = async (dailyCap: number) => {
        const saved = await call(t, 'POST', SettingsPaths.update, {
          token: admin,
          json: { section: 'integral', value: { ...DEFAULT_INTEGRAL_SET, dailyCap } },
        });
        expect(bodyOf(saved).state).toBe(200);
      };
      const d = await newDevice('bp');
      const paid = async () => {
        const before = await counts();
        await accepted(d, reading('bp', { systolic: 118, diastolic: 76, pulse: 60 }));
        return (await counts()).points - before.points;
      };
      await integral(2 * DEFAULT_INTEGRAL_SET.measurementPoints);
      try {
        expect([await paid(), await paid(), await paid(), await paid()]).toEqual([1, 1, 0, 0]);
        await integral(3 * DEFAULT_INTEGRAL_SET.measurementPoints);
        expect([await paid(), await paid()]).toEqual([1, 0]);
        t.clock.advance(24 * 60 * MINUTE);
        admin = await loginAdmin(t);
        expect([await paid(), await paid(), await paid(), await paid()]).toEqual([1, 1, 1, 0]);
      } finally {
        await integral(DEFAULT_INTEGRAL_SET.dailyCap);
      }
    });

    it('takes a gzip-compressed body (the signature covers the compressed bytes)', async () => {
      const d = await newDevice('bg');
      const answer = await accepted(d, reading('bg', { mmol: 5.5, context: 'fasting' }), {
        gzip: true,
      });
      expect(answer.level).toBe('normal');
      await refused(
        upload(d, null, {
          raw: Buffer.from('not gzip'),
          headers: { 'content-encoding': 'gzip' },
        }),
        255,
        IngestMessages.gzipInvalid,
      );
    });

    it('keeps the device’s last upload, battery and firmware', async () => {
      const d = await newDevice('bp');
      const body = reading(
        'bp',
        { systolic: 120, diastolic: 80, pulse: 60 },
        {
          battery: 76,
          firmware: 'v2.1.0',
        },
      );
      await accepted(d, body);
      const row = await t.db
        .selectFrom('devices')
        .select(['last_upload_at', 'battery', 'firmware'])
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect({ ...row, last_upload_at: Number(row.last_upload_at) }).toEqual({
        last_upload_at: body.measuredAt,
        battery: 76,
        firmware: 'v2.1.0',
      });
    });
  });

  describe('what an accepted reading causes', () => {
    it('an abnormal reading opens an alert, texts the member and family, earns points', async () => {
      const d = await newDevice('ecg');
      await t.db
        .insertInto('member_contacts')
        .values(
          [
            {
              name: '女儿',
              phone: '13700001111',
              relationship: 1,
              receive_warning_sms: 1 as const,
            },
            {
              name: '邻居',
              phone: '13700002222',
              relationship: 5,
              receive_warning_sms: 0 as const,
            },
          ].map((c) => ({
            ...c,
            member_id: d.memberId!,
            created_at: t.clock.now,
            updated_at: t.clock.now,
          })),
        )
        .execute();
      const member = await t.db
        .selectFrom('members')
        .select(['name', 'phone'])
        .where('id', '=', d.memberId!)
        .executeTakeFirstOrThrow();
      const body = reading('ecg', {
        sampleRate: 250,
        leads: ['I', 'II'],
        samples: [wave(500), wave(500, 7)],
        heartRate: 155,
      });
      const answer = await accepted(d, body);
      expect(answer.level).toBe('urgent');

      const alert = await t.db
        .selectFrom('measurement_alerts')
        .selectAll()
        .where('measurement_id', '=', answer.id)
        .executeTakeFirstOrThrow();
      expect(alert).toMatchObject({
        member_id: d.memberId,
        type: 'ecg',
        level: 'urgent',
        label: '心率过速（紧急）',
        status: 'open',
      });

      const sms = await t.db
        .selectFrom('sms_outbox')
        .select(['phone', 'template_code', 'content'])
        .where('created_at', '=', t.clock.now)
        .where('phone', 'in', [member.phone!, '13700001111', '13700002222'])
        .orderBy('id')
        .execute();
      expect(sms.map((s) => [s.phone, s.template_code])).toEqual([
        // An ECG's own template for the member (not the BP one).
        [member.phone, 'ecg_warning'],
        ['13700001111', 'family_warning'],
      ]);
      expect(sms[0]!.content).toContain(`${member.name}您好`);
      expect(sms[0]!.content).toContain('上传的心电图');
      expect(sms[0]!.content).toContain('心率155次/分');
      expect(sms[1]!.content).toContain('属于心率过速（紧急）');

      const ledger = await t.db
        .selectFrom('points_ledger')
        .select(['amount', 'type', 'ref_type', 'ref_id'])
        .where('member_id', '=', d.memberId!)
        .execute();
      expect(ledger).toEqual([
        { amount: 10, type: 'measurement', ref_type: 'measurement', ref_id: String(answer.id) },
      ]);

      // The samples: a file through the storage, named by the recording; the row keeps no samples.
      const ecg = await t.db
        .selectFrom('ecg_recordings')
        .selectAll()
        .where('measurement_id', '=', answer.id)
        .executeTakeFirstOrThrow();
      expect(ecg).toMatchObject({
        sample_rate: 250,
        leads_json: '["I","II"]',
        samples_per_lead: 500,
        heart_rate: 155,
        arrhythmia: 0,
      });
      expect(Number(ecg.duration_ms)).toBe(2000);
      const file = await t.app.inject({ method: 'GET', url: `/uploads/${ecg.storage_key}` });
      expect(file.statusCode).toBe(404);
      const data = await ctx.storage.get(ecg.storage_key);
      const leads = decodeEcgSamples(data!, 2);
      expect([...leads[0]!]).toEqual(wave(500));
      expect([...leads[1]!]).toEqual(wave(500, 7));
      const values = JSON.parse((await stored(answer.id)).values_json) as Record<string, unknown>;
      expect(values).toEqual({
        sampleRate: 250,
        leads: ['I', 'II'],
        heartRate: 155,
        samplesPerLead: 500,
      });
    });

    it('a normal reading opens no alert and sends nothing, but earns points', async () => {
      const d = await newDevice('bp');
      const before = await counts();
      await accepted(d, reading('bp', { systolic: 118, diastolic: 76, pulse: 60 }));
      expect(await counts()).toEqual({
        ...before,
        measurements: before.measurements + 1,
        nonces: before.nonces + 1,
        points: before.points + 1,
      });
    });

    it('a frozen member’s reading is stored without points', async () => {
      const d = await newDevice('bp');
      await t.db
        .updateTable('members')
        .set({ status: 'frozen' })
        .where('id', '=', d.memberId!)
        .execute();
      const before = await counts();
      await accepted(d, reading('bp', { systolic: 118, diastolic: 76, pulse: 60 }));
      expect((await counts()).points).toBe(before.points);
    });

    it('a disabled warning template sends nothing', async () => {
      const at = t.clock.now;
      await t.db
        .insertInto('sms_templates')
        .values({
          code: 'bp_warning',
          name: '预警通知',
          scene: 'warning',
          content: '${name}：${item}${value}',
          provider_template_id: '',
          enabled: 0,
          created_at: at,
          updated_at: at,
          updated_by: 'admin',
        })
        .execute();
      const d = await newDevice('bp');
      const before = await counts();
      const answer = await accepted(d, reading('bp', { systolic: 185, diastolic: 90, pulse: 60 }));
      expect(answer.level).toBe('urgent');
      const after = await counts();
      expect(after.sms).toBe(before.sms);
      expect(after.alerts).toBe(before.alerts + 1);
      await t.db.deleteFrom('sms_templates').where('code', '=', 'bp_warning').execute();
    });

    it('takes a body larger than the 1 MB other routes accept', async () => {
      const d = await newDevice('ecg');
      const samples = wave(250 * 60 * 10);
      const body = reading('ecg', {
        sampleRate: 250,
        leads: ['I', 'II'],
        samples: [samples, samples],
      });
      expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
      await accepted(d, body);
      const other = await t.app.inject({
        method: 'POST',
        url: t.api(DeviceModelPaths.add),
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), type: 'bp' }),
      });
      expect(other.statusCode).toBe(413);
    });

    it('is callable in-process with the same checks', async () => {
      const d = await newDevice('chol');
      const service = new IngestService(ctx);
      const body = Buffer.from(JSON.stringify(reading('chol', { mmol: 6.4 })));
      const headers = signIngestRequest({
        serial: d.serial,
        secret: d.secret,
        path: service.path,
        body,
        timestamp: t.clock.now,
      });
      const result = await service.ingest({
        path: service.path,
        serial: headers['x-device-serial'],
        timestamp: headers['x-timestamp'],
        nonce: headers['x-nonce'],
        signature: headers['x-signature'],
        body,
      });
      expect(result).toMatchObject({ level: 'warning', duplicate: false });
      await expect(
        service.ingest({
          path: service.path,
          serial: headers['x-device-serial'],
          timestamp: headers['x-timestamp'],
          nonce: headers['x-nonce'],
          signature: headers['x-signature'],
          body,
        }),
      ).rejects.toMatchObject({ state: 266, message: IngestMessages.nonceReused });
    });

    it('logs no secret, phone or value', async () => {
      const text = log.text();
      const phones = await t.db.selectFrom('members').select('phone').execute();
      expect(phones.length).toBeGreaterThan(10);
      for (const { phone } of phones) if (phone) expect(text).not.toContain(phone);
      expect(text).not.toContain('13700001111');
      for (const { secret } of secretsGiven) expect(text).not.toContain(secret);
      expect(text).not.toContain('systolic');
      expect(text).not.toContain('x-signature');
    });
  });
});

/** A synthetic waveform of n samples (µV), shifted by `phase`. */
function wave(n: number, phase = 0): number[] {
  return Array.from({ length: n }, (_, i) => Math.round(800 * Math.sin((i + phase) / 12)));
}
