/**
 * The ECG analysis: R peaks of one lead, and from them the heart rate (mean, min, max, a trend) and
 * the arrhythmic episodes the viewer marks. Pure functions over typed arrays: no Fastify, no
 * database, no storage (the service reads the samples and keeps what this returns).
 *
 * The R-peak detector follows Pan and Tompkins, "A real-time QRS detection algorithm", IEEE Trans.
 * Biomed. Eng. 32(3), 1985, at any sample rate from 100 to 1000 Hz: a 5–15 Hz band-pass (two
 * biquads), the five-point derivative, squaring, a 150 ms moving-window integration, then adaptive
 * signal and noise levels on the integrated signal with a 200 ms refractory period, T-wave
 * rejection and a search back for a missed beat after 1.66 mean RR. The R peak is the extreme of
 * the raw signal over the integrated hump's QRS. One pass, a few numbers of state and a ring buffer:
 * a 24-hour lead at 250 Hz (21.6 M samples) takes a fraction of a second.
 */

/** Bump when the results change (detector, episodes, pyramids): stored analyses are rebuilt. */
export const ECG_ANALYSIS_VERSION = 1;

export type EcgEpisodeKind = 'af' | 'pvc' | 'tachycardia' | 'bradycardia' | 'pause';

export interface EcgEpisodeFound {
  kind: EcgEpisodeKind;
  startMs: number;
  endMs: number;
  heartRate: number | null;
}

export interface EcgSummary {
  beats: number;
  meanHeartRate: number | null;
  minHeartRate: number | null;
  maxHeartRate: number | null;
  heartRateTrend: { stepMs: number; bpm: (number | null)[] };
  episodes: EcgEpisodeFound[];
}

/* ------------------------------------------------------------------ R-peak detection */

/** Coefficients of an RBJ biquad (Butterworth, Q = 1/√2), normalised by a0. */
function biquad(kind: 'lowpass' | 'highpass', f0: number, fs: number): Float64Array {
  const w0 = (2 * Math.PI * Math.min(f0, fs * 0.45)) / fs;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const a0 = 1 + alpha;
  const b1 = kind === 'lowpass' ? 1 - cos : -(1 + cos);
  const b0 = kind === 'lowpass' ? (1 - cos) / 2 : (1 + cos) / 2;
  return new Float64Array([b0 / a0, b1 / a0, b0 / a0, (-2 * cos) / a0, (1 - alpha) / a0]);
}

/**
 * Pan–Tompkins R-peak detection over `samples` (µV) at `fs` Hz, streamed: `push` any number of
 * consecutive ranges of the same array (so a caller can yield between chunks), then `finish`.
 * The R peaks found so far are `peaks.subarray(0, count)`, sample indices in increasing order.
 */
export class RPeakDetector {
  peaks: Uint32Array;
  count = 0;

  private readonly hp: Float64Array;
  private readonly lp: Float64Array;
  // Biquad states (direct form I).
  private hx1 = 0;
  private hx2 = 0;
  private hy1 = 0;
  private hy2 = 0;
  private ly1 = 0;
  private ly2 = 0;
  private lx1 = 0;
  private lx2 = 0;
  // Derivative history (band-passed), moving-window ring.
  private d1 = 0;
  private d2 = 0;
  private d3 = 0;
  private d4 = 0;
  private readonly ring: Float64Array;
  private ringAt = 0;
  private sum = 0;
  private next = 0;

  // The hump being followed on the integrated signal.
  private humpVal = 0;
  private humpIdx = 0;
  // Adaptive levels.
  private spki = 0;
  private npki = 0;
  // The best noise hump since the last beat (search-back candidate).
  private candVal = 0;
  private candIdx = -1;
  private lastBeat = -1;
  private lastBeatVal = 0;
  private lastDecay = 0;
  private readonly rr = new Float64Array(8);
  private rrCount = 0;
  private rrSum = 0;

