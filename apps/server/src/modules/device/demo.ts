import type { Kysely } from 'kysely';
import type { DemoContext } from '../../db/demo/context.js';
import type { Database } from '../../db/schema.js';
import type { DemoApp } from '../../platform/area.js';
import type { AppContext } from '../../platform/context.js';
import { PointsService } from '../member/points/service.js';
import { seedCodesAndReturns } from './demo/codes.js';
import { seedDevices } from './demo/devices.js';
import { loadDemoHistory } from './demo/history.js';
import { seedImports } from './demo/imports.js';

/** Demo models and devices in every state of their lifecycle, binding codes, member returns. */
export async function deviceDemo(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  await seedDevices(db, demo);
  await seedCodesAndReturns(db, demo);
  await seedImports(db, demo);
}

/**
 * The demo devices' six weeks of readings and two 24-hour ECG recordings, through the signed ingest
 * route (demo/history.ts); at a smaller scale, a share of the weeks and one recording (none below
 * a quarter).
 */
export async function deviceDemoThroughApi(
  app: DemoApp,
  ctx: AppContext,
  scale: number,
): Promise<void> {
  if (scale <= 0) return;
  // The weeks of readings arrive in one go here, but their points would be stamped now and cut by
  // one day's cap: the members' demo ledger already holds their measurement points over the weeks
  // (member/demo/points.ts), so the backlog earns none; readings after the start earn as usual.
  // The saved 积分配置 row is put back as it was (its time and editor too).
  const saved = await ctx.db
    .selectFrom('settings')
    .selectAll()
    .where('section', '=', 'integral')
    .executeTakeFirst();
  const rules = PointsService.of(ctx).currentRules();
  await ctx.settings.save('integral', { ...rules, measurementPoints: 0 }, null);
  try {
    await loadDemoHistory(app, ctx, {
      days: Math.max(1, Math.round(42 * scale)),
      longRecordings: scale >= 1 ? 2 : scale >= 0.25 ? 1 : 0,
    });
  } finally {
    if (saved)
      await ctx.db
        .updateTable('settings')
        .set({
          value_json: saved.value_json,
          updated_at: saved.updated_at,
          updated_by: saved.updated_by,
        })
        .where('section', '=', 'integral')
        .execute();
    else await ctx.db.deleteFrom('settings').where('section', '=', 'integral').execute();
    await ctx.settings.reload();
  }
}
