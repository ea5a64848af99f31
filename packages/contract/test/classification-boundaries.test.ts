import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREWARNING_SET,
  classifyMeasurement,
  measurementOf,
  measurementReason,
  prewarningContradictions,
  type PrewarningSet,
} from '../src/index.js';

/**
 * Every boundary of PRODUCT.md §3, on both sides: at the defaults and at any consistent thresholds
 * an operator could save (generated, then kept only when 预警配置 would accept them).
 */

const clone = (r: PrewarningSet): PrewarningSet => JSON.parse(JSON.stringify(r)) as PrewarningSet;

/** Consistent BP thresholds: hypotension < grade 1 < grade 2 < grade 3 on each side. */
const bpRules = fc
  .record({
    s1: fc.integer({ min: 100, max: 200 }),
    s2: fc.integer({ min: 1, max: 30 }),
    s3: fc.integer({ min: 1, max: 30 }),
    d1: fc.integer({ min: 60, max: 120 }),
    d2: fc.integer({ min: 1, max: 20 }),
    d3: fc.integer({ min: 1, max: 20 }),
    hs: fc.integer({ min: 60, max: 99 }),
    hd: fc.integer({ min: 35, max: 59 }),
  })
  .map((v) => {
    const r = clone(DEFAULT_PREWARNING_SET);
    r.bp.grade1 = { systolicMin: v.s1, diastolicMin: v.d1 };
    r.bp.grade2 = { systolicMin: v.s1 + v.s2, diastolicMin: v.d1 + v.d2 };
    r.bp.grade3 = { systolicMin: v.s1 + v.s2 + v.s3, diastolicMin: v.d1 + v.d2 + v.d3 };
    r.bp.hypotension = { systolicBelow: v.hs, diastolicBelow: v.hd };
    return r;
  })
  .filter((r) => prewarningContradictions(r).length === 0);

const bp = (r: PrewarningSet, systolic: number, diastolic: number) =>
  classifyMeasurement(r, { type: 'bp', systolic, diastolic }).category;

describe('blood pressure boundaries', () => {
  it('at the defaults: 140/90, 160/100, 180/110 start a grade; below 90/60 is hypotension', () => {
    const r = DEFAULT_PREWARNING_SET;
    expect([bp(r, 139, 80), bp(r, 140, 80)]).toEqual(['normal', 'grade1']);
    expect([bp(r, 120, 89), bp(r, 120, 90)]).toEqual(['normal', 'grade1']);
    expect([bp(r, 159, 80), bp(r, 160, 80)]).toEqual(['grade1', 'grade2']);
    expect([bp(r, 120, 99), bp(r, 120, 100)]).toEqual(['grade1', 'grade2']);
    expect([bp(r, 179, 80), bp(r, 180, 80)]).toEqual(['grade2', 'grade3']);
    expect([bp(r, 120, 109), bp(r, 120, 110)]).toEqual(['grade2', 'grade3']);
    expect([bp(r, 90, 70), bp(r, 89, 70)]).toEqual(['normal', 'hypotension']);
    expect([bp(r, 110, 60), bp(r, 110, 59)]).toEqual(['normal', 'hypotension']);
    // The higher grade of the two counts; levels: grade 2 warns, grade 3 is urgent.
    expect(bp(r, 185, 95)).toBe('grade3');
    const level = (s: number, d: number) =>
      classifyMeasurement(r, { type: 'bp', systolic: s, diastolic: d }).level;
    expect([level(150, 80), level(165, 80), level(185, 80), level(85, 55)]).toEqual([
      'normal',
      'warning',
      'urgent',
      'warning',
    ]);
  });

  it('at any consistent thresholds, each grade starts exactly at its bound, on either side', () => {
    fc.assert(
      fc.property(bpRules, (r) => {
        // The lowest values that are not hypotension are normal on either side.
        const dNormal = r.bp.hypotension.diastolicBelow;
        const sNormal = r.bp.hypotension.systolicBelow;
        for (const [g, name] of [
          [r.bp.grade1, 'grade1'],
          [r.bp.grade2, 'grade2'],
          [r.bp.grade3, 'grade3'],
        ] as const) {
          expect(bp(r, g.systolicMin, dNormal)).toBe(name);
          expect(bp(r, g.systolicMin - 1, dNormal)).not.toBe(name);
          expect(bp(r, sNormal, g.diastolicMin)).toBe(name);
          expect(bp(r, sNormal, g.diastolicMin - 1)).not.toBe(name);
        }
        expect(bp(r, r.bp.hypotension.systolicBelow - 1, dNormal)).toBe('hypotension');
        expect(bp(r, r.bp.hypotension.systolicBelow, dNormal)).toBe('normal');
      }),
    );
  });
});

