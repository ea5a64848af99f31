import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridSimpleComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { MetricValue } from '@health/contract';
import { useEchart } from '../../../../shared/hooks/use-echart';

echarts.use([LineChart, GridSimpleComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * Metrics of a period by day as lines (zeros drawn, never gaps), with the same numbers as a table
 * for screen readers.
 */
export default function DailyChart(props: {
  metrics: readonly MetricValue[];
  names: readonly string[];
  label: string;
  dateLabel: string;
}) {
  const { metrics, names } = props;
  const days = useMemo(() => metrics[0]?.daily.map((d) => d.day) ?? [], [metrics]);
  const option = useMemo(
    () => ({
      color: ['#1677ff', '#52c41a', '#fa8c16', '#722ed1'],
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: metrics.map((m, i) => ({
        name: names[i],
        type: 'line',
        showSymbol: days.length <= 31,
        data: m.daily.map((d) => d.value),
      })),
    }),
    [metrics, names, days],
  );
  const ref = useEchart(option);
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        role="img"
        aria-label={props.label}
        data-testid="stats-daily-chart"
        style={{ width: '100%', height: 300 }}
      />
      {/* A table keeps its content's width whatever its own: the box hides it. */}
      <div className="visually-hidden">
        <table>
          <caption>{props.label}</caption>
          <thead>
            <tr>
              <th scope="col">{props.dateLabel}</th>
              {names.map((n) => (
                <th key={n} scope="col">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {metrics.map((m) => (
                  <td key={m.key}>{m.daily[i]?.value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
