import type { AuditLabels } from '../../platform/audit-labels.js';

/** What the report centre writes to the operation log, in both languages. */
export const REPORT_AUDIT_LABELS: AuditLabels = {
  modules: { report: ['报告中心', 'Reports'] },
  actions: {
    upload: ['上传', 'Upload'],
  },
  fields: {
    report: {
      // A lab report's snapshot.
      memberId: ['会员编号', 'Member ID'],
      member: ['会员', 'Member'],
      hospital: ['医院/检验机构', 'Hospital / lab'],
      sampledAt: { label: ['采样日期', 'Sampled on'], format: 'time' },
      reportedAt: { label: ['报告日期', 'Reported on'], format: 'time' },
      items: ['检验项目', 'Items'],
      files: ['报告文件', 'Files'],
      // An uploaded file.
      fileName: ['文件名', 'File name'],
      mime: ['文件类型', 'File type'],
      size: ['文件大小（字节）', 'Size (bytes)'],
      sha256: ['SHA-256', 'SHA-256'],
      // The export's filter.
      abnormal: ['有异常项目', 'Has abnormal items'],
    },
  },
  targetWords: {
    检验报告文件: 'Lab report file',
    检验报告: 'Lab report',
  },
};