describe('glucose boundaries (mmol/L, one decimal)', () => {
  const bg = (r: PrewarningSet, value: number, context: 'fasting' | 'postprandial' | 'random') =>
    classifyMeasurement(r, { type: 'bg', value, context });

  it('at the defaults', () => {
    const r = DEFAULT_PREWARNING_SET;
    expect(bg(r, 6.9, 'fasting').category).toBe('impaired');
    expect(bg(r, 7.0, 'fasting')).toMatchObject({ category: 'high', level: 'warning' });
    expect(bg(r, 6.1, 'fasting').category).toBe('normal');
    expect(bg(r, 6.2, 'fasting').category).toBe('impaired');
    expect(bg(r, 11.0, 'postprandial').category).toBe('normal');
    expect(bg(r, 11.1, 'postprandial').category).toBe('high');
    expect(bg(r, 11.0, 'random').category).toBe('normal');
    expect(bg(r, 11.1, 'random').category).toBe('high');
    expect(bg(r, 3.9, 'fasting').category).toBe('normal');
    expect(bg(r, 3.8, 'random')).toMatchObject({ category: 'low', level: 'warning' });
    expect(bg(r, 3.0, 'random').category).toBe('low');
    expect(bg(r, 2.9, 'postprandial')).toMatchObject({ category: 'urgentLow', level: 'urgent' });
  });

  it('at any consistent thresholds', () => {
    const tenth = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((n) => n / 10);
    const rules = fc
      .record({
        urgent: tenth(20, 34),
        low: tenth(35, 45),
        normalMax: tenth(55, 65),
        fastingHigh: tenth(66, 80),
        pp: tenth(90, 140),
      })
      .map((v) => {
        const r = clone(DEFAULT_PREWARNING_SET);
        r.bg.urgentLowBelow = v.urgent;
        r.bg.lowBelow = v.low;
        r.bg.fasting = { normalMin: v.low, normalMax: v.normalMax, highMin: v.fastingHigh };
        r.bg.postprandialHighMin = v.pp;
        r.bg.randomHighMin = v.pp;
        return r;
      })
      .filter((r) => prewarningContradictions(r).length === 0);
    const below = (x: number) => Math.round(x * 10 - 1) / 10;
    fc.assert(
      fc.property(rules, (r) => {
        expect(bg(r, r.bg.fasting.highMin, 'fasting').category).toBe('high');
        expect(bg(r, below(r.bg.fasting.highMin), 'fasting').category).not.toBe('high');
        expect(bg(r, r.bg.postprandialHighMin, 'postprandial').category).toBe('high');
        expect(bg(r, below(r.bg.postprandialHighMin), 'postprandial').category).toBe('normal');
        expect(bg(r, r.bg.lowBelow, 'random').category).toBe('normal');
        expect(bg(r, below(r.bg.lowBelow), 'random').category).not.toBe('normal');
        expect(bg(r, r.bg.urgentLowBelow, 'random').category).toBe('low');
        expect(bg(r, below(r.bg.urgentLowBelow), 'random').category).toBe('urgentLow');
      }),
    );
  });
});

