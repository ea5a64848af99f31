import { chinaDateOf, shiftChinaDate } from '@health/contract';
import type { Period } from './api';

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The China days of a preset, as of `now` (China days, whatever the browser's zone). */
export function presetPeriod(preset: PeriodPreset, now = Date.now()): Period {
  const today = chinaDateOf(now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const y = shiftChinaDate(today, -1);
      return { start: y, end: y };
    }
    case 'last7':
      return { start: shiftChinaDate(today, -6), end: today };
    case 'last30':
      return { start: shiftChinaDate(today, -29), end: today };
    case 'thisMonth':
      return { start: monthStart, end: today };
    case 'lastMonth': {
      const lastDay = shiftChinaDate(monthStart, -1);
      return { start: `${lastDay.slice(0, 8)}01`, end: lastDay };
    }
  }
}

/** The preset a period is, if it is one (today's). */
export function presetOf(period: Period, now = Date.now()): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((p) => {
      const q = presetPeriod(p, now);
      return q.start === period.start && q.end === period.end;
    }) ?? null
  );
}
