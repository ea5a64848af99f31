/**
 * Calendar days in China time (UTC+8, no daylight saving): check-ins, daily counts, points expiry
 * and every "today" of the product are these days, wherever the server runs.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The China calendar day 'YYYY-MM-DD' of an epoch-ms time. */
export function chinaDateOf(at: number): string {
  return new Date(at + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `delta` days before (negative) or after a 'YYYY-MM-DD' day. */
export function shiftChinaDate(date: string, delta: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** Epoch ms of the start (00:00 China time) of a 'YYYY-MM-DD' day. */
export function chinaDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - CHINA_UTC_OFFSET_MS;
}

/** Epoch ms of the start of the China day that holds `at`. */
export function chinaDayStartOf(at: number): number {
  return Math.floor((at + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS;
}

/** The China wall-clock of `at`, read with the UTC getters of the returned Date. */
export function chinaWallClock(at: number): Date {
  return new Date(at + CHINA_UTC_OFFSET_MS);
}

/** Whole years of someone born on `birthday` (YYYY-MM-DD) on the China day of `at`; null if unreadable. */
export function ageOnChinaDay(birthday: string | null | undefined, at: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday ?? '');
  if (!m) return null;
  const [y, mo, d] = chinaDateOf(at).split('-').map(Number) as [number, number, number];
  const age = y - Number(m[1]) - (mo * 100 + d < Number(m[2]) * 100 + Number(m[3]) ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
}
