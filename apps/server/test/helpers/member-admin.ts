import type { TestApp } from './app.js';

/** Direct database fixtures of the member-admin tests (grades, channels, members). */

export async function insertGrade(
  t: TestApp,
  g: { name: string; growth: number; pct?: number },
): Promise<number> {
  const { id } = await t.db
    .insertInto('member_grades')
    .values({
      name: g.name,
      icon: '',
      growth_required: g.growth,
      benefits: '',
      points_multiplier_pct: g.pct ?? 100,
      sort: 0,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function insertChannel(t: TestApp, name: string, code: string): Promise<number> {
  const { id } = await t.db
    .insertInto('member_channels')
    .values({
      name,
      code,
      remark: '',
      enabled: 1,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

let phoneSeq = 0;

export async function insertMember(
  t: TestApp,
  m: {
    gradeId: number;
    name?: string;
    phone?: string;
    growth?: number;
    channelId?: number | null;
    idNumber?: string | null;
  },
): Promise<number> {
  phoneSeq += 1;
  const phone = m.phone ?? `139${String(10_000_000 + phoneSeq * 7919).slice(-8)}`;
  const { id } = await t.db
    .insertInto('members')
    .values({
      phone,
      name: m.name ?? `会员${phoneSeq}`,
      gender: 'female',
      birthday: '1960-05-06',
      id_number: m.idNumber === undefined ? '110101196005060026' : m.idNumber,
      avatar: '/uploads/avatar.png',
      province: '浙江省',
      city: '杭州市',
      address: '西湖区文三路 1 号',
      grade_id: m.gradeId,
      channel_id: m.channelId ?? null,
      status: 'normal',
      frozen_reason: '',
      points_balance: 0,
      growth_value: m.growth ?? 0,
      remark: '老客户',
      registered_at: t.clock.now,
      last_active_at: t.clock.now,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** A pending log-off request of a member, as the member app files it. */
export async function insertLogoffRequest(
  t: TestApp,
  memberId: number,
  reason = '不再使用',
): Promise<number> {
  const { id } = await t.db
    .insertInto('member_logoff_requests')
    .values({
      member_id: memberId,
      reason,
      status: 'pending',
      reject_reason: '',
      handled_by: null,
      handled_by_name: '',
      handled_at: null,
      created_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
