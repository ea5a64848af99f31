import { LOGGED_OFF_MEMBER_NAME, idNumberCheckDigit } from '@health/contract';
import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  MemberContactsTable,
  MemberGradeLogsTable,
  MembersTable,
} from '../../../db/schema.js';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Demo members (member centre): grades and channels (when the grades area has not created them),
 * a few thousand members registered over the last year across provinces, grades and channels —
 * some frozen, some logged off (anonymised) — with 0–3 family contacts each, and the grade log of
 * every member's way up to its grade. Growth values match grades; points balances are left to
 * the points ledger (demo/points.ts). Batch inserts keep it to a second or two on SQLite.
 */

export const DEMO_MEMBER_COUNT = 3000;
const BATCH = 200;

const GRADES = [
  { name: '普通会员', growth: 0, pct: 100, benefits: '注册即享：每日签到积分、健康资讯推送' },
  { name: '银卡会员', growth: 500, pct: 110, benefits: '积分1.1倍；生日当月赠送健康体检优惠券' },
  {
    name: '金卡会员',
    growth: 2000,
    pct: 120,
    benefits: '积分1.2倍；家庭医生优先咨询；设备免费检测',
  },
  {
    name: '钻石会员',
    growth: 5000,
    pct: 150,
    benefits: '积分1.5倍；专属健康管家；年度深度体检一次',
  },
] as const;

const CHANNELS = [
  { name: '官网', code: 'website', remark: '官方网站注册' },
  { name: '微信公众号', code: 'wechat_mp', remark: '公众号菜单与推文' },
  { name: '线下门店', code: 'offline_store', remark: '门店扫码注册' },
  { name: '社区活动', code: 'community', remark: '社区义诊与健康讲座' },
  { name: '医院合作', code: 'hospital', remark: '合作医院慢病随访' },
  { name: '微信小程序', code: 'mini_program', remark: '小程序授权登录' },
] as const;

/** Province, its cities, and a district code (identity number region) per city. */
const REGIONS: { province: string; cities: [string, string][] }[] = [
  { province: '北京市', cities: [['北京市', '110105']] },
  { province: '上海市', cities: [['上海市', '310104']] },
  {
    province: '广东省',
    cities: [
      ['广州市', '440106'],
      ['深圳市', '440305'],
      ['佛山市', '440604'],
    ],
  },
  {
    province: '浙江省',
    cities: [
      ['杭州市', '330106'],
      ['宁波市', '330203'],
      ['温州市', '330302'],
    ],
  },
  {
    province: '江苏省',
    cities: [
      ['南京市', '320102'],
      ['苏州市', '320505'],
      ['无锡市', '320213'],
    ],
  },
  {
    province: '四川省',
    cities: [
      ['成都市', '510107'],
      ['绵阳市', '510703'],
    ],
  },
  {
    province: '湖北省',
    cities: [
      ['武汉市', '420106'],
      ['宜昌市', '420502'],
    ],
  },
  {
    province: '山东省',
    cities: [
      ['济南市', '370102'],
      ['青岛市', '370202'],
    ],
  },
  { province: '陕西省', cities: [['西安市', '610113']] },
  { province: '湖南省', cities: [['长沙市', '430104']] },
  {
    province: '福建省',
    cities: [
      ['福州市', '350102'],
      ['厦门市', '350203'],
    ],
  },
  { province: '河南省', cities: [['郑州市', '410105']] },
];

const STREETS = [
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '和平路',
  '长江路',
  '文化路',
  '健康路',
  '新华路',
  '幸福路',
];
const COMMUNITIES = [
  '阳光花园',
  '幸福里',
  '锦绣家园',
  '翠苑小区',
  '康乐新村',
  '金色家园',
  '滨江花园',
  '和谐小区',
];

