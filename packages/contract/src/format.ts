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

/**
 * Format a time with {y}-{m}-{d} {h}:{i}:{s} placeholders (and {a} for the weekday);
 * the default format is year-month-day hour:minute:second (spec §9). Local time.
 */
export function formatDate(
  time: number | string | Date | null | undefined,
  pattern = '{y}-{m}-{d} {h}:{i}:{s}',
): string {
  if (time == null || time === '') return '';
  const date = time instanceof Date ? time : new Date(toMillis(time));
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad(date.getMonth() + 1),
    d: pad(date.getDate()),
    h: pad(date.getHours()),
    i: pad(date.getMinutes()),
    s: pad(date.getSeconds()),
    a: ['日', '一', '二', '三', '四', '五', '六'][date.getDay()] ?? '',
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, k: string) => parts[k] ?? '');
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
