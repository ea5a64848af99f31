import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import { seedCodesAndReturns } from './demo/codes.js';
import { seedDevices } from './demo/devices.js';
import { seedImports } from './demo/imports.js';

/** Demo models and devices in every state of their lifecycle, binding codes, member returns. */
export async function deviceDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedDevices(db, demo);
  await seedCodesAndReturns(db, demo);
  await seedImports(db, demo);
}
