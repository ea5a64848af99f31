/**
 * Min/max pyramids of an ECG recording's leads, and the plan of a window read from them. Pure: the
 * service reads and writes the bytes (one sidecar file per recording, next to the samples file).
 *
 * File layout (little-endian):
 *   header (32 bytes): "EMMP", version u16, fan-out u16, leads u16, levels u16, samples a lead u32,
 *                      zeros;
 *   then for each lead (in the order of the samples file), for each level from the finest:
 *   its buckets, each the lowest and the highest sample (Int16, µV) of `bucket` samples (the last
 *   bucket of a level may hold fewer).
 * Level k (from 1) has buckets of FANOUT^k samples; levels stop after the first one with fewer than
 * MIN_BUCKETS buckets. A 24-hour lead at 250 Hz: 8, 64, 512, 4096, 32768 samples a bucket, 12.3 MB.
 * Min/max (not averages) keeps every R peak's height at every zoom.
 */

export const PYRAMID_FANOUT = 8;
export const PYRAMID_MIN_BUCKETS = 1_000;
export const PYRAMID_HEADER_BYTES = 32;
const MAGIC = 0x504d4d45; // "EMMP" read as a little-endian u32
const FORMAT_VERSION = 1;
/** Bytes of one bucket: min and max, Int16 each. */
export const BUCKET_BYTES = 4;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export interface PyramidLevel {
  /** Samples a bucket. */
  bucket: number;
  buckets: number;
}

export interface PyramidLayout {
  leads: number;
  samplesPerLead: number;
  levels: PyramidLevel[];
  /** Bytes of one lead's levels. */
  leadBytes: number;
  totalBytes: number;
}

/** The levels of a lead of n samples. */
export function pyramidLayout(samplesPerLead: number, leads: number): PyramidLayout {
  const levels: PyramidLevel[] = [];
  let bucket = PYRAMID_FANOUT;
  for (;;) {
    const buckets = Math.ceil(samplesPerLead / bucket);
    if (buckets < 1) break;
    levels.push({ bucket, buckets });
    if (buckets < PYRAMID_MIN_BUCKETS) break;
    bucket *= PYRAMID_FANOUT;
  }
  const leadBytes = levels.reduce((sum, l) => sum + l.buckets * BUCKET_BYTES, 0);
  return {
    leads,
    samplesPerLead,
    levels,
    leadBytes,
    totalBytes: PYRAMID_HEADER_BYTES + leads * leadBytes,
  };
}

/** Where a level of a lead starts in the file. */
export function levelOffset(layout: PyramidLayout, lead: number, level: number): number {
  let offset = PYRAMID_HEADER_BYTES + lead * layout.leadBytes;
  for (let k = 0; k < level; k++) offset += layout.levels[k]!.buckets * BUCKET_BYTES;
  return offset;
}

/** The file's bytes: the pyramids of the leads (each an Int16Array of samplesPerLead). */
export function buildPyramids(leads: readonly Int16Array[]): Buffer {
  const n = leads[0]?.length ?? 0;
  const layout = pyramidLayout(n, leads.length);
  const out = Buffer.alloc(layout.totalBytes);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt16LE(FORMAT_VERSION, 4);
  out.writeUInt16LE(PYRAMID_FANOUT, 6);
  out.writeUInt16LE(leads.length, 8);
  out.writeUInt16LE(layout.levels.length, 10);
  out.writeUInt32LE(n, 12);
  if (layout.levels.length === 0) return out;
  // Native-order views, swapped to little-endian at the end on a big-endian machine.
  const body = new Int16Array(
    out.buffer,
    out.byteOffset + PYRAMID_HEADER_BYTES,
    (out.length - PYRAMID_HEADER_BYTES) / 2,
  );
  let at = 0;
  for (const samples of leads) {
    // Level 1 from the samples.
    const first = layout.levels[0]!;
    let prevAt = at;
    for (let b = 0; b < first.buckets; b++) {
      const from = b * first.bucket;
      const to = Math.min(n, from + first.bucket);
      let lo = samples[from]!;
      let hi = lo;
      for (let i = from + 1; i < to; i++) {
        const v = samples[i]!;
        if (v < lo) lo = v;
        else if (v > hi) hi = v;
      }
      body[at++] = lo;
      body[at++] = hi;
    }
    // Each further level from the one before.
    for (let k = 1; k < layout.levels.length; k++) {
      const prev = layout.levels[k - 1]!;
      const level = layout.levels[k]!;
      const levelAt = at;
      for (let b = 0; b < level.buckets; b++) {
        const from = b * PYRAMID_FANOUT;
        const to = Math.min(prev.buckets, from + PYRAMID_FANOUT);
        let lo = body[prevAt + 2 * from]!;
        let hi = body[prevAt + 2 * from + 1]!;
        for (let j = from + 1; j < to; j++) {
          const l = body[prevAt + 2 * j]!;
          const h = body[prevAt + 2 * j + 1]!;
          if (l < lo) lo = l;
          if (h > hi) hi = h;
        }
        body[at++] = lo;
        body[at++] = hi;
      }
      prevAt = levelAt;
    }
  }
  if (!LITTLE_ENDIAN) out.subarray(PYRAMID_HEADER_BYTES).swap16();
  return out;
}

