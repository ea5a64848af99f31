import { queueRankOf } from '@health/contract';
import type { DemoApp } from '../../platform/area.js';
import type { AppContext } from '../../platform/context.js';
import { WorkbenchRepo } from './workbench/repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Alerts of readings older than this were read by the demo doctors; the newer ones wait. */
const OPEN_WITHIN_MS = 18 * HOUR;
const DEMO_DOCTORS = ['王芳', '陈静'];

/**
 * The demo readings reach the ingest API all at once at the first start, so their alerts were
 * all raised "now". Tell the story the readings tell instead: each alert was raised a few minutes
 * after its reading; the demo doctors closed those of the days before, and the last hours' wait
 * in the queue (some past the wait limit).
 */
export async function healthDemoThroughApi(
  _app: DemoApp,
  ctx: AppContext,
  scale: number,
): Promise<void> {
  if (scale <= 0) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const alerts = new WorkbenchRepo(trx);
    for (const a of await alerts.alertsWithReadingTime()) {
      const id = Number(a.id);
      const raisedAt = Math.min(now, Number(a.measured_at) + ((id % 5) + 1) * MINUTE);
      const rank = queueRankOf(
        {
          level: a.level,
          age: a.triage_age === null ? null : Number(a.triage_age),
          history: Number(a.triage_history),
        },
        raisedAt,
      );
      const handled =
        now - raisedAt > OPEN_WITHIN_MS
          ? {
              at: raisedAt + (20 + (id % 70)) * MINUTE,
              by: DEMO_DOCTORS[id % DEMO_DOCTORS.length]!,
            }
          : null;
      await alerts.setTimeline(id, raisedAt, rank, handled);
    }
  });
}
