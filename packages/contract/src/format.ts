import { CHINA_UTC_OFFSET_MS } from './china-day.js';
/** Pure display helpers of spec §5 and §9. */

/** An eleven-digit phone number hides its middle four digits: 138****5678. Other values unchanged. */
/** Mainland mobile number: 11 digits starting with 1 and a 3–9. */
export const MAINLAND_PHONE = /^1[3-9]\d{9}$/;

export function maskPhone(phone: string | null | undefined): string {
  if (phone == null) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** An identity number hides the eight digits after the first six (the birth date). */
export function maskIdNumber(id: string | null | undefined): string {
  if (id == null) return '';
  if (id.length < 14) return id;
  return `${id.slice(0, 6)}********${id.slice(14)}`;
}

/** A link is external when it starts with http, https, mailto or tel (spec §5). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

const URL_PATTERN =
  /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.(com|edu|gov|int|mil|net|org|biz|arpa|info|name|pro|aero|coop|museum|[a-zA-Z]{2,}))(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

/** The URL pattern of spec §5: http, https and ftp addresses. */
export function isValidUrl(url: string): boolean {
  return URL_PATTERN.test(url);
}

/** Ten-digit timestamps are seconds (spec §9); anything else is milliseconds. */
export function toMillis(time: number | string): number {
  const s = String(time).trim();
  if (/^\d{10}$/.test(s)) return Number(s) * 1000;
  if (/^\d+$/.test(s)) return Number(s);
  return new Date(s).getTime();
}

const pad = (n: number) => String(n).padStart(2, '0');

function format(date: Date, pattern: string, utc: boolean): string {
  const parts: Record<string, string> = utc
    ? {
        y: String(date.getUTCFullYear()),
        m: pad(date.getUTCMonth() + 1),
        d: pad(date.getUTCDate()),
        h: pad(date.getUTCHours()),
        i: pad(date.getUTCMinutes()),
        s: pad(date.getUTCSeconds()),
        a: WEEKDAYS[date.getUTCDay()] ?? '',
      }
    : {
        y: String(date.getFullYear()),
        m: pad(date.getMonth() + 1),
        d: pad(date.getDate()),
        h: pad(date.getHours()),
        i: pad(date.getMinutes()),
        s: pad(date.getSeconds()),
        a: WEEKDAYS[date.getDay()] ?? '',
      };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, k: string) => parts[k] ?? '');
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

function dateOf(time: number | string | Date | null | undefined): Date | null {
  if (time == null || time === '') return null;
  const date = time instanceof Date ? time : new Date(toMillis(time));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Format a time with {y}-{m}-{d} {h}:{i}:{s} placeholders (and {a} for the weekday);
 * the default format is year-month-day hour:minute:second (spec §9). Local time (the browser's).
 */
export function formatDate(
  time: number | string | Date | null | undefined,
  pattern = '{y}-{m}-{d} {h}:{i}:{s}',
): string {
  const date = dateOf(time);
  return date ? format(date, pattern, false) : '';
}

/**
 * formatDate in China time (UTC+8) whatever the machine's time zone: what the server writes into
 * exports and texts for people (a server usually runs in UTC, eight hours behind its users).
 */
export function formatChinaDate(
  time: number | string | Date | null | undefined,
  pattern = '{y}-{m}-{d} {h}:{i}:{s}',
): string {
  const date = dateOf(time);
  return date ? format(new Date(date.getTime() + CHINA_UTC_OFFSET_MS), pattern, true) : '';
}

/**
 * Relative time of spec §9: under 30 s 刚刚, under an hour N分钟前, under a day N小时前,
 * under two days 1天前, else the date (default format, or the given pattern).
 */
export function relativeTime(
  time: number | string,
  now: number = Date.now(),
  pattern?: string,
): string {
  const ms = toMillis(time);
  const diff = (now - ms) / 1000;
  if (diff < 30) return '刚刚';
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`;
  if (diff < 86_400) return `${Math.ceil(diff / 3600)}小时前`;
  if (diff < 86_400 * 2) return '1天前';
  return formatDate(ms, pattern);
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** Abbreviate a number with k, M, G, T, P, E (spec §9): 12345 → "12.3k" with one digit. */
export function abbreviateNumber(num: number, digits = 1): string {
  const sign = num < 0 ? '-' : '';
  const abs = Math.abs(num);
  for (const { value, symbol } of SI) {
    if (abs >= value) {
      return (
        sign + (abs / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol
      );
    }
  }
  return String(num);
}

/** Group the integer part in threes: 1234567.89 → "1,234,567.89". */
export function thousands(num: number | string): string {
  const s = String(num ?? 0);
  return s.replace(/^-?\d+/, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}

/** Today's date as YYYY-MM-DD in local time (used by the once-a-day "later" key). */
export function todayKey(now: Date = new Date()): string {
  return formatDate(now, '{y}-{m}-{d}');
}

/**
 * An enumeration's labels in both languages, `{ value: [zh-CN, en-US] }`, from its two label maps
 * (`MEMBER_STATUS_LABELS` and `MEMBER_STATUS_LABELS_EN`): the web's bilingual locale tables and
 * the operation log read the same words.
 */
export function bilingualLabels<K extends string | number>(
  zh: Record<K, string>,
  en: Record<K, string>,
): Record<K, readonly [string, string]> {
  const out = {} as Record<K, readonly [string, string]>;
  for (const key of Object.keys(zh) as K[]) out[key] = [zh[key], en[key] ?? zh[key]];
  return out;
}