  private readonly win: number;
  private readonly refractory: number;
  private readonly tWave: number;
  private readonly maxHold: number;
  private readonly back: number;
  private readonly defaultRr: number;

  constructor(
    private readonly samples: Int16Array,
    private readonly fs: number,
  ) {
    this.hp = biquad('highpass', 5, fs);
    this.lp = biquad('lowpass', 15, fs);
    this.win = Math.max(1, Math.round(0.15 * fs));
    this.ring = new Float64Array(this.win);
    this.refractory = Math.round(0.2 * fs);
    this.tWave = Math.round(0.36 * fs);
    this.maxHold = Math.round(0.4 * fs);
    this.back = Math.round(0.25 * fs);
    this.defaultRr = fs;
    // Room for 200 bpm; grown when needed.
    this.peaks = new Uint32Array(Math.max(16, Math.ceil((samples.length / fs) * 3.4)));
    this.learn();
  }

  /** The levels' start: the integrated signal over the first 2 s (then the filters restart). */
  private learn(): void {
    const n = Math.min(this.samples.length, 2 * this.fs);
    let max = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const v = this.integrate(this.samples[i]!);
      if (i < this.win) continue; // the filters settle
      if (v > max) max = v;
      total += v;
    }
    this.spki = 0.6 * max;
    this.npki = n > this.win ? (0.5 * total) / (n - this.win) : 0;
    this.hx1 = this.hx2 = this.hy1 = this.hy2 = this.lx1 = this.lx2 = this.ly1 = this.ly2 = 0;
    this.d1 = this.d2 = this.d3 = this.d4 = 0;
    this.ring.fill(0);
    this.ringAt = 0;
    this.sum = 0;
  }

  /** One raw sample through band-pass, derivative, square and moving window. */
  private integrate(x: number): number {
    const h = this.hp;
    const y = h[0]! * x + h[1]! * this.hx1 + h[2]! * this.hx2 - h[3]! * this.hy1 - h[4]! * this.hy2;
    this.hx2 = this.hx1;
    this.hx1 = x;
    this.hy2 = this.hy1;
    this.hy1 = y;
    const l = this.lp;
    const z = l[0]! * y + l[1]! * this.lx1 + l[2]! * this.lx2 - l[3]! * this.ly1 - l[4]! * this.ly2;
    this.lx2 = this.lx1;
    this.lx1 = y;
    this.ly2 = this.ly1;
    this.ly1 = z;
    const d = (2 * z + this.d1 - this.d3 - 2 * this.d4) * 0.125;
    this.d4 = this.d3;
    this.d3 = this.d2;
    this.d2 = this.d1;
    this.d1 = z;
    const sq = d * d;
    this.sum += sq - this.ring[this.ringAt]!;
    this.ring[this.ringAt] = sq;
    if (++this.ringAt === this.win) this.ringAt = 0;
    return this.sum > 0 ? this.sum / this.win : 0;
  }

  /** Samples [this.next, end) (the next range of the array). */
  push(end: number): void {
    const stop = Math.min(end, this.samples.length);
    for (let i = this.next; i < stop; i++) {
      const v = this.integrate(this.samples[i]!);
      if (v > this.humpVal) {
        this.humpVal = v;
        this.humpIdx = i;
      } else if (v < 0.5 * this.humpVal || i - this.humpIdx > this.maxHold) {
        this.hump(this.humpVal, this.humpIdx);
        this.humpVal = v;
        this.humpIdx = i;
      }
      if ((i & 63) === 0) this.searchBack(i);
    }
    this.next = Math.max(this.next, stop);
  }

  finish(): Uint32Array {
    this.push(this.samples.length);
    if (this.humpVal > 0) this.hump(this.humpVal, this.humpIdx);
    return this.peaks.subarray(0, this.count);
  }

  private threshold(): number {
    return this.npki + 0.25 * (this.spki - this.npki);
  }

  /** A completed hump of the integrated signal: a beat, a T wave or noise. */
  private hump(val: number, idx: number): void {
    const since = this.lastBeat < 0 ? Infinity : idx - this.lastBeat;
    if (since < this.refractory) return;
    if (val > this.threshold() && !(since < this.tWave && val < 0.4 * this.lastBeatVal)) {
      this.spki = 0.125 * val + 0.875 * this.spki;
      this.beat(val, idx);
      return;
    }
    this.npki = 0.125 * val + 0.875 * this.npki;
    if (val > this.candVal) {
      this.candVal = val;
      this.candIdx = idx;
    }
  }

  /** No beat for 1.66 mean RR: take the best hump since above half the threshold. */
  private searchBack(i: number): void {
    if (this.lastBeat < 0) return;
    const rrAvg = this.rrCount > 0 ? this.rrSum / Math.min(this.rrCount, 8) : this.defaultRr;
    const since = i - this.lastBeat;
    if (since <= 1.66 * rrAvg) return;
    if (this.candIdx >= 0 && this.candVal > 0.5 * this.threshold()) {
      this.spki = 0.25 * this.candVal + 0.75 * this.spki;
      this.beat(this.candVal, this.candIdx);
      return;
    }
    // Long silence (a pause, or the amplitude dropped): let the signal level sink slowly.
    if (since > 2.5 * this.fs && i - this.lastDecay > this.fs) {
      this.lastDecay = i;
      this.spki = Math.max(this.npki, 0.7 * this.spki);
    }
  }

  private beat(val: number, idx: number): void {
    const r = this.locate(idx);
    if (this.count > 0 && r <= this.peaks[this.count - 1]!) {
      // The same QRS found twice (search back and a late hump): keep the first.
      this.candVal = 0;
      this.candIdx = -1;
      return;
    }
    if (this.lastBeat >= 0 && this.count > 0) {
      const rr = r - this.peaks[this.count - 1]!;
      const slot = this.rrCount % 8;
      this.rrSum += rr - (this.rrCount >= 8 ? this.rr[slot]! : 0);
      this.rr[slot] = rr;
      this.rrCount++;
    }
    if (this.count === this.peaks.length) {
      const grown = new Uint32Array(this.peaks.length * 2);
      grown.set(this.peaks);
      this.peaks = grown;
    }
    this.peaks[this.count++] = r;
    this.lastBeat = idx;
    this.lastBeatVal = val;
    this.lastDecay = idx;
    this.candVal = 0;
    this.candIdx = -1;
  }

  /** The R peak of the QRS whose integrated hump peaked at `idx`: the raw extreme before it. */
  private locate(idx: number): number {
    const prev = this.count > 0 ? this.peaks[this.count - 1]! + this.refractory : 0;
    const from = Math.max(0, idx - this.back, prev);
    const to = Math.min(this.samples.length - 1, idx);
    if (to <= from) return Math.max(idx, prev);
    const s = this.samples;
    let mean = 0;
    for (let i = from; i <= to; i++) mean += s[i]!;
    mean /= to - from + 1;
    let best = from;
    let bestDev = -1;
    for (let i = from; i <= to; i++) {
      const dev = Math.abs(s[i]! - mean);
      if (dev > bestDev) {
        bestDev = dev;
        best = i;
      }
    }
    return best;
  }
}

