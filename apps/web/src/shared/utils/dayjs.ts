import dayjs, { type Dayjs } from 'dayjs';
import { CHINA_UTC_OFFSET_MS, formatChinaDate } from '@health/contract';
import 'dayjs/locale/zh-cn';
import { useSettingsStore } from '../stores/settings';

/**
 * dayjs in the interface language. Pages that show or pick dates (antd DatePicker uses dayjs)
 * import dayjs from here, so the locale is set before first use; the shell itself does not carry
 * dayjs (landing bundle budget).
 */
const apply = (language: string) => dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
apply(useSettingsStore.getState().language);
useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) apply(s.language);
});

/**
 * A picker that shows China time whatever the browser's zone (times members live by: an ad
 * slot's window, a scheduled publish): the picker's value for the instant `ms` is its China wall
 * clock, and `fromChinaPicker` turns a picked wall-clock time back into the instant.
 */
export const toChinaPicker = (ms: number): Dayjs =>
  dayjs(formatChinaDate(ms, '{y}-{m}-{d} {h}:{i}:{s}'));
export const fromChinaPicker = (d: Dayjs): number =>
  Date.parse(`${d.format('YYYY-MM-DDTHH:mm:ss')}Z`) - CHINA_UTC_OFFSET_MS;

export { dayjs };
