import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import type { DemoApp } from '../../platform/area.js';
import type { AppContext } from '../../platform/context.js';
import { seedInspectionFiles } from './demo/files.js';
import { seedInspections } from './demo/inspections.js';

/** Demo lab reports of demo members (their items flagged as the server flags them). */
export async function reportDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedInspections(db, demo);
}

/**
 * The demo lab reports' PDF files need the file storage (this runs once the app is ready): eight
 * at a real first start, three at a smaller scale (about 0.15 s each: the CJK font is subset).
 */
export async function reportDemoThroughApi(
  _app: DemoApp,
  ctx: AppContext,
  scale: number,
): Promise<void> {
  if (scale <= 0) return;
  await seedInspectionFiles(ctx, scale >= 1 ? 8 : 3);
}
