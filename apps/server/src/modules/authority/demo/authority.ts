import { PAGES, actionKey, type FrontPath, type PageAction } from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../../../db/schema.js';
import { toDbBool } from '../../../db/values.js';
import type { DemoContext } from '../../../db/demo/context.js';

/** Demo permission groups and operators of realistic teams. */

interface DemoGroup {
  name: string;
  description: string;
  /** Page → the actions granted on it (checked against the catalogue by the compiler). */
  pages: { [P in FrontPath]?: PageAction<P>[] };
}

const DEMO_GROUPS: DemoGroup[] = [
  {
    name: '运营组',
    description: '会员运营、积分商城与首页装修',
    pages: {
      [PAGES.overview]: [],
      [PAGES.members]: ['add', 'edit', 'export', 'points'],
      [PAGES.grades]: ['add', 'edit'],
      [PAGES.channels]: ['add', 'edit'],
      [PAGES.pointsLedger]: ['export'],
      [PAGES.notices]: ['add', 'edit', 'publish'],
      [PAGES.goods]: ['add', 'edit', 'shelf'],
      [PAGES.orders]: ['export', 'ship'],
      [PAGES.decorateHome]: ['add', 'edit'],
      [PAGES.decorateAdverts]: ['add', 'edit'],
    },
  },
  {
    name: '医生组',
    description: '判读测量数据、撰写并发布健康报告',
    pages: {
      [PAGES.overview]: [],
      [PAGES.doctorWorkbench]: ['claim', 'publish'],
      [PAGES.healthReports]: ['add', 'edit', 'publish'],
      [PAGES.healthPlans]: ['add', 'edit'],
      [PAGES.taskAssign]: ['add'],
      [PAGES.tasks]: ['complete'],
      [PAGES.reportEcg]: ['handle'],
      [PAGES.reportBp]: ['handle'],
      [PAGES.reportBg]: ['handle'],
    },
  },
  {
    name: '医生助理组',
    description: '异常随访、预约与设备归还',
    pages: {
      [PAGES.overview]: [],
      [PAGES.assistantWorkbench]: ['edit'],
      [PAGES.taskAssign]: ['add', 'assign'],
      [PAGES.taskBooking]: ['book'],
      [PAGES.tasks]: ['edit', 'complete', 'cancel'],
      [PAGES.devices]: ['bind'],
    },
  },
  {
    name: '客服组',
    description: '会员咨询、家庭成员与注销申请、订单查询',
    pages: {
      [PAGES.members]: [],
      [PAGES.contacts]: ['edit'],
      [PAGES.logoffs]: ['audit'],
      [PAGES.orders]: [],
    },
  },
];

export interface DemoOperator {
  username: string;
  realName: string;
  group: string;
  staffRole: StaffRole;
  introduction: string;
  enabled?: boolean;
  /** Days since the password was last changed (over 90 shows the over90 prompt). */
  passwordAgeDays: number;
  createdDaysAgo: number;
}

/** The built-in super-admin group (created by bootstrap before the demo data). */
const SUPER_ADMIN_GROUP = '超级管理员';

export const DEMO_OPERATORS: DemoOperator[] = [
  {
    username: 'zhangwei',
    realName: '张伟',
    group: '运营组',
    staffRole: 'operator',
    introduction: '运营主管',
    passwordAgeDays: 20,
    createdDaysAgo: 120,
  },
  {
    username: 'liyan',
    realName: '李艳',
    group: '运营组',
    staffRole: 'operator',
    introduction: '积分商城运营',
    passwordAgeDays: 95,
    createdDaysAgo: 110,
  },
  {
    username: 'wangfang',
    realName: '王芳',
    group: '医生组',
    staffRole: 'doctor',
    introduction: '心内科主治医师',
    passwordAgeDays: 30,
    createdDaysAgo: 100,
  },
  {
    username: 'chenjing',
    realName: '陈静',
    group: '医生组',
    staffRole: 'doctor',
    introduction: '内分泌科医师',
    passwordAgeDays: 12,
    createdDaysAgo: 60,
  },
  {
    username: 'liuyang',
    realName: '刘洋',
    group: '医生助理组',
    staffRole: 'assistant',
    introduction: '健康管理师',
    passwordAgeDays: 40,
    createdDaysAgo: 45,
  },
  {
    username: 'zhaomin',
    realName: '赵敏',
    group: '客服组',
    staffRole: 'operator',
    introduction: '客服专员',
    passwordAgeDays: 5,
    createdDaysAgo: 3,
  },
  {
    username: 'sunli',
    realName: '孙丽',
    group: '客服组',
    staffRole: 'operator',
    introduction: '已离职',
    enabled: false,
    passwordAgeDays: 200,
    createdDaysAgo: 200,
  },
  {
    username: 'zhouqiang',
    realName: '周强',
    group: SUPER_ADMIN_GROUP,
    staffRole: 'admin',
    introduction: '平台技术负责人',
    passwordAgeDays: 60,
    createdDaysAgo: 150,
  },
];

export interface DemoAuthority {
  groupIds: Map<string, number>;
  operators: { id: number; username: string; realName: string }[];
}

export async function seedAuthority(
  db: Kysely<Database>,
  demo: DemoContext,
): Promise<DemoAuthority> {
  const { now, day, random } = demo;
  const groupIds = new Map<string, number>();
  for (const group of DEMO_GROUPS) {
    const at = now - random.int(30, 150) * day;
    const { id } = await db
      .insertInto('permission_groups')
      .values({
        name: group.name,
        description: group.description,
        builtin: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.set(group.name, id);
    const keys = Object.entries(group.pages).flatMap(([page, actions]) => [
      page,
      ...actions.map((action) => actionKey(page, action)),
    ]);
    await db
      .insertInto('group_resources')
      .values(keys.map((key) => ({ group_id: id, resource_key: key })))
      .execute();
  }

  const superGroup = await db
    .selectFrom('permission_groups')
    .select('id')
    .where('builtin', '=', 1)
    .executeTakeFirst();

  const operators: DemoAuthority['operators'] = [];
  for (const op of DEMO_OPERATORS) {
    // The built-in group is not in groupIds: the operation-log demo edits only the demo groups.
    const groupId = op.group === SUPER_ADMIN_GROUP ? superGroup?.id : groupIds.get(op.group);
    if (groupId === undefined) continue;
    const createdAt = now - op.createdDaysAgo * day - random.int(0, day - 1);
    const { id } = await db
      .insertInto('operators')
      .values({
        username: op.username,
        password_hash: demo.operatorPasswordHash,
        real_name: op.realName,
        phone: random.phone(),
        avatar: '',
        introduction: op.introduction,
        group_id: groupId,
        staff_role: op.staffRole,
        enabled: toDbBool(op.enabled ?? true),
        need_change_type: null,
        password_changed_at: now - op.passwordAgeDays * day,
        last_login_at: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    operators.push({ id, username: op.username, realName: op.realName });
  }
  return { groupIds, operators };
}

/** A demo operator as the services name one in the rows they write: its id and real name. */
export interface DemoStaff {
  id: number | null;
  name: string;
}

/**
 * The demo operator of that user name, for the other areas' demo rows that record who did
 * something (the authority demo runs first); a missing one is named but has no id.
 */
export async function demoStaff(db: Kysely<Database>, username: string): Promise<DemoStaff> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'real_name'])
    .where('username', '=', username)
    .executeTakeFirst();
  const demo = DEMO_OPERATORS.find((o) => o.username === username);
  return { id: row ? Number(row.id) : null, name: row?.real_name || demo?.realName || username };
}
