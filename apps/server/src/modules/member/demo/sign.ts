import {
  DEFAULT_SIGN_SET,
  streakRewardOf,
  chinaDateOf,
  chinaDayStart,
  shiftChinaDate,
} from '@health/contract';
import type { Kysely } from 'kysely';
import { NOTICE_SEND_JOB } from '../notices/service.js';
import { PointsService } from '../points/service.js';
import type { Database } from '../../../db/schema.js';
import type { DemoContext } from '../../../db/demo/context.js';

/**
 * Check-ins of the last four weeks (streaks consistent day to day, points paid through the
 * PointsService so balances keep equal to the ledgers) and notices in every status, one of them
 * scheduled in the future with its job.
 */

const DAYS = 28;
const MEMBERS = 160;
const DELIVERY_BATCH = 500;

export async function seedSign(db: Kysely<Database>, demo: DemoContext): Promise<void> {
  const { random, now, day } = demo;
  const rules = DEFAULT_SIGN_SET;
  const points = new PointsService(db, () => now);
  const admin = await db
    .selectFrom('operators')
    .select(['id', 'real_name', 'username'])
    .orderBy('id')
    .executeTakeFirst();
  const adminName = admin ? admin.real_name || admin.username : '';
  const members = await db
    .selectFrom('members')
    .select(['id'])
    .where('status', '=', 'normal')
    .orderBy('id')
    .limit(MEMBERS)
    .execute();

  const today = chinaDateOf(now);
  for (const member of members) {
    const memberId = Number(member.id);
    // Each member has a habit: daily regulars, on-and-off, rare.
    const habit = random.pick([0.92, 0.7, 0.45, 0.2]);
    let streak = 0;
    for (let offset = DAYS - 1; offset >= 0; offset--) {
      const date = shiftChinaDate(today, -offset);
      const start = chinaDayStart(date);
      const at = start + random.int(7 * 60, 22 * 60) * 60 * 1000;
      // Today only until now: a later time means "not checked in yet".
      if (at >= now || !random.chance(habit)) {
        streak = 0;
        continue;
      }
      streak += 1;
      const reward = streakRewardOf(rules, streak);
      const source = random.chance(0.05) && admin ? 'admin' : 'app';
      const operator =
        source === 'admin' && admin ? { id: Number(admin.id), name: adminName } : null;
      const inserted = await db
        .insertInto('sign_records')
        .values({
          member_id: memberId,
          sign_date: date,
          streak,
          base_points: rules.basePoints,
          reward_points: reward,
          points_awarded: 0,
          source,
          operator_id: operator?.id ?? null,
          operator_name: operator?.name ?? '',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const recordId = Number(inserted.id);
      let awarded = 0;
      const base = await points.earn(db, {
        memberId,
        type: 'check_in',
        points: rules.basePoints,
        refType: 'sign_record',
        refId: recordId,
        remark: `每日签到（${date}）`,
        operator,
        at,
      });
      awarded += base.paid;
      if (reward > 0) {
        const extra = await points.earn(db, {
          memberId,
          type: 'check_in_streak',
          points: reward,
          refType: 'sign_record',
          refId: recordId,
          remark: `连续签到${streak}天奖励`,
          operator,
          at,
        });
        awarded += extra.paid;
      }
      if (awarded > 0) {
        await db
          .updateTable('sign_records')
          .set({ points_awarded: awarded })
          .where('id', '=', recordId)
          .execute();
      }
    }
  }

  await seedNotices(db, demo, adminName);
  void day;
}

async function seedNotices(
  db: Kysely<Database>,
  demo: DemoContext,
  createdBy: string,
): Promise<void> {
  const { now, day } = demo;
  const grades = await db
    .selectFrom('member_grades')
    .select(['id'])
    .orderBy('growth_required')
    .execute();
  const channels = await db.selectFrom('member_channels').select(['id']).orderBy('id').execute();
  const topGrades = grades.slice(-2).map((g) => Number(g.id));
  const firstChannel = channels.slice(0, 1).map((c) => Number(c.id));

  type Spec = {
    title: string;
    content: string;
    targetType: 'all' | 'grade' | 'channel';
    targetIds: number[];
    status: 'draft' | 'scheduled' | 'sent' | 'withdrawn';
    createdAt: number;
    scheduledAt?: number;
    sentAt?: number;
    withdrawnAt?: number;
  };
  const specs: Spec[] = [
    {
      title: '春季健康讲座报名开启',
      content:
        '<h2>春季健康讲座</h2><p>本月 <strong>20 日</strong>下午 2 点，社区卫生服务中心三楼，主题：高血压的日常管理。</p><ul><li>免费测量血压</li><li>专家现场答疑</li></ul>',
      targetType: 'all',
      targetIds: [],
      status: 'sent',
      createdAt: now - 12 * day,
      sentAt: now - 11 * day,
    },
    {
      title: '高级会员专属体检优惠',
      content:
        '<p>尊敬的会员：您可凭会员身份享受年度体检套餐 <strong>8 折</strong>优惠，活动截止月底。</p>',
      targetType: topGrades.length > 0 ? 'grade' : 'all',
      targetIds: topGrades,
      status: 'sent',
      createdAt: now - 6 * day,
      sentAt: now - 5 * day,
    },
    {
      title: '血压计以旧换新活动（已结束）',
      content: '<p>以旧换新活动已提前结束，感谢关注。</p>',
      targetType: firstChannel.length > 0 ? 'channel' : 'all',
      targetIds: firstChannel,
      status: 'withdrawn',
      createdAt: now - 9 * day,
      sentAt: now - 8 * day,
      withdrawnAt: now - 7 * day,
    },
    {
      title: '连续签到 30 天送好礼',
      content:
        '<p>本月起连续签到满 <strong>30 天</strong>即可额外获得 100 积分，积分可在积分商城兑换健康好礼。</p>',
      targetType: 'all',
      targetIds: [],
      status: 'scheduled',
      createdAt: now - day,
      scheduledAt: now + 2 * day,
    },
    {
      title: '冬季流感预防提示（草稿）',
      content: '<p>流感高发季节，请注意保暖、勤洗手，出现发热症状请及时就医。</p>',
      targetType: 'all',
      targetIds: [],
      status: 'draft',
      createdAt: now - 2 * 60 * 60 * 1000,
    },
  ];

  for (const spec of specs) {
    const inserted = await db
      .insertInto('notices')
      .values({
        title: spec.title,
        cover: '',
        content: spec.content,
        target_type: spec.targetType,
        target_ids: JSON.stringify(spec.targetIds),
        status: spec.status,
        scheduled_at: spec.scheduledAt ?? null,
        sent_at: spec.sentAt ?? null,
        withdrawn_at: spec.withdrawnAt ?? null,
        recipients: 0,
        created_by: createdBy,
        created_at: spec.createdAt,
        updated_at: spec.withdrawnAt ?? spec.sentAt ?? spec.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    if (spec.status === 'scheduled' && spec.scheduledAt) {
      await db
        .insertInto('scheduled_jobs')
        .values({
          kind: NOTICE_SEND_JOB,
          ref_id: id,
          run_at: spec.scheduledAt,
          status: 'pending',
          locked_until: null,
          created_at: spec.createdAt,
          updated_at: spec.createdAt,
        })
        .execute();
    }
    if (spec.sentAt) {
      let after = 0;
      let recipients = 0;
      for (;;) {
        let q = db
          .selectFrom('members')
          .select('id')
          .where('status', '=', 'normal')
          .where('id', '>', after);
        if (spec.targetType === 'grade') q = q.where('grade_id', 'in', spec.targetIds);
        if (spec.targetType === 'channel') q = q.where('channel_id', 'in', spec.targetIds);
        const batch = await q.orderBy('id').limit(DELIVERY_BATCH).execute();
        if (batch.length === 0) break;
        await db
          .insertInto('notice_deliveries')
          .values(
            batch.map((m) => ({
              notice_id: id,
              member_id: Number(m.id),
              created_at: spec.sentAt!,
            })),
          )
          .execute();
        recipients += batch.length;
        after = Number(batch[batch.length - 1]!.id);
        if (batch.length < DELIVERY_BATCH) break;
      }
      await db.updateTable('notices').set({ recipients }).where('id', '=', id).execute();
    }
  }
}
