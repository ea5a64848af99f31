import { z } from 'zod';
import { contentOptionalText, contentText, outOfRange } from '../content-fields.js';
import { fromNumberOrText, idSchema, optionalIdSchema } from '../ids.js';
import { blankToUndefined, optionalText, phoneFragmentSchema } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { healthTaskSchema, TASK_KINDS } from './tasks.js';

/**
 * Health management plans (健康管理方案, PRODUCT.md §4 health): one plan per member while it is
 * active — goals, diet, exercise, medication reminders and a follow-up schedule. Saving a plan with
 * a schedule creates its health tasks up front (source 'plan'): occurrence i of n is due
 * start + (i − 1) × everyDays days, titled "随访（第 i/n 次）". Changing the schedule, ending or
 * deleting the plan cancels its tasks not yet started (待分配 / 待预约) with the reason
 * "方案调整"; booked and done tasks are never touched.
 */
export const HealthPlanPaths = {
  list: '/v3/health/admin/plan/list',
  detail: '/v3/health/admin/plan/detail',
  add: '/v3/health/admin/plan/add',
  update: '/v3/health/admin/plan/update',
  end: '/v3/health/admin/plan/end',
  delete: '/v3/health/admin/plan/delete',
  /** The member picker of the new-plan form (?keyword=). */
  memberOptions: '/v3/health/admin/plan/memberOptions',
  /** The doctors and assistants the schedule's tasks can be assigned to. */
  staff: '/v3/health/admin/plan/staff',
} as const;

export const PLAN_STATUSES = ['active', 'ended'] as const;
export type HealthPlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<HealthPlanStatus, string> = {
  active: '执行中',
  ended: '已结束',
};
export const PLAN_STATUS_LABELS_EN: Record<HealthPlanStatus, string> = {
  active: 'Active',
  ended: 'Ended',
};

export const PLAN_TITLE_MAX = 60;
export const PLAN_GOALS_MAX = 10;
export const PLAN_GOAL_MAX = 100;
export const PLAN_TEXT_MAX = 1000;
export const PLAN_MEDICATIONS_MAX = 20;
export const PLAN_DRUG_MAX = 40;
export const PLAN_DOSE_MAX = 40;
export const PLAN_MED_NOTE_MAX = 100;
export const PLAN_MED_TIMES_MAX = 6;
export const PLAN_EVERY_DAYS_MIN = 7;
export const PLAN_EVERY_DAYS_MAX = 90;
export const PLAN_OCCURRENCES_MIN = 1;
export const PLAN_OCCURRENCES_MAX = 24;
/** Why the plan's unstarted tasks are cancelled when its schedule changes or it ends. */
export const PLAN_CANCEL_REASON = '方案调整';
/** The title of occurrence i of n (the task kind's name is in the task's kind). */
export const planTaskTitle = (i: number, n: number) => `随访（第 ${i}/${n} 次）`;

export const HealthPlanMessages = {
  notFound: '健康管理方案不存在',
  memberRequired: '请选择会员',
  memberNotFound: '会员不存在或已注销',
  memberHasPlan: '该会员已有执行中的健康管理方案',
  titleRequired: '请填写方案标题',
  goalsTooMany: `目标最多${PLAN_GOALS_MAX}条`,
  drugRequired: '请填写药品名称',
  timesRequired: '请至少填写一个服药时间',
  timeInvalid: '服药时间格式应为 HH:mm',
  timesTooMany: `每种药品最多${PLAN_MED_TIMES_MAX}个服药时间`,
  medicationsTooMany: `用药提醒最多${PLAN_MEDICATIONS_MAX}条`,
  everyDays: outOfRange('随访间隔', PLAN_EVERY_DAYS_MIN, PLAN_EVERY_DAYS_MAX, '天'),
  occurrences: outOfRange('随访次数', PLAN_OCCURRENCES_MIN, PLAN_OCCURRENCES_MAX, '次'),
  startRequired: '请选择首次随访日期',
  kindRequired: '请选择任务类型',
  assigneeInvalid: '执行人不存在、已停用或不是医生 / 医生助理',
  ended: '方案已结束，不能修改',
  deleteStarted: '方案的任务已有预约或完成，不能删除，请结束方案',
} as const;

/* ------------------------------------------------------------------ parts */

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const planMedicationSchema = z.object({
  drug: contentText(HealthPlanMessages.drugRequired, PLAN_DRUG_MAX, '药品名称'),
  dose: contentOptionalText(PLAN_DOSE_MAX, '剂量'),
  times: z
    .array(
      z
        .string({ error: HealthPlanMessages.timeInvalid })
        .regex(HH_MM, HealthPlanMessages.timeInvalid),
      {
        error: HealthPlanMessages.timesRequired,
      },
    )
    .min(1, HealthPlanMessages.timesRequired)
    .max(PLAN_MED_TIMES_MAX, HealthPlanMessages.timesTooMany),
  note: contentOptionalText(PLAN_MED_NOTE_MAX, '用药备注'),
});
export type PlanMedication = z.infer<typeof planMedicationSchema>;

