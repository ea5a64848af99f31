import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { BpSummary } from '@health/contract';
import { useEchart } from '../../../shared/hooks/use-echart';
import { HEALTH_NS } from '../locales';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * A BP report's daily averages (systolic, diastolic, pulse) over its period: what the member sees
 * in place of every reading (the report keeps the days, not the readings).
 */
export default function BpDailyChart({ daily }: { daily: BpSummary['daily'] }) {
  const { t } = useTranslation(HEALTH_NS);
  const option = useMemo(
    () => ({
      animation: false,
      color: ['#1677ff', '#13c2c2', '#722ed1'],
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: daily.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', name: 'mmHg', min: 40 },
      series: [
        { name: t('bp.systolic'), type: 'line', data: daily.map((d) => d.systolic) },
        { name: t('bp.diastolic'), type: 'line', data: daily.map((d) => d.diastolic) },
        {
          name: t('bp.pulseShort'),
          type: 'line',
          lineStyle: { type: 'dashed' },
          data: daily.map((d) => d.pulse),
        },
      ],
    }),
    [daily, t],
  );
  const ref = useEchart(option);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={t('bp.chartDaily')}
      style={{ width: '100%', height: 240 }}
    />
  );
}
