import {
  PLAN_STATUS_LABELS,
  PLAN_STATUS_LABELS_EN,
  REPORT_KIND_LABELS,
  REPORT_STATUS_LABELS,
  TASK_KIND_LABELS,
  TASK_KIND_LABELS_EN,
  TASK_SOURCE_LABELS,
  TASK_SOURCE_LABELS_EN,
  TASK_STATUS_LABELS,
  TASK_STATUS_LABELS_EN,
} from '@health/contract';
import type { AuditLabels, Bilingual } from '../../platform/audit-labels.js';

const KIND_EN = {
  ecg: 'ECG report',
  bp: 'BP report',
  reading: 'Reading report',
  general: 'Health assessment',
};
const STATUS_EN = { draft: 'Draft', signed: 'Signed', published: 'Published' };

/** An enumeration's Chinese labels (the contract's) with their English. */
function bilingual<K extends string>(
  zh: Record<K, string>,
  en: Record<K, string>,
): Record<K, Bilingual> {
  const out = {} as Record<K, Bilingual>;
  for (const key of Object.keys(zh) as K[]) out[key] = [zh[key], en[key]];
  return out;
}

/** What 健康管理 writes to the operation log, in both languages. */
export const HEALTH_AUDIT_LABELS: AuditLabels = {
  modules: { health: ['健康管理', 'Health care'] },
  actions: {
    claim: ['认领预警', 'Claim alert'],
    release: ['释放预警', 'Release alert'],
    sign: ['签名报告', 'Sign report'],
    publish: ['发布', 'Publish'],
    amend: ['修订报告', 'Amend report'],
    shareLink: ['生成分享链接', 'Create share link'],
    revokeLinks: ['撤销分享链接', 'Revoke share links'],
    assign: ['分配任务', 'Assign task'],
    book: ['预约任务', 'Book task'],
    complete: ['完成任务', 'Complete task'],
    cancel: ['取消任务', 'Cancel task'],
    callAttempt: ['随访未接通', 'Call not answered'],
    end: ['结束方案', 'End plan'],
  },
  fields: {
    health: {
      alertId: ['预警编号', 'Alert ID'],
      claimedBy: ['认领人', 'Claimed by'],
      claimExpiresAt: { label: ['认领到期时间', 'Claim expires'], format: 'time' },
      // Health reports.
      rootId: ['报告编号（首版）', 'Report ID (first version)'],
      version: ['版本', 'Version'],
      kind: {
        label: ['报告类型', 'Report type'],
        format: { values: bilingual(REPORT_KIND_LABELS, KIND_EN) },
      },
      status: {
        label: ['报告状态', 'Report status'],
        format: { values: bilingual(REPORT_STATUS_LABELS, STATUS_EN) },
      },
      memberId: ['会员编号', 'Member ID'],
      measurementId: ['测量记录编号', 'Measurement ID'],
      conclusion: ['结论', 'Conclusion'],
      advice: ['建议', 'Advice'],
      addendum: ['修订原因', 'Reason for amendment'],
      signedBy: ['签名人', 'Signed by'],
      signedAt: { label: ['签名时间', 'Signed at'], format: 'time' },
      publishedBy: ['发布人', 'Published by'],
      publishedAt: { label: ['发布时间', 'Published at'], format: 'time' },
      linkId: ['链接编号', 'Link ID'],
      days: ['有效天数', 'Valid days'],
      expiresAt: { label: ['链接到期时间', 'Link expires'], format: 'time' },
      revokedLinks: ['失效链接数', 'Links revoked'],
      // Health tasks.
      taskKind: {
        label: ['任务类型', 'Task type'],
        format: { values: bilingual(TASK_KIND_LABELS, TASK_KIND_LABELS_EN) },
      },
      taskStatus: {
        label: ['任务状态', 'Task status'],
        format: { values: bilingual(TASK_STATUS_LABELS, TASK_STATUS_LABELS_EN) },
      },
      source: {
        label: ['任务来源', 'Task source'],
        format: { values: bilingual(TASK_SOURCE_LABELS, TASK_SOURCE_LABELS_EN) },
      },
      title: ['任务标题', 'Task title'],
      note: ['任务说明', 'Task notes'],
      dueAt: { label: ['截止时间', 'Due'], format: 'time' },
      assignee: ['执行人', 'Assignee'],
      appointmentAt: { label: ['预约时间', 'Appointment'], format: 'time' },
      outcome: ['完成情况', 'Outcome'],
      reason: ['取消原因', 'Reason'],
      pointsAwarded: ['获得积分', 'Points earned'],
      // The task list's export filter.
      'filter.status': {
        label: ['任务状态', 'Task status'],
        format: { values: bilingual(TASK_STATUS_LABELS, TASK_STATUS_LABELS_EN) },
      },
      'filter.kind': {
        label: ['任务类型', 'Task type'],
        format: { values: bilingual(TASK_KIND_LABELS, TASK_KIND_LABELS_EN) },
      },
      'filter.source': {
        label: ['任务来源', 'Task source'],
        format: { values: bilingual(TASK_SOURCE_LABELS, TASK_SOURCE_LABELS_EN) },
      },
      assigneeId: ['执行人编号', 'Assignee ID'],
      mine: ['仅我的任务', 'Mine only'],
      overdue: ['仅已超期', 'Overdue only'],
      // Health plans.
      planTitle: ['方案标题', 'Plan title'],
      planStatus: {
        label: ['方案状态', 'Plan status'],
        format: { values: bilingual(PLAN_STATUS_LABELS, PLAN_STATUS_LABELS_EN) },
      },
      goals: ['目标', 'Goals'],
      diet: ['饮食建议', 'Diet'],
      exercise: ['运动建议', 'Exercise'],
      medications: ['用药提醒', 'Medication reminders'],
      schedule: ['随访计划', 'Follow-up schedule'],
      tasksCreated: ['创建任务数', 'Tasks created'],
      tasksCancelled: ['取消任务数', 'Tasks cancelled'],
      // The workload export's filter.
      operatorId: ['人员编号', 'Staff ID'],
    },
  },
  targetWords: {
    心电报告: 'ECG report',
    血压报告: 'BP report',
    测量报告: 'Reading report',
    健康评估: 'Health assessment',
    健康任务: 'Health task',
    健康管理方案: 'Care plan',
  },
};
