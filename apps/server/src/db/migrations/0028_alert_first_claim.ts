import { sql } from 'kysely';
import type { AnyDb } from './helpers.js';

/**
 * When a doctor first claimed an alert (统计中心's 认领预警): a claim is released or expires and
 * clears claimed_at, so the first claim is kept in its own column, never cleared. The alerts
 * claimed before this migration get the time of their first claim in the operation log (the
 * workbench logs every claim: module health, action claim, target "预警 <id>"), or of the claim
 * they still hold.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('measurement_alerts')
    .addColumn('first_claimed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('measurement_alerts_first_claimed_idx')
    .on('measurement_alerts')
    .column('first_claimed_at')
    .execute();
  const logged = await db
    .selectFrom('operation_logs')
    .select(['target', sql<number>`min(created_at)`.as('at')])
    .where('module', '=', 'health')
    .where('action', '=', 'claim')
    .groupBy('target')
    .execute();
  for (const row of logged as { target: string; at: number | string }[]) {
    const id = /^预警 (\d+)$/.exec(row.target)?.[1];
    if (!id) continue;
    await db
      .updateTable('measurement_alerts')
      .set({ first_claimed_at: Number(row.at) })
      .where('id', '=', Number(id))
      .execute();
  }
  await db
    .updateTable('measurement_alerts')
    .set({ first_claimed_at: sql`claimed_at` })
    .where('first_claimed_at', 'is', null)
    .where('claimed_at', 'is not', null)
    .execute();
}
