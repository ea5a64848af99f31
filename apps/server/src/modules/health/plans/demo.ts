import { DAY_MS, PLAN_CANCEL_REASON, type PlanMedication } from '@health/contract';
import type { AppContext } from '../../../platform/context.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { MembersRepo } from '../../member/members/repo.js';
import { HealthTasksRepo } from '../tasks/repo.js';
import { HealthTaskService } from '../tasks/service.js';
import { WorkbenchRepo } from '../workbench/repo.js';
import { HealthPlansRepo } from './repo.js';

const HOUR = 3_600_000;
/** China midnight of the day of `at` (UTC+8). */
const chinaDay = (at: number) => at - ((at + 8 * HOUR) % DAY_MS);

interface DemoPlan {
  title: string;
  goals: string[];
  diet: string;
  exercise: string;
  medications: PlanMedication[];
  everyDays: number;
  occurrences: number;
  /** Assigned to the demo assistant. */
  assigned: boolean;
  /** The first occurrence is booked with the member. */
  firstBooked: boolean;
  status: 'active' | 'ended';
}

const PLANS: DemoPlan[] = [
  {
    title: '高血压综合管理方案',
    goals: ['血压控制在 130/80 mmHg 以下', '每日晨起、睡前各测一次血压', '三个月内体重下降 3 公斤'],
    diet: '低盐饮食，每日食盐不超过 5 克；少吃腌制食品，多吃新鲜蔬菜水果。',
    exercise: '每天快走 30 分钟，每周至少 5 天；避免清晨剧烈运动。',
    medications: [
      { drug: '苯磺酸氨氯地平片', dose: '5 mg', times: ['08:00'], note: '饭后服用' },
      { drug: '缬沙坦胶囊', dose: '80 mg', times: ['08:00'], note: '' },
    ],
    everyDays: 14,
    occurrences: 6,
    assigned: true,
    firstBooked: true,
    status: 'active',
  },
  {
    title: '心律失常随访方案',
    goals: ['按时佩戴心电设备，每周上传记录', '心悸发作时立即测量并联系医生'],
    diet: '戒烟限酒，少喝浓茶和咖啡。',
    exercise: '以散步、太极等舒缓运动为主，避免憋气用力。',
    medications: [{ drug: '酒石酸美托洛尔片', dose: '25 mg', times: ['08:00', '20:00'], note: '' }],
    everyDays: 30,
    occurrences: 3,
    assigned: false,
    firstBooked: false,
    status: 'active',
  },
  {
    title: '血糖控制方案',
    goals: ['空腹血糖控制在 7.0 mmol/L 以下', '糖化血红蛋白低于 7%'],
    diet: '主食定量，粗细搭配；餐后两小时测血糖。',
    exercise: '餐后一小时散步 20 分钟。',
    medications: [
      { drug: '二甲双胍缓释片', dose: '0.5 g', times: ['07:30', '18:30'], note: '随餐服用' },
    ],
    everyDays: 30,
    occurrences: 2,
    assigned: true,
    firstBooked: false,
    status: 'ended',
  },
];

/**
 * Health plans for the demo: a few members of the demo alerts with a plan each, their follow-up
 * schedules made into tasks through HealthTaskService.create (so the task pages show them), the
 * first of one booked with the member; an ended plan's unstarted tasks cancelled as ending does.
 */
export async function healthPlanDemo(ctx: AppContext, scale: number): Promise<void> {
  if (scale <= 0) return;
  const now = ctx.now();
  const tasks = new HealthTaskService(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const staff = await new OperatorsRepo(trx).enabledStaff(['doctor', 'assistant']);
    const doctor = staff.find((s) => s.username === 'wangfang');
    const assistant = staff.find((s) => s.username === 'liuyang');
    if (!doctor || !assistant) return;
    const by = { operatorId: Number(doctor.id), displayName: doctor.real_name || doctor.username };
    const helper = { id: Number(assistant.id), name: assistant.real_name || assistant.username };
    const members = new MembersRepo(trx);
    const memberIds: number[] = [];
    for (const a of (await new WorkbenchRepo(trx).alertsWithReadingTime()).reverse()) {
      const id = Number(a.member_id);
      if (memberIds.includes(id)) continue;
      if ((await members.brief(id))?.status === 'normal') memberIds.push(id);
      if (memberIds.length === PLANS.length) break;
    }
    const plans = new HealthPlansRepo(trx);
    const taskRepo = new HealthTasksRepo(trx);
    for (const [i, memberId] of memberIds.entries()) {
      const p = PLANS[i]!;
      const startAt = chinaDay(now) + DAY_MS + 10 * HOUR;
      const planId = await plans.insert({
        member_id: memberId,
        title: p.title,
        status: 'active',
        goals: JSON.stringify(p.goals),
        diet: p.diet,
        exercise: p.exercise,
        medications: JSON.stringify(p.medications),
        schedule_kind: 'follow_up_call',
        schedule_every_days: p.everyDays,
        schedule_occurrences: p.occurrences,
        schedule_start_at: startAt,
        schedule_assignee_id: p.assigned ? helper.id : null,
        schedule_assignee_name: p.assigned ? helper.name : null,
        created_by: by.displayName,
        created_at: now - 3 * DAY_MS,
        updated_at: now - 3 * DAY_MS,
        ended_at: null,
      });
      const ids: number[] = [];
      for (let n = 1; n <= p.occurrences; n++)
        ids.push(
          await tasks.create(
            trx,
            by,
            { source: 'plan', sourceId: planId, memberId },
            {
              kind: 'follow_up_call',
              title: `随访（第 ${n}/${p.occurrences} 次）`,
              note: '',
              dueAt: startAt + (n - 1) * p.everyDays * DAY_MS,
              assignee: p.assigned ? helper : null,
            },
          ),
        );
      if (p.firstBooked && ids[0]) {
        await taskRepo.moveFrom(ids[0], 'to_book', {
          status: 'booked',
          appointment_at: startAt,
          updated_at: now,
        });
        await taskRepo.insertEvent({
          task_id: ids[0],
          action: 'book',
          from_status: 'to_book',
          to_status: 'booked',
          operator_id: helper.id,
          operator_name: helper.name,
          remark: '电话约定',
          created_at: now,
        });
      }
      if (p.status === 'ended') {
        for (const id of ids)
          await tasks.cancelIn(
            trx,
            by,
            { id, status: p.assigned ? 'to_book' : 'to_assign' },
            PLAN_CANCEL_REASON,
          );
        await plans.updateActive(planId, { status: 'ended', ended_at: now, updated_at: now });
      }
    }
  });
}
