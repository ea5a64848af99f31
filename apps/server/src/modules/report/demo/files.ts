import { createHash } from 'node:crypto';
import type { AppContext } from '../../../platform/context.js';
import { newLabFileKey } from '../inspections/service.js';
import { renderLabPdf } from './lab-pdf.js';

/** A PDF, as the laboratory printed it, for the `count` most recent demo reports. */
export async function seedInspectionFiles(ctx: AppContext, count: number): Promise<void> {
  const { db } = ctx;
  const reports = await db
    .selectFrom('inspections as i')
    .innerJoin('members as m', 'm.id', 'i.member_id')
    .select(['i.id', 'i.title', 'i.hospital', 'i.sampled_at', 'i.reported_at', 'i.created_by_id'])
    .select('m.name as member_name')
    .orderBy('i.reported_at', 'desc')
    .limit(count)
    .execute();
  for (const r of reports) {
    const items = await db
      .selectFrom('inspection_items')
      .selectAll()
      .where('inspection_id', '=', r.id)
      .orderBy('sort')
      .execute();
    const data = await renderLabPdf({
      hospital: r.hospital,
      title: r.title,
      memberName: r.member_name,
      sampledAt: Number(r.sampled_at),
      reportedAt: Number(r.reported_at),
      items: items.map((i) => ({
        name: i.name,
        code: i.code,
        value: Number(i.value),
        unit: i.unit,
        low: i.low === null ? null : Number(i.low),
        high: i.high === null ? null : Number(i.high),
        flag: i.flag,
      })),
    });
    const key = newLabFileKey(ctx.now());
    await ctx.storage.put(key, data);
    await db
      .insertInto('inspection_files')
      .values({
        inspection_id: r.id,
        sort: 0,
        storage_key: key,
        original_name: `${r.title}.pdf`,
        mime: 'application/pdf',
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        operator_id: r.created_by_id,
        created_at: ctx.now(),
      })
      .execute();
  }
}
