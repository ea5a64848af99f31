import { z } from 'zod';
import { contentOptionalText, contentOptionalTime, contentText } from '../content-fields.js';
import { idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined,
  checkTimeRange,
  optionalText,
  phoneFragmentSchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { MEASUREMENT_LEVELS } from '../device/ingest.js';

/**
 * Health tasks (健康任务, PRODUCT.md §4 health): the work done for a member outside the doctor's
 * queue — reading an ECG, reviewing a BP series, a follow-up call, a home visit, a health
 * assessment. A task is created by hand, from an alert (the workbench), from a service package
 * bought in the mall, or by a member's health plan, and goes through a workflow:
 *
 *   to_assign ──assign──▶ to_book ──book──▶ booked ──complete──▶ done
 *        │                  │  ▲ reassign      │ reschedule / reassign
 *        └──────cancel──────┴──┴───────────────┴──▶ cancelled
 *
 * Each step is an event with who and when (the task's timeline). Completing a task earns the
 * member 积分配置's health-task points, once. The three pages are views of one list:
 * 待分配 (to_assign), 待预约 (to_book) and 全部任务.
 */
export const HealthTaskPaths = {
  list: '/v3/health/admin/task/list',
  /** Open tasks by status (the pages' badges) and the caller's own. */
  counts: '/v3/health/admin/task/counts',
  detail: '/v3/health/admin/task/detail',
  add: '/v3/health/admin/task/add',
  update: '/v3/health/admin/task/update',
  /** The member picker of the new-task form (?keyword=). */
  memberOptions: '/v3/health/admin/task/memberOptions',
  /** The doctors and assistants a task can be assigned to. */
  staff: '/v3/health/admin/task/staff',
  assign: '/v3/health/admin/task/assign',
  book: '/v3/health/admin/task/book',
  complete: '/v3/health/admin/task/complete',
  cancel: '/v3/health/admin/task/cancel',
  export: '/v3/health/admin/task/export',
} as const;

export const TASK_KINDS = [
  'ecg_reading',
  'bp_review',
  'follow_up_call',
  'home_visit',
  'assessment',
] as const;
export type HealthTaskKind = (typeof TASK_KINDS)[number];
export const TASK_KIND_LABELS: Record<HealthTaskKind, string> = {
  ecg_reading: '心电判读',
  bp_review: '血压复核',
  follow_up_call: '电话随访',
  home_visit: '上门服务',
  assessment: '健康评估',
};

export const TASK_KIND_LABELS_EN: Record<HealthTaskKind, string> = {
  ecg_reading: 'ECG reading',
  bp_review: 'BP review',
  follow_up_call: 'Follow-up call',
  home_visit: 'Home visit',
  assessment: 'Health assessment',
};

export const TASK_STATUSES = ['to_assign', 'to_book', 'booked', 'done', 'cancelled'] as const;
export type HealthTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<HealthTaskStatus, string> = {
  to_assign: '待分配',
  to_book: '待预约',
  booked: '已预约',
  done: '已完成',
  cancelled: '已取消',
};
export const TASK_STATUS_LABELS_EN: Record<HealthTaskStatus, string> = {
  to_assign: 'To assign',
  to_book: 'To book',
  booked: 'Booked',
  done: 'Done',
  cancelled: 'Cancelled',
};
/** Statuses of a task still to be done. */
export const OPEN_TASK_STATUSES = ['to_assign', 'to_book', 'booked'] as const;

export const TASK_SOURCES = ['manual', 'alert', 'package', 'plan'] as const;
export type HealthTaskSource = (typeof TASK_SOURCES)[number];
export const TASK_SOURCE_LABELS: Record<HealthTaskSource, string> = {
  manual: '手动创建',
  alert: '异常预警',
  package: '服务套餐',
  plan: '健康管理方案',
};
export const TASK_SOURCE_LABELS_EN: Record<HealthTaskSource, string> = {
  manual: 'By hand',
  alert: 'Alert',
  package: 'Service package',
  plan: 'Care plan',
};

/**
 * The workflow as a table: each step, the statuses it starts from, the status it leads to (null:
 * the status stays) and the page action that grants it. The server refuses anything else; the web
 * shows a step's button only where `taskStepsFrom(status)` offers it.
 */
export const TASK_STEPS = {
  assign: { from: ['to_assign'], to: 'to_book', page: 'taskAssign', action: 'assign' },
  reassign: { from: ['to_book', 'booked'], to: null, page: 'taskAssign', action: 'assign' },
  book: { from: ['to_book'], to: 'booked', page: 'taskBooking', action: 'book' },
  reschedule: { from: ['booked'], to: null, page: 'taskBooking', action: 'book' },
  complete: { from: ['to_book', 'booked'], to: 'done', page: 'tasks', action: 'complete' },
  cancel: {
    from: ['to_assign', 'to_book', 'booked'],
    to: 'cancelled',
    page: 'tasks',
    action: 'cancel',
  },
} as const satisfies Record<
  string,
  {
    from: readonly HealthTaskStatus[];
    to: HealthTaskStatus | null;
    page: 'taskAssign' | 'taskBooking' | 'tasks';
    action: string;
  }
>;
export type HealthTaskStep = keyof typeof TASK_STEPS;
export const TASK_STEP_NAMES = Object.keys(TASK_STEPS) as HealthTaskStep[];
export const TASK_STEP_LABELS: Record<HealthTaskStep, string> = {
  assign: '分配',
  reassign: '改派',
  book: '预约',
  reschedule: '改约',
  complete: '完成',
  cancel: '取消任务',
};
export const TASK_STEP_LABELS_EN: Record<HealthTaskStep, string> = {
  assign: 'Assign',
  reassign: 'Reassign',
  book: 'Book',
  reschedule: 'Reschedule',
  complete: 'Complete',
  cancel: 'Cancel task',
};

/** The steps a task in this status may take. */
export function taskStepsFrom(status: HealthTaskStatus): HealthTaskStep[] {
  return TASK_STEP_NAMES.filter((s) =>
    (TASK_STEPS[s].from as readonly HealthTaskStatus[]).includes(status),
  );
}

/** What a task's timeline shows: the steps, its creation and edits. */
export const TASK_EVENT_ACTIONS = [...TASK_STEP_NAMES, 'create', 'edit', 'callAttempt'] as const;
export type HealthTaskEventAction = (typeof TASK_EVENT_ACTIONS)[number];
export const TASK_EVENT_LABELS: Record<HealthTaskEventAction, string> = {
  ...TASK_STEP_LABELS,
  create: '创建',
  edit: '编辑',
  /** A follow-up call that did not reach the member (助理工作台): the task stays open. */
  callAttempt: '未接通',
};

export const TASK_TITLE_MAX = 60;
export const TASK_NOTE_MAX = 500;
export const TASK_OUTCOME_MAX = 500;
/** A booking is for a time from now up to this many days ahead. */
export const TASK_BOOK_MAX_DAYS = 180;

export const HealthTaskMessages = {
  notFound: '任务不存在',
  memberRequired: '请选择会员',
  memberNotFound: '会员不存在或已注销',
  alertNotFound: '预警不存在',
  assigneeRequired: '请选择执行人',
  assigneeInvalid: '执行人不存在、已停用或不是医生 / 医生助理',
  appointmentRequired: '请选择预约时间',
  appointmentPast: '预约时间不能早于当前时间',
  appointmentTooFar: `预约时间不能晚于${TASK_BOOK_MAX_DAYS}天后`,
  appointmentAfterDue: '预约时间不能晚于任务截止时间，请先修改截止时间',
  dueBeforeAppointment: '截止时间不能早于已预约的时间',
  outcomeRequired: '请填写完成情况',
  reasonRequired: '请填写取消原因',
  closedReadOnly: '任务已完成或已取消，不能再修改',
  changedMeanwhile: '任务状态已被他人更新，请刷新后重试',
  stepRefused: (status: string, step: string) => `任务${status}，不能${step}`,
} as const;

/* ------------------------------------------------------------------ rows */

export const healthTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: z.string(),
  note: z.string(),
  status: z.enum(TASK_STATUSES),
  source: z.enum(TASK_SOURCES),
  /** The alert, order or plan it came from (null: by hand). */
  sourceId: z.number().int().nullable(),
  /** The level of the alert it came from. */
  alertLevel: z.enum(MEASUREMENT_LEVELS).nullable(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** Assigned to the caller. */
  mine: z.boolean(),
  dueAt: z.number().int().nullable(),
  appointmentAt: z.number().int().nullable(),
  outcome: z.string(),
  completedAt: z.number().int().nullable(),
  /** Points the member earned by its completion (0: none, e.g. the member is frozen). */
  pointsAwarded: z.number().int(),
  cancelReason: z.string(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type HealthTask = z.infer<typeof healthTaskSchema>;

export const healthTaskEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(TASK_EVENT_ACTIONS),
  fromStatus: z.enum(TASK_STATUSES).nullable(),
  toStatus: z.enum(TASK_STATUSES),
  operatorName: z.string(),
  /** What the step said: the assignee, the appointment, the outcome, the reason. */
  remark: z.string(),
  createdAt: z.number().int(),
});
export type HealthTaskEvent = z.infer<typeof healthTaskEventSchema>;

export const healthTaskDetailSchema = healthTaskSchema.extend({
  /** Oldest first. */
  events: z.array(healthTaskEventSchema),
});
export type HealthTaskDetail = z.infer<typeof healthTaskDetailSchema>;

export const healthTaskCountsSchema = z.object({
  toAssign: z.number().int(),
  toBook: z.number().int(),
  booked: z.number().int(),
  /** Open tasks assigned to the caller. */
  mine: z.number().int(),
  /** Open tasks past their due time. */
  overdue: z.number().int(),
});
export type HealthTaskCounts = z.infer<typeof healthTaskCountsSchema>;

export const taskStaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  staffRole: z.enum(['doctor', 'assistant']),
  /** Open tasks assigned to them (to weigh who takes the next one). */
  openTasks: z.number().int(),
});
export type TaskStaff = z.infer<typeof taskStaffSchema>;
export const taskStaffListSchema = z.array(taskStaffSchema);

