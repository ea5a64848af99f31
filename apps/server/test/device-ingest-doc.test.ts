import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  DeviceModelPaths,
  DevicePaths,
  ECG_MAX_TOTAL_SAMPLES,
  INGEST_BODY_LIMIT,
  INGEST_LARGE_BODY_BYTES,
  INGEST_LARGE_UPLOADS_MAX,
  INGEST_RANGES,
  INGEST_SMALL_BODY_LIMIT,
  IngestMessages,
  IngestPaths,
  ingestSigningText,
  type DeviceSecret,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import type { RoutePlugin } from '../src/app.js';
import { secretContext } from '../src/modules/device/devices/service.js';
import { signIngestRequest } from '../src/modules/device/ingest/signing.js';
import type { AppContext } from '../src/platform/context.js';
import { bodyOf, call, loginAdmin, setupApp, type TestApp } from './helpers/app.js';
import { databaseKinds } from './helpers/databases.js';
import { insertGrade, insertMember } from './helpers/member-admin.js';

/**
 * docs/device-ingest.md is the public contract for device makers: its test vectors are recomputed
 * here from the markdown itself and posted to a real server, and the limits and messages it
 * quotes are the contract's, so the document cannot drift from the code.
 */

const DOC = readFileSync(new URL('../../../docs/device-ingest.md', import.meta.url), 'utf8');

interface Vector {
  serial: string;
  secret: string;
  path: string;
  timestamp: string;
  nonce: string;
  body?: string;
  contentEncoding?: 'gzip';
  json?: string;
  bodyBase64?: string;
  bodySha256: string;
  signingText: string;
  signature: string;
}

const VECTORS: Vector[] = [...DOC.matchAll(/```json\n([\s\S]*?)\n```/g)]
  .map((m) => JSON.parse(m[1]!) as Partial<Vector>)
  .filter((v): v is Vector => typeof v.signature === 'string');

/** The bytes a vector sends. */
function bytesOf(v: Vector): Buffer {
  return v.bodyBase64 !== undefined ? Buffer.from(v.bodyBase64, 'base64') : Buffer.from(v.body!);
}

/** The reading a vector uploads (JSON). */
function readingOf(v: Vector): { type: string } {
  return JSON.parse(v.json ?? v.body!) as { type: string };
}

describe('docs/device-ingest.md', () => {
  it('publishes at least three test vectors, one of them gzip-compressed', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(3);
    expect(VECTORS.some((v) => v.contentEncoding === 'gzip')).toBe(true);
  });

  it.each(VECTORS.map((v) => [v.serial, v] as const))(
    'vector %s: body hash, signing text and signature recompute',
    (_serial, v) => {
      const bytes = bytesOf(v);
      if (v.contentEncoding === 'gzip') expect(gunzipSync(bytes).toString('utf8')).toBe(v.json);
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(sha).toBe(v.bodySha256);
      expect(ingestSigningText(v.path, v.timestamp, v.nonce, sha)).toBe(v.signingText);
      expect(v.signingText.split('\n')).toEqual(['POST', v.path, v.timestamp, v.nonce, sha]);
      const hmac = createHmac('sha256', v.secret).update(v.signingText, 'utf8').digest('hex');
      expect(hmac).toBe(v.signature);
      const headers = signIngestRequest({
        serial: v.serial,
        secret: v.secret,
        path: v.path,
        body: bytes,
        timestamp: Number(v.timestamp),
        nonce: v.nonce,
      });
      expect(headers['x-signature']).toBe(v.signature);
    },
  );

  it('quotes the contract’s limits and refusal messages', () => {
    const range = (r: { min: number; max: number }) => `${r.min}–${r.max}`;
    const flat = DOC.replace(/\s+/g, ' ');
    for (const text of [
      `systolic ${range(INGEST_RANGES.systolic)}`,
      `diastolic ${range(INGEST_RANGES.diastolic)}`,
      `pulse ${range(INGEST_RANGES.pulse)}`,
      `| ${range(INGEST_RANGES.glucose)} `,
      `| ${range(INGEST_RANGES.cholesterol)} `,
      `| ${range(INGEST_RANGES.uricAcid)} `,
      `samples per second per lead, ${range(INGEST_RANGES.sampleRate)}`,
      `beats/min ${range(INGEST_RANGES.heartRate)}`,
      `within ±${INGEST_RANGES.microvolts.max.toLocaleString('en-US')}`,
      `${ECG_MAX_TOTAL_SAMPLES.toLocaleString('en-US')} samples`,
      `| ${INGEST_BODY_LIMIT / 1024 / 1024} MB `,
      `| ${INGEST_SMALL_BODY_LIMIT / 1024} KB `,
      `A body over ${INGEST_LARGE_BODY_BYTES / 1024 / 1024} MB as sent is a **large upload**`,
      `takes at most ${INGEST_LARGE_UPLOADS_MAX} at once`,
      IngestPaths.measurement,
    ])
      expect(flat).toContain(text);
    for (const key of [
      'headersMissing',
      'timestampStale',
      'signatureInvalid',
      'nonceReused',
      'deviceScrapped',
      'deviceUnbound',
      'deviceFaulty',
      'typeNotSupported',
      'bodyInvalid',
      'gzipInvalid',
      'bodyTooLarge',
      'bodyTooLargeForModel',
      'bodySentTooLarge',
      'bodyIncomplete',
      'uploadsBusy',
      'encodingNotSupported',
    ] as const)
      expect(flat).toContain(IngestMessages[key]);
  });
});

describe.each(databaseKinds)('the documented requests on a real server (%s)', (kind) => {
  let t: TestApp;
  let ctx: AppContext;
  const captureContext: RoutePlugin = async (_app, options) => {
    ctx = options.ctx;
  };

  setupApp(
    kind,
    async (app) => {
      t = app;
      const admin = await loginAdmin(t);
      const gradeId = await insertGrade(t, { name: '普通', growth: 0 });
      for (const v of VECTORS) {
        const model = await call(t, 'POST', DeviceModelPaths.add, {
          token: admin,
          json: { name: `文档型号 ${v.serial}`, type: readingOf(v).type },
        });
        const added = bodyOf<DeviceSecret>(
          await call(t, 'POST', DevicePaths.add, {
            token: admin,
            json: { serial: v.serial, modelId: bodyOf<{ id: number }>(model).data.id },
          }),
        );
        // The vector's secret instead of the random one the device got.
        await t.db
          .updateTable('devices')
          .set({ secret_sealed: ctx.secrets.seal(v.secret, secretContext(v.serial)) })
          .where('id', '=', added.data.id)
          .execute();
        const memberId = await insertMember(t, { gradeId });
        await call(t, 'POST', DevicePaths.transition('bind'), {
          token: admin,
          json: { id: added.data.id, memberId },
        });
      }
    },
    { extraRoutes: [captureContext] },
  );

  it.each(VECTORS.map((v) => [v.serial, v] as const))(
    'vector %s is accepted at its timestamp',
    async (_serial, v) => {
      t.clock.now = Number(v.timestamp);
      const response = await t.app.inject({
        method: 'POST',
        url: v.path,
        headers: {
          'content-type': 'application/json',
          'x-device-serial': v.serial,
          'x-timestamp': v.timestamp,
          'x-nonce': v.nonce,
          'x-signature': v.signature,
          ...(v.contentEncoding ? { 'content-encoding': v.contentEncoding } : {}),
        },
        payload: bytesOf(v),
      });
      expect(bodyOf(response)).toMatchObject({ state: 200, data: { duplicate: false } });
    },
  );
});
