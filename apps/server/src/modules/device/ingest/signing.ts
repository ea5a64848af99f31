import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ingestSigningText } from '@health/contract';

/**
 * Signing an ingest request as a device does (docs/device-ingest.md): the tests, the benchmark,
 * the simulator and the demo data sign with this, the service checks with the same functions.
 */

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Lower-case hex HMAC-SHA256 of the text under the device secret (its UTF-8 bytes). */
export function ingestHmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text, 'utf8').digest();
}

/** A fresh nonce: 32 hex characters. */
export function newIngestNonce(): string {
  return randomBytes(16).toString('hex');
}

/** IngestHeaders in the lower case Node gives them. */
export interface SignedIngestHeaders {
  'x-device-serial': string;
  'x-timestamp': string;
  'x-nonce': string;
  'x-signature': string;
}

/**
 * The four headers of a signed upload of `body` (the bytes as sent: gzip them first when the
 * request says `Content-Encoding: gzip`).
 */
export function signIngestRequest(input: {
  serial: string;
  secret: string;
  /** The request path without query, service prefix included (`/api/v3/device/ingest/measurement`). */
  path: string;
  body: Buffer | string;
  timestamp: number;
  nonce?: string;
}): SignedIngestHeaders {
  const nonce = input.nonce ?? newIngestNonce();
  const text = ingestSigningText(input.path, input.timestamp, nonce, sha256Hex(input.body));
  return {
    'x-device-serial': input.serial,
    'x-timestamp': String(input.timestamp),
    'x-nonce': nonce,
    'x-signature': ingestHmac(input.secret, text).toString('hex'),
  };
}