/* ------------------------------------------------------------------ queries */

const enumFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());
/** A yes-only filter ("true" / "1"; anything else: not filtered). */
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : undefined),
  z.boolean().optional(),
);

const taskFilters = {
  ...timeRangeQuerySchema.shape,
  status: enumFilter(TASK_STATUSES, '任务状态不正确'),
  kind: enumFilter(TASK_KINDS, '任务类型不正确'),
  source: enumFilter(TASK_SOURCES, '任务来源不正确'),
  assigneeId: optionalIdSchema('执行人'),
  /** Only the caller's own tasks. */
  mine: flag,
  /** Only open tasks past their due time. */
  overdue: flag,
  phone: phoneFragmentSchema,
  name: optionalText(20),
  memberId: optionalIdSchema('会员'),
};
export const healthTaskExportQuerySchema = z.object(taskFilters).superRefine(checkTimeRange);
export type HealthTaskExportQuery = z.infer<typeof healthTaskExportQuerySchema>;
export const healthTaskListQuerySchema = listQuerySchema
  .extend(taskFilters)
  .superRefine(checkTimeRange);
export type HealthTaskListQuery = z.infer<typeof healthTaskListQuerySchema>;
export const healthTaskListSchema = pageOf(healthTaskSchema);

export const healthTaskIdQuerySchema = z.object({ id: idSchema('任务编号') });

