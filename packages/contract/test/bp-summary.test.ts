import { describe, expect, it } from 'vitest';
import {
  chinaDayStart,
  DEFAULT_PREWARNING_SET,
  summarizeBp,
  type BpSummaryReading,
} from '../src/index.js';

const HOUR = 60 * 60 * 1000;
const day = chinaDayStart('2026-03-02');
const reading = (hour: number, systolic: number, diastolic: number, pulse: number | null = 70) =>
  ({
    measuredAt: day + hour * HOUR,
    systolic,
    diastolic,
    pulse,
    abnormal: false,
  }) satisfies BpSummaryReading;

describe('summarizeBp', () => {
  it('counts 06:00–09:59 as morning and 18:00–21:59 as evening, China time', () => {
    const s = summarizeBp(
      [
        reading(5.99, 200, 100), // before the morning
        reading(6, 150, 90),
        reading(9.99, 130, 80),
        reading(10, 200, 100), // after it
        reading(17.99, 200, 100),
        reading(18, 120, 70),
        reading(21.99, 110, 60, null),
        reading(22, 200, 100),
      ],
      DEFAULT_PREWARNING_SET,
    );
    expect(s.morning).toEqual({ count: 2, systolic: 140, diastolic: 85, pulse: 70 });
    // The pulse averages the readings that have one.
    expect(s.evening).toEqual({ count: 2, systolic: 115, diastolic: 65, pulse: 70 });
    expect(s.daily).toHaveLength(1);
    expect(s.daily[0]?.day).toBe('2026-03-02');
  });

  it('grades the average by the BP rules, also when the rule raises no warnings', () => {
    const grade = (systolic: number, diastolic: number, enabled = true) =>
      summarizeBp([reading(8, systolic, diastolic)], {
        ...DEFAULT_PREWARNING_SET,
        bp: { ...DEFAULT_PREWARNING_SET.bp, enabled },
      }).grade;
    expect(grade(120, 80)).toBe('normal');
    expect(grade(139, 89)).toBe('normal');
    expect(grade(140, 80)).toBe('grade1');
    expect(grade(120, 100)).toBe('grade2');
    expect(grade(181, 90)).toBe('grade3');
    expect(grade(85, 55)).toBe('hypotension');
    expect(grade(165, 95, false)).toBe('grade2');
    expect(summarizeBp([], DEFAULT_PREWARNING_SET).grade).toBeNull();
  });
});
