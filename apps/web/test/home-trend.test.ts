import { describe, expect, it } from 'vitest';
import { niceTicks, pivotTrend, smoothPath } from '../src/features/system/overview/trend';

describe('pivotTrend', () => {
  it('sorts dates and fills missing points with 0, one array per series', () => {
    const out = pivotTrend([
      { date: '2025-01-02', series: '新增会员', value: 3 },
      { date: '2025-01-01', series: '新增会员', value: 1 },
      { date: '2025-01-02', series: '测量次数', value: 9 },
    ]);
    expect(out.dates).toEqual(['2025-01-01', '2025-01-02']);
    expect(out.series).toEqual([
      { name: '新增会员', values: [1, 3] },
      { name: '测量次数', values: [0, 9] },
    ]);
  });
  it('is empty for no points', () => {
    expect(pivotTrend([])).toEqual({ dates: [], series: [] });
  });
});

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 × 10ⁿ from 0 past the largest value', () => {
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(9)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
  });
  it('keeps whole steps for small counts and a 0–1 axis for no data', () => {
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('smoothPath', () => {
  it('passes through every point and stays flat between equal values', () => {
    const d = smoothPath([
      [0, 100],
      [10, 100],
      [20, 50],
    ]);
    expect(d.startsWith('M0,100C')).toBe(true);
    expect(d).toContain(' 10,100C');
    expect(d.endsWith(' 20,50')).toBe(true);
    // The first segment's control points lie on y = 100: no bump between two equal days.
    expect(d.split('C')[1]).toMatch(/^[\d.]+,100 [\d.]+,100 10,100$/);
  });
  it('draws a straight line for two points and a point for one', () => {
    expect(smoothPath([[0, 1]])).toBe('M0,1');
    expect(
      smoothPath([
        [0, 1],
        [5, 2],
      ]),
    ).toBe('M0,1L5,2');
  });
});
