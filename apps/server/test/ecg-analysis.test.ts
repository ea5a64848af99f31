import { describe, expect, it } from 'vitest';
import {
  generateEcg,
  randomEcgEpisodes,
  type EcgEpisode,
} from '../src/modules/device/demo/ecg-model.js';
import {
  analyseEcgLead,
  detectRPeaks,
  RPeakDetector,
  type EcgEpisodeFound,
} from '../src/modules/report/ecg/analysis.js';

/**
 * The server's ECG analysis against the McSharry model (ecg-model.ts), whose beats, heart rate and
 * episodes are known: the R-peak detector at several rates and sample rates, with noise and
 * baseline wander, and the episodes it finds.
 */

const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  a.startMs <= b.endMs && b.startMs <= a.endMs;

describe('R-peak detection', () => {
  const cases: [number, number, number, boolean][] = [
    // bpm, sample rate, noise µV, baseline wander
    [60, 250, 8, true],
    [72, 250, 8, true],
    [150, 250, 8, true],
    [60, 500, 8, true],
    [72, 500, 30, true],
    [150, 500, 30, true],
    [72, 250, 40, true],
    [72, 100, 8, false],
    [72, 1000, 8, true],
  ];
  it.each(cases)(
    '%i bpm at %i Hz (noise %i µV, wander %s): mean within 3 bpm, beats within 2 %%',
    (bpm, sampleRate, noiseUv, wander) => {
      const ecg = generateEcg({
        durationS: 120,
        heartRate: bpm,
        sampleRate,
        noiseUv,
        wander,
        seed: bpm + sampleRate,
      });
      const { peaks, summary } = analyseEcgLead(ecg.samples, sampleRate);
      expect(Math.abs(peaks.length - ecg.beats)).toBeLessThanOrEqual(Math.ceil(ecg.beats * 0.02));
      expect(Math.abs(summary.meanHeartRate! - bpm)).toBeLessThanOrEqual(3);
      expect(Math.abs(summary.minHeartRate! - bpm)).toBeLessThanOrEqual(6);
      expect(Math.abs(summary.maxHeartRate! - bpm)).toBeLessThanOrEqual(6);
      // R peaks are the raw signal's local maxima (within a few ms).
      const near = Math.round(sampleRate * 0.02);
      for (const p of peaks.subarray(1, -1)) {
        let max = -Infinity;
        for (let i = p - near; i <= p + near; i++) max = Math.max(max, ecg.samples[i]!);
        expect(ecg.samples[p]).toBe(max);
      }
      // Clean sinus rhythm: no episode but the rate's own (tachycardia at 150).
      const kinds = new Set(summary.episodes.map((e) => e.kind));
      expect([...kinds]).toEqual(bpm > 100 ? ['tachycardia'] : []);
    },
  );

  it('gives the same peaks streamed in chunks as in one pass', () => {
    const ecg = generateEcg({ durationS: 60, heartRate: 80, seed: 3 });
    const whole = detectRPeaks(ecg.samples, 250);
    const detector = new RPeakDetector(ecg.samples, 250);
    for (let at = 777; at < ecg.samples.length; at += 777) detector.push(at);
    expect([...detector.finish()]).toEqual([...whole]);
  });

  it('finds nothing in a flat line and survives a lead-off gap', () => {
    expect(detectRPeaks(new Int16Array(2_500), 250).length).toBe(0);
    const ecg = generateEcg({ durationS: 60, heartRate: 70, seed: 4 });
    // 5 s of nothing in the middle: a pause episode, the beats around it found.
    ecg.samples.fill(0, 7_500, 8_750);
    const { peaks, summary } = analyseEcgLead(ecg.samples, 250);
    expect(Math.abs(peaks.length - (ecg.beats - 6))).toBeLessThanOrEqual(2);
    expect(summary.episodes.filter((e) => e.kind === 'pause')).toHaveLength(1);
  });

  it('analyses 24 hours of a lead at 250 Hz in one pass, in well under 2 s', () => {
    const ecg = generateEcg({ durationS: 86_400, heartRate: 72, seed: 9 });
    const t0 = performance.now();
    const { peaks, summary } = analyseEcgLead(ecg.samples, 250);
    const ms = performance.now() - t0;
    expect(Math.abs(peaks.length - ecg.beats)).toBeLessThanOrEqual(ecg.beats * 0.002);
    expect(summary.heartRateTrend.stepMs).toBe(60_000);
    expect(summary.heartRateTrend.bpm).toHaveLength(1_440);
    expect(summary.episodes).toEqual([]);
    // Generous for a shared test machine; bench-like numbers come from `ecg-window` and the log.
    expect(ms).toBeLessThan(4_000);
  }, 60_000);
});

