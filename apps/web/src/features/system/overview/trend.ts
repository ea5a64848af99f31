import type { HomeOverview } from '@health/contract';

export interface TrendSeries {
  name: string;
  values: number[];
}

/** Pivot the overview's trend points into sorted dates and one value array per series (0 when missing). */
export function pivotTrend(points: HomeOverview['trend']): {
  dates: string[];
  series: TrendSeries[];
} {
  const dates = [...new Set(points.map((p) => p.date))].sort();
  const names = [...new Set(points.map((p) => p.series))];
  const index = new Map(dates.map((d, i) => [d, i]));
  const series = names.map((name) => {
    const values = dates.map(() => 0);
    for (const p of points) {
      if (p.series === name) values[index.get(p.date) ?? 0] = p.value;
    }
    return { name, values };
  });
  return { dates, series };
}
