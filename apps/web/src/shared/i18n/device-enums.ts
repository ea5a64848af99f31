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
} from '@health/contract';
import { registerBilingualLocale } from './index';

/**
 * The device centre's enumerations in both languages (the contract's label maps), shared: the
 * device pages and the member detail's devices tab show them.
 */
export const DEVICE_ENUMS_NS = registerBilingualLocale('deviceEnums', {
  modelType: bilingualLabels(DEVICE_MODEL_TYPE_LABELS, DEVICE_MODEL_TYPE_LABELS_EN),
  status: bilingualLabels(DEVICE_STATUS_LABELS, DEVICE_STATUS_LABELS_EN),
  transition: bilingualLabels(DEVICE_TRANSITION_LABELS, DEVICE_TRANSITION_LABELS_EN),
  event: bilingualLabels(DEVICE_EVENT_LABELS, DEVICE_EVENT_LABELS_EN),
  measurementType: bilingualLabels(MEASUREMENT_TYPE_LABELS, MEASUREMENT_TYPE_LABELS_EN),
  level: bilingualLabels(MEASUREMENT_LEVEL_LABELS, MEASUREMENT_LEVEL_LABELS_EN),
  bgContext: bilingualLabels(BG_CONTEXT_LABELS, BG_CONTEXT_LABELS_EN),
  /** A reading's classification, keyed by the Chinese label it stores. */
  classification: Object.fromEntries(
    Object.entries(CLASSIFICATION_LABELS_EN).map(([zh, en]) => [zh, [zh, en] as const]),
  ),
});
