import { SIGN_TZ_OFFSET_MS } from '@health/contract';
import { DAY_MS } from './clock.js';

/**
 * China time (UTC+8, no daylight saving): the one place the server turns an instant into a China
 * day. The offset is the contract's (the same one the sign-in days use, `signDateOf`).
 */
export const CHINA_OFFSET_MS = SIGN_TZ_OFFSET_MS;

/** Start (epoch ms) of the China day holding `at`. */
export function chinaDayStart(at: number): number {
  return Math.floor((at + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** The China wall-clock of `at`, read with the UTC getters of the returned Date. */
export function chinaWallClock(at: number): Date {
  return new Date(at + CHINA_OFFSET_MS);
}
