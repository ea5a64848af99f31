import type { EcgEpisodeKindValue, EcgRecording, EcgWindow } from '@health/contract';
import { marchOut, type CaliperMeasurement, type CaliperPoint } from './calipers';
import { calibrationBoxMm, firstPointMs, MAJOR_MM, msToMm, uvToMm } from './scale';

/*
 * Canvas 2D drawing of the paper, the traces, the calipers and the overview. Everything is in
 * device pixels (the canvas's backing store, identity transform), so grid lines land on whole
 * device pixels. Nothing here allocates per point; the grid is drawn once into an offscreen canvas.
 */

export const PAPER_COLORS = {
  paper: '#fff7f7',
  minor: '#f7c6cc',
  major: '#e4808d',
  trace: '#111111',
  label: '#8c1d2b',
  caliper: '#1668dc',
  cursor: 'rgba(0,0,0,0.25)',
  loading: 'rgba(0,0,0,0.35)',
} as const;

export const EPISODE_COLORS: Record<EcgEpisodeKindValue, string> = {
  af: '#722ed1',
  pvc: '#fa8c16',
  tachycardia: '#f5222d',
  bradycardia: '#1677ff',
  pause: '#13a8a8',
};

/** Where everything is on the paper canvas, in device pixels. */
export interface PaperLayout {
  /** Device px per mm (calibrated CSS px per mm × devicePixelRatio). */
  pxPerMm: number;
  dpr: number;
  width: number;
  height: number;
  /** Left margin (lead label, calibration pulse). */
  gutter: number;
  /** One lead's row. */
  rowHeight: number;
  /** Baseline's distance from the row's top. */
  baseline: number;
  speed: number;
  gain: number;
  /** Recording time at the gutter's edge (ms). */
  startMs: number;
  /** Device px per ms. */
  pxPerMs: number;
}

export const timeToX = (l: PaperLayout, ms: number): number =>
  l.gutter + (ms - l.startMs) * l.pxPerMs;
export const xToTime = (l: PaperLayout, x: number): number =>
  l.startMs + (x - l.gutter) / l.pxPerMs;
export const uvToY = (l: PaperLayout, row: number, uv: number): number =>
  row * l.rowHeight + l.baseline - uvToMm(uv, l.gain) * l.pxPerMm;
export const yToUv = (l: PaperLayout, row: number, y: number): number =>
  ((row * l.rowHeight + l.baseline - y) / l.pxPerMm / l.gain) * 1000;

/**
 * The paper grid, one major square wider than the paper so it can slide with the time: minor
 * lines every mm, major every 5 mm, each on a whole device pixel. Drawn once per size into its own
 * canvas under the (transparent) trace canvas; scrolling only moves it (a compositor transform).
 */
