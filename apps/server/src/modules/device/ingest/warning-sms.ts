import {
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_UNITS,
  formatChinaDate,
  type IngestMeasurement,
} from '@health/contract';

/**
 * The warning SMS of an abnormal reading (PRODUCT.md §3: each rule says whether the member and the
 * family contacts who receive warning SMS are told). Their wording is the SMS template of that code
 * on /sysset_notice_set/msg_tpl: a disabled template sends nothing (the operator stopped it); a
 * missing one sends the default text below, so a warning the rules ask for is never lost silently.
 */
export const WARNING_SMS = {
  member: {
    code: 'bp_warning',
    content:
      '【居家健康】${name}您好，您于${time}测量的${item}为${value}，超出正常范围，医生将尽快与您联系，如有不适请及时就医。',
  },
  /** An ECG's to the member (not the BP wording: an ECG is read by a doctor, not "measured"). */
  ecgMember: {
    code: 'ecg_warning',
    content:
      '【居家健康】${name}您好，您于${time}上传的心电图（${value}）提示${level}，医生将尽快为您判读，如有胸闷、心慌、头晕等不适请立即就医。',
  },
  family: {
    code: 'family_warning',
    content:
      '【居家健康】您的家人${name}于${time}测量的${item}为${value}，属于${level}，请及时关注其身体状况。',
  },
} as const;

/** The warning template of a reading for the member or the family (an ECG has its own). */
export function warningSmsOf(
  type: IngestMeasurement['type'],
  who: 'member' | 'family',
): (typeof WARNING_SMS)[keyof typeof WARNING_SMS] {
  return who === 'member' && type === 'ecg' ? WARNING_SMS.ecgMember : WARNING_SMS[who];
}

const decimal = (v: number) => String(Math.round(v * 100) / 100);

/** "168/102mmHg", "8.6mmol/L", "心率128次/分" (what the SMS says was measured). */
export function readingText(m: IngestMeasurement): string {
  switch (m.type) {
    case 'bp':
      return `${m.values.systolic}/${m.values.diastolic}${MEASUREMENT_UNITS.bp}`;
    case 'bg':
      return `${decimal(m.values.mmol)}${MEASUREMENT_UNITS.bg}`;
    case 'chol':
      return `${decimal(m.values.mmol)}${MEASUREMENT_UNITS.chol}`;
    case 'ua':
      return `${decimal(m.values.umol)}${MEASUREMENT_UNITS.ua}`;
    case 'ecg':
      return m.values.heartRate === undefined
        ? '心电图'
        : `心率${m.values.heartRate}${MEASUREMENT_UNITS.ecg}`;
  }
}

/** The placeholder values of both warning templates. */
export function warningParams(
  m: IngestMeasurement,
  memberName: string,
  label: string,
): Record<string, string> {
  return {
    name: memberName,
    time: formatChinaDate(m.measuredAt, '{y}-{m}-{d} {h}:{i}'),
    item: MEASUREMENT_TYPE_LABELS[m.type],
    value: readingText(m),
    level: label,
  };
}