/** The layout a file's header describes, or null when it is not one of ours (or not this one). */
export function readPyramidHeader(header: Buffer): PyramidLayout | null {
  if (header.length < PYRAMID_HEADER_BYTES || header.readUInt32LE(0) !== MAGIC) return null;
  if (header.readUInt16LE(4) !== FORMAT_VERSION || header.readUInt16LE(6) !== PYRAMID_FANOUT)
    return null;
  const layout = pyramidLayout(header.readUInt32LE(12), header.readUInt16LE(8));
  return layout.levels.length === header.readUInt16LE(10) ? layout : null;
}

/** Int16 values of little-endian bytes (a copy when the bytes are unaligned or big-endian). */
export function int16sOf(bytes: Buffer): Int16Array {
  if (LITTLE_ENDIAN && bytes.byteOffset % 2 === 0)
    return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1);
  const copy = Buffer.from(bytes);
  if (!LITTLE_ENDIAN) copy.swap16();
  return new Int16Array(copy.buffer, copy.byteOffset, copy.length >> 1);
}

/** Uint32 values of little-endian bytes (R peaks' sample indices). */
export function uint32sOf(bytes: Buffer): Uint32Array {
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0)
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const copy = Buffer.from(bytes);
  if (!LITTLE_ENDIAN) copy.swap32();
  return new Uint32Array(copy.buffer, copy.byteOffset, copy.length >> 2);
}

/** Little-endian bytes of R peaks' sample indices. */
export function bytesOfUint32s(values: Uint32Array): Buffer {
  const out = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  return LITTLE_ENDIAN ? Buffer.from(out) : Buffer.from(out).swap32();
}

/**
 * What a window read takes: samples [start, end) in `points` points of `step` samples, from `level`
 * (an index into the layout's levels, or -1 for the samples themselves).
 */
export interface WindowPlan {
  start: number;
  end: number;
  step: number;
  points: number;
  level: number;
  /** Samples a bucket of that level (1 for samples). */
  bucket: number;
}

/**
 * The plan of a window [startMs, endMs) of at most `bins` points: clamped to the recording; at one
 * point a sample when they fit; else `step` a whole number of the coarsest level's buckets that is
 * at most ceil(samples / bins), and the start moved back to a whole point (so points fall on the
 * same grid at every request and whole buckets make them).
 */
export function planWindow(
  layout: PyramidLayout,
  sampleRate: number,
  startMs: number,
  endMs: number,
  bins: number,
): WindowPlan {
  const n = layout.samplesPerLead;
  const s0 = Math.min(n, Math.floor((startMs * sampleRate) / 1000));
  const e = Math.min(n, Math.max(s0, Math.ceil((endMs * sampleRate) / 1000)));
  const count = e - s0;
  const wanted = Math.ceil(count / bins);
  if (wanted <= 1) return { start: s0, end: e, step: 1, points: count, level: -1, bucket: 1 };
  let level = -1;
  let bucket = 1;
  for (let k = 0; k < layout.levels.length; k++) {
    if (layout.levels[k]!.bucket > wanted) break;
    level = k;
    bucket = layout.levels[k]!.bucket;
  }
  let step = Math.ceil(wanted / bucket) * bucket;
  for (;;) {
    const start = Math.floor(s0 / step) * step;
    const points = Math.ceil((e - start) / step);
    // The last point is whole (or ends with the recording).
    if (points <= bins)
      return { start, end: Math.min(n, start + points * step), step, points, level, bucket };
    step += bucket;
  }
}

/**
 * Points of a plan from its level's buckets: `lows`/`highs` get `plan.points` values; `data` holds
 * interleaved min, max of the buckets from plan.start / plan.bucket on (or the samples themselves
 * when plan.bucket is 1, one value each).
 */
export function reducePoints(
  plan: WindowPlan,
  data: Int16Array,
  raw: boolean,
  lows: number[],
  highs: number[],
): void {
  const per = plan.step / plan.bucket;
  const stride = raw ? 1 : 2;
  const units = data.length / stride;
  for (let p = 0; p < plan.points; p++) {
    const from = p * per;
    const to = Math.min(units, from + per);
    let lo = data[from * stride]!;
    let hi = raw ? lo : data[from * stride + 1]!;
    for (let j = from + 1; j < to; j++) {
      const l = data[j * stride]!;
      const h = raw ? l : data[j * stride + 1]!;
      if (l < lo) lo = l;
      if (h > hi) hi = h;
    }
    lows.push(lo);
    highs.push(hi);
  }
}
