import { ECG_WINDOW_MAX_BINS, type EcgRecording, type EcgWindow } from '@health/contract';
import { SNAP_MS, snapPoint, type CaliperPoint, type SampleRun } from './calipers';
import {
  buildGrid,
  buildOverview,
  drawCalipers,
  gridShift,
  drawGutter,
  overviewTime,
  overviewX,
  PAPER_COLORS,
  traceWindow,
  xToTime,
  yToUv,
  type CaliperDrawing,
  type OverviewScale,
  type PaperLayout,
} from './render';
import {
  baselineMm,
  clampStart,
  devicePxPerMm,
  firstPointMs,
  gutterMm,
  planWindows,
  pxPerMs,
  rowHeightMm,
  trendAt,
  type WindowRequest,
} from './scale';
import { WindowCache, type FetchWindow } from './window-cache';

/** What the viewer shows next to the paper, updated every frame without a React render. */
export interface FrameInfo {
  startMs: number;
  spanMs: number;
  /** The cursor's time: under the pointer, else the middle of the strip. */
  cursorMs: number;
  /** Heart rate around the cursor: its R-R interval when the beats are loaded, else the trend's. */
  heartRate: number | null;
  loading: boolean;
  error: string | null;
}

export interface EngineOptions {
  speed: number;
  gain: number;
  cssPxPerMm: number;
}

const OVERVIEW_CSS_HEIGHT = 48;

/**
 * The viewer's imperative part: two canvases, the window cache and one requestAnimationFrame
 * loop. Everything that changes per frame (scroll position, cursor) lives here, not in React state;
 * React sets options (speed, gain, calibration, calipers) and gets FrameInfo back.
 */
export class ViewerEngine {
  private readonly cache: WindowCache;
  private opts: EngineOptions;
  private startMs = 0;
  private cssWidth = 0;
  private dpr = 1;
  private layout: PaperLayout | null = null;
  private gridShiftPx = -1;
  private boxPlace = '';
  private overviewScale: OverviewScale = { width: 0, height: 0, durationMs: 0 };
  private frame = 0;
  private hoverX: number | null = null;
  private calipers: CaliperDrawing = {
    a: null,
    b: null,
    measurement: null,
    marchOut: false,
    label: '',
  };
  private plan: { visible: WindowRequest[]; prefetch: WindowRequest[] } = {
    visible: [],
    prefetch: [],
  };
  private planKey = '';
  /** The window drawn for each visible tile this frame (reused, not reallocated). */
  private readonly sources: (EcgWindow | null)[] = [];
  private anchor: { ms: number; xCss: number } | null = null;
  private disposed = false;

  constructor(
    private readonly paper: HTMLCanvasElement,
    /** The paper grid, under the paper canvas (its parent clips it). */
    private readonly grid: HTMLCanvasElement,
    private readonly overview: HTMLCanvasElement,
    /** The current window's box over the overview. */
    private readonly overviewBox: HTMLElement,
    private readonly recording: EcgRecording,
    fetchWindow: FetchWindow,
    options: EngineOptions,
    private readonly onFrame: (info: FrameInfo) => void,
    private readonly overviewCaption: string,
    initialStartMs = 0,
  ) {
    this.opts = options;
    this.startMs = Math.max(0, initialStartMs);
    this.cache = new WindowCache(fetchWindow, () => this.invalidate());
  }

  /* ---------- geometry ---------- */

  get spanMs(): number {
    const l = this.layout;
    if (!l) return 0;
    return (l.width - l.gutter) / l.pxPerMs;
  }

  get start(): number {
    return this.startMs;
  }

  get durationMs(): number {
    return this.recording.durationMs;
  }

