import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Button, Checkbox, Segmented, Tooltip } from 'antd';
import {
  AimOutlined,
  ClearOutlined,
  ColumnWidthOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ECG_EPISODE_KINDS,
  ERROR_NOTICE_MS,
  formatChinaDate,
  type EcgEpisodeInfo,
  type EcgRecording,
} from '@health/contract';
import { notice } from '../feedback/feedback';
import { localMessage } from '../i18n';
import { useEcgCalibrationStore } from '../stores/ecg-calibration';
import { measure, type CaliperMeasurement, type CaliperPoint } from './calipers';
import { CalibrationDialog } from './CalibrationDialog';
import { ViewerEngine, type FrameInfo } from './engine';
import { ECG_VIEWER_NS } from './locales';
import { printDocument, printHtml } from './print';
import { EPISODE_COLORS } from './render';
import {
  cssPxPerMmOf,
  DEFAULT_GAIN,
  DEFAULT_SPEED,
  formatOffset,
  PAPER_GAINS,
  PAPER_SPEEDS,
  ZOOM_SPEEDS,
} from './scale';
import type { FetchWindow } from './window-cache';
import './ecg-viewer.css';

export type { CaliperMeasurement } from './calipers';
export type { FetchWindow } from './window-cache';

export interface EcgViewerProps {
  /** The recording's facts and analysis (ecg/detail). */
  recording: EcgRecording;
  /** Loads one window (ecg/window); the viewer aborts it through the signal when it is stale. */
  fetchWindow: FetchWindow;
  /** Where the strip starts (ms from the recording's start); default 0. */
  initialStartMs?: number;
  /** Paper speed (mm/s), default 25. */
  initialSpeed?: number;
  /** Gain (mm/mV), default 10. */
  initialGain?: number;
  /** The calipers' measurement whenever it changes (null when cleared). */
  onMeasure?: (measurement: CaliperMeasurement | null) => void;
  /** The strip on screen (ms from the recording's start) at every frame: keep it in a ref. */
  onView?: (view: { startMs: number; spanMs: number }) => void;
}

const ONE_SECOND = 1000;
/** Wheel pixels per zoom step with Ctrl held (a mouse notch is ~100). */
const ZOOM_WHEEL_STEP = 80;

const clockOf = (measuredAt: number, ms: number) =>
  formatChinaDate(Math.floor(measuredAt + ms), '{y}-{m}-{d} {h}:{i}:{s}');

const round = (v: number, digits: number) => {
  const p = 10 ** digits;
  return Math.round(v * p) / p;
};

/**
 * An ECG on true-scale paper (Canvas 2D): every lead of the recording, 1/5 mm grid, calibration
 * pulse, switchable speed and gain, an overview of the whole recording (heart-rate trend,
 * episodes, the window on screen), keyboard / wheel / drag scrolling, calipers, printing at true
 * scale. Loads only the windows on screen (and one screen either side) at the resolution drawn.
 */
