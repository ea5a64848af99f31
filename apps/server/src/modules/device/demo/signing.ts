import { createHash, createHmac, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ingestSigningText } from '@health/contract';

/**
 * A device's side of the ingest API's signature (docs/device-ingest.md): the headers of one signed
 * upload. Used by the simulator and the demo readings, which upload like a device does.
 */

export interface SignedUpload {
  headers: Record<string, string>;
  /** The bytes as sent (gzip-compressed when `gzip` was asked). */
  payload: Buffer;
}

/**
 * Sign `body` (JSON text) for the device `serial` with its `secret`: `path` is the request path
 * with the service prefix (`/api/v3/device/ingest/measurement`), `timestamp` the signing time (Unix
 * ms, the server checks it against its clock). With `gzip`, the compressed bytes are sent and
 * signed, with `Content-Encoding: gzip`.
 */
export function signUpload(opts: {
  serial: string;
  secret: string;
  path: string;
  body: string | Buffer;
  timestamp: number;
  gzip?: boolean;
  nonce?: string;
}): SignedUpload {
  const raw = typeof opts.body === 'string' ? Buffer.from(opts.body, 'utf8') : opts.body;
  const payload = opts.gzip ? gzipSync(raw, { level: 1 }) : raw;
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(payload).digest('hex');
  const signature = createHmac('sha256', opts.secret)
    .update(ingestSigningText(opts.path, opts.timestamp, nonce, bodyHash))
    .digest('hex');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-device-serial': opts.serial,
    'x-timestamp': String(opts.timestamp),
    'x-nonce': nonce,
    'x-signature': signature,
  };
  if (opts.gzip) headers['content-encoding'] = 'gzip';
  return { headers, payload };
}
