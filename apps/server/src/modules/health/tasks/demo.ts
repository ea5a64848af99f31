import {
  TASK_KIND_LABELS,
  TASK_SOURCE_LABELS,
  type HealthTaskKind,
  type HealthTaskStatus,
} from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { MembersRepo } from '../../member/members/repo.js';
import { PointsService } from '../../member/points/service.js';
import { WorkbenchRepo } from '../workbench/repo.js';
import { HealthTasksRepo } from './repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo staff (authority's demo operators). */
const STAFF = { doctor: 'wangfang', assistant: 'liuyang' } as const;

const OUTCOMES = [
  '已电话随访，会员自述无不适，血压控制平稳，嘱继续按时服药。',
  '上门复测血压 132/84 mmHg，指导低盐饮食与规律运动。',
  '完成健康评估，建议三个月后复查血脂。',
  '会员已到社区医院复诊，医生调整了用药。',
];

/** The story of one demo task: where it ends and the kind of work it is. */
interface Plan {
  kind: HealthTaskKind;
  status: HealthTaskStatus;
}
const PLANS: Plan[] = [
  { kind: 'follow_up_call', status: 'done' },
  { kind: 'follow_up_call', status: 'to_assign' },
  { kind: 'home_visit', status: 'booked' },
  { kind: 'bp_review', status: 'to_book' },
  { kind: 'follow_up_call', status: 'done' },
  { kind: 'assessment', status: 'to_assign' },
  { kind: 'ecg_reading', status: 'done' },
  { kind: 'home_visit', status: 'cancelled' },
  { kind: 'follow_up_call', status: 'to_book' },
  { kind: 'follow_up_call', status: 'booked' },
];

/**
 * Health tasks for the demo: follow-ups of the demo alerts in every state of the workflow, each
 * step an event by the demo doctor or assistant at a time that tells the story, and the points
 * of the done ones in the members' ledgers (through PointsService, so balances equal ledgers).
 */
export async function healthTaskDemo(ctx: AppContext, scale: number): Promise<void> {
  if (scale <= 0) return;
  const now = ctx.now();
  const count = Math.max(PLANS.length, Math.round(40 * scale));
  await ctx.db.transaction().execute(async (trx) => {
    const operators = new OperatorsRepo(trx);
    const staff = await operators.enabledStaff(['doctor', 'assistant']);
    const find = (username: string) => {
      const o = staff.find((s) => s.username === username);
      return o ? { id: Number(o.id), name: o.real_name || o.username } : null;
    };
    const doctor = find(STAFF.doctor);
    const assistant = find(STAFF.assistant);
    if (!doctor || !assistant) return;
    const alerts = (await new WorkbenchRepo(trx).alertsWithReadingTime()).slice(-count);
    const tasks = new HealthTasksRepo(trx);
    const points = PointsService.of(ctx);

    for (const [i, a] of alerts.entries()) {
      const plan = PLANS[i % PLANS.length]!;
      const createdAt = Math.min(now - 2 * HOUR, Number(a.measured_at) + 30 * MINUTE);
      const assigned = plan.status !== 'to_assign';
      const booked = plan.status === 'booked' || plan.status === 'done';
      const appointmentAt =
        plan.status === 'booked'
          ? now + (1 + (i % 3)) * DAY + 10 * HOUR - (now % HOUR)
          : booked
            ? createdAt + DAY
            : null;
      const done = plan.status === 'done';
      const completedAt = done ? Math.min(now - HOUR, appointmentAt! + HOUR) : null;
      const title = TASK_KIND_LABELS[plan.kind];
      const id = await tasks.insert({
        kind: plan.kind,
        title,
        note: plan.kind === 'follow_up_call' ? `跟进预警：${a.label}` : '',
        status: plan.status,
        source: 'alert',
        source_id: Number(a.id),
        member_id: Number(a.member_id),
        assignee_id: assigned ? assistant.id : null,
        assignee_name: assigned ? assistant.name : null,
        // Due three days after it was raised, and never before its appointment.
        due_at: Math.max(createdAt + 3 * DAY, appointmentAt === null ? 0 : appointmentAt + DAY),
        appointment_at: appointmentAt,
        outcome: done ? OUTCOMES[i % OUTCOMES.length]! : '',
        completed_at: completedAt,
        cancel_reason: plan.status === 'cancelled' ? '会员已住院治疗，暂不需要上门' : '',
        created_by_id: doctor.id,
        created_by: doctor.name,
        created_at: createdAt,
        updated_at: completedAt ?? createdAt + HOUR,
      });
      const event = (
        action: string,
        from: HealthTaskStatus | null,
        to: HealthTaskStatus,
        by: { id: number; name: string },
        at: number,
        remark: string,
      ) =>
        tasks.insertEvent({
          task_id: id,
          action,
          from_status: from,
          to_status: to,
          operator_id: by.id,
          operator_name: by.name,
          remark,
          created_at: at,
        });
      await event('create', null, 'to_assign', doctor, createdAt, TASK_SOURCE_LABELS.alert);
      if (assigned)
        await event(
          'assign',
          'to_assign',
          'to_book',
          doctor,
          createdAt + 5 * MINUTE,
          assistant.name,
        );
      if (booked)
        await event('book', 'to_book', 'booked', assistant, createdAt + 40 * MINUTE, '电话约定');
      if (plan.status === 'cancelled')
        await event(
          'cancel',
          'to_book',
          'cancelled',
          assistant,
          createdAt + HOUR,
          '会员已住院治疗，暂不需要上门',
        );
      if (done) {
        await event(
          'complete',
          'booked',
          'done',
          assistant,
          completedAt!,
          OUTCOMES[i % OUTCOMES.length]!,
        );
        const member = await new MembersRepo(trx).brief(Number(a.member_id));
        if (member?.status !== 'normal') continue; // a frozen or logged-off member earns nothing
        const earned = await points.earn(trx, {
          memberId: Number(a.member_id),
          type: 'health_task',
          refType: 'health_task',
          refId: id,
          remark: `完成健康任务：${title}`,
          operator: { id: assistant.id, name: assistant.name },
          at: completedAt!,
        });
        if (earned.paid > 0) await tasks.moveFrom(id, 'done', { points_awarded: earned.paid });
      }
    }
  });
}
