import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import { seedContent } from './demo/content.js';
import { seedSettings } from './demo/settings.js';

/** Demo search words, SMS templates, agreements, settings and payment channels. */
export async function systemDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedContent(db, demo);
  await seedSettings(db, demo, demo.secrets);
}
