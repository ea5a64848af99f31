import { STAFF_ROLE_LABELS } from '@health/contract';
import type { Kysely } from 'kysely';
import { AREAS } from '../../app.js';
import { DEMO_OPERATORS } from '../../modules/authority/demo/authority.js';
import { settleLastActive } from '../../modules/member/demo/member-activity.js';
import { DAY_MS } from '../../platform/clock.js';
import { hashPassword } from '../../platform/passwords.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { Database } from '../schema.js';
import { DEMO_OPERATOR_PASSWORD, DEMO_SEED, type DemoContext } from './context.js';
import { DemoRandom } from './random.js';

export { DEMO_OPERATOR_PASSWORD, DEMO_SEED, type DemoContext } from './context.js';

/**
 * The demo staff a newcomer can sign in as, for the start-up message:
 * "医生 wangfang（王芳）、chenjing（陈静）；医生助理 liuyang（刘洋）；…" (enabled accounts only).
 */
export function demoAccountsText(): string {
  const byRole = new Map<string, string[]>();
  for (const op of DEMO_OPERATORS) {
    if (op.enabled === false) continue;
    const role = STAFF_ROLE_LABELS[op.staffRole];
    byRole.set(role, [...(byRole.get(role) ?? []), `${op.username}（${op.realName}）`]);
  }
  return [...byRole].map(([role, names]) => `${role} ${names.join('、')}`).join('；');
}

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
    // Across areas: the members' last activity follows what they did in all of them.
    await settleLastActive(trx);
  });
}
