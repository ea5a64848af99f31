/** Current time in epoch milliseconds; injected so tests can move time (token expiry, locks). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** One day; calendar days are China days (the contract's china-day.ts). */
export { DAY_MS } from '@health/contract';
export const MINUTE_MS = 60 * 1000;
