import { z } from 'zod';
import { idSchema } from '../ids.js';
import { blankToUndefined as blank } from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { DeviceMessages } from './devices.js';

/**
 * Batch import of devices (批量导入, /device_list/insert; issue 12). An xlsx or csv file is
 * uploaded; the server answers at once with a batch and validates every row in the background
 * (the page polls its progress); the operator then imports the valid rows in one transaction,
 * idempotent on the serial, and downloads the rows with errors as an annotated xlsx.
 */

export const DeviceImportPaths = {
  /** GET: the xlsx template. */
  template: '/v3/device/admin/import/template',
  /** POST multipart (field `file`): a new batch, validated in the background. */
  upload: '/v3/device/admin/import/upload',
  /** GET: the batches, newest first. */
  list: '/v3/device/admin/import/list',
  /** GET ?id: one batch with its progress and counts. */
  detail: '/v3/device/admin/import/detail',
  /** GET ?id&filter: the rows of a batch with their errors, by row number. */
  rows: '/v3/device/admin/import/rows',
  /** POST {id}: import the valid rows. */
  import: '/v3/device/admin/import/import',
  /** GET ?id: the rows with errors (or skipped) as xlsx, with an 错误原因 column. */
  errors: '/v3/device/admin/import/errors',
} as const;

/** A file may hold at most this many data rows. */
export const DEVICE_IMPORT_MAX_ROWS = 100_000;
/** And weigh at most this much. */
export const DEVICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** What the file chooser offers (the server decides by the content). */
export const DEVICE_IMPORT_ACCEPT = '.xlsx,.csv';

export const DEVICE_IMPORT_FIRMWARE_MAX = 32;
export const DEVICE_IMPORT_MODEL_MAX = 50;
export const DEVICE_IMPORT_REMARK_MAX = 200;

/** The columns of the file, in the template's order; a header is matched without `*` and spaces. */
export const DEVICE_IMPORT_COLUMNS = [
  { key: 'serial', header: '序列号', headerEn: 'Serial', required: true },
  { key: 'modelName', header: '型号', headerEn: 'Model', required: true },
  { key: 'firmware', header: '固件版本', headerEn: 'Firmware', required: false },
  { key: 'stockDate', header: '入库日期', headerEn: 'Stock date', required: false },
  { key: 'remark', header: '备注', headerEn: 'Remark', required: false },
] as const;
export type DeviceImportColumnKey = (typeof DEVICE_IMPORT_COLUMNS)[number]['key'];

/** The column that says why a row of the errors file was not imported. */
export const DEVICE_IMPORT_REASON_HEADER = '错误原因';

export const DeviceImportMessages = {
  fileRequired: '请选择要导入的文件',
  badType: '只能导入 xlsx 或 csv 文件，请使用导入模板',
  tooLarge: '文件不能超过 20 MB',
  emptyFile: '文件是空的',
  unreadable: '文件无法读取，请确认是有效的 xlsx 或 csv 文件',
  missingColumns: '文件缺少“序列号”或“型号”列，请使用导入模板',
  noRows: '文件中没有数据行',
  tooManyRows: (max: number) => `文件超过${max}行，请拆分后分批导入`,
  notFound: '导入批次不存在',
  interrupted: '校验中断，请重新上传文件',
  stillValidating: '文件还在校验中，请稍候',
  validationFailed: '该批次校验失败，不能导入',
  nothingValid: '没有可导入的有效数据',
  uploaded: '文件已上传，正在校验',
  imported: (imported: number, skipped: number) => `已导入${imported}台设备，跳过${skipped}台`,
} as const;

/* ------------------------------------------------------------------ rows and their errors */

/** Why a row is not valid; the web names each in its language, the errors file in Chinese. */
export const DEVICE_IMPORT_ERROR_CODES = [
  'serialRequired',
  'serialFormat',
  /** The same serial on other rows of the file (`rows`). */
  'serialDuplicate',
  /** The serial is a device already. */
  'serialExists',
  'modelRequired',
  'modelNotFound',
  'firmwareTooLong',
  'stockDateFormat',
  'stockDateFuture',
  'remarkTooLong',
] as const;
export type DeviceImportErrorCode = (typeof DEVICE_IMPORT_ERROR_CODES)[number];

/** Why a valid row was not imported (found at import time). */
export const DEVICE_IMPORT_SKIP_REASONS = ['serialTaken', 'modelDeleted'] as const;
export type DeviceImportSkipReason = (typeof DEVICE_IMPORT_SKIP_REASONS)[number];

export const deviceImportRowErrorSchema = z.object({
  code: z.enum(DEVICE_IMPORT_ERROR_CODES),
  /** serialDuplicate: the other rows with the serial (at most a few). */
  rows: z.array(z.number().int()).optional(),
});
export type DeviceImportRowError = z.infer<typeof deviceImportRowErrorSchema>;

