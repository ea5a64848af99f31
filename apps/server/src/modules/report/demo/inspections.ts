import {
  chinaDayStartOf,
  INSPECTION_TEMPLATES,
  INSPECTION_TEMPLATE_KEYS,
  inspectionFlagOf,
  type InspectionItem,
  type InspectionTemplateKey,
} from '@health/contract';
import type { Kysely } from 'kysely';
import { DEMO_SEED, type DemoContext } from '../../../db/demo/context.js';
import { DemoRandom } from '../../../db/demo/random.js';
import type { Database } from '../../../db/schema.js';

/**
 * Demo lab reports: a few dozen reports of demo members from the contract's panels, their values
 * mostly within range and some above or below it; each item's flag computed by the contract's
 * function, as the server computes it. Their files (small PDFs) come in reports.ts.
 */

export const DEMO_INSPECTION_COUNT = 36;

const HOSPITALS = [
  '北京协和医院检验科',
  '上海瑞金医院检验科',
  '广州金域医学检验中心',
  '杭州迪安医学检验中心',
  '社区卫生服务中心检验室',
  '深圳市人民医院检验科',
];

/** A value for a template item: within the range mostly, outside it sometimes. */
function valueOf(
  random: DemoRandom,
  item: { low: number | null; high: number | null },
  abnormal: boolean,
) {
  const low = item.low ?? (item.high ?? 1) * 0.4;
  const high = item.high ?? (item.low ?? 1) * 1.6;
  const span = high - low;
  let v: number;
  if (!abnormal) v = low + span * (0.1 + 0.8 * random.next());
  else if (item.high !== null && (item.low === null || random.chance(0.7)))
    v = item.high + span * (0.05 + 0.4 * random.next());
  // Below the range, but not to nothing: 40–90 % of its low end (a GGT of 0 U/L is no result).
  else v = low * (0.4 + 0.5 * random.next());
  const places = span < 5 ? 2 : span < 50 ? 1 : 0;
  return Math.max(10 ** -places, Number(v.toFixed(places)));
}

export function demoItems(
  random: DemoRandom,
  key: InspectionTemplateKey,
  abnormalShare: number,
): InspectionItem[] {
  return INSPECTION_TEMPLATES[key].items.map((t) => {
    const value = valueOf(random, t, random.chance(abnormalShare));
    return { ...t, value, flag: inspectionFlagOf(value, t.low, t.high) };
  });
}

export async function seedInspections(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const random = new DemoRandom(DEMO_SEED + 15);
  const members = await db
    .selectFrom('members')
    .select(['id'])
    .where('status', '=', 'normal')
    .orderBy('id')
    .limit(24)
    .execute();
  const operator = await db
    .selectFrom('operators')
    .select(['id', 'real_name', 'username'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (members.length === 0 || !operator) return;
  const today = chinaDayStartOf(demo.now);
  for (let n = 0; n < DEMO_INSPECTION_COUNT; n++) {
    const member = members[n % members.length]!;
    const key = INSPECTION_TEMPLATE_KEYS[n % INSPECTION_TEMPLATE_KEYS.length]!;
    const template = INSPECTION_TEMPLATES[key];
    const items = demoItems(random, key, n % 3 === 0 ? 0.5 : 0.1);
    const sampledAt = today - random.int(1, 180) * demo.day;
    const reportedAt = Math.min(today, sampledAt + random.int(0, 2) * demo.day);
    const createdAt =
      Math.min(demo.now, reportedAt + random.int(1, 3) * demo.day) - random.int(0, 3_600_000);
    const { id } = await db
      .insertInto('inspections')
      .values({
        member_id: member.id,
        title: template.title,
        hospital: random.pick(HOSPITALS),
        sampled_at: sampledAt,
        reported_at: reportedAt,
        remark: n % 5 === 0 ? '会员拍照上传，原件已核对' : '',
        item_count: items.length,
        high_count: items.filter((i) => i.flag === 'high').length,
        low_count: items.filter((i) => i.flag === 'low').length,
        created_by_id: operator.id,
        created_by: operator.real_name || operator.username,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('inspection_items')
      .values(
        items.map((i, sort) => ({
          inspection_id: id,
          sort,
          name: i.name,
          code: i.code,
          value: i.value,
          unit: i.unit,
          low: i.low,
          high: i.high,
          flag: i.flag,
        })),
      )
      .execute();
  }
}
