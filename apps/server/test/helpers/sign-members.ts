import type { Db } from '../../src/db/database.js';

/** Grades, channels and members inserted directly (tests of check-in and notices). */
export async function seedGrade(db: Db, name: string, growth: number, at: number): Promise<number> {
  const row = await db
    .insertInto('member_grades')
    .values({
      name,
      icon: '',
      growth_required: growth,
      benefits: '',
      points_multiplier_pct: 100,
      sort: growth,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function seedChannel(db: Db, name: string, code: string, at: number): Promise<number> {
  const row = await db
    .insertInto('member_channels')
    .values({ name, code, remark: '', enabled: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function seedMember(
  db: Db,
  m: {
    phone: string;
    name: string;
    gradeId: number;
    channelId?: number | null;
    status?: 'normal' | 'frozen' | 'logged_off';
  },
  at: number,
): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({
      phone: m.phone,
      name: m.name,
      gender: 'unknown',
      birthday: null,
      id_number: null,
      avatar: '',
      province: '',
      city: '',
      address: '',
      grade_id: m.gradeId,
      channel_id: m.channelId ?? null,
      status: m.status ?? 'normal',
      frozen_reason: '',
      points_balance: 0,
      growth_value: 0,
      remark: '',
      registered_at: at,
      last_active_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
