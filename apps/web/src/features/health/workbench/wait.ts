import type { TFunction } from 'i18next';

const MINUTE = 60_000;

/** "12 分钟", "2 小时 5 分", "3 天" for a wait in ms. */
export function waitText(ms: number, t: TFunction): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return t('workbench.minutes', { n: minutes });
  if (minutes < 24 * 60)
    return t('workbench.hoursMinutes', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return t('workbench.days', { n: Math.floor(minutes / (24 * 60)) });
}