export function EcgViewer({
  recording,
  fetchWindow,
  initialStartMs = 0,
  initialSpeed = DEFAULT_SPEED,
  initialGain = DEFAULT_GAIN,
  onMeasure,
  onView,
}: EcgViewerProps) {
  const { t } = useTranslation(ECG_VIEWER_NS);
  const calibrated = useEcgCalibrationStore((s) => s.cssPxPerMm);
  const calibratedDpr = useEcgCalibrationStore((s) => s.devicePixelRatio);
  const cssPxPerMm = cssPxPerMmOf(calibrated);
  const [speed, setSpeed] = useState(initialSpeed);
  const [gain, setGain] = useState(initialGain);
  const [measuring, setMeasuring] = useState(false);
  const [snap, setSnap] = useState(true);
  const [march, setMarch] = useState(false);
  const [caliperA, setCaliperA] = useState<CaliperPoint | null>(null);
  const [caliperB, setCaliperB] = useState<CaliperPoint | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  const [status, setStatus] = useState<{ loading: boolean; error: string | null }>({
    loading: true,
    error: null,
  });
  const [episodeHover, setEpisodeHover] = useState<EcgEpisodeInfo | null>(null);

  const paperWrap = useRef<HTMLDivElement>(null);
  const paperRef = useRef<HTMLCanvasElement>(null);
  const gridRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const overviewRef = useRef<HTMLCanvasElement>(null);
  const offsetText = useRef<HTMLSpanElement>(null);
  const clockText = useRef<HTMLSpanElement>(null);
  const hrText = useRef<HTMLSpanElement>(null);
  const engineRef = useRef<ViewerEngine | null>(null);
  const statusRef = useRef(status);
  const labelsRef = useRef({ bpm: '', none: '' });
  const dragRef = useRef<{ x: number; moved: boolean } | null>(null);
  const wheelZoom = useRef(0);
  const fetchRef = useRef(fetchWindow);
  const onMeasureRef = useRef(onMeasure);
  const onViewRef = useRef(onView);

  useLayoutEffect(() => {
    fetchRef.current = fetchWindow;
    onMeasureRef.current = onMeasure;
    onViewRef.current = onView;
    labelsRef.current = { bpm: t('unit.bpm', { v: '{v}' }), none: t('readout.none') };
  });

  // The engine lives as long as the recording; it writes the per-frame readout straight to the DOM.
  useLayoutEffect(() => {
    const paper = paperRef.current;
    const overview = overviewRef.current;
    const grid = gridRef.current;
    const box = boxRef.current;
    if (!paper || !overview || !grid || !box) return;
    const onFrame = (f: FrameInfo) => {
      onViewRef.current?.({ startMs: f.startMs, spanMs: f.spanMs });
      if (offsetText.current) offsetText.current.textContent = formatOffset(f.cursorMs);
      if (clockText.current)
        clockText.current.textContent = clockOf(recording.measuredAt, f.cursorMs);
      if (hrText.current)
        hrText.current.textContent =
          f.heartRate === null
            ? labelsRef.current.none
            : labelsRef.current.bpm.replace('{v}', String(f.heartRate));
      overview.setAttribute('aria-valuenow', String(Math.round(f.startMs / 1000)));
      overview.setAttribute('aria-valuetext', formatOffset(f.startMs));
      const s = statusRef.current;
      if (s.loading !== f.loading || s.error !== f.error) {
        statusRef.current = { loading: f.loading, error: f.error };
        setStatus(statusRef.current);
      }
    };
    const engine = new ViewerEngine(
      paper,
      grid,
      overview,
      box,
      recording,
      (s, e, b, signal) => fetchRef.current(s, e, b, signal),
      { speed: initialSpeed, gain: initialGain, cssPxPerMm: cssPxPerMmOf(calibrated) },
      onFrame,
      labelsRef.current.bpm.replace('{v}', '60–100'),
      initialStartMs,
    );
    engineRef.current = engine;
    const wrap = paperWrap.current;
    const measureNow = () =>
      engine.resize(wrap?.clientWidth ?? paper.clientWidth, window.devicePixelRatio || 1);
    measureNow();
    const ro = new ResizeObserver(measureNow);
    if (wrap) ro.observe(wrap);
    // devicePixelRatio changes (browser zoom, another screen): a resolution query per ratio.
    let mq: MediaQueryList | null = null;
    const watchDpr = () => {
      mq?.removeEventListener('change', onDpr);
      mq = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      mq.addEventListener('change', onDpr);
    };
    const onDpr = () => {
      measureNow();
      watchDpr();
    };
    watchDpr();
    return () => {
      ro.disconnect();
      mq?.removeEventListener('change', onDpr);
      engine.dispose();
      engineRef.current = null;
    };
    // The initial values only seed the engine; later changes go through setOptions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording]);

  useEffect(() => {
    engineRef.current?.setOptions({ speed, gain, cssPxPerMm });
  }, [speed, gain, cssPxPerMm]);

  const measurement = useMemo<CaliperMeasurement | null>(() => {
    if (!caliperA || !caliperB) return null;
    const engine = engineRef.current;
    const beats = engine
      ? engine.beatsBetween(Math.min(caliperA.ms, caliperB.ms), Math.max(caliperA.ms, caliperB.ms))
      : [];
    return measure(caliperA, caliperB, beats);
  }, [caliperA, caliperB]);

  const caliperLabel = useMemo(() => {
    if (!measurement) return '';
    const parts = [
      t('caliper.dt', { v: Math.round(measurement.dtMs) }),
      t('caliper.dmv', { v: round(measurement.dMv, 2).toFixed(2) }),
    ];
    if (measurement.bpm !== null) {
      parts.push(
        t('caliper.bpm', { v: Math.round(measurement.bpm) }) +
          (measurement.intervals && measurement.intervals > 1
            ? t('caliper.intervals', { n: measurement.intervals })
            : ''),
      );
    }
    return parts.join(' · ');
  }, [measurement, t]);

  useEffect(() => {
    engineRef.current?.setCalipers({
      a: caliperA,
      b: caliperB,
      measurement,
      marchOut: march,
      label: caliperLabel,
    });
  }, [caliperA, caliperB, measurement, march, caliperLabel]);

  useEffect(() => {
    onMeasureRef.current?.(measurement);
  }, [measurement]);

  const clear = useCallback(() => {
    setCaliperA(null);
    setCaliperB(null);
  }, []);

  /* ---------- keyboard, wheel, pointer ---------- */

  const onKeyDown = (e: ReactKeyboardEvent) => {
    const engine = engineRef.current;
    if (!engine) return;
    const screen = engine.spanMs;
    switch (e.key) {
      case 'ArrowLeft':
        engine.scrollBy(e.shiftKey ? -screen : -ONE_SECOND);
        break;
      case 'ArrowRight':
        engine.scrollBy(e.shiftKey ? screen : ONE_SECOND);
        break;
      case 'PageUp':
        engine.scrollBy(-screen);
        break;
      case 'PageDown':
        engine.scrollBy(screen);
        break;
      case 'Home':
        engine.scrollTo(0);
        break;
      case 'End':
        engine.scrollTo(engine.durationMs);
        break;
      case 'Escape':
        if (caliperA) clear();
        else return;
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const zoom = useCallback((direction: 1 | -1, anchorX: number | null) => {
    setSpeed((current) => {
      const i = ZOOM_SPEEDS.findIndex((s) => s >= current);
      const from = i < 0 ? ZOOM_SPEEDS.length - 1 : i;
      const next = ZOOM_SPEEDS[Math.min(ZOOM_SPEEDS.length - 1, Math.max(0, from + direction))]!;
      if (next !== current && anchorX !== null) engineRef.current?.anchorAt(anchorX);
      return next;
    });
  }, []);

  // Wheel: a non-passive listener (React's is passive), so the page does not scroll as well.
  useEffect(() => {
    const el = paperWrap.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const engine = engineRef.current;
      if (!engine) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? el.clientWidth : 1;
      if (e.ctrlKey || e.metaKey) {
        wheelZoom.current += e.deltaY * unit;
        if (Math.abs(wheelZoom.current) >= ZOOM_WHEEL_STEP) {
          const rect = el.getBoundingClientRect();
          zoom(wheelZoom.current < 0 ? 1 : -1, e.clientX - rect.left);
          wheelZoom.current = 0;
        }
        return;
      }
      const d = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
      engine.scrollByPixels(d * unit);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom]);

  const localXY = (e: ReactPointerEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onPaperDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dragRef.current = { x: e.clientX, moved: false };
  };
  const onPaperMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const engine = engineRef.current;
    if (!engine) return;
    const drag = dragRef.current;
    if (drag) {
      const dx = e.clientX - drag.x;
      if (drag.moved || Math.abs(dx) > 3) {
        drag.moved = true;
        drag.x = e.clientX;
        engine.scrollByPixels(-dx);
        return;
      }
    }
    engine.hover(localXY(e).x);
  };
  const onPaperUp = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    const engine = engineRef.current;
    if (!engine || !drag || drag.moved || !measuring) return;
    const { x, y } = localXY(e);
    const raw = engine.pointAt(x, y);
    if (!raw) return;
    const p = snap ? engine.snap(raw) : raw;
    if (!caliperA || caliperB) {
      setCaliperA(p);
      setCaliperB(null);
    } else {
      setCaliperB({ ...p, lead: caliperA.lead });
    }
  };

  const overviewDrag = useRef(false);
  const jump = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const engine = engineRef.current;
    if (!engine) return;
    engine.centreOn(engine.overviewTimeAt(localXY(e).x));
  };
  const episodeAt = (xCss: number): EcgEpisodeInfo | null => {
    const engine = engineRef.current;
    if (!engine) return null;
    const ms = engine.overviewTimeAt(xCss);
    const slack = engine.overviewTimeAt(4);
    let best: EcgEpisodeInfo | null = null;
    for (const ep of recording.analysis.episodes) {
      if (ms >= ep.startMs - slack && ms <= ep.endMs + slack) best = ep;
    }
    return best;
  };

  /* ---------- print ---------- */

  const line = (label: string, value: string) => t('print.line', { label: t(label), value });
  const print = () => {
    const engine = engineRef.current;
    if (!engine) return;
    const start = engine.start;
    const end = Math.min(engine.durationMs, start + engine.spanMs);
    const html = printDocument({
      title: `${t('print.title')} · ${recording.memberName}`,
      meta: [
        line('print.member', `${recording.memberName} ${recording.memberPhone}`),
        line('print.measuredAt', formatChinaDate(recording.measuredAt)),
        line(
          'print.segment',
          `${formatOffset(start)}–${formatOffset(end)} (${clockOf(recording.measuredAt, start)})`,
        ),
        line(
          'print.scale',
          `${t('unit.mmPerS', { v: speed })} · ${t('unit.mmPerMv', { v: gain })}`,
        ),
        line('print.printedAt', formatChinaDate(Date.now())),
      ],
      note: t('print.note'),
      leads: recording.leads,
      startMs: start,
      endMs: end,
      speed,
      gain,
      windows: engine.windowsOnScreen(),
    });
    if (!printHtml(html))
      notice('error', { content: t('print.blocked'), duration: ERROR_NOTICE_MS / 1000 });
  };

  /* ---------- render ---------- */

  const speedOptions = useMemo(() => {
    const values: number[] = [...PAPER_SPEEDS];
    if (!values.includes(speed)) values.unshift(speed);
    return values.map((v) => ({ value: v, label: t('unit.mmPerS', { v }) }));
  }, [speed, t]);
  const gainOptions = useMemo(
    () => PAPER_GAINS.map((v) => ({ value: v, label: t('unit.mmPerMv', { v }) })),
    [t],
  );

  const duration = useMemo(() => {
    const s = Math.round(recording.durationMs / 1000);
    if (s >= 3600)
      return t('unit.hoursMinutes', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
    if (s >= 60) return t('unit.minutesSeconds', { m: Math.floor(s / 60), s: s % 60 });
    return t('unit.seconds', { v: s });
  }, [recording.durationMs, t]);

  const mean = recording.analysis.meanHeartRate;
  const ariaPaper = t('aria.paper', {
    name: recording.memberName,
    count: recording.leads.length,
    leads: recording.leads.join(', '),
    duration,
    hr: mean === null ? t('readout.none') : t('unit.bpm', { v: mean }),
  });

  const kinds = ECG_EPISODE_KINDS.filter((k) =>
    recording.analysis.episodes.some((e) => e.kind === k),
  );
  const zoomChanged =
    calibrated !== null &&
    calibratedDpr !== null &&
    typeof window !== 'undefined' &&
    Math.abs((window.devicePixelRatio || 1) - calibratedDpr) > 0.01;

  return (
    <div className="ecg-viewer">
      <div className="ecg-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        <span className="ecg-toolbar-group">
          <span className="ecg-toolbar-label">{t('toolbar.speed')}</span>
          <Segmented
            size="small"
            options={speedOptions}
            value={speed}
            onChange={(v) => setSpeed(Number(v))}
            aria-label={t('toolbar.speed')}
          />
        </span>
        <span className="ecg-toolbar-group">
          <span className="ecg-toolbar-label">{t('toolbar.gain')}</span>
          <Segmented
            size="small"
            options={gainOptions}
            value={gain}
            onChange={(v) => setGain(Number(v))}
            aria-label={t('toolbar.gain')}
          />
        </span>
        <span className="ecg-toolbar-group">
          <Button
            size="small"
            type={measuring ? 'primary' : 'default'}
            icon={<ColumnWidthOutlined />}
            aria-pressed={measuring}
            onClick={() => setMeasuring((m) => !m)}
          >
            {t('toolbar.measure')}
          </Button>
          <Checkbox checked={snap} onChange={(e) => setSnap(e.target.checked)}>
            {t('toolbar.snap')}
          </Checkbox>
          <Checkbox checked={march} onChange={(e) => setMarch(e.target.checked)}>
            {t('toolbar.marchOut')}
          </Checkbox>
          <Button size="small" icon={<ClearOutlined />} disabled={!caliperA} onClick={clear}>
            {t('toolbar.clear')}
          </Button>
        </span>
        <span className="ecg-toolbar-group">
          <Tooltip
            title={
              zoomChanged
                ? t('calibration.zoomChanged')
                : calibrated === null
                  ? t('calibration.notCalibrated')
                  : t('calibration.calibrated', { v: calibrated.toFixed(2) })
            }
          >
            <Button
              size="small"
              icon={<AimOutlined />}
              danger={zoomChanged}
              onClick={() => setCalibrating(true)}
            >
              {t('toolbar.calibrate')}
            </Button>
          </Tooltip>
          <Button
            size="small"
            icon={<PrinterOutlined />}
            onClick={print}
            disabled={status.loading || status.error !== null}
          >
            {t('toolbar.print')}
          </Button>
        </span>
      </div>

      <div className="ecg-readout">
        <span>
          {t('readout.offset')} <b ref={offsetText}>00:00:00</b>
        </span>
        <span>
          {t('readout.clock')} <b ref={clockText} />
        </span>
        <span>
          {t('readout.heartRate')} <b ref={hrText}>{t('readout.none')}</b>
        </span>
        <span>
          {t('readout.scale')}{' '}
          <b>
            {t('unit.mmPerS', { v: speed })} · {t('unit.mmPerMv', { v: gain })}
          </b>
        </span>
        {measuring && !measurement ? (
          <span className="ecg-readout-hint">
            {caliperA ? t('caliper.hintSecond') : t('caliper.hintFirst')}
          </span>
        ) : null}
        {measurement ? (
          <span className="ecg-readout-caliper" data-testid="ecg-caliper" role="status">
            {t('caliper.result')} <b>{caliperLabel}</b>
          </span>
        ) : null}
        {status.error ? (
          <span className="ecg-readout-error" role="alert">
            {t('readout.error', { msg: localMessage(status.error) })}
          </span>
        ) : status.loading ? (
          <span className="ecg-readout-hint" role="status">
            {t('readout.loading')}
          </span>
        ) : null}
      </div>

      <div className="ecg-overview">
        <canvas
          ref={overviewRef}
          className="ecg-overview-canvas"
          role="slider"
          tabIndex={0}
          aria-label={t('overview.label')}
          aria-valuemin={0}
          aria-valuemax={Math.round(recording.durationMs / 1000)}
          aria-valuenow={0}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            overviewDrag.current = true;
            jump(e);
          }}
          onPointerMove={(e) => {
            if (overviewDrag.current) jump(e);
            const ep = episodeAt(localXY(e).x);
            if (ep !== episodeHover) setEpisodeHover(ep);
          }}
          onPointerUp={() => {
            overviewDrag.current = false;
          }}
          onPointerLeave={() => setEpisodeHover(null)}
        />
        <div ref={boxRef} className="ecg-overview-box" aria-hidden="true" />
        <div className="ecg-overview-legend">
          <span>00:00:00</span>
          <span className="ecg-legend-trend">{t('overview.trend')}</span>
          {kinds.length === 0 ? (
            <span>{t('overview.noEpisodes')}</span>
          ) : (
            kinds.map((k) => (
              <span key={k} className="ecg-legend-item">
                <i style={{ background: EPISODE_COLORS[k] }} />
                {t(`episode.${k}`)} (
                {recording.analysis.episodes.filter((e) => e.kind === k).length})
              </span>
            ))
          )}
          {episodeHover ? (
            <span className="ecg-legend-hover">
              {t('overview.episodeAt', {
                kind: t(`episode.${episodeHover.kind}`),
                from: formatOffset(episodeHover.startMs),
                to: formatOffset(episodeHover.endMs),
              })}
              {episodeHover.heartRate !== null
                ? t('overview.episodeRate', { v: episodeHover.heartRate })
                : ''}
            </span>
          ) : null}
          <span className="ecg-legend-end">{formatOffset(recording.durationMs)}</span>
        </div>
      </div>

      <div ref={paperWrap} className="ecg-paper">
        <canvas ref={gridRef} className="ecg-paper-grid" aria-hidden="true" />
        <canvas
          ref={paperRef}
          className={measuring ? 'ecg-paper-canvas ecg-measuring' : 'ecg-paper-canvas'}
          role="application"
          tabIndex={0}
          // The label names the member (data): not translated, like the other names on the page.
          translate="no"
          aria-label={ariaPaper}
          onKeyDown={onKeyDown}
          onPointerDown={onPaperDown}
          onPointerMove={onPaperMove}
          onPointerUp={onPaperUp}
          onPointerCancel={() => {
            dragRef.current = null;
          }}
          onPointerLeave={() => engineRef.current?.hover(null)}
        />
      </div>
      <CalibrationDialog open={calibrating} onClose={() => setCalibrating(false)} />
    </div>
  );
}
