import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

/**
 * Every migration, in order, imported in code rather than found by scanning a folder, so the
 * same list works from src/ (tsx, tests) and from the compiled dist/. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