/** The R peaks (sample indices) of a lead, in one pass. */
export function detectRPeaks(samples: Int16Array, fs: number): Uint32Array {
  return new RPeakDetector(samples, fs).finish();
}

/* ------------------------------------------------------------------ heart rate and episodes */

/** Trend steps tried in order: the first giving at most TREND_MAX_POINTS points is used. */
const TREND_STEPS_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
export const TREND_MAX_POINTS = 2_000;
/** Beats whose RR median gives the min and max heart rate. */
const MEDIAN_BEATS = 8;
const PAUSE_MS = 2_000;
const TACHY_BPM = 100;
const BRADY_BPM = 50;
/** A tachycardia or bradycardia run: at least this many beats and this long. */
const RUN_MIN_BEATS = 4;
const RUN_MIN_MS = 10_000;
/** Runs of one kind closer than this are one episode. */
const RUN_MERGE_MS = 5_000;
/**
 * A premature beat: its RR below PVC_EARLY of the running mean, then a compensatory pause (one of
 * the next two RR above PVC_LATE of it, the three together about two to three mean RR). 0.88, not
 * the textbook 0.8: an R-to-R interval holds half of each of its two beats' cycles, so a beat
 * started at 65 % of the cycle shows an R-R of about 83 % (the ECG model times its beats so).
 */
