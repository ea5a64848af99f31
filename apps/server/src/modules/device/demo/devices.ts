import type { Insertable, Kysely } from 'kysely';
import { DEMO_SEED, type DemoContext } from '../../../db/demo/context.js';
import { DemoRandom } from '../../../db/demo/random.js';
import type {
  Database,
  DeviceEventsTable,
  DeviceModelType,
  DevicesTable,
  DeviceStatusValue,
} from '../../../db/schema.js';
import { demoStaff } from '../../authority/demo/authority.js';
import { secretContext } from '../devices/service.js';
import { demoDeviceSecret } from './secrets.js';

/**
 * Demo models and a few hundred devices in every state of the lifecycle, each with the events
 * that brought it there. Bound and lent devices belong to members in good standing; their
 * readings arrive through the ingest API (demo/readings.ts), which also sets their last upload.
 */

export const DEMO_DEVICE_COUNT = 320;

const MODELS: { name: string; type: DeviceModelType; maker: string; params: [string, string][] }[] =
  [
    {
      name: '康护 ECG-12 单导心电记录仪',
      type: 'ecg',
      maker: '深圳康护医疗',
      params: [
        ['导联', 'I 导联'],
        ['采样率', '250 Hz'],
        ['续航', '24 小时连续记录'],
      ],
    },
    {
      name: '康护 BP-A1 上臂式血压计',
      type: 'bp',
      maker: '深圳康护医疗',
      params: [
        ['测量范围', '0–299 mmHg'],
        ['精度', '±3 mmHg'],
      ],
    },
    {
      name: '安心 BP-W3 腕式血压计',
      type: 'bp',
      maker: '杭州安心科技',
      params: [['袖带', '腕围 13.5–21.5 cm']],
    },
    {
      name: '糖康 G5 血糖仪',
      type: 'bg',
      maker: '苏州糖康生物',
      params: [['测量范围', '1.1–33.3 mmol/L']],
    },
    {
      name: '三合一 TRIO 检测仪',
      type: 'multi',
      maker: '北京百测',
      params: [['项目', '血糖、总胆固醇、尿酸']],
    },
    {
      name: '脂安 CH-2 胆固醇检测仪',
      type: 'chol',
      maker: '北京百测',
      params: [['测量范围', '2.6–10.4 mmol/L']],
    },
    {
      name: '尿酸宝 UA-1',
      type: 'ua',
      maker: '广州尿酸宝',
      params: [['测量范围', '179–1190 µmol/L']],
    },
  ];

/** Serial prefix of each model (the serial says what it is, as makers' serials do). */
const PREFIX = ['ECG12', 'BPA1', 'BPW3', 'BGG5', 'TRIO', 'CH2', 'UA1'];
/** How often each model occurs among the devices. */
const WEIGHT = [4, 6, 3, 4, 2, 1, 1];

const STATUS_PLAN: [DeviceStatusValue, number][] = [
  ['bound', 0.55],
  ['lent', 0.15],
  ['in_stock', 0.13],
  ['returned', 0.05],
  ['faulty', 0.07],
  ['scrapped', 0.05],
];

