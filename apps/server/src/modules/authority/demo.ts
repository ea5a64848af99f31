import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import { seedAuthority } from './demo/authority.js';
import { seedOperationLogs } from './demo/operation-logs.js';

/** Demo groups and operators, and a history of logins and operations by them. */
export async function authorityDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const authority = await seedAuthority(db, demo);
  await seedOperationLogs(db, demo, authority);
}
