import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH, chinaDateOf } from '@health/contract';
import type { Insertable, Kysely } from 'kysely';
import type { DemoContext } from '../../../db/demo/context.js';
import type { Database, DeviceCodesTable } from '../../../db/schema.js';

/**
 * Demo binding codes and member returns: per model a fresh batch, an older batch of which the
 * bound devices of that model used some (and a few were voided), and an expired batch; and returns
 * filed by members for some lent devices (pending: the overview's to-do) and received ones.
 */

const COURIERS = ['sf', 'zto', 'yto', 'yunda', 'jd', 'ems'] as const;
const COURIER_NAMES: Record<(typeof COURIERS)[number], string> = {
  sf: '顺丰速运',
  zto: '中通快递',
  yto: '圆通速递',
  yunda: '韵达快递',
  jd: '京东物流',
  ems: 'EMS',
};

export async function seedCodesAndReturns(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random, now, day } = demo;
  const models = await db.selectFrom('device_models').select(['id']).orderBy('id').execute();
  if (models.length === 0) return;
  const taken = new Set<string>();
  const code = () => {
    for (;;) {
      let c = '';
      for (let i = 0; i < DEVICE_CODE_LENGTH; i++)
        c += DEVICE_CODE_ALPHABET[random.int(0, DEVICE_CODE_ALPHABET.length - 1)];
      if (!taken.has(c)) {
        taken.add(c);
        return c;
      }
    }
  };
  const batchNo = (at: number) => {
    let tail = '';
    for (let i = 0; i < 4; i++)
      tail += DEVICE_CODE_ALPHABET[random.int(0, DEVICE_CODE_ALPHABET.length - 1)];
    return `B${chinaDateOf(at).replace(/-/g, '')}-${tail}`;
  };
  // Names as the services write them (the operator's real name): the codes are the demo
  // super-admin's (the only demo operator holding 码管理), the returns received by the assistant.
  const creator = '周强';
  const receiver = '刘洋';

  for (const model of models.slice(0, 4)) {
    const modelId = Number(model.id);
    const rows: Insertable<DeviceCodesTable>[] = [];
    const blank = { used_at: null, used_member_id: null, used_device_id: null, voided_at: null };
    const batch = (at: number, count: number, validDays: number) => {
      const no = batchNo(at);
      const start = rows.length;
      for (let i = 0; i < count; i++)
        rows.push({
          code: code(),
          batch_no: no,
          model_id: modelId,
          status: 'unused',
          expires_at: at + validDays * day,
          ...blank,
          voided_by: null,
          created_by: creator,
          created_at: at,
        });
      return rows.slice(start);
    };

    // An older batch: the model's bound devices used some of it, two were voided.
    const olderAt = now - random.int(150, 200) * day;
    const older = batch(olderAt, 30, 365);
    const bound = await db
      .selectFrom('devices')
      .select(['id', 'member_id', 'bound_at'])
      .where('model_id', '=', modelId)
      .where('status', '=', 'bound')
      .orderBy('id')
      .limit(12)
      .execute();
    bound.forEach((d, i) => {
      const row = older[i];
      if (!row || d.member_id === null) return;
      Object.assign(row, {
        status: 'used',
        used_at: Number(d.bound_at ?? olderAt + day),
        used_member_id: Number(d.member_id),
        used_device_id: Number(d.id),
      });
    });
    for (const row of older.slice(-2))
      Object.assign(row, { status: 'void', voided_at: olderAt + 30 * day, voided_by: creator });
    // An expired batch, and a fresh one waiting to be printed.
    batch(now - random.int(120, 140) * day, 10, 90);
    batch(now - random.int(1, 10) * day, 40, 180);
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('device_codes')
        .values(rows.slice(i, i + 200))
        .execute();
  }

  // Returns: members filed some lent devices' returns (waiting), and a few were received.
  const lent = await db
    .selectFrom('devices')
    .select(['id', 'member_id', 'lent_at'])
    .where('status', '=', 'lent')
    .orderBy('id')
    .limit(8)
    .execute();
  for (const [i, d] of lent.entries()) {
    const courier = random.pick(COURIERS);
    const trackingNo = `${courier.toUpperCase()}${random.int(100_000_000, 999_999_999)}`;
    const filedAt = now - random.int(1, 5) * day - random.int(0, day);
    const received = i >= 5;
    await db
      .insertInto('device_returns')
      .values({
        device_id: Number(d.id),
        member_id: d.member_id === null ? null : Number(d.member_id),
        courier,
        tracking_no: trackingNo,
        // A received return of a device still lent: the parcel came back empty or was refused.
        status: received ? 'received' : 'pending',
        filed_at: filedAt,
        handled_at: received ? filedAt + 2 * day : null,
        handled_by: received ? receiver : null,
        remark: received ? '包裹内无设备，已联系会员' : '',
      })
      .execute();
    await db
      .insertInto('device_events')
      .values({
        device_id: Number(d.id),
        action: 'returnFiled',
        from_status: 'lent',
        to_status: 'lent',
        member_id: d.member_id === null ? null : Number(d.member_id),
        operator_id: null,
        operator_name: '会员',
        remark: `${COURIER_NAMES[courier]} ${trackingNo}`,
        data_json: JSON.stringify({ courier, trackingNo }),
        created_at: filedAt,
      })
      .execute();
  }
}
