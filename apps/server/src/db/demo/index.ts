import type { Kysely } from 'kysely';
import { hashPassword } from '../../platform/passwords.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { Database } from '../schema.js';
import { seedAuthority } from './authority.js';
import { seedContent } from './content.js';
import { seedMembers } from './members.js';
import { seedMemberActivity } from './member-activity.js';
import { seedOperationLogs } from './operation-logs.js';
import { seedSettings } from './settings.js';
import { seedPoints } from './points.js';
import { seedSign } from './sign.js';
import { DemoRandom } from './random.js';

/**
 * The demo data generator, run once when the database is new. One module per area; each gets the
 * same context (a seeded random source and "now"), so the same seed and time give the same data.
 * Later areas (members, devices, measurements, ...) add their module here, in dependency order.
 */

export const DEMO_SEED = 20240601;
/** Password of every demo operator (the admin's is ADMIN_INITIAL_PASSWORD). */
export const DEMO_OPERATOR_PASSWORD = 'Demo@2024';

export interface DemoContext {
  random: DemoRandom;
  now: number;
  day: number;
  /** Demo operators share one hash: hashing is deliberately slow and this is demo data. */
  operatorPasswordHash: string;
}

export async function loadDemoData(
  db: Kysely<Database>,
  /** secrets: seals the demo payment keys (without it the paid channels are left unset). */
  opts: { now: number; seed?: number; secrets?: SecretBox },
): Promise<void> {
  const demo: DemoContext = {
    random: new DemoRandom(opts.seed ?? DEMO_SEED),
    now: opts.now,
    day: 24 * 60 * 60 * 1000,
    operatorPasswordHash: await hashPassword(DEMO_OPERATOR_PASSWORD),
  };
  await db.transaction().execute(async (trx) => {
    const authority = await seedAuthority(trx, demo);
    await seedOperationLogs(trx, demo, authority);
    await seedContent(trx, demo);
    await seedSettings(trx, demo, opts.secrets);
    await seedMembers(trx, demo);
    await seedMemberActivity(trx, demo);
    await seedPoints(trx, demo);
    await seedSign(trx, demo);
  });
}
