import { memo } from 'react';
import { Button, DatePicker, Radio, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chinaDateOf, daysBetween, formatChinaDate, STATISTICS_MAX_DAYS } from '@health/contract';
import { toast } from '../../../../shared/feedback/feedback';
import { dayjs } from '../../../../shared/utils/dayjs';
import { STATISTICS_NS } from '../../locales';
import type { Period } from '../api';
import { PERIOD_PRESETS, presetOf, presetPeriod } from '../period';

/**
 * The period of a statistics page: the presets, a custom range of China days (a year at most,
 * nothing after today), when the numbers were read, and the export of what the page shows.
 */
export const PeriodBar = memo(function PeriodBar(props: {
  period: Period;
  onChange: (period: Period) => void;
  asOf: number | undefined;
  onExport?: () => void;
  exporting?: boolean;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const { period, onChange } = props;
  const today = chinaDateOf(Date.now());
  return (
    <Space wrap size={[16, 12]} className="stats-period-bar">
      <Radio.Group
        value={presetOf(period)}
        onChange={(e) => onChange(presetPeriod(e.target.value))}
        optionType="button"
        options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={t('period')}
        value={[dayjs(period.start), dayjs(period.end)]}
        allowClear={false}
        disabledDate={(d) => d.format('YYYY-MM-DD') > today}
        onChange={(v) => {
          if (!v?.[0] || !v[1]) return;
          const next = { start: v[0].format('YYYY-MM-DD'), end: v[1].format('YYYY-MM-DD') };
          if (daysBetween(next.start, next.end) > STATISTICS_MAX_DAYS)
            toast.error(t('rangeTooLong'));
          else onChange(next);
        }}
      />
      {props.asOf !== undefined && (
        <Typography.Text type="secondary" data-testid="stats-as-of">
          {t('asOf', { time: formatChinaDate(props.asOf, '{h}:{i}') })}
        </Typography.Text>
      )}
      {props.onExport && (
        <Button icon={<DownloadOutlined />} loading={props.exporting} onClick={props.onExport}>
          {props.exporting ? t('exporting') : t('export')}
        </Button>
      )}
    </Space>
  );
});
