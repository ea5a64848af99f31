/**
 * ECG paper maths: millimetres ↔ pixels ↔ milliseconds ↔ microvolts, and which windows of the
 * recording the viewer asks the server for. Pure functions, no DOM.
 *
 * Paper speed is in mm/s, gain in mm/mV. Pixels are CSS pixels unless a name says device pixels
 * (CSS px × devicePixelRatio, the canvas backing store's unit).
 */

/** Without a calibration: CSS defines 96 px to the inch (25.4 mm). */
export const DEFAULT_CSS_PX_PER_MM = 96 / 25.4;
/** What the calibration may store (a 4K laptop panel at 100 % is ~6.7, an old projector ~2). */
export const MIN_CSS_PX_PER_MM = 1.5;
export const MAX_CSS_PX_PER_MM = 12;

/** An ISO/IEC 7810 ID-1 card (bank card): what the calibration matches on screen. */
export const BANK_CARD_MM = { width: 85.6, height: 53.98 } as const;

/** Standard paper speeds (mm/s) and gains (mm/mV). */
export const PAPER_SPEEDS = [12.5, 25, 50] as const;
export const PAPER_GAINS = [5, 10, 20] as const;
export const DEFAULT_SPEED = 25;
export const DEFAULT_GAIN = 10;
/**
 * Ctrl+wheel zoom steps: the standard speeds and, for long recordings, compressed speeds (still true
 * mm/s on the paper, so the scale shown stays truthful).
 */
export const ZOOM_SPEEDS = [1, 2.5, 5, 12.5, 25, 50] as const;

/** Paper grid: 1 mm minor, 5 mm major. */
export const MINOR_MM = 1;
export const MAJOR_MM = 5;
/** The calibration pulse: 1 mV high, 200 ms wide. */
export const CAL_PULSE_MS = 200;
export const CAL_PULSE_MV = 1;

/** A calibration, or the CSS default, clamped to what is plausible. */
export function cssPxPerMmOf(calibrated: number | null | undefined): number {
  if (typeof calibrated !== 'number' || !Number.isFinite(calibrated)) return DEFAULT_CSS_PX_PER_MM;
  return Math.min(MAX_CSS_PX_PER_MM, Math.max(MIN_CSS_PX_PER_MM, calibrated));
}

/** Device pixels per millimetre for the canvas backing store. */
export function devicePxPerMm(cssPxPerMm: number, devicePixelRatio: number): number {
  return cssPxPerMm * (devicePixelRatio > 0 ? devicePixelRatio : 1);
}

/** Millimetres of paper for a duration at a speed (mm/s). */
export const msToMm = (ms: number, speed: number): number => (ms / 1000) * speed;
export const mmToMs = (mm: number, speed: number): number => (mm / speed) * 1000;
/** Millimetres of paper for a voltage (µV) at a gain (mm/mV). */
export const uvToMm = (uv: number, gain: number): number => (uv / 1000) * gain;
export const mmToUv = (mm: number, gain: number): number => (mm / gain) * 1000;

/** Pixels (in the unit of `pxPerMm`) per millisecond at a speed. */
export const pxPerMs = (speed: number, pxPerMm: number): number => (speed * pxPerMm) / 1000;

/** The calibration pulse's box on paper (mm): 200 ms wide, 1 mV high. */
export function calibrationBoxMm(speed: number, gain: number): { width: number; height: number } {
  return { width: msToMm(CAL_PULSE_MS, speed), height: CAL_PULSE_MV * gain };
}

/** Milliseconds shown by a strip `widthCssPx` wide. */
export function spanMsOf(widthCssPx: number, speed: number, cssPxPerMm: number): number {
  return widthCssPx / pxPerMs(speed, cssPxPerMm);
}

/**
 * Height of one lead's row (mm), a whole number of major squares: ±1.25 mV around the baseline
 * plus 5 mm of margin (30 mm at 10 mm/mV).
 */
