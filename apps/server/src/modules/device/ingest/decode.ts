import { gunzip, gunzipSync, type ZlibOptions } from 'node:zlib';
import {
  INGEST_BODY_LIMIT,
  INGEST_CLOCK_SKEW_MS,
  INGEST_SMALL_BODY_LIMIT,
  IngestMessages,
  State,
  ingestMeasurementSchema,
  type FieldError,
  type IngestMeasurement,
} from '@health/contract';
import type { DeviceModelType } from '../../../db/schema.js';
import { AppError, ValidationError } from '../../../platform/errors.js';
import { encodeEcgSamples } from './ecg-file.js';
import { parseEcgFast } from './ecg-samples.js';

/** From this size a body is read by parseEcgFast first (below it JSON.parse is as fast). */
const FAST_ECG_MIN_BYTES = 64 * 1024;

/**
 * From an upload's bytes to the reading as it is stored: unpack, parse, check, and an ECG's samples
 * encoded as its file's bytes. Pure and synchronous but for `inflate`, so that it runs the same on
 * the server's thread (small bodies) and on a parse thread (large ones: parse-pool.ts).
 */

/** A checked reading, ready to store: an ECG's samples moved out into the bytes of its file. */
export interface DecodedReading {
  /** The reading; an ECG's `samples` emptied (they are in `ecg.file`). */
  reading: IngestMeasurement;
  /** The values kept on the measurement row (JSON): an ECG's without its samples. */
  valuesJson: string;
  ecg: { samplesPerLead: number; file: Buffer } | null;
}

/** The device model types whose readings may be large (an ECG). */
export function mayUploadEcg(modelType: DeviceModelType): boolean {
  return modelType === 'ecg' || modelType === 'multi';
}

/** The most a device of the model type may send, as sent and once decompressed. */
export function bodyLimitOf(modelType: DeviceModelType): number {
  return mayUploadEcg(modelType) ? INGEST_BODY_LIMIT : INGEST_SMALL_BODY_LIMIT;
}

/** 255 (HTTP 413): a body beyond the device's limit as sent. */
export function bodyTooLargeFor(modelType: DeviceModelType): AppError {
  return failed(
    mayUploadEcg(modelType) ? IngestMessages.bodySentTooLarge : IngestMessages.bodyTooLargeForModel,
    413,
  );
}

export function failed(message: string, httpStatus?: number): AppError {
  return new AppError(State.FAILED, message, httpStatus);
}

/** Whether the body is gzip-compressed; 255 (HTTP 415) for an encoding other than gzip. */
export function isGzip(contentEncoding: string | undefined): boolean {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return true;
  if (encoding === '' || encoding === 'identity') return false;
  throw failed(IngestMessages.encodingNotSupported, 415);
}

/** The gzip's error as the device's answer: too large once unpacked (413), or not gzip. */
export function inflateError(err: unknown): AppError {
  if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
    return failed(IngestMessages.bodyTooLarge, 413);
  return failed(IngestMessages.gzipInvalid);
}

const inflateOptions = (maxOutputLength: number): ZlibOptions => ({ maxOutputLength });

/** Unpack on libuv's pool (not this thread); rejects with zlib's error. */
export function inflate(bytes: Buffer, maxOutputLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    gunzip(bytes, inflateOptions(maxOutputLength), (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
}

/** Unpack on this thread (a parse thread); the device's answer when it cannot. */
export function inflateSync(bytes: Buffer, maxOutputLength: number): Buffer {
  try {
    return gunzipSync(bytes, inflateOptions(maxOutputLength));
  } catch (err) {
    throw inflateError(err);
  }
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.'), msg: i.message }));
}

/**
 * The reading of a JSON body, checked against its schema and the clock (`at`: when the upload
 * arrived; 255 with the fields' errors). Whether the device's model measures it is the caller's
 * to check (its row may be read again after this).
 */
export function decodeJson(json: Buffer, at: number): DecodedReading {
  // A large body is an ECG's: its samples are read straight into the file's bytes.
  const fast = json.length >= FAST_ECG_MIN_BYTES ? parseEcgFast(json) : undefined;
  let parsed: unknown = fast?.parsed;
  if (!fast) {
    try {
      parsed = JSON.parse(json.toString('utf8')) as unknown;
    } catch {
      throw failed(IngestMessages.bodyInvalid);
    }
  }
  const checked = ingestMeasurementSchema.safeParse(parsed);
  if (!checked.success) throw new ValidationError(fieldErrorsOf(checked.error.issues));
  const reading = checked.data;
  if (reading.measuredAt > at + INGEST_CLOCK_SKEW_MS)
    throw ValidationError.field('measuredAt', IngestMessages.measuredAtFuture);
  if (reading.type !== 'ecg')
    return { reading, valuesJson: JSON.stringify(reading.values), ecg: null };
  const { samples, ...rest } = reading.values;
  const samplesPerLead = (samples[0] as ArrayLike<unknown>).length;
  return {
    reading: { ...reading, values: { ...rest, samples: [] } },
    valuesJson: JSON.stringify({ ...rest, samplesPerLead }),
    ecg: { samplesPerLead, file: fast?.file ?? encodeEcgSamples(samples as number[][]) },
  };
}
