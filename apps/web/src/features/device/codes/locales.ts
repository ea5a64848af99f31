import { type BilingualTable, registerBilingualLocale } from '../../../shared/i18n';

/** Strings of 码管理 (/device_list/detail), each as [zh-CN, en-US]. */
const strings = {
  title: ['绑定码', 'Binding codes'],
  code: ['绑定码', 'Code'],
  batchNo: ['批次号', 'Batch'],
  model: ['设备型号', 'Model'],
  status: ['状态', 'Status'],
  statuses: {
    unused: ['未使用', 'Unused'],
    used: ['已使用', 'Used'],
    expired: ['已过期', 'Expired'],
    void: ['已作废', 'Void'],
  },
  expiresAt: ['有效期至', 'Valid until'],
  usedBy: ['使用会员', 'Used by'],
  usedByPhone: ['会员手机号', "Member's phone"],
  usedDevice: ['绑定设备', 'Device'],
  usedAt: ['使用时间', 'Used at'],
  voidedAt: ['作废时间', 'Voided at'],
  createdBy: ['创建人', 'Created by'],
  createdAt: ['生成时间', 'Generated at'],
  op: ['操作', 'Actions'],
  generate: ['生成绑定码', 'Generate codes'],
  generateTitle: ['批量生成绑定码', 'Generate binding codes'],
  generateIntro: [
    '每个绑定码只能使用一次，用于把同型号的在库设备绑定给会员。生成后可打印二维码标签贴在设备包装上。',
    'Each code is used once, to bind an in-stock device of its model to a member. Print the QR labels to stick on the packaging.',
  ],
  count: ['生成数量', 'Number of codes'],
  countHint: ['一次 1–1000 个，同一批次', '1–1000 at a time, in one batch'],
  expiresInDays: ['有效天数', 'Valid for (days)'],
  expiresHint: [
    '从今天起算，过期未用的码不能再绑定',
    'From today; an unused code cannot bind once it expires',
  ],
  days: ['天', 'days'],
  generated: ['已生成 {{count}} 个绑定码', '{{count}} binding codes generated'],
  generatedBatch: [
    '批次号 {{batchNo}}，有效期至 {{expiresAt}}',
    'Batch {{batchNo}}, valid until {{expiresAt}}',
  ],
  printBatch: ['打印本批标签', 'Print labels of this batch'],
  showBatch: ['查看本批', 'Show this batch'],
  close: ['关闭', 'Close'],
  cancel: ['取消', 'Cancel'],
  ok: ['确定', 'OK'],
  print: ['打印', 'Print'],
  printThisBatch: ['打印批次', 'Print batch'],
  printSelected: ['打印所选', 'Print selected'],
  printing: ['正在生成 PDF…', 'Making the PDF…'],
  printed: ['已下载 {{name}}', 'Downloaded {{name}}'],
  printHint: ['仅打印未使用且未过期的码', 'Only unused, unexpired codes are printed'],
  void: ['作废', 'Void'],
  voidSelected: ['作废所选', 'Void selected'],
  voidBatch: ['作废整批', 'Void batch'],
  voidConfirm: ['确定作废该绑定码吗？', 'Void this code?'],
  voidSelectedConfirm: [
    '确定作废所选的 {{count}} 个绑定码吗？已使用的码不受影响。',
    'Void the {{count}} selected codes? Used codes are not affected.',
  ],
  voidBatchConfirm: [
    '确定作废批次 {{batchNo}} 中所有未使用的绑定码吗？',
    'Void every unused code of batch {{batchNo}}?',
  ],
  voidDesc: [
    '作废后不能再用于绑定设备，且无法恢复。',
    'A voided code can never bind a device again.',
  ],
  voided: ['已作废 {{count}} 个绑定码', '{{count}} codes voided'],
  exportFile: ['绑定码.xlsx', 'binding-codes.xlsx'],
  copy: ['复制绑定码', 'Copy code'],
  phonePlaceholder: ['使用会员的手机号', "The member's phone"],
  serialPlaceholder: ['设备序列号', 'Device serial'],
} satisfies BilingualTable;

/** Namespace "deviceCodes": the binding codes page. */
export const DEVICE_CODES_NS = registerBilingualLocale('deviceCodes', strings);