export function rowHeightMm(gain: number): number {
  return Math.ceil((gain * 2.5) / MAJOR_MM) * MAJOR_MM + MAJOR_MM;
}

/** The baseline's distance from its row's top (mm, whole): 18 mm of a 30 mm row. */
export function baselineMm(gain: number): number {
  return Math.round(rowHeightMm(gain) * 0.6);
}

/** Left margin of each row (mm) holding the lead label and the calibration pulse. */
export function gutterMm(speed: number): number {
  return Math.ceil((msToMm(CAL_PULSE_MS, speed) + 6) / MINOR_MM) * MINOR_MM;
}

/** Keep the strip's left time inside the recording (the end may reach the right edge). */
export function clampStart(startMs: number, spanMs: number, durationMs: number): number {
  const max = Math.max(0, durationMs - spanMs);
  if (!Number.isFinite(startMs)) return 0;
  return Math.min(max, Math.max(0, startMs));
}

/* ---------- window planning ---------- */

/** One window to ask for: ecg/window?startMs&endMs&bins. */
export interface WindowRequest {
  /** Cache key: the tiling and the tile's index. */
  key: string;
  startMs: number;
  endMs: number;
  bins: number;
}

export interface WindowPlan {
  /** The windows covering the screen (one or two). */
  visible: WindowRequest[];
  /** One screen left and one screen right of them, fetched ahead. */
  prefetch: WindowRequest[];
}

/**
 * The windows to load for a strip showing [startMs, startMs + spanMs) over `columns` CSS pixel
 * columns. The time axis is cut into tiles one screen long (aligned to multiples of the span, so
 * scrolling reuses them), each asked for at one point per CSS column: the screen is covered by
 * the tile under its left edge and the next; the tiles either side are prefetched. Tiles are
 * clamped to the recording; none beyond it. The span is rounded to whole ms (the API takes
 * integers); `maxBins` caps the points a window asks for.
 */
export function planWindows(
  startMs: number,
  spanMs: number,
  columns: number,
  durationMs: number,
  maxBins: number,
): WindowPlan {
  const tile = Math.max(1, Math.round(spanMs));
  const bins = Math.max(1, Math.min(maxBins, Math.round(columns)));
  const make = (index: number): WindowRequest | null => {
    const s = index * tile;
    if (index < 0 || s >= durationMs) return null;
    const e = Math.min(durationMs, s + tile);
    // The last tile is shorter: fewer bins, same resolution.
    const b = Math.max(1, Math.min(bins, Math.ceil((bins * (e - s)) / tile)));
    return { key: `${tile}:${bins}:${index}`, startMs: s, endMs: e, bins: b };
  };
  const first = Math.floor(Math.max(0, startMs) / tile);
  const last = Math.floor(Math.max(0, startMs + spanMs - 1e-6) / tile);
  const visible: WindowRequest[] = [];
  for (let i = first; i <= last; i++) {
    const w = make(i);
    if (w) visible.push(w);
  }
  const prefetch = [make(first - 1), make(last + 1)].filter((w): w is WindowRequest => w !== null);
  return { visible, prefetch };
}

/* ---------- time ---------- */

/** hh:mm:ss of an offset from the recording's start (hours beyond 24 keep counting). */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Heart rate of the trend at a time (null where no beat was found or out of range). */
export function trendAt(
  trend: { stepMs: number; bpm: readonly (number | null)[] },
  ms: number,
): number | null {
  if (trend.stepMs <= 0 || ms < 0) return null;
  return trend.bpm[Math.floor(ms / trend.stepMs)] ?? null;
}

/**
 * The time of a window's first point, exact: the server aligns a window to whole points and
 * writes its start in whole ms, so the sample index is recovered first (fs ≤ 1000 Hz: a sample
 * is at least 1 ms, the ms rounding less than one).
 */
export function firstPointMs(w: { startMs: number; sampleRate: number }): number {
  if (w.sampleRate <= 0) return w.startMs;
  return (Math.round((w.startMs * w.sampleRate) / 1000) * 1000) / w.sampleRate;
}