  private relayout(): void {
    const { speed, gain, cssPxPerMm } = this.opts;
    const pxPerMm = devicePxPerMm(cssPxPerMm, this.dpr);
    const rows = Math.max(1, this.recording.leads.length);
    const rowHeight = Math.round(rowHeightMm(gain) * pxPerMm);
    const width = Math.max(1, Math.round(this.cssWidth * this.dpr));
    const height = rowHeight * rows;
    const previous = this.layout;
    this.layout = {
      pxPerMm,
      dpr: this.dpr,
      width,
      height,
      gutter: Math.round(gutterMm(speed) * pxPerMm),
      rowHeight,
      baseline: Math.round(baselineMm(gain) * pxPerMm),
      speed,
      gain,
      startMs: this.startMs,
      pxPerMs: pxPerMs(speed, pxPerMm),
    };
    if (this.paper.width !== width || this.paper.height !== height) {
      this.paper.width = width;
      this.paper.height = height;
    }
    this.paper.style.width = `${this.cssWidth}px`;
    this.paper.style.height = `${height / this.dpr}px`;
    if (
      !previous ||
      previous.width !== width ||
      previous.height !== height ||
      previous.pxPerMm !== pxPerMm
    ) {
      buildGrid(this.grid, width, height, pxPerMm, this.dpr);
      this.gridShiftPx = -1;
    }
    // Keep the anchor (the time under the pointer when zooming, else the middle) in place.
    const anchor = this.anchor;
    this.anchor = null;
    if (anchor && previous) {
      this.startMs =
        anchor.ms - (anchor.xCss * this.dpr - this.layout.gutter) / this.layout.pxPerMs;
    }
    this.startMs = clampStart(this.startMs, this.spanMs, this.durationMs);
    this.layout.startMs = this.startMs;

    const ow = Math.max(1, Math.round(this.cssWidth * this.dpr));
    const oh = Math.round(OVERVIEW_CSS_HEIGHT * this.dpr);
    if (this.overviewScale.width !== ow || this.overviewScale.height !== oh) {
      this.overviewScale = { width: ow, height: oh, durationMs: this.durationMs };
      this.overview.style.width = `${this.cssWidth}px`;
      this.overview.style.height = `${OVERVIEW_CSS_HEIGHT}px`;
      this.boxPlace = '';
      buildOverview(
        this.overview,
        this.recording,
        this.overviewScale,
        this.dpr,
        this.overviewCaption,
      );
    }
  }

  resize(cssWidth: number, dpr: number): void {
    const w = Math.max(0, Math.floor(cssWidth));
    if (w === this.cssWidth && dpr === this.dpr && this.layout) return;
    this.cssWidth = w;
    this.dpr = dpr > 0 ? dpr : 1;
    this.relayout();
    this.invalidate();
  }

  setOptions(options: EngineOptions): void {
    const o = this.opts;
    if (o.speed === options.speed && o.gain === options.gain && o.cssPxPerMm === options.cssPxPerMm)
      return;
    if (this.layout && !this.anchor && o.speed !== options.speed) {
      const mid = (this.layout.gutter + this.layout.width) / 2;
      this.anchor = { ms: xToTime(this.layout, mid), xCss: mid / this.dpr };
    }
    this.opts = options;
    if (this.cssWidth > 0) this.relayout();
    this.invalidate();
  }

  /** The next speed change keeps this time at this x (CSS px from the paper's left). */
  anchorAt(xCss: number): void {
    if (!this.layout) return;
    this.anchor = { ms: xToTime(this.layout, xCss * this.dpr), xCss };
  }

  setCalipers(c: CaliperDrawing): void {
    this.calipers = c;
    this.invalidate();
  }

  /* ---------- scrolling ---------- */

  scrollTo(ms: number): void {
    const next = clampStart(ms, this.spanMs, this.durationMs);
    if (next === this.startMs) return;
    this.startMs = next;
    this.invalidate();
  }

  scrollBy(ms: number): void {
    this.scrollTo(this.startMs + ms);
  }

  /** Scroll by CSS pixels of paper (drag, wheel). */
  scrollByPixels(dxCss: number): void {
    if (!this.layout) return;
    this.scrollBy((dxCss * this.dpr) / this.layout.pxPerMs);
  }

  /** Centre the strip on a time (overview clicks). */
  centreOn(ms: number): void {
    this.scrollTo(ms - this.spanMs / 2);
  }

  /** Time at an x of the overview (CSS px). */
  overviewTimeAt(xCss: number): number {
    return overviewTime(this.overviewScale, xCss * this.dpr);
  }

  hover(xCss: number | null): void {
    this.hoverX = xCss === null ? null : xCss * this.dpr;
    this.invalidate();
  }

  /* ---------- points and samples ---------- */