const PVC_EARLY = 0.88;
const PVC_LATE = 1.1;
/** AF is judged over windows of this length, on RR irregularity. */
const AF_WINDOW_MS = 30_000;
const AF_MIN_RR = 12;
/** RR looked at when an AF episode's edges are moved. */
const AF_EDGE = 12;
/** Normalised RMSSD (RMSSD / mean RR) above which a window's rhythm is irregular. */
const AF_NRMSSD = 0.08;
/** And the share of successive RR differences above 10 % of the mean RR. */
const AF_IRREGULAR_SHARE = 0.3;
/** At most this many episodes are kept (runs first, then PVCs in time order). */
const MAX_EPISODES = 5_000;

function trendStep(durationMs: number): number {
  for (const step of TREND_STEPS_MS)
    if (Math.ceil(durationMs / step) <= TREND_MAX_POINTS) return step;
  return Math.ceil(durationMs / TREND_MAX_POINTS / 60_000) * 60_000;
}

function median(values: Float64Array, n: number, scratch: Float64Array): number {
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && scratch[j]! > v) {
      scratch[j + 1] = scratch[j]!;
      j--;
    }
    scratch[j + 1] = v;
  }
  return n % 2 === 1 ? scratch[(n - 1) >> 1]! : (scratch[n / 2 - 1]! + scratch[n / 2]!) / 2;
}

/**
 * What the viewer shows of a recording, from its R peaks (sample indices, increasing): heart rate
 * (mean over the recording, min and max of 8-beat medians, a trend per step) and episodes.
 */
export function summariseBeats(beats: Uint32Array, fs: number, samplesPerLead: number): EcgSummary {
  const n = beats.length;
  const durationMs = Math.round((samplesPerLead * 1000) / fs);
  const stepMs = trendStep(durationMs);
  const points = Math.max(1, Math.ceil(durationMs / stepMs));
  const msOf = (i: number) => Math.round((beats[i]! * 1000) / fs);

  const rr = new Float64Array(Math.max(0, n - 1));
  for (let i = 0; i + 1 < n; i++) rr[i] = ((beats[i + 1]! - beats[i]!) * 1000) / fs;

  // Trend: each RR counts in the step its ending beat falls in.
  const rrSum = new Float64Array(points);
  const rrCount = new Uint32Array(points);
  for (let i = 0; i < rr.length; i++) {
    const p = Math.min(points - 1, Math.floor(msOf(i + 1) / stepMs));
    rrSum[p] = rrSum[p]! + rr[i]!;
    rrCount[p] = rrCount[p]! + 1;
  }
  const bpm: (number | null)[] = new Array<number | null>(points);
  for (let p = 0; p < points; p++)
    bpm[p] = rrCount[p]! > 0 ? Math.round((60_000 * rrCount[p]!) / rrSum[p]!) : null;

  let meanHeartRate: number | null = null;
  let minHeartRate: number | null = null;
  let maxHeartRate: number | null = null;
  if (n >= 2) {
    meanHeartRate = Math.round((60 * (n - 1) * fs) / (beats[n - 1]! - beats[0]!));
    const w = Math.min(MEDIAN_BEATS, rr.length);
    const scratch = new Float64Array(w);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i + w <= rr.length; i++) {
      const m = median(rr.subarray(i, i + w), w, scratch);
      if (m < lo) lo = m;
      if (m > hi) hi = m;
    }
    minHeartRate = Math.round(60_000 / hi);
    maxHeartRate = Math.round(60_000 / lo);
  }

  return {
    beats: n,
    meanHeartRate,
    minHeartRate,
    maxHeartRate,
    heartRateTrend: { stepMs, bpm },
    episodes: findEpisodes(beats, rr, fs),
  };
}

