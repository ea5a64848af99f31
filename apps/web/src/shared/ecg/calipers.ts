/**
 * Calipers in time coordinates (ms from the recording's start, µV), so they survive scrolling,
 * speed and gain changes. Pure functions, no DOM.
 */

/** How far (ms) a click may be from a beat, or look for a local extreme, to snap to it. */
export const SNAP_MS = 40;
/** A local extreme counts as a peak only if it stands this far (µV) from its surroundings. */
export const MIN_PEAK_UV = 150;
/** Most march-out ticks drawn (a 60 ms interval on a compressed strip would be hundreds). */
export const MAX_MARCH_TICKS = 200;

export interface CaliperPoint {
  /** ms from the recording's start. */
  ms: number;
  /** µV at the point (of the clicked height, or of the sample snapped to). */
  uv: number;
  /** The lead's row it was placed on. */
  lead: number;
  /** Snapped onto an R peak (a beat of the analysis, or a local extreme). */
  onBeat: boolean;
}

/** What a pair of caliper points measures (exposed to the page through onMeasure). */
export interface CaliperMeasurement {
  startMs: number;
  endMs: number;
  /** |Δt| in ms. */
  dtMs: number;
  /** Δ amplitude (second − first) in mV. */
  dMv: number;
  /** 60000·n/Δt when both ends are R peaks spanning n beat intervals; null otherwise. */
  bpm: number | null;
  /** Beat intervals the calipers span (1 for one R-R interval), null when not on beats. */
  intervals: number | null;
  lead: number;
}

/** Heart rate of an R-R interval: 800 ms → 75 bpm. */
export function bpmOfInterval(rrMs: number): number | null {
  return rrMs > 0 ? 60_000 / rrMs : null;
}

/** The beat nearest to `ms` within `toleranceMs`, or null (beats sorted or not). */
export function nearestBeat(
  ms: number,
  beats: readonly number[],
  toleranceMs = SNAP_MS,
): number | null {
  let best: number | null = null;
  let bestD = toleranceMs;
  for (const b of beats) {
    const d = Math.abs(b - ms);
    if (d <= bestD) {
      best = b;
      bestD = d;
    }
  }
  return best;
}

/** Samples of one lead at points `step` samples apart from `startMs` (a window's layout). */
export interface SampleRun {
  startMs: number;
  /** ms per point. */
  pointMs: number;
  min: ArrayLike<number>;
  max: ArrayLike<number>;
}

/**
 * The local extreme within ±toleranceMs of `ms`: the point whose min or max strays furthest from
 * the run's mean level over that range — the R peak whether it points up or down. Null when no
 * point lies in range or nothing stands out by `MIN_PEAK_UV` (a flat stretch has no peak).
 */
export function localExtreme(
  ms: number,
  run: SampleRun,
  toleranceMs = SNAP_MS,
): { ms: number; uv: number } | null {
  if (run.pointMs <= 0) return null;
  const n = Math.min(run.min.length, run.max.length);
  const from = Math.max(0, Math.ceil((ms - toleranceMs - run.startMs) / run.pointMs));
  const to = Math.min(n - 1, Math.floor((ms + toleranceMs - run.startMs) / run.pointMs));
  if (from > to) return null;
  // The level around the peak: the mean of the range's mid values (robust enough for ±40 ms).
  let sum = 0;
  for (let i = from; i <= to; i++) sum += (run.min[i]! + run.max[i]!) / 2;
  const level = sum / (to - from + 1);
  let best = from;
  let bestUv = run.max[from]!;
  let bestD = -1;
  for (let i = from; i <= to; i++) {
    const hi = run.max[i]!;
    const lo = run.min[i]!;
    if (Math.abs(hi - level) > bestD) {
      bestD = Math.abs(hi - level);
      best = i;
      bestUv = hi;
    }
    if (Math.abs(lo - level) > bestD) {
      bestD = Math.abs(lo - level);
      best = i;
      bestUv = lo;
    }
  }
  if (bestD < MIN_PEAK_UV) return null;
  return { ms: run.startMs + best * run.pointMs, uv: bestUv };
}

/**
 * Where a click lands when snapping: onto a beat of the analysis within the tolerance, else onto
 * the local extreme of the samples within it, else where it was clicked.
 */
export function snapPoint(
  point: CaliperPoint,
  beats: readonly number[],
  run: SampleRun | null,
  valueAt: (ms: number) => number | null,
  toleranceMs = SNAP_MS,
): CaliperPoint {
  const beat = nearestBeat(point.ms, beats, toleranceMs);
  if (beat !== null) {
    // The peak's height near the beat (the beat time may sit a sample off the drawn extreme).
    const ext = run ? localExtreme(beat, run, Math.min(toleranceMs, 10)) : null;
    const uv = ext?.uv ?? valueAt(beat) ?? point.uv;
    return { ...point, ms: beat, uv, onBeat: true };
  }
  const ext = run ? localExtreme(point.ms, run, toleranceMs) : null;
  if (ext) return { ...point, ms: ext.ms, uv: ext.uv, onBeat: true };
  return point;
}

/**
 * The measurement of two points. The heart rate is given when both ends sit on R peaks: over n
 * beat intervals (n = beats strictly between them + 1 when the beats are known, else 1), 60000·n/Δt.
 */
export function measure(
  a: CaliperPoint,
  b: CaliperPoint,
  beats: readonly number[] = [],
): CaliperMeasurement {
  const startMs = Math.min(a.ms, b.ms);
  const endMs = Math.max(a.ms, b.ms);
  const dtMs = endMs - startMs;
  const dMv = (b.uv - a.uv) / 1000;
  let intervals: number | null = null;
  let bpm: number | null = null;
  if (a.onBeat && b.onBeat && dtMs > 0) {
    let between = 0;
    for (const beat of beats) if (beat > startMs + 1 && beat < endMs - 1) between += 1;
    intervals = between + 1;
    bpm = (60_000 * intervals) / dtMs;
  }
  return { startMs, endMs, dtMs, dMv, bpm, intervals, lead: a.lead };
}

/**
 * March-out dividers: the measured interval repeated from its first point, both ways, at the times
 * inside [fromMs, toMs] (the calipers' own two points excluded). At most `limit` ticks.
 */
export function marchOut(
  originMs: number,
  intervalMs: number,
  fromMs: number,
  toMs: number,
  limit = MAX_MARCH_TICKS,
): number[] {
  if (!(intervalMs > 0) || toMs < fromMs) return [];
  const out: number[] = [];
  const kFrom = Math.ceil((fromMs - originMs) / intervalMs);
  const kTo = Math.floor((toMs - originMs) / intervalMs);
  for (let k = kFrom; k <= kTo && out.length < limit; k++) {
    if (k === 0 || k === 1) continue;
    out.push(originMs + k * intervalMs);
  }
  return out;
}