/* ------------------------------------------------------------------ bodies */

const title = contentOptionalText(TASK_TITLE_MAX, '任务标题');
const note = contentOptionalText(TASK_NOTE_MAX, '任务说明');

/** A task by hand (memberId) or from an alert (alertId: its member, the alert as the source). */
export const healthTaskAddSchema = z
  .object({
    kind: z.enum(TASK_KINDS, { error: '请选择任务类型' }),
    memberId: optionalIdSchema('会员'),
    alertId: optionalIdSchema('预警编号'),
    /** Empty: the kind's name. */
    title,
    note,
    dueAt: contentOptionalTime,
    /** Assign at once (the task starts 待预约). */
    assigneeId: optionalIdSchema('执行人'),
  })
  .refine((v) => v.memberId !== undefined || v.alertId !== undefined, {
    message: HealthTaskMessages.memberRequired,
    path: ['memberId'],
  });
export type HealthTaskAdd = z.infer<typeof healthTaskAddSchema>;

export const healthTaskUpdateSchema = z.object({
  id: idSchema('任务编号'),
  kind: z.enum(TASK_KINDS, { error: '请选择任务类型' }),
  title,
  note,
  dueAt: contentOptionalTime,
});
export type HealthTaskUpdate = z.infer<typeof healthTaskUpdateSchema>;

export const healthTaskAssignSchema = z.object({
  id: idSchema('任务编号'),
  assigneeId: idSchema('执行人', { required: HealthTaskMessages.assigneeRequired }),
});
export type HealthTaskAssign = z.infer<typeof healthTaskAssignSchema>;

export const healthTaskBookSchema = z.object({
  id: idSchema('任务编号'),
  appointmentAt: contentOptionalTime.refine((v) => v !== null, {
    message: HealthTaskMessages.appointmentRequired,
  }),
  note: contentOptionalText(200, '预约备注'),
});
export type HealthTaskBook = z.infer<typeof healthTaskBookSchema>;

export const healthTaskCompleteSchema = z.object({
  id: idSchema('任务编号'),
  outcome: contentText(HealthTaskMessages.outcomeRequired, TASK_OUTCOME_MAX, '完成情况'),
});
export type HealthTaskComplete = z.infer<typeof healthTaskCompleteSchema>;

export const healthTaskCancelSchema = z.object({
  id: idSchema('任务编号'),
  reason: contentText(HealthTaskMessages.reasonRequired, 200, '取消原因'),
});
export type HealthTaskCancel = z.infer<typeof healthTaskCancelSchema>;
