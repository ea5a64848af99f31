import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  MemberActionLogsTable,
  MemberLogoffRequestsTable,
} from '../../../db/schema.js';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Member activity after the members exist: the members' action log over the last weeks (login,
 * measure, check-in, redeem, ...) and log-off requests — approved for the members that are
 * already anonymised, plus pending and rejected ones. Reads the members it needs.
 */

const BATCH = 200;
const ACTIVITY_DAYS = 28;

const DEVICES = ['电子血压计 BP-88', '血糖仪 GM-20', '心电贴 ECG-1', '体脂秤 S6'];
const GOODS = [
  '电子血压计',
  '血糖试纸（50片）',
  '颈椎按摩仪',
  '体检套餐优惠券',
  '医用口罩（50只）',
];
const LOGOFF_REASONS = [
  '不再使用该应用',
  '已更换其他健康管理平台',
  '担心个人信息安全',
  '账号重复注册',
];
const REJECT_REASONS = [
  '账户仍有未完成的积分兑换订单',
  '设备押金尚未退还，请先归还设备',
  '申请人身份核验未通过',
];

function ipOf(random: DemoContext['random']): string {
  return random.chance(0.6)
    ? `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`
    : `${random.pick([36, 58, 112, 117, 183, 221])}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function detailOf(action: string, random: DemoContext['random']): string {
  switch (action) {
    case 'login':
      return random.pick(['验证码登录', '密码登录', '微信一键登录']);
    case 'measure': {
      const kind = random.int(0, 2);
      if (kind === 0) return `上传血压 ${random.int(105, 165)}/${random.int(65, 100)} mmHg`;
      if (kind === 1) return `上传血糖 ${(random.int(42, 120) / 10).toFixed(1)} mmol/L`;
      return `上传心率 ${random.int(58, 105)} 次/分`;
    }
    case 'check_in':
      return `每日签到，连续 ${random.int(1, 15)} 天`;
    case 'redeem':
      return `兑换 ${random.pick(GOODS)} ×1`;
    case 'profile':
      return random.pick(['修改头像', '修改收货地址', '完善出生日期', '添加家庭成员']);
    case 'bind_device':
      return `绑定 ${random.pick(DEVICES)}`;
    case 'view_report':
      return random.pick(['查看血压周报', '查看心电报告', '查看体检报告']);
    case 'consult':
      return random.pick(['发起在线问诊', '咨询用药问题']);
    default:
      return '';
  }
}

const WEIGHTED_ACTIONS = [
  'login',
  'login',
  'login',
  'measure',
  'measure',
  'measure',
  'check_in',
  'check_in',
  'view_report',
  'redeem',
  'profile',
  'bind_device',
  'consult',
] as const;

async function insertBatches<T extends 'member_action_logs' | 'member_logoff_requests'>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // The two tables' row types are not one union Kysely can check; the callers' rows are typed.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

export async function seedMemberActivity(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random, now, day } = demo;
  const members = await db
    .selectFrom('members')
    .select(['id', 'status', 'registered_at', 'last_active_at'])
    .orderBy('id')
    .execute();
  if (members.length === 0) return;
  const handler = await db
    .selectFrom('operators')
    .select(['id', 'username', 'real_name'])
    .orderBy('id')
    .executeTakeFirst();
  const handlerId = handler ? Number(handler.id) : null;
  const handlerName = handler ? handler.real_name || handler.username : '';

  const actions: Insertable<MemberActionLogsTable>[] = [];
  const requests: Insertable<MemberLogoffRequestsTable>[] = [];
  const windowStart = now - ACTIVITY_DAYS * day;

  for (const m of members) {
    const memberId = Number(m.id);
    const registeredAt = Number(m.registered_at);
    const lastActive = m.last_active_at === null ? null : Number(m.last_active_at);
    if (registeredAt >= windowStart) {
      actions.push({
        member_id: memberId,
        action: 'register',
        detail: random.pick(['手机号注册', '渠道二维码注册', '微信授权注册']),
        ip: m.status === 'logged_off' ? '' : ipOf(random),
        created_at: registeredAt,
      });
    }
    if (m.status === 'logged_off') {
      // Already anonymised by the members demo: an approved request, no IPs kept.
      const appliedAt = Math.max(registeredAt + day, now - random.int(5, 120) * day);
      const handledAt = Math.min(now - day, appliedAt + random.int(1, 3) * day);
      requests.push({
        member_id: memberId,
        reason: random.pick(LOGOFF_REASONS),
        status: 'approved',
        reject_reason: '',
        handled_by: handlerId,
        handled_by_name: handlerName,
        handled_at: handledAt,
        created_at: appliedAt,
      });
      actions.push(
        {
          member_id: memberId,
          action: 'logoff_apply',
          detail: '提交注销申请',
          ip: '',
          created_at: appliedAt,
        },
        {
          member_id: memberId,
          action: 'logoff',
          detail: `注销申请已通过（审核人：${handlerName}）`,
          ip: '',
          created_at: handledAt,
        },
      );
      continue;
    }
    if (lastActive === null || lastActive < windowStart) continue;
    // Active in the window: a few actions between the window start (or registration) and the
    // member's last activity, the last of them at that moment (the list's 最后活跃).
    const from = Math.max(windowStart, registeredAt);
    const count = random.int(2, 9);
    const ip = ipOf(random);
    for (let i = 0; i < count; i++) {
      const action = random.pick(WEIGHTED_ACTIONS);
      actions.push({
        member_id: memberId,
        action,
        detail: detailOf(action, random),
        ip: random.chance(0.8) ? ip : ipOf(random),
        created_at:
          i === count - 1 ? lastActive : from + Math.floor(random.next() * (lastActive - from)),
      });
    }
  }

  // Pending and rejected requests from members still in use.
  const normal = members.filter((m) => m.status === 'normal');
  const chosen = new Set<number>();
  const choose = () => {
    for (let tries = 0; tries < 50; tries++) {
      const m = random.pick(normal);
      if (!chosen.has(Number(m.id))) {
        chosen.add(Number(m.id));
        return m;
      }
    }
    return undefined;
  };
  for (let i = 0; i < 7; i++) {
    const m = choose();
    if (!m) break;
    const appliedAt = now - random.int(1, 6) * day - random.int(0, day);
    requests.push({
      member_id: Number(m.id),
      reason: random.pick(LOGOFF_REASONS),
      status: 'pending',
      reject_reason: '',
      handled_by: null,
      handled_by_name: '',
      handled_at: null,
      created_at: Math.max(appliedAt, Number(m.registered_at)),
    });
    actions.push({
      member_id: Number(m.id),
      action: 'logoff_apply',
      detail: '提交注销申请',
      ip: ipOf(random),
      created_at: Math.max(appliedAt, Number(m.registered_at)),
    });
  }
  for (let i = 0; i < 4; i++) {
    const m = choose();
    if (!m) break;
    const appliedAt = Math.max(now - random.int(10, 60) * day, Number(m.registered_at));
    requests.push({
      member_id: Number(m.id),
      reason: random.pick(LOGOFF_REASONS),
      status: 'rejected',
      reject_reason: random.pick(REJECT_REASONS),
      handled_by: handlerId,
      handled_by_name: handlerName,
      handled_at: Math.min(now, appliedAt + random.int(1, 2) * day),
      created_at: appliedAt,
    });
  }

  actions.sort((a, b) => a.created_at - b.created_at);
  requests.sort((a, b) => a.created_at - b.created_at);
  await insertBatches(db, 'member_action_logs', actions);
  await insertBatches(db, 'member_logoff_requests', requests);
}

/**
 * Each member's 最后活跃 is at least its latest action, check-in and mall order (run once every
 * area's demo is loaded: the orders come later than the members' own demo).
 */
export async function settleLastActive(db: Kysely<Database>): Promise<void> {
  const latest = new Map<number, number>();
  const take = (rows: { member_id: number; at: unknown }[]) => {
    for (const r of rows) {
      const at = Number(r.at);
      if (at > (latest.get(Number(r.member_id)) ?? 0)) latest.set(Number(r.member_id), at);
    }
  };
  for (const table of ['member_action_logs', 'sign_records', 'mall_orders'] as const) {
    take(
      await db
        .selectFrom(table)
        .select(['member_id', (eb) => eb.fn.max('created_at').as('at')])
        .groupBy('member_id')
        .execute(),
    );
  }
  const members = await db
    .selectFrom('members')
    .select(['id', 'last_active_at'])
    .where('status', '!=', 'logged_off')
    .execute();
  for (const m of members) {
    const at = latest.get(Number(m.id));
    if (at !== undefined && at > Number(m.last_active_at ?? 0))
      await db.updateTable('members').set({ last_active_at: at }).where('id', '=', m.id).execute();
  }
}
