import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import { seedMemberActivity } from './demo/member-activity.js';
import { seedMembers } from './demo/members.js';
import { seedPoints } from './demo/points.js';
import { seedSign } from './demo/sign.js';

/** Demo members with their activity, points, check-ins and notices. */
export async function memberDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedMembers(db, demo);
  await seedMemberActivity(db, demo);
  await seedPoints(db, demo);
  await seedSign(db, demo);
}
