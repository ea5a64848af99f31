import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { BreakdownRow } from '@health/contract';
import { useEchart } from '../../../../shared/hooks/use-echart';

echarts.use([BarChart, GridSimpleComponent, TooltipComponent, CanvasRenderer]);

/** The largest rows of a breakdown as horizontal bars (the rest summed as 其他), and as a list. */
export default function BreakdownChart(props: {
  rows: readonly BreakdownRow[];
  english: boolean;
  label: string;
  otherLabel: string;
}) {
  const { rows, english } = props;
  const shown = useMemo(() => {
    const top = rows
      .slice(0, 9)
      .map((r) => ({ name: english ? r.labelEn : r.label, count: r.count }));
    const rest = rows.slice(9).reduce((s, r) => s + r.count, 0);
    return rest > 0 ? [...top, { name: props.otherLabel, count: rest }] : top;
  }, [rows, english, props.otherLabel]);
  const option = useMemo(
    () => ({
      color: ['#1677ff'],
      grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, splitNumber: 3, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: shown.map((r) => r.name),
        axisLabel: { width: 96, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 16,
          label: { show: true, position: 'right' },
          data: shown.map((r) => r.count),
        },
      ],
    }),
    [shown],
  );
  const ref = useEchart(option);
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        role="img"
        aria-label={props.label}
        style={{ width: '100%', height: Math.max(120, shown.length * 28 + 16) }}
      />
      <ul className="visually-hidden">
        {rows.map((r) => (
          // Names of data (a channel, a province) stay as written.
          <li key={r.value} translate="no">
            {english ? r.labelEn : r.label}: {r.count}
          </li>
        ))}
      </ul>
    </figure>
  );
}
