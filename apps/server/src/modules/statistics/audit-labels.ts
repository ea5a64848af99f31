import { METRICS } from '@health/contract';
import type { AuditLabels, Bilingual } from '../../platform/audit-labels.js';

/** What 统计中心 writes to the operation log: the nightly check's corrections and its exports. */
export const STATISTICS_AUDIT_LABELS: AuditLabels = {
  modules: { statistics: ['统计中心', 'Statistics'] },
  actions: {
    statsRecheck: ['统计核对', 'Statistics check'],
    screenLinkAdd: ['新建大屏链接', 'Add screen link'],
    screenLinkRevoke: ['撤销大屏链接', 'Revoke screen link'],
  },
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
      // An export's filter: the page's metrics and period.
      keys: ['指标', 'Metrics'],
      breakdowns: ['拆分', 'Breakdowns'],
      start: ['开始日期', 'From'],
      end: ['结束日期', 'To'],
      title: ['页面', 'Page'],
      name: ['名称', 'Name'],
      note: ['备注', 'Note'],
      expiresAt: { label: ['有效期至', 'Expires'], format: 'time' },
    },
  },
  targetWords: { 至: 'to', 大屏链接: 'Screen link' },
  messagePatterns: [
    [
      /^统计核对：(\d+) 项与原始数据不一致，已按原始数据重算$/,
      'Statistics check: $1 values differed from the source tables and were recomputed',
    ],
  ],
};