const intIn = (min: number, max: number, message: string) =>
  fromNumberOrText(
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** The follow-up cadence: n tasks of a kind, every N days from the start day. */
export const planScheduleSchema = z.object({
  kind: z.enum(TASK_KINDS, { error: HealthPlanMessages.kindRequired }).default('follow_up_call'),
  everyDays: intIn(PLAN_EVERY_DAYS_MIN, PLAN_EVERY_DAYS_MAX, HealthPlanMessages.everyDays),
  occurrences: intIn(PLAN_OCCURRENCES_MIN, PLAN_OCCURRENCES_MAX, HealthPlanMessages.occurrences),
  /** The first occurrence's due time (epoch ms; the web sends the day's start, China time). */
  startAt: fromNumberOrText(
    z.coerce
      .number({ error: HealthPlanMessages.startRequired })
      .int(HealthPlanMessages.startRequired)
      .positive(HealthPlanMessages.startRequired),
  ),
  /** Assign the tasks at once (they start 待预约). */
  assigneeId: optionalIdSchema('执行人'),
});
export type PlanSchedule = z.infer<typeof planScheduleSchema>;

/* ------------------------------------------------------------------ rows */

/** A task of the plan, as its detail lists it. */
export const healthPlanTaskSchema = healthTaskSchema.pick({
  id: true,
  kind: true,
  title: true,
  status: true,
  dueAt: true,
  appointmentAt: true,
  assigneeName: true,
  cancelReason: true,
});
export type HealthPlanTask = z.infer<typeof healthPlanTaskSchema>;

export const healthPlanSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  title: z.string(),
  status: z.enum(PLAN_STATUSES),
  goals: z.array(z.string()),
  diet: z.string(),
  exercise: z.string(),
  medications: z.array(
    z.object({ drug: z.string(), dose: z.string(), times: z.array(z.string()), note: z.string() }),
  ),
  schedule: z
    .object({
      kind: z.enum(TASK_KINDS),
      everyDays: z.number().int(),
      occurrences: z.number().int(),
      startAt: z.number().int(),
      assigneeId: z.number().int().nullable(),
      assigneeName: z.string().nullable(),
    })
    .nullable(),
  /** The earliest due time of its open tasks. */
  nextFollowUpAt: z.number().int().nullable(),
  /** None of its tasks was booked or done: it may be deleted. */
  deletable: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
});
export type HealthPlan = z.infer<typeof healthPlanSchema>;

export const healthPlanDetailSchema = healthPlanSchema.extend({
  /** Its tasks by due time (cancelled ones too). */
  tasks: z.array(healthPlanTaskSchema),
});
export type HealthPlanDetail = z.infer<typeof healthPlanDetailSchema>;

/* ------------------------------------------------------------------ queries */

export const healthPlanListQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(PLAN_STATUSES, { error: '方案状态不正确' }).optional(),
  ),
  phone: phoneFragmentSchema,
  name: optionalText(20),
  title: optionalText(PLAN_TITLE_MAX),
});
export type HealthPlanListQuery = z.infer<typeof healthPlanListQuerySchema>;
export const healthPlanListSchema = pageOf(healthPlanSchema);

export const healthPlanIdQuerySchema = z.object({ id: idSchema('方案编号') });
export const healthPlanIdBodySchema = z.object({ id: idSchema('方案编号') });

/* ------------------------------------------------------------------ bodies */

const planFields = {
  title: contentText(HealthPlanMessages.titleRequired, PLAN_TITLE_MAX, '方案标题'),
  /** Optional: blank rows (the form's first, left empty) are dropped, not refused. */
  goals: z
    .array(contentOptionalText(PLAN_GOAL_MAX, '目标'))
    .max(PLAN_GOALS_MAX, HealthPlanMessages.goalsTooMany)
    .optional()
    .transform((v) => (v ?? []).filter((goal) => goal !== '')),
  diet: contentOptionalText(PLAN_TEXT_MAX, '饮食建议'),
  exercise: contentOptionalText(PLAN_TEXT_MAX, '运动建议'),
  medications: z
    .array(planMedicationSchema)
    .max(PLAN_MEDICATIONS_MAX, HealthPlanMessages.medicationsTooMany)
    .optional()
    .transform((v) => v ?? []),
  /** null / missing: no follow-up schedule. */
  schedule: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    planScheduleSchema.nullable(),
  ),
};

/** A new plan (JSON body). */
export const healthPlanAddSchema = z.object({
  memberId: idSchema('会员', { required: HealthPlanMessages.memberRequired }),
  ...planFields,
});
export type HealthPlanAdd = z.infer<typeof healthPlanAddSchema>;

/** An active plan's new content (JSON body); its member stays. */
export const healthPlanUpdateSchema = z.object({
  id: idSchema('方案编号'),
  ...planFields,
});
export type HealthPlanUpdate = z.infer<typeof healthPlanUpdateSchema>;
