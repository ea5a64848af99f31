import { METRICS } from '@health/contract';
import type { AuditLabels, Bilingual } from '../../platform/audit-labels.js';

/** What 统计中心 writes to the operation log: the nightly check's corrections and its exports. */
export const STATISTICS_AUDIT_LABELS: AuditLabels = {
  modules: { statistics: ['统计中心', 'Statistics'] },
  actions: { statsRecheck: ['统计核对', 'Statistics check'] },
  fields: {
    statistics: {
      metric: {
        label: ['指标', 'Metric'],
        format: {
          values: Object.fromEntries(
            Object.entries(METRICS).map(([k, m]): [string, Bilingual] => [k, [m.name, m.nameEn]]),
          ),
        },
      },
      day: ['日期', 'Day'],
      value: ['数值', 'Value'],
    },
  },
  targetWords: { 至: 'to' },
  messagePatterns: [
    [
      /^统计核对：(\d+) 项与原始数据不一致，已按原始数据重算$/,
      'Statistics check: $1 values differed from the source tables and were recomputed',
    ],
  ],
};
