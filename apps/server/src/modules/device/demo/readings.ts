import { createHash } from 'node:crypto';
import { CHINA_UTC_OFFSET_MS, DAY_MS, chinaDayStartOf } from '@health/contract';
import type { DeviceModelType, MeasurementTypeValue } from '../../../db/schema.js';
import {
  ecgRandom,
  generateEcg,
  randomEcgEpisodes,
  type EcgOptions,
  type EcgResult,
} from './ecg-model.js';

/**
 * Realistic readings of the demo devices, as a device would upload them (the ingest API's body):
 * each device stands for one member with a health profile derived from its serial (so the
 * simulator and the demo data agree without a database), and its readings follow that profile and
 * the time of day in China: blood pressure higher in the morning, glucose fasting before breakfast
 * and postprandial after meals, an occasional hypoglycaemia of a member on insulin, ECGs from the
 * McSharry model (ecg-model.ts) with the member's rhythm trouble. Abnormal readings at every level
 * of the warning thresholds (PRODUCT.md §3) occur in due proportion.
 */

export type ReadingType = MeasurementTypeValue;

/** What each kind of model uploads. */
export const READING_TYPES_OF: Record<DeviceModelType, readonly ReadingType[]> = {
  ecg: ['ecg'],
  bp: ['bp'],
  bg: ['bg'],
  chol: ['chol'],
  ua: ['ua'],
  multi: ['bg', 'chol', 'ua'],
};

export type BgContext = 'fasting' | 'postprandial' | 'random';

export type ReadingValues =
  | { type: 'bp'; values: { systolic: number; diastolic: number; pulse: number } }
  | { type: 'bg'; values: { mmol: number; context: BgContext } }
  | { type: 'chol'; values: { mmol: number } }
  | { type: 'ua'; values: { umol: number } };

/** A reading's body without its ECG samples (those are generated when it is sent). */
export type Reading =
  (ReadingValues & { measuredAt: number }) | { type: 'ecg'; measuredAt: number; ecg: EcgOptions };

export type EcgRhythm = 'sinus' | 'bradycardia' | 'tachycardia' | 'af' | 'pvc';

/** The member behind a device: baselines and tendencies. */
export interface ReadingProfile {
  seed: number;
  systolic: number;
  diastolic: number;
  pulse: number;
  /** Systolic swing of a reading (sd). */
  bpSpread: number;
  glucose: 'normal' | 'prediabetic' | 'diabetic';
  /** Diabetic on insulin: hypoglycaemia now and then. */
  hypoProne: boolean;
  cholesterol: number;
  uricAcid: number;
  heartRate: number;
  rhythm: EcgRhythm;
  /** Share of the planned measurements actually taken. */
  adherence: number;
}

/** A stable 32-bit seed of a text. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

function gauss(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The profile of the member using the device `serial`. */
export function profileOf(serial: string): ReadingProfile {
  const seed = seedOf(`demo reading profile:${serial}`);
  const rand = ecgRandom(seed);
  const r = rand();
  // Blood pressure: normotensive, hypertensive, severe, hypotensive.
  const systolic =
    r < 0.5
      ? 112 + 18 * rand()
      : r < 0.85
        ? 138 + 20 * rand()
        : r < 0.92
          ? 160 + 12 * rand()
          : 86 + 10 * rand();
  const g = rand();
  const glucose = g < 0.55 ? 'normal' : g < 0.75 ? 'prediabetic' : 'diabetic';
  const rh = rand();
  const rhythm: EcgRhythm =
    rh < 0.55
      ? 'sinus'
      : rh < 0.67
        ? 'bradycardia'
        : rh < 0.79
          ? 'tachycardia'
          : rh < 0.9
            ? 'af'
            : 'pvc';
  return {
    seed,
    systolic,
    diastolic: systolic * (0.6 + 0.06 * rand()),
    pulse: 62 + 22 * rand(),
    bpSpread: 6 + 5 * rand(),
    glucose,
    hypoProne: glucose === 'diabetic' && rand() < 0.4,
    cholesterol: 3.9 + 3.2 * rand(),
    uricAcid: 240 + 230 * rand(),
    heartRate: 60 + 26 * rand(),
    rhythm,
    adherence: 0.55 + 0.4 * rand(),
  };
}

