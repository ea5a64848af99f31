import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { INGEST_LARGE_BODY_BYTES, IngestMessages } from '@health/contract';
import type { AppError } from '../../../platform/errors.js';
import { failed } from './decode.js';
import { refused } from './store.js';

/**
 * The places of large uploads (INGEST_LARGE_UPLOADS_MAX) in this process: a large body holds one
 * from its first byte to its answer, so that the memory of the bodies being read and parsed is
 * bounded whoever sends them.
 */
export class UploadSlots {
  private used = 0;

  constructor(readonly max: number) {}

  get inUse(): number {
    return this.used;
  }

  /** A place, as its release (idempotent); null when all are taken. */
  take(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.used -= 1;
    };
  }
}

/** An upload's body as the route read it. */
export interface ReceivedBody {
  /** The bytes as sent; a large body's own memory (it may move to a parse thread). */
  bytes: Buffer;
  /** Lower-case hex SHA-256 of the bytes, computed as they arrived. */
  sha256: string;
  /** Give back the body's large-upload place, if it holds one (idempotent). */
  release: () => void;
}

const noop = () => undefined;
const incomplete = () => failed(IngestMessages.bodyIncomplete);

/**
 * Read a body from its stream, hashing it as it arrives: at most `limit` bytes (then
 * `tooLarge`); a body over INGEST_LARGE_BODY_BYTES — by its Content-Length before a byte is read,
 * else once that much arrived — takes a place in `slots` or is refused at once (uploadsBusy,
 * HTTP 503). A body of known length is read into one buffer of that length (no copies to join).
 * On a refusal the stream is left paused: the rest is never read (the route closes the
 * connection).
 */
export function readBody(
  payload: Readable,
  opts: {
    limit: number;
    /** The Content-Length, when the request has one. */
    declared: number | undefined;
    slots: UploadSlots;
    tooLarge: () => AppError;
    /**
     * Milliseconds until the signature's timestamp is out of its window: a large body not read
     * by then gives its place back (it would be refused at its end anyway).
     */
    msLeft: number;
  },
): Promise<ReceivedBody> {
  const { limit, declared, slots } = opts;
  return new Promise<ReceivedBody>((resolve, reject) => {
    let release: (() => void) | null = null;
    let deadline: NodeJS.Timeout | undefined;
    const hold = (): boolean => {
      if (release) return true;
      release = slots.take();
      if (!release) return false;
      deadline = setTimeout(
        () => fail(refused(IngestMessages.timestampStale)),
        Math.max(0, opts.msLeft),
      );
      return true;
    };
    if (declared !== undefined) {
      if (declared > limit) return reject(opts.tooLarge());
      if (declared > INGEST_LARGE_BODY_BYTES && !hold())
        return reject(failed(IngestMessages.uploadsBusy, 503));
    }
    const hash = createHash('sha256');
    const whole =
      declared === undefined
        ? null
        : declared > INGEST_LARGE_BODY_BYTES
          ? Buffer.allocUnsafeSlow(declared)
          : Buffer.allocUnsafe(declared);
    const chunks: Buffer[] = [];
    let received = 0;

    const stop = () => {
      clearTimeout(deadline);
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      payload.removeListener('close', onClose);
    };
    const fail = (err: Error) => {
      stop();
      payload.pause();
      release?.();
      reject(err);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limit) return fail(opts.tooLarge());
      if (received > INGEST_LARGE_BODY_BYTES && !hold())
        return fail(failed(IngestMessages.uploadsBusy, 503));
      // Node's parser never delivers more than the Content-Length; a stream in between might.
      if (whole && received > whole.length) return fail(incomplete());
      hash.update(chunk);
      if (whole) chunk.copy(whole, received - chunk.length);
      else chunks.push(chunk);
    }
    function onEnd() {
      stop();
      if (whole && received !== whole.length) {
        release?.();
        return reject(incomplete());
      }
      resolve({
        bytes: whole ?? Buffer.concat(chunks, received),
        sha256: hash.digest('hex'),
        release: release ?? noop,
      });
    }
    // The client went away before the end (nobody reads the answer; nothing to log).
    function onError() {
      fail(incomplete());
    }
    function onClose() {
      fail(incomplete());
    }
    // Gone before its body was looked at (while the headers were judged).
    if (payload.destroyed) return fail(incomplete());
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('close', onClose);
    payload.resume();
  });
}
