import {
  DEVICE_CODE_STATUS_LABELS,
  DEVICE_CODE_STATUS_LABELS_EN,
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_MODEL_TYPE_LABELS_EN,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUS_LABELS_EN,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITION_LABELS_EN,
  DEVICE_TRANSITION_NAMES,
  bilingualLabels,
} from '@health/contract';
import type { AuditFieldSpec, AuditLabels } from '../../platform/audit-labels.js';

/** The binding codes' fields (码管理: generate, void, print, export, redeem). */
const CODE_FIELDS: Record<string, AuditFieldSpec> = {
  batchNo: ['批次号', 'Batch'],
  codeCount: ['绑定码数量', 'Codes'],
  expiresAt: { label: ['有效期至', 'Valid until'], format: 'time' },
  codes: ['绑定码', 'Codes'],
  bindCode: ['绑定码', 'Binding code'],
  modelId: ['设备型号编号', 'Model ID'],
  codeStatus: {
    label: ['绑定码状态', 'Code status'],
    format: { values: bilingualLabels(DEVICE_CODE_STATUS_LABELS, DEVICE_CODE_STATUS_LABELS_EN) },
  },
};

/** What the device centre writes to the operation log, in both languages. */
export const DEVICE_AUDIT_LABELS: AuditLabels = {
  modules: { device: ['设备中心', 'Devices'] },
  actions: {
    ...Object.fromEntries(
      DEVICE_TRANSITION_NAMES.map((t) => [
        t,
        [`设备${DEVICE_TRANSITION_LABELS[t]}`, `${DEVICE_TRANSITION_LABELS_EN[t]} device`],
      ]),
    ),
    resetSecret: ['重置设备密钥', 'Reset device secret'],
    void: ['作废', 'Void'],
    print: ['打印', 'Print'],
    codeBind: ['扫码绑定设备', 'Bind device by code'],
    import: ['批量导入设备', 'Import devices'],
  },
  fields: {
    device: {
      name: ['型号名称', 'Model name'],
      modelType: {
        label: ['设备类型', 'Device type'],
        format: { values: bilingualLabels(DEVICE_MODEL_TYPE_LABELS, DEVICE_MODEL_TYPE_LABELS_EN) },
      },
      maker: ['生产厂家', 'Maker'],
      picture: ['图片', 'Picture'],
      params: ['参数', 'Parameters'],
      serial: ['序列号', 'Serial'],
      model: ['型号', 'Model'],
      deviceStatus: {
        label: ['设备状态', 'Status'],
        format: { values: bilingualLabels(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN) },
      },
      firmware: ['固件版本', 'Firmware'],
      member: ['会员', 'Member'],
      depositFen: { label: ['押金', 'Deposit'], format: 'fen' },
      returnDueAt: { label: ['应还日期', 'Return due'], format: 'time' },
      previousSecretUntil: { label: ['旧密钥有效期至', 'Old secret valid until'], format: 'time' },
      ...CODE_FIELDS,
      // The device list's export filter.
      // A device list's or a code list's status filter: the two enumerations share no value.
      'filter.status': {
        label: ['状态', 'Status'],
        format: {
          values: {
            ...bilingualLabels(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN),
            ...bilingualLabels(DEVICE_CODE_STATUS_LABELS, DEVICE_CODE_STATUS_LABELS_EN),
          },
        },
      },
      'filter.type': {
        label: ['设备类型', 'Device type'],
        format: { values: bilingualLabels(DEVICE_MODEL_TYPE_LABELS, DEVICE_MODEL_TYPE_LABELS_EN) },
      },
      modelId: ['型号编号', 'Model ID'],
      memberId: ['会员编号', 'Member ID'],
      online: ['在线', 'Online'],
      pendingReturn: ['有待收寄回', 'Return to receive'],
      // The batch import's entry.
      fileName: ['导入文件', 'File'],
      imported: ['导入台数', 'Imported'],
      skipped: ['跳过台数', 'Skipped'],
      invalid: ['错误行数', 'Rows with errors'],
    },
  },
  targetWords: {
    设备型号: 'Device model',
    设备: 'Device',
    绑定码批次: 'Code batch',
    所选绑定码: 'Selected binding codes',
    绑定码: 'Binding code',
    批量导入: 'Batch import',
  },
};
