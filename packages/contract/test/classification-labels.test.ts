import { describe, expect, it } from 'vitest';
import {
  CLASSIFICATION_LABELS_EN,
  DEFAULT_PREWARNING_SET,
  classifyMeasurement,
  type Measurement,
} from '../src/index.js';

describe('classification labels', () => {
  it('has the English of every label a reading can get', () => {
    const seen = new Set<string>();
    const add = (m: Measurement) => seen.add(classifyMeasurement(DEFAULT_PREWARNING_SET, m).label);
    for (let s = 60; s <= 220; s += 5)
      for (let d = 40; d <= 130; d += 5) add({ type: 'bp', systolic: s, diastolic: d });
    for (let v = 1; v <= 25; v += 0.1)
      for (const context of ['fasting', 'postprandial', 'random'] as const)
        add({ type: 'bg', value: Math.round(v * 10) / 10, context });
    for (let v = 2; v <= 10; v += 0.1) add({ type: 'chol', value: Math.round(v * 10) / 10 });
    for (let v = 200; v <= 700; v += 10)
      for (const sex of ['male', 'female'] as const) add({ type: 'ua', value: v, sex });
    for (let hr = 20; hr <= 200; hr += 2)
      for (const arrhythmia of [false, true]) add({ type: 'ecg', heartRate: hr, arrhythmia });
    expect(seen.size).toBeGreaterThan(15);
    for (const label of seen) expect(CLASSIFICATION_LABELS_EN[label], label).toBeTruthy();
  });
});
