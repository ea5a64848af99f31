import {
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_MODEL_TYPE_LABELS_EN,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUS_LABELS_EN,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITION_LABELS_EN,
  DEVICE_TRANSITION_NAMES,
  bilingualLabels,
} from '@health/contract';
import type { AuditLabels } from '../../platform/audit-labels.js';

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
      // The device list's export filter.
      'filter.status': {
        label: ['设备状态', 'Status'],
        format: { values: bilingualLabels(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN) },
      },
      'filter.type': {
        label: ['设备类型', 'Device type'],
        format: { values: bilingualLabels(DEVICE_MODEL_TYPE_LABELS, DEVICE_MODEL_TYPE_LABELS_EN) },
      },
      modelId: ['型号编号', 'Model ID'],
      memberId: ['会员编号', 'Member ID'],
      online: ['在线', 'Online'],
      pendingReturn: ['有待收寄回', 'Return to receive'],
    },
  },
  targetWords: { 设备型号: 'Device model', 设备: 'Device' },
};
