import type { Kysely } from 'kysely';
import { AREAS } from '../../app.js';
import { DAY_MS } from '../../platform/clock.js';
import { hashPassword } from '../../platform/passwords.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { Database } from '../schema.js';
import { DEMO_OPERATOR_PASSWORD, DEMO_SEED, type DemoContext } from './context.js';
import { DemoRandom } from './random.js';

export { DEMO_OPERATOR_PASSWORD, DEMO_SEED, type DemoContext } from './context.js';

/**
 * The demo data generator, run once when the database is new. Each area seeds its own
 * (`modules/<area>/demo.ts`), in the order of the areas, in one transaction; each gets the same
 * context (a seeded random source and "now"), so the same seed and time give the same data.
 */
export async function loadDemoData(
  db: Kysely<Database>,
  /** secrets: seals the demo payment keys (without it the paid channels are left unset). */
  opts: { now: number; seed?: number; secrets?: SecretBox },
): Promise<void> {
  const demo: DemoContext = {
    random: new DemoRandom(opts.seed ?? DEMO_SEED),
    now: opts.now,
    day: DAY_MS,
    operatorPasswordHash: await hashPassword(DEMO_OPERATOR_PASSWORD),
    secrets: opts.secrets,
  };
  await db.transaction().execute(async (trx) => {
    for (const area of AREAS) await area.demo?.(trx, demo);
  });
}
