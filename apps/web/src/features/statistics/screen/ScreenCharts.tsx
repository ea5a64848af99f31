import { useEffect, useMemo, useState } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { CountRow, MetricValue } from '@health/contract';
import { useEchart, type EChartOption } from '../../../shared/hooks/use-echart';
import { CHINA_MAP, chinaMapReady, loadChinaMap } from './china-map';

echarts.use([
  BarChart,
  LineChart,
  MapChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** The screen's colours (dark background). */
export const SCREEN_COLORS = {
  text: '#cfe3ff',
  muted: '#7f9cc7',
  line: 'rgba(95, 160, 255, 0.25)',
  series: ['#36cfc9', '#4096ff', '#faad14', '#ff7a45', '#b37feb', '#73d13d'],
  urgent: '#ff4d4f',
  warning: '#faad14',
};

/**
 * A chart of the screen: drawn by ECharts at the size its box has on this window (the stage is
 * laid out at the scaled size, never a bitmap stretched by CSS), its text sized by `scale`, and
 * disposed when it leaves (useEchart).
 */
function ScreenChart({
  option,
  label,
  testId,
}: {
  option: EChartOption;
  label: string;
  testId: string;
}) {
  const ref = useEchart(option);
  return (
    <div ref={ref} role="img" aria-label={label} className="screen-chart" data-testid={testId} />
  );
}

const axisText = (scale: number) => ({ color: SCREEN_COLORS.muted, fontSize: 13 * scale });
const tooltip = (scale: number) => ({
  backgroundColor: 'rgba(6, 24, 54, 0.92)',
  borderColor: SCREEN_COLORS.line,
  textStyle: { color: SCREEN_COLORS.text, fontSize: 13 * scale },
});

/** Today's readings by type: a bar per type, its count at its end. */
export function TypeBars(props: {
  rows: readonly CountRow[];
  en: boolean;
  scale: number;
  label: string;
}) {
  const { rows, en, scale } = props;
  const option = useMemo(
    () => ({
      animationDuration: 600,
      grid: {
        left: 8 * scale,
        right: 48 * scale,
        top: 8 * scale,
        bottom: 4 * scale,
        containLabel: true,
      },
      tooltip: { ...tooltip(scale), trigger: 'axis' },
      xAxis: { type: 'value', show: false, minInterval: 1 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((r) => (en ? r.labelEn : r.label)),
        axisLabel: { ...axisText(scale), color: SCREEN_COLORS.text, fontSize: 14 * scale },
        axisLine: { show: false },
        axisTick: { show: false },
      },
      series: [
        {
          type: 'bar',
          data: rows.map((r, i) => ({
            value: r.count,
            itemStyle: { color: SCREEN_COLORS.series[i % SCREEN_COLORS.series.length] },
          })),
          barWidth: 14 * scale,
          itemStyle: { borderRadius: 7 * scale },
          label: {
            show: true,
            position: 'right',
            color: SCREEN_COLORS.text,
            fontSize: 14 * scale,
          },
        },
      ],
    }),
    [rows, en, scale],
  );
  return <ScreenChart option={option} label={props.label} testId="screen-type-bars" />;
}

/** Members by province on the China map (34 units, 南海诸岛 as an inset). */
export function ProvinceMap(props: {
  provinces: readonly { name: string; value: number }[];
  scale: number;
  label: string;
  /** Said when the map's data cannot be fetched. */
  failedText: string;
  unit: (n: number) => string;
}) {
  const { provinces, scale, unit } = props;
  const option = useMemo(() => {
    const max = Math.max(1, ...provinces.map((p) => p.value));
    return {
      animationDuration: 600,
      tooltip: {
        ...tooltip(scale),
        trigger: 'item',
        formatter: (p: { name: string; value: unknown }) =>
          `${p.name}: ${unit(typeof p.value === 'number' && !Number.isNaN(p.value) ? p.value : 0)}`,
      },
      visualMap: {
        min: 0,
        max,
        left: 12 * scale,
        bottom: 12 * scale,
        itemWidth: 12 * scale,
        itemHeight: 110 * scale,
        calculable: false,
        text: [String(max), '0'],
        textStyle: { color: SCREEN_COLORS.muted, fontSize: 12 * scale },
        inRange: { color: ['#12406f', '#1f78c8', '#36cfc9'] },
      },
      series: [
        {
          type: 'map',
          map: CHINA_MAP,
          roam: false,
          layoutCenter: ['50%', '54%'],
          layoutSize: '104%',
          label: { show: false },
          itemStyle: { areaColor: '#0d2b5c', borderColor: '#3d8be0', borderWidth: 0.8 * scale },
          emphasis: {
            label: { show: true, color: '#fff', fontSize: 13 * scale },
            itemStyle: { areaColor: '#faad14' },
          },
          select: { disabled: true },
          data: provinces.map((p) => ({ name: p.name, value: p.value })),
        },
      ],
    };
  }, [provinces, scale, unit]);
  // The map's data is fetched once, the first time a map is drawn.
  const [ready, setReady] = useState(chinaMapReady);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadChinaMap().then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  if (!ready)
    return (
      <div className="screen-chart screen-map-waiting" role="status">
        {failed ? props.failedText : ''}
      </div>
    );
  return <ScreenChart option={option} label={props.label} testId="screen-map" />;
}

/** The last 30 days: readings on the left axis, alerts and new members on the right. */
export function TrendLines(props: {
  metrics: readonly MetricValue[];
  names: readonly string[];
  scale: number;
  label: string;
}) {
  const { metrics, names, scale } = props;
  const option = useMemo(
    () => ({
      animationDuration: 600,
      color: SCREEN_COLORS.series,
      grid: {
        left: 8 * scale,
        right: 8 * scale,
        top: 36 * scale,
        bottom: 4 * scale,
        containLabel: true,
      },
      legend: {
        top: 0,
        textStyle: { color: SCREEN_COLORS.text, fontSize: 13 * scale },
        itemWidth: 18 * scale,
        itemHeight: 10 * scale,
      },
      tooltip: { ...tooltip(scale), trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: metrics[0]?.daily.map((d) => d.day.slice(5)) ?? [],
        axisLabel: axisText(scale),
        axisLine: { lineStyle: { color: SCREEN_COLORS.line } },
      },
      yAxis: [0, 1].map(() => ({
        type: 'value',
        minInterval: 1,
        axisLabel: axisText(scale),
        splitLine: { lineStyle: { color: SCREEN_COLORS.line } },
      })),
      series: metrics.map((m, i) => ({
        name: names[i],
        type: 'line',
        yAxisIndex: i === 0 ? 0 : 1,
        smooth: true,
        showSymbol: false,
        lineStyle: { width: 2 * scale },
        areaStyle: i === 0 ? { opacity: 0.15 } : undefined,
        data: m.daily.map((d) => d.value),
      })),
    }),
    [metrics, names, scale],
  );
  return <ScreenChart option={option} label={props.label} testId="screen-trend" />;
}

/** The devices now by state, as a ring with its legend. */
export function DeviceRing(props: {
  rows: readonly CountRow[];
  en: boolean;
  scale: number;
  label: string;
}) {
  const { rows, en, scale } = props;
  const option = useMemo(
    () => ({
      animationDuration: 600,
      color: SCREEN_COLORS.series,
      tooltip: { ...tooltip(scale), trigger: 'item' },
      legend: {
        orient: 'vertical',
        right: 4 * scale,
        top: 'middle',
        textStyle: { color: SCREEN_COLORS.text, fontSize: 13 * scale },
        itemWidth: 12 * scale,
        itemHeight: 12 * scale,
        formatter: (name: string) => {
          const row = rows.find((r) => (en ? r.labelEn : r.label) === name);
          return `${name}  ${row?.count ?? 0}`;
        },
      },
      series: [
        {
          type: 'pie',
          radius: ['48%', '76%'],
          center: ['32%', '50%'],
          label: { show: false },
          itemStyle: { borderColor: '#061836', borderWidth: 2 * scale },
          data: rows.map((r) => ({ name: en ? r.labelEn : r.label, value: r.count })),
        },
      ],
    }),
    [rows, en, scale],
  );
  return <ScreenChart option={option} label={props.label} testId="screen-devices" />;
}
