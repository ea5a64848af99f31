import {
  bilingualLabels,
  DEVICE_EVENT_LABELS,
  DEVICE_EVENT_LABELS_EN,
  DEVICE_MODEL_TYPE_LABELS,
  DEVICE_MODEL_TYPE_LABELS_EN,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUS_LABELS_EN,
  DEVICE_TRANSITION_LABELS,
  DEVICE_TRANSITION_LABELS_EN,
  CLASSIFICATION_LABELS_EN,
  MEASUREMENT_LEVEL_LABELS,
  MEASUREMENT_LEVEL_LABELS_EN,
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_TYPE_LABELS_EN,
  BG_CONTEXT_LABELS,
  BG_CONTEXT_LABELS_EN,
  COURIER_LABELS,
  COURIER_LABELS_EN,
} from '@health/contract';
import { registerBilingualLocale } from './index';

/**
 * The device centre's enumerations in both languages (the contract's label maps), shared: the
 * device pages, the member detail's devices tab, the assistant's returns and the mall's shipments
 * show them.
 */
export const DEVICE_ENUMS_NS = registerBilingualLocale('deviceEnums', {
  modelType: bilingualLabels(DEVICE_MODEL_TYPE_LABELS, DEVICE_MODEL_TYPE_LABELS_EN),
  status: bilingualLabels(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN),
  transition: bilingualLabels(DEVICE_TRANSITION_LABELS, DEVICE_TRANSITION_LABELS_EN),
  event: bilingualLabels(DEVICE_EVENT_LABELS, DEVICE_EVENT_LABELS_EN),
  measurementType: bilingualLabels(MEASUREMENT_TYPE_LABELS, MEASUREMENT_TYPE_LABELS_EN),
  level: bilingualLabels(MEASUREMENT_LEVEL_LABELS, MEASUREMENT_LEVEL_LABELS_EN),
  bgContext: bilingualLabels(BG_CONTEXT_LABELS, BG_CONTEXT_LABELS_EN),
  /** Couriers of device returns and mall shipments. */
  courier: bilingualLabels(COURIER_LABELS, COURIER_LABELS_EN),
  /** A reading's values in a line (shared/measurements/reading.ts). */
  reading: {
    bp: [
      '{{systolic}}/{{diastolic}} mmHg · 脉搏 {{pulse}} 次/分',
      '{{systolic}}/{{diastolic}} mmHg · pulse {{pulse}} bpm',
    ],
    bg: ['{{mmol}} mmol/L · {{context}}', '{{mmol}} mmol/L · {{context}}'],
    chol: ['{{mmol}} mmol/L', '{{mmol}} mmol/L'],
    ua: ['{{umol}} µmol/L', '{{umol}} µmol/L'],
    ecg: ['心率 {{hr}} 次/分 · {{duration}}', 'Heart rate {{hr}} bpm · {{duration}}'],
    ecgNoRate: ['{{duration}}', '{{duration}}'],
    seconds: ['{{n}} 秒', '{{n}} s'],
    minutes: ['{{n}} 分钟', '{{n}} min'],
    hours: ['{{n}} 小时', '{{n}} h'],
  },
  /** A reading's classification, keyed by the Chinese label it stores. */
  classification: Object.fromEntries(
    Object.entries(CLASSIFICATION_LABELS_EN).map(([zh, en]) => [zh, [zh, en] as const]),
  ),
});