function pickWeighted<T>(random: DemoRandom, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random.next() * total;
  for (const [i, item] of items.entries()) {
    r -= weights[i]!;
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

export interface DemoDevicePlan {
  serial: string;
  modelIndex: number;
  /** The model's type (a multi device uploads bg, chol and ua). */
  type: DeviceModelType;
  /** Its state when the database has members (in stock otherwise). */
  status: DeviceStatusValue;
}

/**
 * Which demo devices exist, of which model and in which state: from a random source of their own,
 * so `npm run simulate` knows the bound and lent ones (and their secrets, demoDeviceSecret) without
 * reading the database.
 */
export function demoDevicePlan(): DemoDevicePlan[] {
  const random = new DemoRandom(DEMO_SEED + 12);
  const serialCounters = PREFIX.map(() => 0);
  const plan: DemoDevicePlan[] = [];
  for (let i = 0; i < DEMO_DEVICE_COUNT; i++) {
    const m = pickWeighted(
      random,
      MODELS.map((_, k) => k),
      WEIGHT,
    );
    const status = pickWeighted(
      random,
      STATUS_PLAN.map(([s]) => s),
      STATUS_PLAN.map(([, w]) => w),
    );
    const serial = `${PREFIX[m]}-${String(2024_000 + ++serialCounters[m]!).padStart(7, '0')}`;
    plan.push({ serial, modelIndex: m, type: MODELS[m]!.type, status });
  }
  return plan;
}

export async function seedDevices(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const secrets = demo.secrets;
  // Without the SecretBox the devices could not be given sealed secrets: no demo devices then.
  if (!secrets) return;
  const { random, now, day } = demo;
  const modelIds: number[] = [];
  for (const m of MODELS) {
    const at = now - random.int(200, 400) * day;
    const row = await db
      .insertInto('device_models')
      .values({
        name: m.name,
        type: m.type,
        maker: m.maker,
        picture: '',
        params_json: JSON.stringify(m.params.map(([name, value]) => ({ name, value }))),
        remark: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    modelIds.push(Number(row.id));
  }

  const members = await db
    .selectFrom('members')
    .select(['id'])
    .where('status', '=', 'normal')
    .orderBy('id')
    .limit(DEMO_DEVICE_COUNT)
    .execute();
  let nextMember = 0;
  const takeMember = () => Number(members[nextMember++ % Math.max(1, members.length)]?.id);

  const order = { depositFen: 29_900, returnDays: 45 };
  const admin = await demoStaff(db, 'zhouqiang');
  const assistant = await demoStaff(db, 'liuyang');
  for (const plan of demoDevicePlan()) {
    const { serial, modelIndex: m } = plan;
    const status = members.length ? plan.status : 'in_stock';
    const createdAt = now - random.int(60, 180) * day - random.int(0, day);
    const events: Omit<Insertable<DeviceEventsTable>, 'device_id'>[] = [];
    // Who took each step, as the lifecycle service records it: the assistant binds devices and
    // receives returns, the super-admin does the rest (the only demo operator holding it all).
    const byOf = (action: string) =>
      action === 'bind' || action === 'markReturned' ? assistant : admin;
    const ev = (
      action: string,
      from: DeviceStatusValue | null,
      to: DeviceStatusValue,
      at: number,
      memberId: number | null = null,
      remark = '',
    ) =>
      events.push({
        action,
        from_status: from,
        to_status: to,
        member_id: memberId,
        operator_id: byOf(action).id,
        operator_name: byOf(action).name,
        remark,
        data_json: '{}',
        created_at: at,
      });
    ev('import', null, 'in_stock', createdAt);
    const row: Insertable<DevicesTable> = {
      serial,
      model_id: modelIds[m]!,
      status,
      member_id: null,
      secret_sealed: secrets.seal(demoDeviceSecret(serial), secretContext(serial)),
      firmware: `v${random.int(1, 2)}.${random.int(0, 9)}.${random.int(0, 20)}`,
      battery: status === 'bound' || status === 'lent' ? random.int(15, 100) : null,
      remark: '',
      created_at: createdAt,
      updated_at: createdAt,
    };
    const handedAt = createdAt + random.int(1, 20) * day;
    if (status === 'bound' || status === 'lent') {
      const memberId = takeMember();
      row.member_id = memberId;
      row.bound_at = handedAt;
      if (status === 'lent') {
        row.lent_at = handedAt;
        row.deposit_fen = order.depositFen;
        row.return_due_at = handedAt + order.returnDays * day;
      }
      ev(status === 'bound' ? 'bind' : 'lend', 'in_stock', status, handedAt, memberId);
    } else if (status === 'returned') {
      const memberId = takeMember();
      ev('lend', 'in_stock', 'lent', handedAt, memberId);
      ev('markReturned', 'lent', 'returned', handedAt + random.int(20, 40) * day, memberId);
    } else if (status === 'faulty' || status === 'scrapped') {
      const faultAt = handedAt + random.int(5, 30) * day;
      const reason = random.pick(['无法开机', '屏幕显示异常', '测量数据明显偏差', '充电无反应']);
      ev('fault', 'in_stock', 'faulty', faultAt, null, reason);
      if (status === 'scrapped')
        ev('scrap', 'faulty', 'scrapped', faultAt + random.int(1, 10) * day, null, '维修成本过高');
    }
    const last = events[events.length - 1]!;
    row.updated_at = Number(last.created_at);
    const { id } = await db
      .insertInto('devices')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('device_events')
      .values(events.map((e) => ({ ...e, device_id: Number(id) })))
      .execute();
  }
}
