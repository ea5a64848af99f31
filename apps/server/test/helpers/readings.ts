import { DeviceModelPaths, DevicePaths, IngestPaths, type DeviceSecret } from '@health/contract';
import { expect } from 'vitest';
import { signIngestRequest } from '../../src/modules/device/ingest/signing.js';
import { bodyOf, call, type TestApp } from './app.js';
import { insertMember } from './member-admin.js';

/** A device bound to a member, as the ingest API knows it. */
export interface BoundDevice {
  id: number;
  serial: string;
  secret: string;
  memberId: number;
}

let serialSeq = 0;

/** A device model of the type (added through the API). */
export async function addModel(t: TestApp, token: string, type: string): Promise<number> {
  serialSeq += 1;
  const r = await call(t, 'POST', DeviceModelPaths.add, {
    token,
    json: { name: `型号-${type}-${serialSeq}`, type },
  });
  return bodyOf<{ id: number }>(r).data.id;
}

/** A new device of the model, bound to a new member (of the grade, with the gender). */
export async function boundDevice(
  t: TestApp,
  token: string,
  modelId: number,
  member: { gradeId: number; gender?: 'male' | 'female'; name?: string; phone?: string },
): Promise<BoundDevice> {
  serialSeq += 1;
  const serial = `RPT-${String(serialSeq).padStart(6, '0')}`;
  const added = bodyOf<DeviceSecret>(
    await call(t, 'POST', DevicePaths.add, { token, json: { serial, modelId } }),
  );
  expect(added.state).toBe(200);
  const memberId = await insertMember(t, {
    gradeId: member.gradeId,
    ...(member.name ? { name: member.name } : {}),
    ...(member.phone ? { phone: member.phone } : {}),
  });
  await t.db
    .updateTable('members')
    .set({ gender: member.gender ?? 'female' })
    .where('id', '=', memberId)
    .execute();
  const bound = await call(t, 'POST', DevicePaths.transition('bind'), {
    token,
    json: { id: added.data.id, memberId },
  });
  expect(bodyOf(bound).state).toBe(200);
  return { id: added.data.id, serial, secret: added.data.secret, memberId };
}

/** Upload one reading through the signed ingest API; its id and level. */
export async function upload(
  t: TestApp,
  device: BoundDevice,
  reading: { type: string; measuredAt: number; values: unknown },
): Promise<{ id: number; level: string }> {
  const payload = Buffer.from(JSON.stringify(reading));
  const signed = signIngestRequest({
    serial: device.serial,
    secret: device.secret,
    path: t.api(IngestPaths.measurement),
    body: payload,
    timestamp: t.clock.now,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: t.api(IngestPaths.measurement),
    headers: { 'content-type': 'application/json', ...signed },
    payload,
  });
  const answer = bodyOf<{ id: number; level: string }>(response);
  expect(answer.state, JSON.stringify(answer)).toBe(200);
  return answer.data;
}