function findEpisodes(beats: Uint32Array, rr: Float64Array, fs: number): EcgEpisodeFound[] {
  const msOf = (i: number) => Math.round((beats[i]! * 1000) / fs);
  const m = rr.length;

  // Premature beats against the mean of the last 8 RR that were neither premature nor after one.
  const ectopic = new Uint8Array(m);
  const pvcBeats: number[] = [];
  {
    const hist = new Float64Array(8);
    let count = 0;
    let sum = 0;
    for (let i = 0; i < m; i++) {
      if (ectopic[i]) continue;
      const mean = count >= 4 ? sum / Math.min(count, 8) : 0;
      if (mean > 0 && i + 1 < m && rr[i]! < PVC_EARLY * mean) {
        const late =
          rr[i + 1]! > PVC_LATE * mean ? 1 : i + 2 < m && rr[i + 2]! > PVC_LATE * mean ? 2 : 0;
        let span = 0;
        for (let k = 0; k <= late; k++) span += rr[i + k]!;
        if (late > 0 && Math.abs(span - (late + 1) * mean) < 0.25 * mean) {
          for (let k = 0; k <= late; k++) ectopic[i + k] = 1;
          pvcBeats.push(i + 1);
          continue;
        }
      }
      const slot = count % 8;
      sum += rr[i]! - (count >= 8 ? hist[slot]! : 0);
      hist[slot] = rr[i]!;
      count++;
    }
  }

  // AF: windows of irregular RR (an isolated premature beat is a few large differences in a
  // window: the share rule keeps it out), adjacent ones merged,
  // then the edges moved beat by beat to where the irregularity starts and stops.
  const af: { from: number; to: number }[] = [];
  for (let w0 = 0; w0 < m;) {
    // RR i belongs to the window its ending beat falls in.
    const windowEnd = (Math.floor(msOf(w0 + 1) / AF_WINDOW_MS) + 1) * AF_WINDOW_MS;
    let to = w0 + 1;
    while (to < m && msOf(to + 1) < windowEnd) to++;
    if (irregular(rr, ectopic, w0, to)) {
      const last = af[af.length - 1];
      if (last && last.to >= w0) last.to = to;
      else af.push({ from: w0, to });
    }
    w0 = to;
  }
  for (const run of af) {
    while (
      run.to - run.from > AF_MIN_RR &&
      irregularShare(rr, run.from, run.from + AF_EDGE) < AF_IRREGULAR_SHARE
    )
      run.from++;
    while (run.to - run.from > AF_MIN_RR && irregularShare(rr, run.to - AF_EDGE, run.to) < 0.5)
      run.to--;
    while (
      run.from > 0 &&
      irregularShare(rr, Math.max(0, run.from - AF_EDGE), run.from) >= AF_IRREGULAR_SHARE
    )
      run.from--;
    while (
      run.to < m &&
      irregularShare(rr, run.to, Math.min(m, run.to + AF_EDGE)) >= AF_IRREGULAR_SHARE
    )
      run.to++;
  }
  const inAf = new Uint8Array(m);
  const episodes: EcgEpisodeFound[] = [];
  const merged: { from: number; to: number }[] = [];
  for (const run of af) {
    const last = merged[merged.length - 1];
    if (last && run.from <= last.to) last.to = Math.max(last.to, run.to);
    else merged.push({ ...run });
  }
  for (const { from, to } of merged) {
    if (msOf(to) - msOf(from) < AF_WINDOW_MS) continue;
    inAf.fill(1, from, to);
    episodes.push({
      kind: 'af',
      startMs: msOf(from),
      endMs: msOf(to),
      heartRate: Math.round((60 * (to - from) * fs) / (beats[to]! - beats[from]!)),
    });
  }

  // Tachycardia and bradycardia: runs of the 5-RR median heart rate beyond the limits.
  const scratch = new Float64Array(5);
  const smoothHr = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const a = Math.max(0, i - 2);
    const b = Math.min(m, i + 3);
    smoothHr[i] = 60_000 / median(rr.subarray(a, b), b - a, scratch);
  }
  for (const kind of ['tachycardia', 'bradycardia'] as const) {
    const beyond = (i: number) =>
      !inAf[i] && (kind === 'tachycardia' ? smoothHr[i]! > TACHY_BPM : smoothHr[i]! < BRADY_BPM);
    const runs: { from: number; to: number }[] = [];
    for (let i = 0; i < m;) {
      if (!beyond(i)) {
        i++;
        continue;
      }
      let j = i;
      while (j < m && beyond(j)) j++;
      const last = runs[runs.length - 1];
      if (last && msOf(i) - msOf(last.to) < RUN_MERGE_MS) last.to = j;
      else runs.push({ from: i, to: j });
      i = j;
    }
    for (const { from, to } of runs) {
      if (to - from < RUN_MIN_BEATS || msOf(to) - msOf(from) < RUN_MIN_MS) continue;
      episodes.push({
        kind,
        startMs: msOf(from),
        endMs: msOf(to),
        heartRate: Math.round((60 * (to - from) * fs) / (beats[to]! - beats[from]!)),
      });
    }
  }

  for (let i = 0; i < m; i++)
    if (rr[i]! > PAUSE_MS)
      episodes.push({ kind: 'pause', startMs: msOf(i), endMs: msOf(i + 1), heartRate: null });

  for (const b of pvcBeats) {
    if (inAf[b - 1] || inAf[b]) continue;
    if (episodes.length >= MAX_EPISODES) break;
    const at = msOf(b);
    episodes.push({ kind: 'pvc', startMs: at, endMs: at, heartRate: null });
  }
  return episodes.slice(0, MAX_EPISODES).sort((x, y) => x.startMs - y.startMs || x.endMs - y.endMs);
}

