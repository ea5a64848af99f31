import { DEFAULT_INTEGRAL_SET, type IntegralSet } from '@health/contract';
import { sql, type Kysely } from 'kysely';
import { expiryOf } from '../points/service.js';
import type { Database, PointsLedgerTable } from '../../../db/schema.js';
import type { Insertable } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Points ledgers of the demo members: registration, check-ins, measurements, redemptions and a
 * few admin adjustments over the time since each registered. Each member's rows are built in time
 * order under the ledger's rule (a deduction that would go below zero is not made), then written
 * in batches, and every balance is set to the sum of its ledger in one statement — so
 * `points_balance == sum(ledger)` holds for every demo member. Logged-off members keep history
 * only up to now; frozen ones too.
 */

const BATCH = 300;
const REDEEM_GOODS = [
  '电子血压计',
  '血糖试纸 50 片',
  '体检套餐抵用券',
  '保温杯',
  '按摩颈枕',
  '家用体温计',
];
const ADJUST_REASONS = ['活动奖励补发', '客服补偿', '重复发放扣回', '问卷调研奖励'];

type Row = Insertable<PointsLedgerTable>;

export async function seedPoints(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random, now, day } = demo;
  const rules: IntegralSet = DEFAULT_INTEGRAL_SET;
  const admin = await db
    .selectFrom('operators')
    .select(['id', 'real_name', 'username'])
    .orderBy('id')
    .executeTakeFirst();
  const members = await db
    .selectFrom('members')
    .select(['id', 'registered_at'])
    .orderBy('id')
    .execute();

  let rows: Row[] = [];
  const flush = async () => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insertInto('points_ledger')
        .values(rows.slice(i, i + BATCH))
        .execute();
    }
    rows = [];
  };

  for (const member of members) {
    const memberId = Number(member.id);
    const registeredAt = Number(member.registered_at);
    const events: {
      at: number;
      amount: number;
      type: Row['type'];
      remark: string;
      ref?: string;
      op?: boolean;
    }[] = [
      {
        at: registeredAt + 1000,
        amount: rules.registerPoints,
        type: 'register',
        remark: '注册奖励',
      },
    ];
    const span = Math.max(day, now - registeredAt);
    // Check-ins (and their points) come from the check-in demo (sign.ts), with their records.
    const uploads = random.int(0, 8);
    for (let i = 0; i < uploads; i++) {
      events.push({
        at: registeredAt + random.int(1, span - 1),
        amount: rules.measurementPoints,
        type: 'measurement',
        remark: '上传测量',
        ref: `M${memberId}${i}`,
      });
    }
    if (random.chance(0.35)) {
      const goods = random.pick(REDEEM_GOODS);
      events.push({
        at: registeredAt + random.int(Math.floor(span / 2), span - 1),
        amount: -random.pick([50, 80, 100, 150, 200]),
        type: 'redeem',
        remark: `兑换 ${goods}`,
        ref: `EX${memberId}`,
      });
    }
    if (random.chance(0.08)) {
      const plus = random.chance(0.7);
      events.push({
        at: registeredAt + random.int(1, span - 1),
        amount: plus ? random.pick([20, 50, 100]) : -random.pick([10, 20, 30]),
        type: 'adjust',
        remark: random.pick(ADJUST_REASONS),
        op: true,
      });
    }
    events.sort((a, b) => a.at - b.at);
    let balance = 0;
    for (const e of events) {
      if (e.at > now) continue;
      if (balance + e.amount < 0) continue; // the ledger's rule: never below zero
      balance += e.amount;
      rows.push({
        member_id: memberId,
        amount: e.amount,
        balance_after: balance,
        type: e.type,
        ref_type:
          e.type === 'redeem' ? 'exchange_order' : e.type === 'measurement' ? 'measurement' : null,
        ref_id: e.ref ?? null,
        remark: e.remark,
        operator_id: e.op && admin ? Number(admin.id) : null,
        operator_name: e.op && admin ? admin.real_name || admin.username : null,
        created_at: e.at,
        expires_at: e.amount > 0 ? expiryOf(rules, e.at) : null,
      });
    }
    if (rows.length >= 5000) await flush();
  }
  await flush();

  await db
    .updateTable('members')
    .set({
      points_balance: sql<number>`coalesce((select sum(l.amount) from points_ledger l where l.member_id = members.id), 0)`,
    })
    .execute();
}
