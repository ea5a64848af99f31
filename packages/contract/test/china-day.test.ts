import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  chinaDateOf,
  chinaDayStart,
  chinaDayStartOf,
  shiftChinaDate,
} from '../src/index.js';

describe('China calendar days', () => {
  it('turn at 16:00 UTC, midnight in Beijing', () => {
    expect(chinaDateOf(Date.parse('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(chinaDateOf(Date.parse('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(chinaDayStart('2026-11-23')).toBe(Date.parse('2026-11-22T16:00:00Z'));
  });

  it('shift across months and years', () => {
    expect(shiftChinaDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftChinaDate('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('start of the day that holds any time is that day at 00:00 Beijing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (at) => {
        const start = chinaDayStartOf(at);
        expect(start).toBeLessThanOrEqual(at);
        expect(at - start).toBeLessThan(DAY_MS);
        expect(start).toBe(chinaDayStart(chinaDateOf(at)));
      }),
    );
  });
});