/** The hour of day in China of an epoch-ms time (fractional). */
function chinaHour(at: number): number {
  return ((((at + CHINA_UTC_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;
}

export function bpValues(p: ReadingProfile, rand: () => number, at: number) {
  const hour = chinaHour(at);
  // The morning surge; a little lower in the evening.
  const shift = hour >= 5 && hour < 10 ? 7 : hour >= 18 ? -3 : 0;
  // Now and then a much higher one (stress, a missed pill).
  const spike = rand() < 0.04 ? 18 + 14 * rand() : 0;
  const systolic = Math.round(
    clamp(p.systolic + shift + spike + p.bpSpread * gauss(rand), 70, 250),
  );
  const diastolic = Math.round(
    clamp(
      p.diastolic + shift * 0.6 + spike * 0.55 + 0.6 * p.bpSpread * gauss(rand),
      40,
      systolic - 15,
    ),
  );
  const pulse = Math.round(clamp(p.pulse + (shift > 0 ? 4 : 0) + 5 * gauss(rand), 40, 150));
  return { systolic, diastolic, pulse };
}

/** The context a member measuring at this hour would choose. */
export function bgContextAt(at: number): BgContext {
  const hour = chinaHour(at);
  if (hour >= 5.5 && hour < 9) return 'fasting';
  if ((hour >= 13 && hour < 15) || (hour >= 19.5 && hour < 21.5)) return 'postprandial';
  return 'random';
}

export function bgValues(p: ReadingProfile, rand: () => number, at: number) {
  const context = bgContextAt(at);
  const r = rand();
  // Hypoglycaemia: a member on insulin, now and then; rarely anyone.
  if ((p.hypoProne && r < 0.12) || r < 0.01) {
    const severe = rand() < 0.45;
    return { mmol: round1(severe ? 2.4 + 0.5 * rand() : 3.1 + 0.7 * rand()), context };
  }
  const [fasting, after] =
    p.glucose === 'normal' ? [5.1, 7.2] : p.glucose === 'prediabetic' ? [6.3, 9.4] : [8.2, 13.5];
  const base =
    context === 'fasting' ? fasting : context === 'postprandial' ? after : (fasting + after) / 2;
  const mmol = clamp(base * (1 + 0.1 * gauss(rand)), 3.4, 28);
  return { mmol: round1(mmol), context };
}

export function cholValues(p: ReadingProfile, rand: () => number) {
  return { mmol: round2(clamp(p.cholesterol + 0.25 * gauss(rand), 2.6, 10.4)) };
}

export function uaValues(p: ReadingProfile, rand: () => number) {
  return { umol: Math.round(clamp(p.uricAcid + 30 * gauss(rand), 180, 900)) };
}

/**
 * The ECG of a recording of `durationS` seconds: the member's rhythm shows in about half of the
 * recordings (an AF member is not always in AF), with rates across the warning and urgent bands.
 */
export function ecgOptions(p: ReadingProfile, rand: () => number, durationS: number): EcgOptions {
  const seed = Math.floor(rand() * 2 ** 32);
  const base: EcgOptions = {
    durationS,
    seed,
    heartRate: p.heartRate + 4 * gauss(rand),
    amplitudeUv: 700 + 600 * rand(),
  };
  const shows = rand() < 0.55;
  if (!shows || p.rhythm === 'sinus') return base;
  switch (p.rhythm) {
    case 'bradycardia':
      // 44–52 a warning, some under 40 urgent.
      return { ...base, heartRate: rand() < 0.3 ? 35 + 4 * rand() : 43 + 8 * rand() };
    case 'tachycardia':
      return { ...base, heartRate: rand() < 0.3 ? 153 + 15 * rand() : 122 + 26 * rand() };
    case 'af':
      return {
        ...base,
        episodes: [{ kind: 'af', atS: 0, durationS, heartRate: 95 + 40 * rand() }],
      };
    case 'pvc':
      return { ...base, pvcPerMinute: 3 + 6 * rand() };
  }
}

/** A 24-hour (or `hours`) Holter-style recording with episodes of every kind. */
export function longEcgOptions(p: ReadingProfile, seed: number, hours: number): EcgOptions {
  const durationS = Math.round(hours * 3600);
  const per = Math.max(1, Math.round(hours / 8));
  return {
    durationS,
    seed,
    heartRate: p.heartRate,
    amplitudeUv: 900,
    pvcPerMinute: 0.3,
    episodes: randomEcgEpisodes(seed, durationS, {
      af: per,
      tachycardia: per,
      bradycardia: per,
      pvc: 3 * per,
    }),
  };
}

/** The upload's JSON of a reading (ECG: generated now, the samples written straight as text). */
export function readingJson(
  reading: Reading,
  extra: { battery?: number } = {},
): { json: string; ecg?: EcgResult } {
  if (reading.type !== 'ecg') {
    return {
      json: JSON.stringify({
        type: reading.type,
        measuredAt: reading.measuredAt,
        values: reading.values,
        ...extra,
      }),
    };
  }
  const ecg = generateEcg(reading.ecg);
  const arrhythmia = ecg.episodes.some((e) => e.kind === 'af' || e.kind === 'pvc');
  const head = JSON.stringify({
    type: 'ecg',
    measuredAt: reading.measuredAt,
    ...extra,
    values: {
      sampleRate: ecg.sampleRate,
      leads: ['I'],
      heartRate: clamp(Math.round(ecg.heartRate), 20, 300),
      arrhythmia,
    },
  });
  // …,"arrhythmia":false}} → …,"arrhythmia":false,"samples":[[…]]}}
  const json = `${head.slice(0, -2)},"samples":[[${ecg.samples.join(',')}]]}}`;
  return { json, ecg };
}

/** One reading of `type` at `at`, for a device `serial` (the simulator's live readings). */
export function readingAt(
  type: ReadingType,
  profile: ReadingProfile,
  rand: () => number,
  at: number,
  ecgSeconds: [number, number] = [10, 60],
): Reading {
  switch (type) {
    case 'bp':
      return { type, measuredAt: at, values: bpValues(profile, rand, at) };
    case 'bg':
      return { type, measuredAt: at, values: bgValues(profile, rand, at) };
    case 'chol':
      return { type, measuredAt: at, values: cholValues(profile, rand) };
    case 'ua':
      return { type, measuredAt: at, values: uaValues(profile, rand) };
    case 'ecg': {
      const [lo, hi] = ecgSeconds;
      const seconds = Math.round(lo + (hi - lo) * rand());
      return { type, measuredAt: at, ecg: ecgOptions(profile, rand, seconds) };
    }
  }
}

/**
 * Weeks of a device's readings between `from` and `to` (epoch ms), oldest first: blood pressure
 * morning and evening, glucose before breakfast and after meals, cholesterol and uric acid every few
 * days, an ECG of 30–60 s every few days; each planned one taken as the member's adherence says.
 */
export function deviceHistory(
  serial: string,
  type: DeviceModelType,
  from: number,
  to: number,
): Reading[] {
  const profile = profileOf(serial);
  const rand = ecgRandom(seedOf(`demo readings:${serial}`));
  const types = READING_TYPES_OF[type];
  const out: Reading[] = [];
  const at = (day: number, hourFrom: number, hourTo: number) =>
    day +
    Math.round((hourFrom + (hourTo - hourFrom) * rand()) * 3_600_000) +
    Math.floor(rand() * 1000);
  const take = (share = 1) => rand() < profile.adherence * share;
  const multi = types.length > 1;
  for (let day = chinaDayStartOf(from); day < to; day += DAY_MS) {
    const planned: [ReadingType, number][] = [];
    for (const t of types) {
      if (t === 'bp') {
        if (take()) planned.push(['bp', at(day, 6.3, 8.8)]);
        if (take(0.8)) planned.push(['bp', at(day, 19, 22)]);
      } else if (t === 'bg') {
        if (take(multi ? 0.6 : 0.9)) planned.push(['bg', at(day, 6.5, 8.5)]);
        if (take(multi ? 0.2 : 0.45)) planned.push(['bg', at(day, 13.2, 14.5)]);
        if (take(multi ? 0.2 : 0.4)) planned.push(['bg', at(day, 19.6, 21)]);
        if (take(0.15)) planned.push(['bg', at(day, 10, 17)]);
      } else if (t === 'chol' || t === 'ua') {
        if (rand() < (t === 'chol' ? 0.16 : 0.2)) planned.push([t, at(day, 8, 20)]);
      } else if (t === 'ecg') {
        if (rand() < 0.28) planned.push(['ecg', at(day, 8, 22)]);
      }
    }
    planned.sort((x, y) => x[1] - y[1]);
    for (const [t, when] of planned) {
      if (when <= from || when >= to) continue;
      out.push(readingAt(t, profile, rand, when, [30, 60]));
    }
  }
  return out;
}
