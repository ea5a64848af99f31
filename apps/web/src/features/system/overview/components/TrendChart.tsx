import { useMemo, useState } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridSimpleComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEchart } from '../../../../shared/hooks/use-echart';
import type { TrendSeries } from '../trend';

// Tree-shaken ECharts: the line chart, a simple grid and the canvas renderer. Legend and hover
// read-out are a few lines of HTML here instead of ECharts' legend and tooltip components
// (~15 KB gzip that the landing page's bundle budget cannot spare).
echarts.use([LineChart, GridSimpleComponent, CanvasRenderer]);

export const SERIES_COLORS = [
  '#1890ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
];
const color = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];

interface Hover {
  index: number;
  x: number;
  y: number;
}

/** The home page's 7-day trend: one line per series, values of a day on hover, a data table for screen readers. */
export default function TrendChart({
  dates,
  series,
  label,
  dateLabel,
}: {
  dates: string[];
  series: TrendSeries[];
  label: string;
  dateLabel: string;
}) {
  const [hover, setHover] = useState<Hover | null>(null);
  const option = useMemo(
    () => ({
      color: SERIES_COLORS,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', boundaryGap: false, data: dates.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        smooth: true,
        showSymbol: true,
        symbolSize: 6,
        data: s.values,
      })),
    }),
    [dates, series],
  );
  // The hover read-out: the day under the pointer, from the chart's own coordinates.
  const ref = useEchart(option, (chart) => {
    const zr = chart.getZr();
    zr.on('mousemove', (e) => {
      const point = [e.offsetX, e.offsetY];
      if (!chart.containPixel({ gridIndex: 0 }, point)) {
        setHover(null);
        return;
      }
      const [x] = chart.convertFromPixel({ gridIndex: 0 }, point) as number[];
      const index = Math.round(x ?? -1);
      setHover(index >= 0 ? { index, x: e.offsetX, y: e.offsetY } : null);
    });
    zr.on('globalout', () => setHover(null));
  });

  const hovered = hover && hover.index < dates.length ? hover : null;
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginBottom: 8 }}>
        {series.map((s, i) => (
          <span
            key={s.name}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12 }}
          >
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: color(i) }}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
      <div style={{ position: 'relative' }}>
        <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: 300 }} />
        {hovered && (
          <div
            aria-hidden
            style={{
              position: 'absolute',
              left: hovered.x + 12,
              top: Math.max(0, hovered.y - 24),
              transform:
                hovered.x > (ref.current?.clientWidth ?? 0) / 2
                  ? 'translateX(calc(-100% - 24px))'
                  : undefined,
              pointerEvents: 'none',
              background: 'rgba(255,255,255,0.96)',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              boxShadow: '0 3px 12px rgba(0,0,0,0.12)',
              padding: '6px 10px',
              fontSize: 12,
              whiteSpace: 'nowrap',
              zIndex: 1,
            }}
          >
            <div style={{ fontWeight: 600, marginBottom: 4 }}>{dates[hovered.index]}</div>
            {series.map((s, i) => (
              <div key={s.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <span style={{ width: 8, height: 8, borderRadius: '50%', background: color(i) }} />
                <span style={{ flex: 1 }}>{s.name}</span>
                <strong style={{ marginLeft: 12 }}>{s.values[hovered.index]}</strong>
              </div>
            ))}
          </div>
        )}
      </div>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{dateLabel}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((d, row) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[row]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
