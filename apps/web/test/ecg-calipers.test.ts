import { describe, expect, it } from 'vitest';
import {
  bpmOfInterval,
  localExtreme,
  marchOut,
  measure,
  nearestBeat,
  snapPoint,
  type CaliperPoint,
} from '../src/shared/ecg/calipers';

const pt = (ms: number, uv = 0, onBeat = false): CaliperPoint => ({ ms, uv, lead: 0, onBeat });

describe('caliper maths', () => {
  it('gives 75 bpm for an R-R of 800 ms', () => {
    expect(bpmOfInterval(800)).toBe(75);
    expect(bpmOfInterval(0)).toBeNull();
    const m = measure(pt(1000, 1200, true), pt(1800, 1100, true), [1000, 1800]);
    expect(m).toMatchObject({ dtMs: 800, bpm: 75, intervals: 1, startMs: 1000, endMs: 1800 });
    expect(m.dMv).toBeCloseTo(-0.1);
  });

  it('measures Δt and ΔmV whichever point came first; no rate off the beats', () => {
    const m = measure(pt(2000, 500), pt(1600, -500));
    expect(m.dtMs).toBe(400);
    expect(m.dMv).toBe(-1);
    expect(m.bpm).toBeNull();
    expect(m.intervals).toBeNull();
  });

  it('spanning several beats gives the mean rate over the intervals', () => {
    const m = measure(pt(0, 0, true), pt(2400, 0, true), [0, 800, 1600, 2400]);
    expect(m.intervals).toBe(3);
    expect(m.bpm).toBe(75);
  });

  it('snaps to a beat within ±40 ms, else to the local extreme, else stays', () => {
    expect(nearestBeat(1030, [1000, 1800])).toBe(1000);
    expect(nearestBeat(1050, [1000, 1800])).toBeNull();
    const run = {
      startMs: 0,
      pointMs: 4,
      min: Array.from({ length: 500 }, (_, i) => (i === 300 ? 1500 : 0)),
      max: Array.from({ length: 500 }, (_, i) => (i === 300 ? 1500 : 0)),
    };
    const valueAt = () => 0;
    const onBeat = snapPoint(pt(1030, 200), [1000], run, valueAt);
    expect(onBeat).toMatchObject({ ms: 1000, onBeat: true });
    const onPeak = snapPoint(pt(1180, 200), [], run, valueAt);
    expect(onPeak).toMatchObject({ ms: 1200, uv: 1500, onBeat: true });
    const away = snapPoint(
      pt(1500, 200),
      [],
      { ...run, max: run.min.map(() => 0), min: run.min.map(() => 0) },
      valueAt,
    );
    expect(away).toMatchObject({ ms: 1500, onBeat: false }); // a flat stretch has no peak
    const none = snapPoint(pt(5000, 200), [], null, valueAt);
    expect(none).toMatchObject({ ms: 5000, uv: 200, onBeat: false });
  });

  it('finds a downward peak as well as an upward one', () => {
    const min = [0, 0, -900, 0, 0]; // a QS complex
    const max = [10, 10, 10, 10, 10];
    expect(localExtreme(8, { startMs: 0, pointMs: 4, min, max }, 8)).toEqual({ ms: 8, uv: -900 });
  });

  it('marches the interval out along the strip both ways', () => {
    expect(marchOut(1000, 800, 0, 5000)).toEqual([200, 2600, 3400, 4200, 5000]);
    expect(marchOut(1000, 0, 0, 5000)).toEqual([]);
    expect(marchOut(0, 1, 0, 10_000, 5)).toHaveLength(5);
  });
});