  /** The recording time, lead and voltage under a point of the paper (CSS px), or null in the gutter. */
  pointAt(xCss: number, yCss: number): CaliperPoint | null {
    const l = this.layout;
    if (!l) return null;
    const x = xCss * this.dpr;
    const y = yCss * this.dpr;
    if (x < l.gutter) return null;
    const lead = Math.min(
      this.recording.leads.length - 1,
      Math.max(0, Math.floor(y / l.rowHeight)),
    );
    return { ms: xToTime(l, x), uv: yToUv(l, lead, y), lead, onBeat: false };
  }

  /** The finest loaded window holding a time. */
  private windowAt(ms: number): EcgWindow | null {
    let best: EcgWindow | null = null;
    for (const w of this.cache.loaded()) {
      if (ms < w.startMs || ms >= w.endMs) continue;
      if (!best || w.step / w.sampleRate < best.step / best.sampleRate) best = w;
    }
    return best;
  }

  private runOf(w: EcgWindow | null, lead: number): SampleRun | null {
    const data = w?.leads[lead];
    if (!w || !data || w.sampleRate <= 0) return null;
    const pointMs = (w.step * 1000) / w.sampleRate;
    return {
      startMs: firstPointMs(w) + (w.step > 1 ? pointMs / 2 : 0),
      pointMs,
      min: data.min,
      max: data.max,
    };
  }

  /** Snap a caliper point onto an R peak near it (a beat of the analysis, or a local extreme). */
  snap(p: CaliperPoint): CaliperPoint {
    const w = this.windowAt(p.ms);
    const run = this.runOf(w, p.lead);
    const beats = this.beatsNear(p.ms, SNAP_MS * 2);
    const valueAt = (ms: number) => {
      if (!run) return null;
      const i = Math.round((ms - run.startMs) / run.pointMs);
      return run.max[i] ?? null;
    };
    return snapPoint(p, beats, run, valueAt);
  }

  /** Beats of the loaded windows within ±range of a time. */
  beatsNear(ms: number, range: number): number[] {
    const out = new Set<number>();
    for (const w of this.cache.loaded())
      for (const b of w.beats) if (Math.abs(b - ms) <= range) out.add(b);
    return [...out].sort((a, b) => a - b);
  }

  /** Beats between two times (for a caliper's count of intervals). */
  beatsBetween(fromMs: number, toMs: number): number[] {
    return this.beatsNear((fromMs + toMs) / 2, (toMs - fromMs) / 2 + 1);
  }

  /** The loaded windows overlapping the strip on screen (for printing it). */
  windowsOnScreen(): EcgWindow[] {
    const end = this.startMs + this.spanMs;
    return [...this.cache.loaded()].filter((w) => w.endMs > this.startMs && w.startMs < end);
  }

  /** Whether every window of the screen is loaded (print waits for it). */
  screenLoaded(): boolean {
    return this.plan.visible.every((r) => this.cache.has(r.key));
  }

  private heartRateAt(ms: number): number | null {
    const w = this.windowAt(ms);
    if (w && w.beats.length > 1) {
      for (let i = 0; i + 1 < w.beats.length; i++) {
        const a = w.beats[i]!;
        const b = w.beats[i + 1]!;
        if (a <= ms && ms < b) return b > a ? Math.round(60_000 / (b - a)) : null;
      }
    }
    return trendAt(this.recording.analysis.heartRateTrend, ms);
  }

  /* ---------- drawing ---------- */

