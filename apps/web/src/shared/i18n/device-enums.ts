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
});
