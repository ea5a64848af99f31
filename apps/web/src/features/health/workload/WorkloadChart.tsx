import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { WorkloadDay } from '@health/contract';
import { useEchart } from '../../../shared/hooks/use-echart';

// Tree-shaken ECharts: bars, a simple grid, the legend, the tooltip and the canvas renderer.
echarts.use([BarChart, GridSimpleComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Reports published and tasks done per day, with a data table for screen readers. */
export default function WorkloadChart(props: {
  days: WorkloadDay[];
  label: string;
  dateLabel: string;
  publishedLabel: string;
  doneLabel: string;
}) {
  const { days, publishedLabel, doneLabel } = props;
  const option = useMemo(
    () => ({
      color: ['#1890ff', '#52c41a'],
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: publishedLabel, type: 'bar', barMaxWidth: 18, data: days.map((d) => d.published) },
        { name: doneLabel, type: 'bar', barMaxWidth: 18, data: days.map((d) => d.tasksDone) },
      ],
    }),
    [days, publishedLabel, doneLabel],
  );
  const ref = useEchart(option);
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        role="img"
        aria-label={props.label}
        data-testid="workload-chart"
        style={{ width: '100%', height: 300 }}
      />
      <table className="visually-hidden">
        <caption>{props.label}</caption>
        <thead>
          <tr>
            <th scope="col">{props.dateLabel}</th>
            <th scope="col">{publishedLabel}</th>
            <th scope="col">{doneLabel}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.published}</td>
              <td>{d.tasksDone}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
