/** Current time in epoch milliseconds; injected so tests can move time (token expiry, locks). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
