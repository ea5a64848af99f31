import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { measurementReason, type MeasurementLevel, type MeasurementType } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../i18n/device-enums';

export const LEVEL_COLORS: Record<MeasurementLevel, string> = {
  normal: 'green',
  warning: 'orange',
  urgent: 'red',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A recording's length in words: "30 秒", "12 分钟", "24 小时". */
export function durationText(seconds: number, t: Translate): string {
  if (seconds >= 3600) return t('reading.hours', { n: Math.round(seconds / 360) / 10 });
  if (seconds >= 120) return t('reading.minutes', { n: Math.round(seconds / 60) });
  return t('reading.seconds', { n: seconds });
}

/**
 * A reading's values in a line: "142/91 mmHg · 脉搏 72 次/分", "6.8 mmol/L · 空腹", ...
 * `t` is DEVICE_ENUMS_NS's.
 */
export function readingSummary(
  r: { type: MeasurementType; values: Record<string, unknown> },
  t: Translate,
): string {
  const v = r.values;
  switch (r.type) {
    case 'bp':
      return t('reading.bp', { systolic: v.systolic, diastolic: v.diastolic, pulse: v.pulse });
    case 'bg':
      return t('reading.bg', { mmol: v.mmol, context: t(`bgContext.${String(v.context)}`) });
    case 'chol':
      return t('reading.chol', { mmol: v.mmol });
    case 'ua':
      return t('reading.ua', { umol: v.umol });
    case 'ecg': {
      const duration = durationText(Math.round(Number(v.samplesPerLead) / Number(v.sampleRate)), t);
      return typeof v.heartRate === 'number'
        ? t('reading.ecg', { hr: v.heartRate, duration })
        : t('reading.ecgNoRate', { duration });
    }
  }
}

/** The level as a coloured tag with the reason beside it ("二级高血压", "心率 158 次/分"). */
export function MeasurementLevel({
  reading,
}: {
  reading: {
    type: MeasurementType;
    level: MeasurementLevel;
    category: string;
    label: string;
    values: Record<string, unknown>;
  };
}) {
  const { t, i18n } = useTranslation(DEVICE_ENUMS_NS);
  const reason = measurementReason(reading, i18n.language.startsWith('en') ? 'en' : 'zh');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={LEVEL_COLORS[reading.level]}>{t(`level.${reading.level}`)}</Tag>
      {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
    </span>
  );
}
