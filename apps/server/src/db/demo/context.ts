import type { SecretBox } from '../../platform/secrets.js';
import type { DemoRandom } from './random.js';

export const DEMO_SEED = 20240601;
/** Password of every demo operator (the admin's is ADMIN_INITIAL_PASSWORD). */
export const DEMO_OPERATOR_PASSWORD = 'Demo@2024';

/** What every area's demo data gets: the same seed and time give the same data. */
export interface DemoContext {
  random: DemoRandom;
  now: number;
  day: number;
  /** Demo operators share one hash: hashing is deliberately slow and this is demo data. */
  operatorPasswordHash: string;
  /** Seals the demo payment keys (without it the paid channels are left unset). */
  secrets?: SecretBox;
}