async function ensureGrades(db: Kysely<Database>, now: number) {
  const existing = await db.selectFrom('member_grades').select(['id', 'growth_required']).execute();
  if (existing.length === 0) {
    await db
      .insertInto('member_grades')
      .values(
        GRADES.map((g, i) => ({
          name: g.name,
          icon: '',
          growth_required: g.growth,
          benefits: g.benefits,
          points_multiplier_pct: g.pct,
          sort: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const rows = await db
    .selectFrom('member_grades')
    .select(['id', 'growth_required'])
    .orderBy('growth_required', 'asc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), growth: Number(r.growth_required) }));
}

async function ensureChannels(db: Kysely<Database>, now: number) {
  const existing = await db.selectFrom('member_channels').select('id').execute();
  if (existing.length === 0) {
    await db
      .insertInto('member_channels')
      .values(
        CHANNELS.map((c) => ({ ...c, enabled: 1 as const, created_at: now, updated_at: now })),
      )
      .execute();
  }
  const rows = await db.selectFrom('member_channels').select('id').orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

async function insertBatches<T extends 'members' | 'member_contacts' | 'member_grade_logs'>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

export async function seedMembers(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random, now, day } = demo;
  const grades = await ensureGrades(db, now - 400 * day);
  const channels = await ensureChannels(db, now - 400 * day);
  const lowest = grades[0];
  if (!lowest) return;
  const gradeOf = (growth: number) => grades.filter((g) => g.growth <= growth).pop() ?? lowest;

  const phones = new Set<string>();
  const uniquePhone = () => {
    let p = random.phone();
    while (phones.has(p)) p = random.phone();
    phones.add(p);
    return p;
  };

  const members: Insertable<MembersTable>[] = [];
  const plans: { registeredAt: number; growth: number; contacts: number }[] = [];
  for (let i = 0; i < DEMO_MEMBER_COUNT; i++) {
    // More members recently: the square skews registration towards now.
    const registeredAt = now - Math.floor(random.next() ** 1.6 * 365 * day) - random.int(0, day);
    const region = random.pick(REGIONS);
    const [city, district] = random.pick(region.cities);
    const female = random.chance(0.52);
    const year = random.int(1945, 2002);
    const month = random.int(1, 12);
    const dayOfMonth = random.int(1, 28);
    const birthday = `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
    // The sequence's last digit is odd for men, even for women (GB 11643).
    const seq = random.int(0, 49) * 20 + random.int(0, 4) * 2 + (female ? 0 : 1);
    const first17 = `${district}${birthday.replace(/-/g, '')}${String(seq).padStart(3, '0')}`;
    const hasId = random.chance(0.7);
    const roll = random.next();
    const growth =
      roll < 0.55
        ? random.int(0, 499)
        : roll < 0.83
          ? random.int(500, 1999)
          : roll < 0.96
            ? random.int(2000, 4999)
            : random.int(5000, 12000);
    const statusRoll = random.next();
    // A log-off is applied for a day or more after registering and approved days later.
    const status =
      statusRoll < 0.03
        ? 'frozen'
        : statusRoll < 0.05 && registeredAt < now - 10 * day
          ? 'logged_off'
          : 'normal';
    const lastActive = random.chance(0.9)
      ? registeredAt + Math.floor(random.next() * (now - registeredAt))
      : null;
    const phone = uniquePhone();
    const loggedOff = status === 'logged_off';
    members.push({
      phone: loggedOff ? null : phone,
      name: loggedOff ? LOGGED_OFF_MEMBER_NAME : random.chineseName(female ? 'female' : 'male'),
      // Gender is a statistic and survives a log-off (see logoff/service.ts anonymiseMember).
      gender: female ? 'female' : 'male',
      birthday: loggedOff || !random.chance(0.85) ? null : birthday,
      id_number: loggedOff || !hasId ? null : first17 + idNumberCheckDigit(first17),
      avatar: '',
      province: loggedOff ? '' : region.province,
      city: loggedOff ? '' : city,
      address: loggedOff
        ? ''
        : `${random.pick(STREETS)}${random.int(1, 300)}号${random.pick(COMMUNITIES)}${random.int(1, 20)}栋${random.int(1, 30)}0${random.int(1, 4)}室`,
      grade_id: gradeOf(growth).id,
      channel_id: random.chance(0.9) ? random.pick(channels) : null,
      status,
      frozen_reason:
        status === 'frozen'
          ? random.pick([
              '异常刷积分',
              '多次恶意投诉',
              '账号疑似被盗，暂时冻结',
              '本人申请暂停使用',
            ])
          : '',
      points_balance: 0,
      growth_value: growth,
      remark: random.chance(0.1)
        ? random.pick(['老客户推荐', '高血压随访对象', '糖尿病慢病管理', '家庭套餐用户'])
        : '',
      registered_at: registeredAt,
      last_active_at: lastActive,
      created_at: registeredAt,
      updated_at: lastActive ?? registeredAt,
    });
    plans.push({ registeredAt, growth, contacts: loggedOff ? 0 : random.pick([0, 1, 1, 2, 2, 3]) });
  }
  // Oldest first, so ids follow registration.
  const order = members
    .map((_, i) => i)
    .sort((a, b) => members[a]!.registered_at - members[b]!.registered_at);
  const sortedMembers = order.map((i) => members[i]!);
  const sortedPlans = order.map((i) => plans[i]!);
  await insertBatches(db, 'members', sortedMembers);

  const ids = (await db.selectFrom('members').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const firstNew = ids.length - sortedMembers.length;
  const contacts: Insertable<MemberContactsTable>[] = [];
  const gradeLogs: Insertable<MemberGradeLogsTable>[] = [];
  sortedPlans.forEach((plan, i) => {
    const memberId = ids[firstNew + i];
    if (memberId === undefined) return;
    for (let c = 0; c < plan.contacts; c++) {
      const at = plan.registeredAt + random.int(0, 10) * day;
      contacts.push({
        member_id: memberId,
        name: random.chineseName(),
        phone: random.phone(),
        relationship: random.chance(0.08) ? null : random.pick([1, 1, 2, 2, 3, 3, 4, 5]),
        receive_warning_sms: random.chance(0.45) ? 1 : 0,
        created_at: Math.min(at, now),
        updated_at: Math.min(at, now),
      });
    }
    // Registration at the lowest grade, then one step per grade reached.
    gradeLogs.push({
      member_id: memberId,
      from_grade_id: null,
      to_grade_id: lowest.id,
      reason: 'growth',
      growth_value: 0,
      operator_id: null,
      operator_name: '',
      remark: '注册',
      created_at: plan.registeredAt,
    });
    let from = lowest;
    let at = plan.registeredAt;
    for (const g of grades.slice(1)) {
      if (g.growth > plan.growth) break;
      at += Math.floor(random.next() * (now - at) * 0.5);
      gradeLogs.push({
        member_id: memberId,
        from_grade_id: from.id,
        to_grade_id: g.id,
        reason: 'growth',
        growth_value: Math.min(plan.growth, g.growth + random.int(0, 50)),
        operator_id: null,
        operator_name: '',
        remark: '成长值达到升级条件',
        created_at: at,
      });
      from = g;
    }
  });
  await insertBatches(db, 'member_contacts', contacts);
  await insertBatches(db, 'member_grade_logs', gradeLogs);
}
