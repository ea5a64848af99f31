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

/**
 * Rounded ("nice") y-axis ticks from 0 to at least `max`: about `count` steps of 1, 2 or 5 × 10ⁿ,
 * whole numbers only (the trend counts things). All-zero data still gets a 0–1 axis.
 */
export function niceTicks(max: number, count = 5): number[] {
  const top = Math.max(max, 1);
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

/**
 * An SVG path through the points, smooth without overshoot: a monotone cubic (Fritsch–Carlson, as
 * d3's curveMonotoneX), so a line between two equal days stays flat and never dips below 0.
 * Points are in pixels, x increasing.
 */
export function smoothPath(points: [number, number][]): string {
  const n = points.length;
  if (n === 0) return '';
  const [x0, y0] = points[0]!;
  if (n === 1) return `M${x0},${y0}`;
  if (n === 2) return `M${x0},${y0}L${points[1]![0]},${points[1]![1]}`;
  const secant = (i: number) =>
    (points[i + 1]![1] - points[i]![1]) / (points[i + 1]![0] - points[i]![0]);
  const tangents = points.map((_, i) => {
    if (i === 0 || i === n - 1) return Number.NaN;
    const h0 = points[i]![0] - points[i - 1]![0];
    const h1 = points[i + 1]![0] - points[i]![0];
    const s0 = secant(i - 1);
    const s1 = secant(i);
    const p = (s0 * h1 + s1 * h0) / (h0 + h1);
    return (Math.sign(s0) + Math.sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), Math.abs(p) / 2);
  });
  // The ends: the parabola through the end point and its neighbour's tangent.
  tangents[0] = (3 * secant(0) - tangents[1]!) / 2;
  tangents[n - 1] = (3 * secant(n - 2) - tangents[n - 2]!) / 2;
  let d = `M${x0},${y0}`;
  for (let i = 0; i < n - 1; i++) {
    const [xa, ya] = points[i]!;
    const [xb, yb] = points[i + 1]!;
    const h = (xb - xa) / 3;
    d += `C${xa + h},${ya + h * tangents[i]!} ${xb - h},${yb - h * tangents[i + 1]!} ${xb},${yb}`;
  }
  return d;
}