  invalidate(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** A loaded window to draw a tile from: the tile itself, else any loaded window overlapping it. */
  private sourceOf(r: WindowRequest): EcgWindow | null {
    const own = this.cache.peek(r.key);
    if (own) return own;
    let best: EcgWindow | null = null;
    let bestOverlap = 0;
    for (const w of this.cache.loaded()) {
      const overlap = Math.min(w.endMs, r.endMs) - Math.max(w.startMs, r.startMs);
      if (overlap > bestOverlap) {
        best = w;
        bestOverlap = overlap;
      }
    }
    return best;
  }

  private draw(): void {
    const l = this.layout;
    if (!l || this.cssWidth === 0) return;
    const ctx = this.paper.getContext('2d');
    if (!ctx) return;
    l.startMs = this.startMs;
    const span = this.spanMs;
    const end = this.startMs + span;

    // Which windows: only when the tiles change (not every frame of a scroll).
    const traceCss = (l.width - l.gutter) / this.dpr;
    const tile = Math.max(1, Math.round(span));
    const first = Math.floor(this.startMs / tile);
    const key = `${tile}:${Math.round(traceCss)}:${first}`;
    if (key !== this.planKey) {
      this.planKey = key;
      this.plan = planWindows(this.startMs, span, traceCss, this.durationMs, ECG_WINDOW_MAX_BINS);
      this.cache.want([...this.plan.visible, ...this.plan.prefetch]);
    }

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, l.width, l.height);
    const shift = gridShift(l);
    if (shift !== this.gridShiftPx) {
      this.gridShiftPx = shift;
      this.grid.style.transform = `translate3d(${-shift / this.dpr}px,0,0)`;
    }

    ctx.save();
    ctx.beginPath();
    ctx.rect(l.gutter, 0, l.width - l.gutter, l.height);
    ctx.clip();
    ctx.strokeStyle = PAPER_COLORS.trace;
    ctx.lineWidth = Math.max(1, 1.1 * this.dpr);
    ctx.lineJoin = 'round';
    let loading = false;
    let error: string | null = null;
    const visible = this.plan.visible;
    const sources = this.sources;
    sources.length = visible.length;
    for (let i = 0; i < visible.length; i++) {
      const r = visible[i]!;
      sources[i] = this.sourceOf(r);
      if (!this.cache.has(r.key)) {
        loading ||= this.cache.isLoading(r.key);
        error ??= this.cache.errorOf(r.key);
      }
    }
    const leads = this.recording.leads.length;
    for (let lead = 0; lead < leads; lead++) {
      ctx.beginPath();
      let joined = false;
      for (let i = 0; i < visible.length; i++) {
        const r = visible[i]!;
        const w = sources[i];
        if (!w) {
          joined = false;
          continue;
        }
        joined = traceWindow(
          ctx,
          w,
          lead,
          lead,
          l,
          Math.max(r.startMs, this.startMs),
          Math.min(r.endMs, end),
          joined,
        );
      }
      ctx.stroke();
    }
    ctx.restore();
    drawGutter(ctx, this.recording.leads, l);

    let cursorMs = this.startMs + span / 2;
    if (this.hoverX !== null && this.hoverX >= l.gutter) {
      cursorMs = xToTime(l, this.hoverX);
      ctx.fillStyle = PAPER_COLORS.cursor;
      ctx.fillRect(Math.round(this.hoverX), 0, Math.max(1, Math.round(this.dpr)), l.height);
    }
    drawCalipers(ctx, this.calipers, l, leads);

    this.placeOverviewBox(span);

    this.onFrame({
      startMs: this.startMs,
      spanMs: span,
      cursorMs: Math.min(this.durationMs, Math.max(0, cursorMs)),
      heartRate: this.heartRateAt(cursorMs),
      loading,
      error,
    });

    // Benchmark hook (bench/ecg-viewer.ts installs it): absent in use, one property read a frame.
    const probe = (globalThis as { __ecgFrameProbe?: (startMs: number, drawn: boolean) => void })
      .__ecgFrameProbe;
    if (probe)
      probe(
        this.startMs,
        visible.every((r) => this.cache.has(r.key)),
      );
  }

  /** The window's box on the overview, in whole device pixels, moved only when it changes. */
  private placeOverviewBox(span: number): void {
    const o = this.overviewScale;
    const x = Math.round(overviewX(o, this.startMs));
    // A recording shorter than the strip on screen: the box ends with the recording, not past
    // the overview (where it widened the page).
    const end = Math.min(this.startMs + span, this.durationMs);
    const w = Math.max(Math.round(3 * this.dpr), Math.round(overviewX(o, end)) - x);
    const place = `${x}:${w}`;
    if (place === this.boxPlace) return;
    this.boxPlace = place;
    this.overviewBox.style.transform = `translate3d(${x / this.dpr}px,0,0)`;
    this.overviewBox.style.width = `${w / this.dpr}px`;
  }

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.cache.dispose();
  }
}
