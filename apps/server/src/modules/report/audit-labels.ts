import type { AuditLabels } from '../../platform/audit-labels.js';

/** What the report centre writes to the operation log, in both languages. */
export const REPORT_AUDIT_LABELS: AuditLabels = {
  modules: { report: ['报告中心', 'Reports'] },
  actions: {
    handle: ['处理测量记录', 'Handle readings'],
    rejudge: ['重新判定测量记录', 'Re-judge readings'],
    upload: ['上传', 'Upload'],
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
      // A lab report's snapshot (检验报告).
      member: ['会员', 'Member'],
      hospital: ['医院/检验机构', 'Hospital / lab'],
      sampledAt: { label: ['采样日期', 'Sampled on'], format: 'time' },
      reportedAt: { label: ['报告日期', 'Reported on'], format: 'time' },
      items: ['检验项目', 'Items'],
      files: ['报告文件', 'Files'],
      // A lab report's uploaded file.
      fileName: ['文件名', 'File name'],
      mime: ['文件类型', 'File type'],
      size: ['文件大小（字节）', 'Size (bytes)'],
      sha256: ['SHA-256', 'SHA-256'],
      // The lab reports' export filter.
      abnormal: ['有异常项目', 'Has abnormal items'],
    },
  },
  targetWords: {
    检验报告文件: 'Lab report file',
    检验报告: 'Lab report',
  },
};
