import {
  bilingualLabels,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_STATUS_LABELS,
  DEVICE_IMPORT_STATUS_LABELS_EN,
} from '@health/contract';
import { registerBilingualLocale } from '../../../shared/i18n';

const maxRows = DEVICE_IMPORT_MAX_ROWS.toLocaleString('en-US');

/** Strings of the batch import page (namespace 'deviceImport'), each in both languages. */
export const DEVICE_IMPORT_NS = registerBilingualLocale('deviceImport', {
  title: ['批量导入设备', 'Import devices'],
  template: ['下载模板', 'Download template'],
  templateName: ['设备导入模板.xlsx', 'device-import-template.xlsx'],
  howTo: [
    `按模板填写序列号、型号（须已在“设备型号”中添加）、固件版本、入库日期（YYYY-MM-DD）和备注。支持 xlsx 和 csv（UTF-8 或 GBK），每个文件最多 ${maxRows} 行、20 MB。上传后系统逐行校验，导入前不会写入任何设备。`,
    `Fill in the template: serial, model (already added under Models), firmware, stock date (YYYY-MM-DD) and remark. Accepted: xlsx or csv files (UTF-8 or GBK) of up to ${maxRows} rows and 20 MB. Every row is validated after the upload; nothing is written before you import.`,
  ],
  secretNote: [
    '导入的设备不显示密钥：需要时在“设备列表”中对设备执行“重置密钥”即可获得。',
    'Imported devices do not show their secrets: use “Reset secret” on the device in the device list to get one.',
  ],
  drop: ['点击或将文件拖到此处上传', 'Click or drop a file here to upload'],
  dropHint: [
    `xlsx 或 csv，最多 ${maxRows} 行、20 MB`,
    `xlsx or csv, up to ${maxRows} rows and 20 MB`,
  ],
  uploading: ['正在上传…', 'Uploading…'],
  noAdd: [
    '你没有导入设备的权限，只能查看导入记录。',
    'You may not import devices; you can only see the imports.',
  ],
  batch: {
    title: ['导入批次', 'Import batch'],
    operator: ['操作人', 'By'],
    uploadedAt: ['上传时间', 'Uploaded'],
    operatorIs: ['操作人：', 'By: '],
    uploadedAtIs: ['上传时间：', 'Uploaded: '],
    validating: ['正在校验：已读取 {{processed}} 行', 'Validating: {{processed}} rows read'],
    total: ['总行数', 'Rows'],
    valid: ['有效', 'Valid'],
    invalid: ['有错误', 'With errors'],
    imported: ['已导入', 'Imported'],
    skipped: ['已跳过', 'Skipped'],
    import: ['导入 {{count}} 条有效数据', 'Import {{count}} valid rows'],
    importTitle: ['确认导入', 'Import now?'],
    importDesc: [
      '将在一个事务中新增 {{count}} 台设备（在库）；有错误的行不会导入，序列号已存在的会跳过。',
      '{{count}} devices will be added (in stock) in one transaction; rows with errors are not imported and serials that exist are skipped.',
    ],
    importOk: ['导入', 'Import'],
    cancel: ['取消', 'Cancel'],
    errorsFile: ['下载错误行', 'Download rows with errors'],
    errorsFileName: ['设备导入-错误行.xlsx', 'device-import-errors.xlsx'],
    done: [
      '已导入 {{imported}} 台设备，跳过 {{skipped}} 台。',
      '{{imported}} devices imported, {{skipped}} skipped.',
    ],
    allInvalid: [
      '没有可导入的有效数据：请下载错误行，修改后重新上传。',
      'No row is valid: download the rows with errors, correct them and upload again.',
    ],
    someInvalid: [
      '有错误的行不会导入：可以先导入有效数据，再下载错误行修改后重新上传。',
      'Rows with errors are not imported: import the valid rows, then download the rows with errors, correct them and upload them again.',
    ],
  },
  rows: {
    all: ['全部', 'All'],
    valid: ['有效', 'Valid'],
    invalid: ['有错误', 'With errors'],
    rowNo: ['行号', 'Row'],
    serial: ['序列号', 'Serial'],
    model: ['型号', 'Model'],
    firmware: ['固件版本', 'Firmware'],
    stockDate: ['入库日期', 'Stock date'],
    remark: ['备注', 'Remark'],
    check: ['校验结果', 'Check'],
    passed: ['通过', 'Passed'],
    result: ['导入结果', 'Result'],
    imported: ['已导入', 'Imported'],
    skipped: ['已跳过', 'Skipped'],
    total: ['共 {{total}} 行', '{{total}} rows'],
    empty: ['没有符合条件的行', 'No rows'],
  },
  error: {
    serialRequired: ['序列号为空', 'The serial is empty'],
    serialFormat: [
      '序列号应为6到32位大写字母、数字或连字符，以字母或数字开头',
      'A serial is 6-32 capital letters, digits or hyphens, starting with a letter or digit',
    ],
    serialDuplicate: [
      '序列号与文件第{{rows}}行重复',
      'The same serial is on row {{rows}} of the file',
    ],
    serialExists: ['序列号已存在于设备列表', 'The serial is a device already'],
    modelRequired: ['型号为空', 'The model is empty'],
    modelNotFound: [
      '型号不存在，请先在“设备型号”中添加',
      'No such model: add it under Models first',
    ],
    firmwareTooLong: [
      '固件版本最多{{max}}个字符',
      'The firmware may have at most {{max}} characters',
    ],
    stockDateFormat: ['入库日期格式应为 YYYY-MM-DD', 'The stock date must be written YYYY-MM-DD'],
    stockDateFuture: ['入库日期不能晚于今天', 'The stock date cannot be after today'],
    remarkTooLong: ['备注最多{{max}}个字符', 'The remark may have at most {{max}} characters'],
  },
  skip: {
    serialTaken: ['导入时序列号已存在，已跳过', 'Skipped: the serial existed at import time'],
    modelDeleted: ['导入时型号已被删除，已跳过', 'Skipped: the model was deleted'],
  },
  history: {
    title: ['导入记录', 'Imports'],
    file: ['文件', 'File'],
    status: ['状态', 'Status'],
    rows: ['行数', 'Rows'],
    view: ['查看', 'View'],
    viewing: ['查看中', 'Shown'],
    op: ['操作', 'Actions'],
  },
  status: bilingualLabels(DEVICE_IMPORT_STATUS_LABELS, DEVICE_IMPORT_STATUS_LABELS_EN),
});
