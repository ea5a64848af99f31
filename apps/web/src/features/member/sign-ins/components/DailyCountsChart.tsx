import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEchart } from '../../../../shared/hooks/use-echart';

// Tree-shaken ECharts: bars, a simple grid, the tooltip and the canvas renderer.
echarts.use([BarChart, GridSimpleComponent, TooltipComponent, CanvasRenderer]);

/** Check-ins per day as bars, with a data table for screen readers. */
export default function DailyCountsChart({
  list,
  label,
  dateLabel,
  countLabel,
}: {
  list: { date: string; count: number }[];
  label: string;
  dateLabel: string;
  countLabel: string;
}) {
  const option = useMemo(
    () => ({
      color: ['#1890ff'],
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: list.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: countLabel, type: 'bar', barMaxWidth: 24, data: list.map((d) => d.count) }],
    }),
    [list, countLabel],
  );
  const ref = useEchart(option);

  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        role="img"
        aria-label={label}
        data-testid="sign-daily-chart"
        style={{ width: '100%', height: 320 }}
      />
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{dateLabel}</th>
            <th scope="col">{countLabel}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