/** How many other rows a duplicate names. */
export const DEVICE_IMPORT_DUPLICATE_ROWS_SHOWN = 5;

/** The Chinese of a row error (the errors file; the web has its own in both languages). */
export function deviceImportErrorText(error: DeviceImportRowError): string {
  switch (error.code) {
    case 'serialRequired':
      return '序列号为空';
    case 'serialFormat':
      return DeviceMessages.serialFormat;
    case 'serialDuplicate':
      return `序列号与文件第${(error.rows ?? []).join('、')}行重复`;
    case 'serialExists':
      return '序列号已存在于设备列表';
    case 'modelRequired':
      return '型号为空';
    case 'modelNotFound':
      return '型号不存在，请先在“设备型号”中添加';
    case 'firmwareTooLong':
      return `固件版本最多${DEVICE_IMPORT_FIRMWARE_MAX}个字符`;
    case 'stockDateFormat':
      return '入库日期格式应为 YYYY-MM-DD';
    case 'stockDateFuture':
      return '入库日期不能晚于今天';
    case 'remarkTooLong':
      return `备注最多${DEVICE_IMPORT_REMARK_MAX}个字符`;
  }
}

export const DEVICE_IMPORT_SKIP_TEXTS: Record<DeviceImportSkipReason, string> = {
  serialTaken: '导入时序列号已存在，已跳过',
  modelDeleted: '导入时型号已被删除，已跳过',
};

export const deviceImportRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  rowNo: z.number().int(),
  /** As read (trimmed; the serial upper-cased). */
  serial: z.string(),
  modelName: z.string(),
  firmware: z.string(),
  stockDate: z.string(),
  remark: z.string(),
  valid: z.boolean(),
  errors: z.array(deviceImportRowErrorSchema),
  /** After an import: imported, or skipped (why in skipReason); null before. */
  result: z.enum(['imported', 'skipped']).nullable(),
  skipReason: z.enum(DEVICE_IMPORT_SKIP_REASONS).nullable(),
});
export type DeviceImportRow = z.infer<typeof deviceImportRowSchema>;

/* ------------------------------------------------------------------ batches */

export const DEVICE_IMPORT_STATUSES = ['validating', 'validated', 'imported', 'failed'] as const;
export type DeviceImportStatus = (typeof DEVICE_IMPORT_STATUSES)[number];
export const DEVICE_IMPORT_STATUS_LABELS: Record<DeviceImportStatus, string> = {
  validating: '校验中',
  validated: '待导入',
  imported: '已导入',
  failed: '校验失败',
};
export const DEVICE_IMPORT_STATUS_LABELS_EN: Record<DeviceImportStatus, string> = {
  validating: 'Validating',
  validated: 'Ready to import',
  imported: 'Imported',
  failed: 'Failed',
};

export const deviceImportBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(DEVICE_IMPORT_STATUSES),
  /** Why it failed (a DeviceImportMessages text), else ''. */
  message: z.string(),
  /** Rows read so far (all of them once validated). */
  processed: z.number().int(),
  /** Data rows of the file (known once validated). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** 0–100, from the part of the file read. */
  progress: z.number().int(),
  operatorName: z.string(),
  createdAt: z.number().int(),
  validatedAt: z.number().int().nullable(),
  importedAt: z.number().int().nullable(),
});
export type DeviceImportBatch = z.infer<typeof deviceImportBatchSchema>;

export const deviceImportListQuerySchema = listQuerySchema;
export const deviceImportListSchema = pageOf(deviceImportBatchSchema);

export const DEVICE_IMPORT_ROW_FILTERS = ['all', 'valid', 'invalid'] as const;
export type DeviceImportRowFilter = (typeof DEVICE_IMPORT_ROW_FILTERS)[number];

export const deviceImportIdQuerySchema = z.object({ id: idSchema('导入批次') });
export const deviceImportRowsQuerySchema = listQuerySchema.extend({
  id: idSchema('导入批次'),
  filter: z.preprocess(
    blank,
    z.enum(DEVICE_IMPORT_ROW_FILTERS, { error: '筛选条件不正确' }).default('all'),
  ),
});
export type DeviceImportRowsQuery = z.infer<typeof deviceImportRowsQuerySchema>;
export const deviceImportRowsSchema = pageOf(deviceImportRowSchema);

export const deviceImportRequestSchema = z.object({ id: idSchema('导入批次') });

/** What one import run did. */
export const deviceImportResultSchema = z.object({
  batch: deviceImportBatchSchema,
  /** Devices this run added. */
  imported: z.number().int(),
  /** Valid rows this run did not add (their serial exists by now, or their model is gone). */
  skipped: z.number().int(),
});
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;