describe('cholesterol, uric acid and ECG boundaries', () => {
  const r = DEFAULT_PREWARNING_SET;

  it('cholesterol: 5.2 borderline, 6.2 high', () => {
    const chol = (value: number) => classifyMeasurement(r, { type: 'chol', value });
    expect([chol(5.1).category, chol(5.2).category]).toEqual(['normal', 'borderline']);
    expect([chol(6.1).category, chol(6.2).category]).toEqual(['borderline', 'high']);
    expect(chol(6.2).level).toBe('warning');
  });

  it('uric acid: above 420 for men, above 360 for women', () => {
    const ua = (value: number, sex: 'male' | 'female') =>
      classifyMeasurement(r, { type: 'ua', value, sex }).category;
    expect([ua(420, 'male'), ua(421, 'male')]).toEqual(['normal', 'high']);
    expect([ua(360, 'female'), ua(361, 'female')]).toEqual(['normal', 'high']);
    // Unknown sex: judged by the stricter limit.
    const unknown = measurementOf('ua', { umol: 400 }, 'unknown', r);
    expect(classifyMeasurement(r, unknown).category).toBe('high');
  });

  it('ECG: warning below 50 / above 120, urgent below 40 / above 150, at any ordered bounds', () => {
    const hr = (rules: PrewarningSet, heartRate: number) =>
      classifyMeasurement(rules, { type: 'ecg', heartRate });
    expect([hr(r, 50).level, hr(r, 49).level]).toEqual(['normal', 'warning']);
    expect([hr(r, 120).level, hr(r, 121).level]).toEqual(['normal', 'warning']);
    expect([hr(r, 40).level, hr(r, 39).level]).toEqual(['warning', 'urgent']);
    expect([hr(r, 150).level, hr(r, 151).level]).toEqual(['warning', 'urgent']);
    fc.assert(
      fc.property(
        fc.integer({ min: 25, max: 45 }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 90, max: 140 }),
        fc.integer({ min: 1, max: 40 }),
        (urgentLow, gap, warningHigh, up) => {
          const rules = clone(r);
          rules.ecg.urgentLow = urgentLow;
          rules.ecg.warningLow = urgentLow + gap;
          rules.ecg.warningHigh = warningHigh;
          rules.ecg.urgentHigh = warningHigh + up;
          expect(hr(rules, rules.ecg.warningLow).level).toBe('normal');
          expect(hr(rules, rules.ecg.warningLow - 1).level).not.toBe('normal');
          expect(hr(rules, rules.ecg.urgentLow).level).not.toBe('urgent');
          expect(hr(rules, rules.ecg.urgentLow - 1).level).toBe('urgent');
          expect(hr(rules, rules.ecg.warningHigh).level).toBe('normal');
          expect(hr(rules, rules.ecg.warningHigh + 1).level).not.toBe('normal');
          expect(hr(rules, rules.ecg.urgentHigh).level).not.toBe('urgent');
          expect(hr(rules, rules.ecg.urgentHigh + 1).level).toBe('urgent');
        },
      ),
    );
  });
});

describe('measurementReason', () => {
  it('words the reason with the context or the heart rate, in both languages', () => {
    const bgRow = {
      type: 'bg' as const,
      category: 'high',
      label: '高血糖',
      level: 'warning' as const,
      values: { mmol: 7.4, context: 'fasting' },
    };
    expect(measurementReason(bgRow)).toBe('空腹血糖偏高');
    expect(measurementReason(bgRow, 'en')).toBe('Fasting glucose high');
    const ecgRow = {
      type: 'ecg' as const,
      category: 'urgentHigh',
      label: '心率过速（紧急）',
      level: 'urgent' as const,
      values: { heartRate: 158 },
    };
    expect(measurementReason(ecgRow)).toBe('心率过速（紧急） · 心率 158 次/分');
    expect(measurementReason(ecgRow, 'en')).toBe('Tachycardia (urgent) · HR 158 bpm');
    expect(
      measurementReason({
        type: 'bp',
        category: 'grade2',
        label: '二级高血压',
        level: 'warning',
        values: {},
      }),
    ).toBe('二级高血压');
    expect(
      measurementReason({
        type: 'bp',
        category: 'normal',
        label: '正常',
        level: 'normal',
        values: {},
      }),
    ).toBe('');
  });
});