/** The share of successive differences of RR [from, to) above 10 % of their mean (0 if < 2). */
function irregularShare(rr: Float64Array, from: number, to: number): number {
  if (to - from < 3) return 0;
  let sum = 0;
  for (let i = from; i < to; i++) sum += rr[i]!;
  const limit = (0.1 * sum) / (to - from);
  let big = 0;
  for (let i = from + 1; i < to; i++) if (Math.abs(rr[i]! - rr[i - 1]!) > limit) big++;
  return big / (to - from - 1);
}

/** Whether RR [from, to) are irregularly irregular (AF_NRMSSD and AF_IRREGULAR_SHARE). */
function irregular(rr: Float64Array, ectopic: Uint8Array, from: number, to: number): boolean {
  let sum = 0;
  let count = 0;
  for (let i = from; i < to; i++) {
    sum += rr[i]!;
    count++;
  }
  if (count < AF_MIN_RR) return false;
  const mean = sum / count;
  let sq = 0;
  let pairs = 0;
  let big = 0;
  for (let i = from + 1; i < to; i++) {
    // The differences a premature beat makes are the PVC rule's business.
    if (ectopic[i] || ectopic[i - 1]) continue;
    const d = rr[i]! - rr[i - 1]!;
    sq += d * d;
    pairs++;
    if (Math.abs(d) > 0.1 * mean) big++;
  }
  if (pairs < AF_MIN_RR / 2) return false;
  return Math.sqrt(sq / pairs) / mean > AF_NRMSSD && big / pairs > AF_IRREGULAR_SHARE;
}

/** R peaks and summary of a lead. */
export function analyseEcgLead(
  samples: Int16Array,
  fs: number,
): { peaks: Uint32Array; summary: EcgSummary } {
  const peaks = detectRPeaks(samples, fs);
  return { peaks, summary: summariseBeats(peaks, fs, samples.length) };
}
