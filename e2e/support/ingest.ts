import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { storedAccessToken } from './flows.ts';

export const INGEST = '/api/v3/device/ingest/measurement';

/** The ingest API's signature (docs/device-ingest.md), written here as a device maker would. */
export function signedHeaders(
  serial: string,
  secret: string,
  body: string,
): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', secret)
    .update(`POST\n${INGEST}\n${timestamp}\n${nonce}\n${bodyHash}`)
    .digest('hex');
  return {
    'content-type': 'application/json',
    'x-device-serial': serial,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
  };
}

export interface TestDevice {
  serial: string;
  secret: string;
}

/**
 * A new device of a demo model of `type`, bound to a demo member, added through the API with the
 * page's session (the administrator's).
 */
export async function addBoundDevice(
  page: Page,
  type: string,
  serial: string,
): Promise<TestDevice> {
  const headers = { authorization: `Bearer ${await storedAccessToken(page)}` };
  const data = async <T>(response: Promise<{ json(): Promise<unknown> }>) =>
    ((await (await response).json()) as { data: T }).data;
  const models = await data<{ id: number; type: string }[]>(
    page.request.get('/api/v3/device/admin/model/options', { headers }),
  );
  const added = await data<{ id: number; secret: string }>(
    page.request.post('/api/v3/device/admin/device/add', {
      headers,
      data: { serial, modelId: models.find((m) => m.type === type)!.id },
    }),
  );
  const member = (
    await data<{ id: number }[]>(
      page.request.get('/api/v3/device/admin/device/memberOptions?keyword=13', { headers }),
    )
  )[0]!;
  await page.request.post('/api/v3/device/admin/device/bind', {
    headers,
    data: { id: added.id, memberId: member.id },
  });
  return { serial, secret: added.secret };
}

/** Upload one reading as the device; the stored measurement's id. */
export async function uploadReading(
  page: Page,
  device: TestDevice,
  reading: { type: string; measuredAt: number; values: unknown },
): Promise<number> {
  const body = JSON.stringify(reading);
  const response = await page.request.post(INGEST, {
    headers: signedHeaders(device.serial, device.secret, body),
    data: body,
  });
  const answer = (await response.json()) as { state: number; msg: string; data: { id: number } };
  if (answer.state !== 200) throw new Error(`ingest: ${answer.state} ${answer.msg}`);
  return answer.data.id;
}