export function buildGrid(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  pxPerMm: number,
  dpr: number,
): void {
  const majorPx = MAJOR_MM * pxPerMm;
  const w = Math.ceil(width + majorPx) + 2;
  canvas.width = w;
  canvas.height = height;
  canvas.style.width = `${w / dpr}px`;
  canvas.style.height = `${height / dpr}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = PAPER_COLORS.paper;
  ctx.fillRect(0, 0, w, height);
  const thin = Math.max(1, Math.round(dpr * 0.5));
  const thick = Math.max(1, Math.round(dpr));
  for (const major of [false, true]) {
    ctx.fillStyle = major ? PAPER_COLORS.major : PAPER_COLORS.minor;
    const lw = major ? thick : thin;
    const every = major ? MAJOR_MM : 1;
    for (let k = 0; k * pxPerMm <= w; k += every) {
      if (!major && k % MAJOR_MM === 0) continue;
      ctx.fillRect(Math.round(k * pxPerMm), 0, lw, height);
    }
    for (let k = 0; k * pxPerMm <= height; k += every) {
      if (!major && k % MAJOR_MM === 0) continue;
      ctx.fillRect(0, Math.round(k * pxPerMm), w, lw);
    }
  }
}

/**
 * How far (whole device px) the grid canvas slides left so its lines stay on the same times as the
 * paper scrolls.
 */
export function gridShift(l: PaperLayout): number {
  const gutterMm = l.gutter / l.pxPerMm;
  const phaseMm = (((msToMm(l.startMs, l.speed) - gutterMm) % MAJOR_MM) + MAJOR_MM) % MAJOR_MM;
  return Math.round(phaseMm * l.pxPerMm);
}

/** Lead label and a 1 mV, 200 ms calibration pulse at the start of each row. */
export function drawGutter(
  ctx: CanvasRenderingContext2D,
  leads: readonly string[],
  l: PaperLayout,
): void {
  const box = calibrationBoxMm(l.speed, l.gain);
  const mm = l.pxPerMm;
  ctx.strokeStyle = PAPER_COLORS.trace;
  ctx.lineWidth = Math.max(1, 0.9 * l.dpr);
  ctx.fillStyle = PAPER_COLORS.label;
  ctx.font = `600 ${Math.round(12 * l.dpr)}px sans-serif`;
  ctx.textBaseline = 'top';
  for (let row = 0; row < leads.length; row++) {
    const y0 = row * l.rowHeight + l.baseline;
    const top = y0 - box.height * mm;
    ctx.beginPath();
    ctx.moveTo(Math.round(1 * mm), y0);
    ctx.lineTo(Math.round(2 * mm), y0);
    ctx.lineTo(Math.round(2 * mm), top);
    ctx.lineTo(Math.round((2 + box.width) * mm), top);
    ctx.lineTo(Math.round((2 + box.width) * mm), y0);
    ctx.lineTo(Math.round((3 + box.width) * mm), y0);
    ctx.stroke();
    ctx.fillText(leads[row] ?? '', Math.round(1 * mm), row * l.rowHeight + Math.round(1 * mm));
  }
}

/**
 * A window's points of one lead as part of the current path: at step 1 a polyline through the
 * samples; above, each point a vertical stroke min..max joined to the next (keeps the R peaks).
 * Only the points between fromMs and toMs (plus one either side) are drawn. Returns whether the
 * path has a current point (to join the next window).
 */
export function traceWindow(
  ctx: CanvasRenderingContext2D,
  w: EcgWindow,
  lead: number,
  row: number,
  l: PaperLayout,
  fromMs: number,
  toMs: number,
  joined: boolean,
): boolean {
  const data = w.leads[lead];
  if (!data || w.sampleRate <= 0) return joined;
  const pointMs = (w.step * 1000) / w.sampleRate;
  const n = Math.min(data.min.length, data.max.length);
  const t0 = firstPointMs(w);
  const from = Math.max(0, Math.floor((fromMs - t0) / pointMs) - 1);
  const to = Math.min(n - 1, Math.ceil((toMs - t0) / pointMs) + 1);
  const base = row * l.rowHeight + l.baseline;
  const k = (l.gain * l.pxPerMm) / 1000;
  const centre = w.step > 1 ? pointMs / 2 : 0;
  let started = joined;
  for (let i = from; i <= to; i++) {
    const x = timeToX(l, t0 + i * pointMs + centre);
    const yMin = base - data.min[i]! * k;
    if (started) ctx.lineTo(x, yMin);
    else {
      ctx.moveTo(x, yMin);
      started = true;
    }
    if (w.step > 1) ctx.lineTo(x, base - data.max[i]! * k);
  }
  return started;
}

export interface CaliperDrawing {
  a: CaliperPoint | null;
  b: CaliperPoint | null;
  measurement: CaliperMeasurement | null;
  marchOut: boolean;
  /** The label drawn above the bracket ("800 ms · 75 bpm"). */
  label: string;
}

/** Calipers: two time lines, a bracket with its label, the amplitudes, march-out ticks. */
export function drawCalipers(
  ctx: CanvasRenderingContext2D,
  c: CaliperDrawing,
  l: PaperLayout,
  rows: number,
): void {
  if (!c.a) return;
  const mm = l.pxPerMm;
  ctx.save();
  ctx.beginPath();
  ctx.rect(l.gutter, 0, l.width - l.gutter, l.height);
  ctx.clip();
  ctx.strokeStyle = PAPER_COLORS.caliper;
  ctx.fillStyle = PAPER_COLORS.caliper;
  ctx.lineWidth = Math.max(1, l.dpr);
  const points = c.b ? [c.a, c.b] : [c.a];
  ctx.beginPath();
  for (const p of points) {
    const x = Math.round(timeToX(l, p.ms)) + 0.5;
    ctx.moveTo(x, 0);
    ctx.lineTo(x, rows * l.rowHeight);
  }
  ctx.stroke();
  // The amplitude of each point on its lead: a short horizontal dash and a dot.
  for (const p of points) {
    const x = timeToX(l, p.ms);
    const y = uvToY(l, p.lead, p.uv);
    ctx.beginPath();
    ctx.arc(x, y, 2.5 * l.dpr, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(x - 3 * mm, y);
    ctx.lineTo(x + 3 * mm, y);
    ctx.stroke();
  }
  if (c.b && c.measurement) {
    const xa = timeToX(l, c.measurement.startMs);
    const xb = timeToX(l, c.measurement.endMs);
    const y = c.a.lead * l.rowHeight + Math.round(4 * mm);
    ctx.beginPath();
    ctx.moveTo(xa, y + 1.5 * mm);
    ctx.lineTo(xa, y);
    ctx.lineTo(xb, y);
    ctx.lineTo(xb, y + 1.5 * mm);
    ctx.stroke();
    if (c.marchOut && c.measurement.dtMs > 0) {
      const ticks = marchOut(
        c.measurement.startMs,
        c.measurement.dtMs,
        xToTime(l, l.gutter),
        xToTime(l, l.width),
      );
      ctx.beginPath();
      for (const t of ticks) {
        const x = Math.round(timeToX(l, t)) + 0.5;
        ctx.moveTo(x, y - 1.5 * mm);
        ctx.lineTo(x, y + 1.5 * mm);
        ctx.moveTo(x, rows * l.rowHeight - 3 * mm);
        ctx.lineTo(x, rows * l.rowHeight);
      }
      ctx.setLineDash([3 * l.dpr, 3 * l.dpr]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.font = `600 ${Math.round(12 * l.dpr)}px sans-serif`;
    ctx.textBaseline = 'bottom';
    const text = c.label;
    const tw = ctx.measureText(text).width;
    const tx = Math.min(Math.max(l.gutter + 2, (xa + xb) / 2 - tw / 2), l.width - tw - 2);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(tx - 2, y - 15 * l.dpr, tw + 4, 14 * l.dpr);
    ctx.fillStyle = PAPER_COLORS.caliper;
    ctx.fillText(text, tx, y - 1.5 * l.dpr);
  }
  ctx.restore();
}

/* ---------- overview ---------- */

export interface OverviewScale {
  width: number;
  height: number;
  durationMs: number;
}

const BPM_LOW = 30;
const BPM_HIGH = 200;
/** Height (device px) of the episodes band at the overview's bottom. */
export const EPISODE_BAND = 8;

export const overviewX = (o: OverviewScale, ms: number): number =>
  o.durationMs > 0 ? (ms / o.durationMs) * o.width : 0;
export const overviewTime = (o: OverviewScale, x: number): number =>
  o.width > 0 ? (x / o.width) * o.durationMs : 0;

/**
 * The overview (trend and episodes), drawn once per size; the window box over it is an element
 * moved by a transform, so scrolling does not redraw it.
 */
export function buildOverview(
  canvas: HTMLCanvasElement,
  recording: EcgRecording,
  o: OverviewScale,
  dpr: number,
  baseline: string,
): void {
  canvas.width = Math.max(1, o.width);
  canvas.height = Math.max(1, o.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#fafafa';
  ctx.fillRect(0, 0, o.width, o.height);
  const band = EPISODE_BAND * dpr;
  const plotH = o.height - band - 2 * dpr;
  const yOf = (bpm: number) =>
    2 * dpr +
    (1 - (Math.min(BPM_HIGH, Math.max(BPM_LOW, bpm)) - BPM_LOW) / (BPM_HIGH - BPM_LOW)) *
      (plotH - 2 * dpr);
  // 60 and 100 bpm guides
  ctx.fillStyle = '#e8e8e8';
  for (const g of [60, 100]) ctx.fillRect(0, Math.round(yOf(g)), o.width, 1);
  ctx.fillStyle = '#8c8c8c';
  ctx.font = `${Math.round(9 * dpr)}px sans-serif`;
  ctx.textBaseline = 'bottom';
  ctx.fillText(baseline, 2 * dpr, Math.round(yOf(100)) - 1);
  const trend = recording.analysis.heartRateTrend;
  ctx.strokeStyle = '#cf1322';
  ctx.lineWidth = Math.max(1, dpr);
  ctx.beginPath();
  let pen = false;
  for (let i = 0; i < trend.bpm.length; i++) {
    const v = trend.bpm[i];
    if (v === null || v === undefined) {
      pen = false;
      continue;
    }
    const x = overviewX(o, (i + 0.5) * trend.stepMs);
    if (pen) ctx.lineTo(x, yOf(v));
    else ctx.moveTo(x, yOf(v));
    pen = true;
  }
  ctx.stroke();
  for (const e of recording.analysis.episodes) {
    ctx.fillStyle = EPISODE_COLORS[e.kind];
    const x = overviewX(o, e.startMs);
    const w = Math.max(2 * dpr, overviewX(o, e.endMs) - x);
    ctx.fillRect(Math.floor(x), o.height - band, Math.ceil(w), band);
  }
}
