import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INSPECTION_FLAG_ARROWS, type InspectionFlag } from '@health/contract';
import { INSPECTION_NS } from './locales';

/** Red above the range, blue below it. */
export const FLAG_COLORS: Record<InspectionFlag, string | undefined> = {
  high: '#cf1322',
  low: '#0958d9',
  normal: undefined,
};

/** An item's flag: "↑ 偏高" in red, "↓ 偏低" in blue, "正常" in grey. */
export function FlagMark({ flag }: { flag: InspectionFlag }) {
  const { t } = useTranslation(INSPECTION_NS);
  if (flag === 'normal')
    return <Typography.Text type="secondary">{t('flag_normal')}</Typography.Text>;
  return (
    <span
      className={`inspection-flag inspection-flag-${flag}`}
      style={{ color: FLAG_COLORS[flag], fontWeight: 600, whiteSpace: 'nowrap' }}
      data-flag={flag}
    >
      {INSPECTION_FLAG_ARROWS[flag]} {t(`flag_${flag}`)}
    </span>
  );
}

/** A value with its arrow, coloured by its flag ("4.1 ↑"). */
export function FlaggedValue({ value, flag }: { value: number; flag: InspectionFlag }) {
  return (
    <span style={{ color: FLAG_COLORS[flag], fontWeight: flag === 'normal' ? undefined : 600 }}>
      {value}
      {INSPECTION_FLAG_ARROWS[flag] && ` ${INSPECTION_FLAG_ARROWS[flag]}`}
    </span>
  );
}
