import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyMeasurement,
  DEFAULT_PREWARNING_SET,
  prewarningSetSchema,
  SETTINGS_DEFAULTS,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  SETTING_INIT_ACTION,
  SETTING_INIT_PAGES,
  actionKey,
  appSetSchema,
  isPermissionKey,
  settingsPageOf,
  type PrewarningSet,
} from '@health/contract';

const clone = (v: PrewarningSet): PrewarningSet => JSON.parse(JSON.stringify(v)) as PrewarningSet;
const pathsOf = (v: unknown) => {
  const r = prewarningSetSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('settings sections', () => {
  it('every section accepts its own defaults', () => {
    for (const section of SETTINGS_SECTIONS) {
      expect(SETTINGS_SCHEMAS[section].safeParse(SETTINGS_DEFAULTS[section]).success, section).toBe(
        true,
      );
    }
  });

  it('has the thresholds of PRODUCT.md §3 as defaults', () => {
    const d = DEFAULT_PREWARNING_SET;
    expect(d.bp.grade1).toEqual({ systolicMin: 140, diastolicMin: 90 });
    expect(d.bp.grade2).toEqual({ systolicMin: 160, diastolicMin: 100 });
    expect(d.bp.grade3).toEqual({ systolicMin: 180, diastolicMin: 110 });
    expect(d.bp.hypotension).toEqual({ systolicBelow: 90, diastolicBelow: 60 });
    expect(d.bg.fasting).toEqual({ normalMin: 3.9, normalMax: 6.1, highMin: 7.0 });
    expect([
      d.bg.postprandialHighMin,
      d.bg.randomHighMin,
      d.bg.lowBelow,
      d.bg.urgentLowBelow,
    ]).toEqual([11.1, 11.1, 3.9, 3.0]);
    expect([d.chol.borderlineMin, d.chol.highMin, d.ua.menAbove, d.ua.womenAbove]).toEqual([
      5.2, 6.2, 420, 360,
    ]);
    expect([d.ecg.warningLow, d.ecg.warningHigh, d.ecg.urgentLow, d.ecg.urgentHigh]).toEqual([
      50, 120, 40, 150,
    ]);
    expect(d.ecg.arrhythmia.enabled).toBe(true);
  });

  it('gives Chinese messages on the offending field', () => {
    const r = appSetSchema.safeParse({
      ...SETTINGS_DEFAULTS.app_set,
      android: {
        ...SETTINGS_DEFAULTS.app_set.android,
        latestVersion: '1.0.0',
        minVersion: '2.0.0',
      },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['android', 'minVersion'],
      message: '最低版本（强制更新）不能高于最新版本',
    });
  });
});

describe('prewarning contradictions (property tests)', () => {
  const sys = fc.integer({ min: 50, max: 300 });
  const dia = fc.integer({ min: 30, max: 200 });

  it('refuses unordered BP grades on the higher grade, accepts ordered ones', () => {
    fc.assert(
      fc.property(sys, sys, sys, (g1, g2, g3) => {
        const v = clone(DEFAULT_PREWARNING_SET);
        v.bp.grade1.systolicMin = g1;
        v.bp.grade2.systolicMin = g2;
        v.bp.grade3.systolicMin = g3;
        v.bp.hypotension.systolicBelow = Math.min(90, g1);
        const paths = pathsOf(v);
        expect(paths.includes('bp.grade2.systolicMin')).toBe(g2 <= g1);
        expect(paths.includes('bp.grade3.systolicMin')).toBe(g3 <= g2);
        expect(paths.length === 0).toBe(g1 < g2 && g2 < g3);
      }),
    );
  });

  it('refuses a hypotension bound above the normal limit', () => {
    fc.assert(
      fc.property(dia, (below) => {
        const v = clone(DEFAULT_PREWARNING_SET);
        v.bp.hypotension.diastolicBelow = below;
        expect(pathsOf(v).includes('bp.hypotension.diastolicBelow')).toBe(below > 90);
      }),
    );
  });

  it('refuses ECG urgent bounds inside the warning bounds', () => {
    const hr = fc.integer({ min: 20, max: 300 });
    fc.assert(
      fc.property(hr, hr, hr, hr, (wl, wh, ul, uh) => {
        const v = clone(DEFAULT_PREWARNING_SET);
        Object.assign(v.ecg, { warningLow: wl, warningHigh: wh, urgentLow: ul, urgentHigh: uh });
        const paths = pathsOf(v);
        expect(paths.includes('ecg.warningHigh')).toBe(wh <= wl);
        expect(paths.includes('ecg.urgentLow')).toBe(ul >= wl);
        expect(paths.includes('ecg.urgentHigh')).toBe(uh <= wh);
        expect(paths.length === 0).toBe(ul < wl && wl < wh && wh < uh);
      }),
    );
  });

  it('refuses a "high" limit at or below its "normal" limit (glucose, cholesterol)', () => {
    const tenth = fc.integer({ min: 10, max: 300 }).map((n) => n / 10);
    fc.assert(
      fc.property(
        tenth,
        tenth,
        tenth.filter((x) => x <= 20),
        (normalMax, highMin, cholHigh) => {
          const v = clone(DEFAULT_PREWARNING_SET);
          v.bg.fasting.normalMax = normalMax;
          v.bg.fasting.highMin = highMin;
          v.chol.highMin = cholHigh;
          const paths = pathsOf(v);
          expect(paths.includes('bg.fasting.highMin')).toBe(highMin <= normalMax);
          expect(paths.includes('bg.fasting.normalMax')).toBe(normalMax <= 3.9);
          expect(paths.includes('chol.highMin')).toBe(cholHigh <= 5.2);
        },
      ),
    );
  });

  it('refuses a severe outcome with a lower level than a milder one', () => {
    const lv = fc.constantFrom('none', 'warning', 'urgent' as const);
    const rank = { none: 0, warning: 1, urgent: 2 };
    fc.assert(
      fc.property(lv, lv, (low, urgentLow) => {
        const v = clone(DEFAULT_PREWARNING_SET);
        v.bg.levels.low = low;
        v.bg.levels.urgentLow = urgentLow;
        expect(pathsOf(v).includes('bg.levels.urgentLow')).toBe(rank[urgentLow] < rank[low]);
      }),
    );
  });
});

describe('classifyMeasurement', () => {
  const rules = DEFAULT_PREWARNING_SET;

  it('classifies the §3 examples', () => {
    const bp = (systolic: number, diastolic: number) =>
      classifyMeasurement(rules, { type: 'bp', systolic, diastolic });
    expect(bp(120, 80)).toMatchObject({ level: 'normal', category: 'normal' });
    expect(bp(145, 80)).toMatchObject({ level: 'normal', category: 'grade1' });
    expect(bp(130, 105)).toMatchObject({ level: 'warning', category: 'grade2' });
    expect(bp(185, 70)).toMatchObject({ level: 'urgent', category: 'grade3' });
    expect(bp(85, 70)).toMatchObject({ level: 'warning', category: 'hypotension' });
    const bg = (value: number, context: 'fasting' | 'postprandial' | 'random') =>
      classifyMeasurement(rules, { type: 'bg', value, context });
    expect(bg(5.0, 'fasting').level).toBe('normal');
    expect(bg(7.0, 'fasting')).toMatchObject({ level: 'warning', category: 'high' });
    expect(bg(10, 'postprandial').level).toBe('normal');
    expect(bg(11.1, 'random').level).toBe('warning');
    expect(bg(3.5, 'fasting')).toMatchObject({ level: 'warning', category: 'low' });
    expect(bg(2.9, 'random')).toMatchObject({ level: 'urgent', category: 'urgentLow' });
    expect(classifyMeasurement(rules, { type: 'ua', value: 400, sex: 'male' }).level).toBe(
      'normal',
    );
    expect(classifyMeasurement(rules, { type: 'ua', value: 400, sex: 'female' }).level).toBe(
      'warning',
    );
    expect(classifyMeasurement(rules, { type: 'ecg', heartRate: 45 }).level).toBe('warning');
    expect(classifyMeasurement(rules, { type: 'ecg', heartRate: 155 }).level).toBe('urgent');
    expect(
      classifyMeasurement(rules, { type: 'ecg', heartRate: 70, arrhythmia: true }).notify,
    ).toContain('doctorQueue');
  });

  it('never grades a higher blood pressure lower', () => {
    const order = { normal: 0, hypotension: 0, grade1: 1, grade2: 2, grade3: 3 } as Record<
      string,
      number
    >;
    fc.assert(
      fc.property(
        fc.integer({ min: 90, max: 260 }),
        fc.integer({ min: 60, max: 160 }),
        fc.integer({ min: 0, max: 40 }),
        (s, d, up) => {
          const a = classifyMeasurement(rules, { type: 'bp', systolic: s, diastolic: d });
          const b = classifyMeasurement(rules, { type: 'bp', systolic: s + up, diastolic: d });
          expect(order[b.category]!).toBeGreaterThanOrEqual(order[a.category]!);
        },
      ),
    );
  });

  it('raises nothing when the rule is disabled', () => {
    const off = clone(rules);
    off.bp.enabled = false;
    expect(classifyMeasurement(off, { type: 'bp', systolic: 200, diastolic: 120 })).toMatchObject({
      level: 'normal',
      notify: [],
    });
  });
});

describe('SETTING_INIT_PAGES', () => {
  it('is the page of every settings section, each with an edit action', () => {
    expect([...SETTING_INIT_PAGES].sort()).toEqual(SETTINGS_SECTIONS.map(settingsPageOf).sort());
    for (const page of SETTING_INIT_PAGES) {
      expect(isPermissionKey(actionKey(page, SETTING_INIT_ACTION))).toBe(true);
    }
  });
});
