import type { DbBool } from './schema.js';

/** The one place booleans cross into and out of the database (integer 0/1 on both dialects). */
export function toDbBool(value: boolean): DbBool {
  return value ? 1 : 0;
}

export function fromDbBool(value: number | boolean | string | null | undefined): boolean {
  return value === 1 || value === true || value === '1';
}

/** JSON columns are text; null stays null. */
export function toDbJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function fromDbJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** Aggregates come back as number, bigint or string depending on the driver. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}