describe('heart-rate trend', () => {
  it('has a point per 10 s of a short recording, null where no beat ended', () => {
    const ecg = generateEcg({ durationS: 60, heartRate: 90, seed: 5 });
    ecg.samples.fill(0, 20 * 250, 45 * 250);
    const { summary } = analyseEcgLead(ecg.samples, 250);
    const { stepMs, bpm } = summary.heartRateTrend;
    expect(stepMs).toBe(10_000);
    expect(bpm).toHaveLength(6);
    expect(bpm[3]).toBeNull();
    expect(Math.abs(bpm[0]! - 90)).toBeLessThanOrEqual(4);
    expect(Math.abs(bpm[5]! - 90)).toBeLessThanOrEqual(4);
  });
});

describe('episodes', () => {
  function matchEpisodes(generated: EcgEpisode[], found: EcgEpisodeFound[]) {
    for (const kind of ['af', 'tachycardia', 'bradycardia'] as const) {
      const want = generated.filter((e) => e.kind === kind);
      const got = found.filter((e) => e.kind === kind);
      for (const w of want)
        expect(
          got.some((g) => overlaps(g, w)),
          `${kind} ${w.startMs}`,
        ).toBe(true);
      // Nothing found where none was generated.
      for (const g of got)
        expect(
          want.some((w) => overlaps(g, w)),
          `${kind} ${g.startMs}`,
        ).toBe(true);
    }
    const pvcs = generated.filter((e) => e.kind === 'pvc');
    const foundPvcs = found.filter((e) => e.kind === 'pvc');
    const near = (a: number, b: number) => Math.abs(a - b) <= 400;
    const hits = pvcs.filter((w) => foundPvcs.some((g) => near(g.startMs, w.startMs))).length;
    expect(hits).toBeGreaterThanOrEqual(Math.floor(pvcs.length * 0.8));
    const falsePvcs = foundPvcs.filter((g) => !pvcs.some((w) => near(g.startMs, w.startMs)));
    expect(falsePvcs.length).toBeLessThanOrEqual(Math.max(2, pvcs.length * 0.1));
  }

  it.each([
    [250, 1, 8],
    [500, 2, 20],
    [250, 3, 30],
  ])(
    'finds generated episodes where they are (%i Hz, seed %i, noise %i µV)',
    (sampleRate, seed, noiseUv) => {
      const durationS = 2 * 3600;
      const ecg = generateEcg({
        durationS,
        sampleRate,
        noiseUv,
        seed,
        heartRate: 68,
        pvcPerMinute: 0.3,
        episodes: randomEcgEpisodes(seed, durationS, {
          af: 1,
          tachycardia: 1,
          bradycardia: 1,
          pvc: 3,
        }),
      });
      const { peaks, summary } = analyseEcgLead(ecg.samples, sampleRate);
      expect(Math.abs(peaks.length - ecg.beats)).toBeLessThanOrEqual(ecg.beats * 0.02);
      matchEpisodes(ecg.episodes, summary.episodes);
      for (const e of summary.episodes) {
        if (e.kind === 'tachycardia') expect(e.heartRate).toBeGreaterThan(100);
        if (e.kind === 'bradycardia') expect(e.heartRate).toBeLessThan(50);
      }
    },
    60_000,
  );

  it('marks a pause longer than 2 s', () => {
    const ecg = generateEcg({ durationS: 60, heartRate: 40, seed: 8 });
    // 40 bpm is 1.5 s a beat: a missing beat makes a 3-s pause.
    const peaks = detectRPeaks(ecg.samples, 250);
    const r = peaks[20]!;
    ecg.samples.fill(0, r - 40, r + 60);
    const { summary } = analyseEcgLead(ecg.samples, 250);
    const pauses = summary.episodes.filter((e) => e.kind === 'pause');
    expect(pauses).toHaveLength(1);
    expect(pauses[0]!.endMs - pauses[0]!.startMs).toBeGreaterThan(2_000);
  });

  it('finds no AF and no PVC in sinus rhythm with breathing, drift and noise', () => {
    for (const seed of [21, 22, 23]) {
      const ecg = generateEcg({
        durationS: 1_800,
        heartRate: 60 + seed,
        seed,
        noiseUv: 25,
        heartRateStd: 3,
      });
      const { summary } = analyseEcgLead(ecg.samples, 250);
      expect(summary.episodes).toEqual([]);
    }
  });
});
