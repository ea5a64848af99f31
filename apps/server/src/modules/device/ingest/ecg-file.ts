import { randomBytes } from 'node:crypto';

/**
 * The samples file of an ECG recording (named by ecg_recordings.storage_key): every lead one after
 * the other (lead-major, in the order of `leads_json`), each sample a little-endian signed 16-bit
 * integer in µV. The ingest API accepts ±10,000 µV only, so 16 bits always hold a sample; fractions
 * of a µV are rounded. 24 hours of one lead at 250 Hz is 43.2 MB.
 */
export const ECG_SAMPLE_BYTES = 2;

/**
 * The job kind the ingest API schedules, in the recording's transaction, for a stored recording of
 * at least ECG_STORED_JOB_MIN_MS (ref: the measurement id): the report centre builds its analysis
 * and min/max pyramids then (modules/report/ecg), out of the upload's way. Shorter recordings are
 * analysed when first viewed (a few milliseconds).
 */
export const ECG_STORED_JOB = 'ecg.stored';
export const ECG_STORED_JOB_MIN_MS = 120_000;

/** "ecg/202611/<32 hex>.i16": unguessable and never reused (not served under /uploads). */
export function newEcgKey(at: number): string {
  const d = new Date(at);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `ecg/${month}/${randomBytes(16).toString('hex')}.i16`;
}

export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The file's bytes of the leads' samples (all leads of equal length, values within ±32767). */
export function encodeEcgSamples(samples: readonly (readonly number[])[]): Buffer {
  const perLead = samples[0]?.length ?? 0;
  const out = Buffer.allocUnsafe(samples.length * perLead * ECG_SAMPLE_BYTES);
  if (LITTLE_ENDIAN) {
    // A typed view over the buffer: one store a sample, in the machine's (little) byte order.
    const view = new Int16Array(out.buffer, out.byteOffset, samples.length * perLead);
    let k = 0;
    for (const lead of samples) for (let i = 0; i < perLead; i++) view[k++] = Math.round(lead[i]!);
  } else {
    let offset = 0;
    for (const lead of samples)
      for (let i = 0; i < perLead; i++) offset = out.writeInt16LE(Math.round(lead[i]!), offset);
  }
  return out;
}

/** The leads' samples of a file (for readers: the ECG viewer, tests). */
export function decodeEcgSamples(data: Buffer, leadCount: number): Int16Array[] {
  const perLead = data.length / ECG_SAMPLE_BYTES / leadCount;
  const leads: Int16Array[] = [];
  for (let l = 0; l < leadCount; l++) {
    const lead = new Int16Array(perLead);
    for (let i = 0; i < perLead; i++)
      lead[i] = data.readInt16LE((l * perLead + i) * ECG_SAMPLE_BYTES);
    leads.push(lead);
  }
  return leads;
}
