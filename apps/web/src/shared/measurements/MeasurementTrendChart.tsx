import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type MeasurementTrend, type PrewarningSet } from '@health/contract';
import { useEchart } from '../hooks/use-echart';
import { registerBilingualLocale } from '../i18n';
import { DEVICE_ENUMS_NS } from '../i18n/device-enums';

echarts.use([
  LineChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export const TREND_NS = registerBilingualLocale('measurementTrend', {
  systolic: ['收缩压', 'Systolic'],
  diastolic: ['舒张压', 'Diastolic'],
  pulse: ['脉搏', 'Pulse'],
  fasting: ['空腹血糖', 'Fasting glucose'],
  postprandial: ['餐后血糖', 'Postprandial glucose'],
  random: ['随机血糖', 'Random glucose'],
  hypotension: ['低血压', 'Hypotension'],
  normal: ['正常', 'Normal'],
  grade1: ['一级', 'Grade 1'],
  grade2: ['二级', 'Grade 2'],
  grade3: ['三级', 'Grade 3'],
  urgentLow: ['严重低血糖', 'Severe hypo'],
  low: ['低血糖', 'Hypo'],
  impaired: ['空腹受损', 'Impaired fasting'],
  high: ['高血糖', 'High'],
  diastolicLines: [
    '虚线：舒张压分级线 {{values}} mmHg',
    'Dashed lines: diastolic bounds {{values}} mmHg',
  ],
  postprandialLine: [
    '虚线：餐后/随机血糖偏高线 {{v}} mmol/L',
    'Dashed line: post-meal / random high {{v}} mmol/L',
  ],
  chartLabel: [
    '{{name}}的{{type}}趋势（{{count}} 次测量）',
    "{{name}}'s {{type}} trend ({{count}} readings)",
  ],
  bp: ['血压', 'blood pressure'],
  bg: ['血糖', 'glucose'],
});

/** Band colours: green normal, yellow → red by severity, blue below normal. */
const BAND = {
  low: 'rgba(24, 144, 255, 0.10)',
  normal: 'rgba(82, 196, 26, 0.08)',
  mild: 'rgba(250, 219, 20, 0.14)',
  moderate: 'rgba(250, 140, 22, 0.14)',
  severe: 'rgba(245, 34, 45, 0.12)',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Band = [{ name: string; yAxis: number; itemStyle: { color: string } }, { yAxis: number }];
const band = (name: string, from: number, to: number, color: string): Band => [
  { name, yAxis: from, itemStyle: { color } },
  { yAxis: to },
];

/** The bands of blood pressure drawn on the systolic axis; the diastolic bounds as lines. */
function bpBands(rules: PrewarningSet['bp'], t: Translate, top: number) {
  return {
    bands: [
      band(t('hypotension'), 0, rules.hypotension.systolicBelow, BAND.low),
      band(t('normal'), rules.hypotension.systolicBelow, rules.grade1.systolicMin, BAND.normal),
      band(t('grade1'), rules.grade1.systolicMin, rules.grade2.systolicMin, BAND.mild),
      band(t('grade2'), rules.grade2.systolicMin, rules.grade3.systolicMin, BAND.moderate),
      band(t('grade3'), rules.grade3.systolicMin, top, BAND.severe),
    ],
    lines: [
      rules.hypotension.diastolicBelow,
      rules.grade1.diastolicMin,
      rules.grade2.diastolicMin,
      rules.grade3.diastolicMin,
    ],
  };
}

function bgBands(rules: PrewarningSet['bg'], t: Translate, top: number) {
  return {
    bands: [
      band(t('urgentLow'), 0, rules.urgentLowBelow, BAND.severe),
      band(t('low'), rules.urgentLowBelow, rules.lowBelow, BAND.low),
      band(t('normal'), rules.lowBelow, rules.fasting.normalMax, BAND.normal),
      band(t('impaired'), rules.fasting.normalMax, rules.fasting.highMin, BAND.mild),
      band(t('high'), rules.fasting.highMin, top, BAND.moderate),
    ],
    lines: [rules.postprandialHighMin],
  };
}

/**
 * A member's blood pressure or glucose over time, on the bands of the warning rules in force (so a
 * reader sees at once which readings crossed which bound). ECharts, tree-shaken.
 */
export function MeasurementTrendChart({
  trend,
  height = 320,
}: {
  trend: MeasurementTrend;
  height?: number;
}) {
  const { t, i18n } = useTranslation(TREND_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const english = i18n.language.startsWith('en');

  const option = useMemo(() => {
    const at = (p: MeasurementTrend['points'][number]) => p.measuredAt;
    const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
    // The lines carry no label of their own (close bounds' labels overlapped each other and the
    // data, worst on a phone): the caption under the chart names them.
    const markLine = (lines: number[]) => ({
      silent: true,
      symbol: 'none',
      lineStyle: { type: 'dashed' as const, color: '#8c8c8c', width: 1 },
      label: { show: false },
      data: lines.map((yAxis) => ({ yAxis })),
    });
    // The bands' names sit outside the plot, right of it, clear of the readings.
    const markArea = (bands: Band[]) => ({
      silent: true,
      label: { position: 'right' as const, distance: 4, color: '#8c8c8c', fontSize: 11 },
      data: bands,
    });
    if (trend.type === 'bp') {
      const highest = Math.max(
        trend.rules.bp.grade3.systolicMin + 20,
        ...trend.points.map((p) => num(p.values.systolic) + 10),
      );
      const { bands, lines } = bpBands(trend.rules.bp, t, highest);
      return {
        legend: { top: 0 },
        yAxis: { type: 'value', name: 'mmHg', min: 40, max: Math.ceil(highest / 10) * 10 },
        series: [
          {
            name: t('systolic'),
            type: 'line',
            data: trend.points.map((p) => [at(p), num(p.values.systolic), p.label]),
            markArea: markArea(bands),
          },
          {
            name: t('diastolic'),
            type: 'line',
            data: trend.points.map((p) => [at(p), num(p.values.diastolic), p.label]),
            markLine: markLine(lines),
          },
        ],
      };
    }
    const highest = Math.max(
      trend.rules.bg.postprandialHighMin + 3,
      ...trend.points.map((p) => num(p.values.mmol) + 1),
    );
    const { bands, lines } = bgBands(trend.rules.bg, t, highest);
    const contexts = ['fasting', 'postprandial', 'random'] as const;
    return {
      legend: { top: 0 },
      yAxis: { type: 'value', name: 'mmol/L', min: 0, max: Math.ceil(highest) },
      series: contexts.map((c, i) => ({
        name: t(c),
        type: 'line',
        showSymbol: true,
        data: trend.points
          .filter((p) => p.values.context === c)
          .map((p) => [at(p), num(p.values.mmol), p.label]),
        ...(i === 0
          ? {
              markArea: markArea(bands),
              markLine: markLine(lines),
            }
          : {}),
      })),
    };
  }, [trend, t]);

  const ref = useEchart(
    useMemo(
      () => ({
        animation: false,
        color: ['#1677ff', '#13c2c2', '#722ed1'],
        // Room on the right for the bands' names (English ones are longer).
        grid: { left: 8, right: english ? 80 : 48, top: 40, bottom: 8, containLabel: true },
        tooltip: {
          trigger: 'item',
          formatter: (p: { seriesName: string; value: [number, number, string] }) => {
            const label = te(`classification.${p.value[2]}`, { defaultValue: p.value[2] });
            return english
              ? `${formatDate(p.value[0])}<br/>${p.seriesName}: ${p.value[1]} (${label})`
              : `${formatDate(p.value[0])}<br/>${p.seriesName}：${p.value[1]}（${label}）`;
          },
        },
        xAxis: { type: 'time' },
        ...option,
      }),
      [option, english, te],
    ),
  );

  const name = trend.memberName;
  const caption =
    trend.type === 'bp'
      ? t('diastolicLines', {
          values: [
            trend.rules.bp.hypotension.diastolicBelow,
            trend.rules.bp.grade1.diastolicMin,
            trend.rules.bp.grade2.diastolicMin,
            trend.rules.bp.grade3.diastolicMin,
          ].join(' / '),
        })
      : t('postprandialLine', { v: trend.rules.bg.postprandialHighMin });
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={ref}
        role="img"
        // The label names the member (data): not translated, like the other names on the page.
        translate="no"
        aria-label={t('chartLabel', { name, type: t(trend.type), count: trend.points.length })}
        data-testid="measurement-trend"
        style={{ width: '100%', height }}
      />
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {caption}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}
