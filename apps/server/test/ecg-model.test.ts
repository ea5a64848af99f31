import { describe, expect, it } from 'vitest';
import {
  ecgReferenceCartesian,
  generateEcg,
  randomEcgEpisodes,
} from '../src/modules/device/demo/ecg-model.js';

/**
 * R peaks of a 250 Hz recording: the signal less its 0.4 s moving average, local maxima above
 * half the largest, at least 250 ms apart. Returns the heart rate from the first to the last peak.
 */
function detectedHeartRate(samples: Int16Array, fs = 250): { peaks: number; bpm: number } {
  const w = Math.round(fs * 0.4);
  const hp = new Float64Array(samples.length);
  let acc = 0;
  for (let i = 0; i < samples.length; i++) {
    acc += samples[i]!;
    if (i >= w) acc -= samples[i - w]!;
    hp[i] = samples[i]! - acc / Math.min(i + 1, w);
  }
  let max = 0;
  for (let i = fs; i < hp.length; i++) max = Math.max(max, hp[i]!);
  const peaks: number[] = [];
  for (let i = 1; i < hp.length - 1; i++) {
    const last = peaks[peaks.length - 1] ?? -Infinity;
    if (hp[i]! > max / 2 && hp[i]! >= hp[i - 1]! && hp[i]! > hp[i + 1]! && i - last > fs / 4)
      peaks.push(i);
  }
  const span = (peaks[peaks.length - 1]! - peaks[0]!) / fs;
  return { peaks: peaks.length, bpm: (60 * (peaks.length - 1)) / span };
}

describe('the McSharry ECG model', () => {
  it.each([40, 60, 75, 110, 160])('beats at the heart rate asked (%i bpm)', (bpm) => {
    const ecg = generateEcg({ durationS: 60, heartRate: bpm, seed: bpm });
    const detected = detectedHeartRate(ecg.samples);
    expect(Math.abs(detected.bpm - bpm)).toBeLessThan(3);
    expect(Math.abs(ecg.heartRate - bpm)).toBeLessThan(3);
    expect(detected.peaks).toBe(ecg.beats);
  });

  it('gives exactly duration × rate samples in the Int16 range, R about the asked height', () => {
    for (const [durationS, sampleRate] of [
      [10, 250],
      [33.3, 250],
      [1, 500],
    ] as const) {
      const ecg = generateEcg({ durationS, sampleRate, seed: 7 });
      expect(ecg.samples).toBeInstanceOf(Int16Array);
      expect(ecg.samples.length).toBe(Math.round(durationS * sampleRate));
    }
    const ecg = generateEcg({ durationS: 20, heartRate: 70, amplitudeUv: 1000, seed: 1 });
    const max = Math.max(...ecg.samples);
    expect(max).toBeGreaterThan(700);
    expect(max).toBeLessThan(1500);
  });

  it('is deterministic with a seed', () => {
    const opts = { durationS: 30, heartRate: 80, seed: 42, pvcPerMinute: 4 };
    const a = generateEcg(opts);
    const b = generateEcg(opts);
    expect(Buffer.from(a.samples.buffer).equals(Buffer.from(b.samples.buffer))).toBe(true);
    expect(a.episodes).toEqual(b.episodes);
    const c = generateEcg({ ...opts, seed: 43 });
    expect(Buffer.from(a.samples.buffer).equals(Buffer.from(c.samples.buffer))).toBe(false);
  });

  it('integrates the same system as the three Cartesian equations by RK4', () => {
    const reference = ecgReferenceCartesian(10, 72);
    const fast = generateEcg({
      durationS: 10,
      heartRate: 72,
      heartRateStd: 0,
      noiseUv: 0,
      wander: false,
    });
    let worst = 0;
    for (let i = 0; i < reference.length; i++)
      worst = Math.max(worst, Math.abs(reference[i]! - fast.samples[i]!));
    // Rounding to whole µV, nothing more.
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('has arrhythmic episodes: AF irregular without P waves, PVCs, tachycardia and bradycardia runs', () => {
    const ecg = generateEcg({
      durationS: 240,
      heartRate: 70,
      seed: 5,
      episodes: [
        { kind: 'af', atS: 20, durationS: 60, heartRate: 110 },
        { kind: 'tachycardia', atS: 100, durationS: 30, heartRate: 150 },
        { kind: 'bradycardia', atS: 150, durationS: 40, heartRate: 42 },
        { kind: 'pvc', atS: 200 },
        { kind: 'pvc', atS: 220 },
      ],
    });
    expect(ecg.episodes.map((e) => e.kind)).toEqual([
      'af',
      'tachycardia',
      'bradycardia',
      'pvc',
      'pvc',
    ]);
    const [af, tachy, brady] = ecg.episodes;
    expect(af).toEqual({ kind: 'af', startMs: 20_000, endMs: 80_000 });
    expect(tachy!.startMs).toBe(100_000);
    expect(brady!.endMs).toBe(190_000);
    const rate = (fromS: number, toS: number) =>
      detectedHeartRate(ecg.samples.subarray(fromS * 250, toS * 250)).bpm;
    expect(Math.abs(rate(105, 128) - 150)).toBeLessThan(8);
    expect(Math.abs(rate(155, 188) - 42)).toBeLessThan(4);
    expect(Math.abs(rate(25, 78) - 110)).toBeLessThan(15);

    // AF: RR intervals far more irregular than sinus rhythm's.
    const rrSpread = (fromS: number, toS: number) => {
      const sinus = generateEcg({
        durationS: toS - fromS,
        heartRate: 70,
        seed: 9,
        episodes: fromS === 0 ? [] : [{ kind: 'af', atS: 0, durationS: toS - fromS }],
      });
      const beats: number[] = [];
      const s = sinus.samples;
      let max = 0;
      for (const v of s) max = Math.max(max, v);
      for (let i = 1; i < s.length - 1; i++)
        if (
          s[i]! > max * 0.5 &&
          s[i]! >= s[i - 1]! &&
          s[i]! > s[i + 1]! &&
          i - (beats.at(-1) ?? -1e9) > 60
        )
          beats.push(i);
      const rr = beats.slice(1).map((b, i) => b - beats[i]!);
      const mean = rr.reduce((x, y) => x + y, 0) / rr.length;
      return Math.sqrt(rr.reduce((x, y) => x + (y - mean) ** 2, 0) / rr.length) / mean;
    };
    expect(rrSpread(1, 61)).toBeGreaterThan(0.15);
    expect(rrSpread(0, 60)).toBeLessThan(0.06);
  });

  it('makes 24 hours of 250 Hz in a few seconds', () => {
    const started = performance.now();
    const ecg = generateEcg({
      durationS: 86_400,
      heartRate: 68,
      seed: 3,
      pvcPerMinute: 0.3,
      episodes: randomEcgEpisodes(3, 86_400, { af: 3, tachycardia: 3, bradycardia: 3, pvc: 9 }),
    });
    const seconds = (performance.now() - started) / 1000;
    expect(ecg.samples.length).toBe(21_600_000);
    expect(ecg.episodes.filter((e) => e.kind !== 'pvc')).toHaveLength(9);
    expect(Math.abs(ecg.heartRate - 68)).toBeLessThan(6);
    // Generous for a shared CI machine; about 3 s here.
    expect(seconds).toBeLessThan(20);
  }, 60_000);
});
