import type { AuditLabels } from '../../platform/audit-labels.js';

/** What the report centre writes to the operation log, in both languages. */
export const REPORT_AUDIT_LABELS: AuditLabels = {
  modules: { report: ['报告中心', 'Reports'] },
  actions: {
    handle: ['处理测量记录', 'Handle readings'],
    rejudge: ['重新判定测量记录', 'Re-judge readings'],
  },
  fields: {
    report: {
      measurementIds: ['测量记录编号', 'Reading IDs'],
      handleRemark: ['处理说明', 'Handling remark'],
      ruleNumber: ['规则版本', 'Rule version'],
      readingCount: ['记录数', 'Readings'],
      changedCount: ['结果变化数', 'Changed'],
      raisedCount: ['新增预警数', 'Alerts raised'],
      clearedCount: ['关闭预警数', 'Alerts closed'],
      type: ['测量类型', 'Type'],
      memberId: ['会员编号', 'Member ID'],
      phone: ['手机号', 'Phone'],
      name: ['姓名', 'Name'],
      serial: ['设备序列号', 'Device serial'],
      level: ['预警级别', 'Level'],
      handled: ['处理状态', 'Handled'],
      startTime: { label: ['开始时间', 'From'], format: 'time' },
      endTime: { label: ['结束时间', 'To'], format: 'time' },
      sortField: ['排序字段', 'Sort field'],
      sortOrder: ['排序方向', 'Sort order'],
    },
  },
};
