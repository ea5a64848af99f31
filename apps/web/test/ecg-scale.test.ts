import { describe, expect, it } from 'vitest';
import {
  BANK_CARD_MM,
  calibrationBoxMm,
  clampStart,
  cssPxPerMmOf,
  DEFAULT_CSS_PX_PER_MM,
  devicePxPerMm,
  firstPointMs,
  formatOffset,
  mmToMs,
  mmToUv,
  msToMm,
  planWindows,
  pxPerMs,
  rowHeightMm,
  spanMsOf,
  trendAt,
  uvToMm,
} from '../src/shared/ecg/scale';

describe('ECG paper scale', () => {
  it('draws the 1 mV, 200 ms calibration box 5 mm wide and 10 mm high at 25 mm/s, 10 mm/mV', () => {
    expect(calibrationBoxMm(25, 10)).toEqual({ width: 5, height: 10 });
    expect(calibrationBoxMm(50, 20)).toEqual({ width: 10, height: 20 });
    expect(calibrationBoxMm(12.5, 5)).toEqual({ width: 2.5, height: 5 });
  });

  it('converts ms ↔ mm and µV ↔ mm both ways', () => {
    expect(msToMm(1000, 25)).toBe(25);
    expect(msToMm(40, 25)).toBeCloseTo(1);
    expect(mmToMs(5, 25)).toBe(200);
    expect(uvToMm(1000, 10)).toBe(10);
    expect(uvToMm(-500, 20)).toBe(-10);
    expect(mmToUv(10, 10)).toBe(1000);
  });

  it('uses 96 CSS px per 25.4 mm without a calibration, and the calibration when there is one', () => {
    expect(DEFAULT_CSS_PX_PER_MM).toBeCloseTo(3.7795, 4);
    expect(cssPxPerMmOf(null)).toBe(DEFAULT_CSS_PX_PER_MM);
    expect(cssPxPerMmOf(4.5)).toBe(4.5);
    expect(cssPxPerMmOf(Number.NaN)).toBe(DEFAULT_CSS_PX_PER_MM);
    expect(cssPxPerMmOf(100)).toBeLessThan(100);
  });

  it('multiplies by devicePixelRatio for the backing store', () => {
    expect(devicePxPerMm(4, 2)).toBe(8);
    expect(devicePxPerMm(4, 0)).toBe(4);
    // a calibrated 4 px/mm at 25 mm/s: 100 CSS px per second, 200 device px on a 2x screen
    expect(pxPerMs(25, devicePxPerMm(4, 2)) * 1000).toBe(200);
  });

  it('a bank card matched at 4 CSS px/mm is 342.4 px wide', () => {
    expect(BANK_CARD_MM.width * 4).toBeCloseTo(342.4);
  });

  it('spans the screen width in ms at the speed and the calibrated scale', () => {
    // 1000 CSS px at 4 px/mm is 250 mm: 10 s at 25 mm/s, 5 s at 50 mm/s
    expect(spanMsOf(1000, 25, 4)).toBe(10_000);
    expect(spanMsOf(1000, 50, 4)).toBe(5_000);
  });

  it('rows are whole major squares', () => {
    expect(rowHeightMm(10)).toBe(30);
    expect(rowHeightMm(5) % 5).toBe(0);
    expect(rowHeightMm(20)).toBeGreaterThanOrEqual(50);
  });

  it('keeps the start inside the recording', () => {
    expect(clampStart(-5, 1000, 60_000)).toBe(0);
    expect(clampStart(70_000, 1000, 60_000)).toBe(59_000);
    expect(clampStart(500, 10_000, 5_000)).toBe(0);
  });

  it('formats offsets and reads the trend', () => {
    expect(formatOffset(0)).toBe('00:00:00');
    expect(formatOffset(3_723_999)).toBe('01:02:03');
    expect(formatOffset(86_400_000)).toBe('24:00:00');
    const trend = { stepMs: 60_000, bpm: [70, null, 80] };
    expect(trendAt(trend, 59_999)).toBe(70);
    expect(trendAt(trend, 60_000)).toBeNull();
    expect(trendAt(trend, 150_000)).toBe(80);
    expect(trendAt(trend, 999_999)).toBeNull();
  });
});

describe('planWindows', () => {
  const DAY = 86_400_000;
  it('asks for the screen at one point per CSS column, in tiles one screen long', () => {
    const plan = planWindows(25_000, 10_000, 1000, DAY, 8000);
    expect(plan.visible).toEqual([
      { key: '10000:1000:2', startMs: 20_000, endMs: 30_000, bins: 1000 },
      { key: '10000:1000:3', startMs: 30_000, endMs: 40_000, bins: 1000 },
    ]);
    expect(plan.prefetch.map((w) => [w.startMs, w.endMs])).toEqual([
      [10_000, 20_000],
      [40_000, 50_000],
    ]);
  });

  it('needs one tile when the screen starts on a tile edge', () => {
    const plan = planWindows(30_000, 10_000, 1000, DAY, 8000);
    expect(plan.visible.map((w) => w.startMs)).toEqual([30_000]);
  });

  it('never asks beyond the recording, nor for the whole of it', () => {
    const plan = planWindows(0, 10_000, 1000, 15_000, 8000);
    expect(plan.visible.map((w) => w.startMs)).toEqual([0]);
    // no tile before 0; the last one is shorter, at the same resolution
    expect(plan.prefetch).toEqual([
      { key: '10000:1000:1', startMs: 10_000, endMs: 15_000, bins: 500 },
    ]);
    const day = planWindows(DAY - 10_000, 10_000, 1000, DAY, 8000);
    for (const w of [...day.visible, ...day.prefetch]) {
      expect(w.endMs).toBeLessThanOrEqual(DAY);
      expect(w.endMs - w.startMs).toBeLessThanOrEqual(10_000);
    }
  });

  it('caps the bins and rounds the span to whole ms', () => {
    const plan = planWindows(0, 1234.56, 20_000, DAY, 8000);
    expect(plan.visible[0]).toMatchObject({ startMs: 0, endMs: 1235, bins: 8000 });
  });

  it('reuses the same tiles while scrolling within a screen', () => {
    const a = planWindows(21_000, 10_000, 1000, DAY, 8000);
    const b = planWindows(29_000, 10_000, 1000, DAY, 8000);
    expect(a.visible.map((w) => w.key)).toEqual(b.visible.map((w) => w.key));
  });
});

describe('firstPointMs', () => {
  it('recovers the exact time of a window aligned to whole samples', () => {
    // 360 Hz, sample 1000 is at 2777.78 ms; the server writes 2778
    expect(firstPointMs({ startMs: 2778, sampleRate: 360 })).toBeCloseTo(2777.7778, 3);
    expect(firstPointMs({ startMs: 4000, sampleRate: 250 })).toBe(4000);
  });
});
