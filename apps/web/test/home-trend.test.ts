import { describe, expect, it } from 'vitest';
import { pivotTrend } from '../src/features/system/overview/trend';

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
