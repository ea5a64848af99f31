import { useState } from 'react';
import { Alert, Drawer, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrendType } from '@health/contract';
import { MeasurementTrendChart } from '../../../shared/measurements/MeasurementTrendChart';
import { TREND_MAX_POINTS } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { useMeasurementTrend } from './api';
import { REPORT_MEASUREMENTS_NS } from './locales';

const DAY = 86_400_000;
const PERIODS = { last30: 30, last90: 90, lastYear: 365 } as const;
type Period = keyof typeof PERIODS;

/** A member's blood pressure or glucose trend over a period, on the bands of the rules. */
export function TrendDrawer({
  type,
  member,
  onClose,
}: {
  type: TrendType;
  member: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(REPORT_MEASUREMENTS_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const [period, setPeriod] = useState<Period>('last90');
  // The period's start, fixed when the period is picked (not on every render).
  const [since, setSince] = useState(() => Date.now() - PERIODS.last90 * DAY);
  const trend = useMeasurementTrend(
    member ? { memberId: member.id, type, startTime: since } : null,
  );
  return (
    <Drawer
      open={member !== null}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={
        <span translate="no">
          {t('trendTitle', { name: member?.name ?? '', type: te(`measurementType.${type}`) })}
        </span>
      }
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('trendPeriod')}</Typography.Text>
          <Segmented<Period>
            value={period}
            onChange={(p) => {
              setPeriod(p);
              setSince(Date.now() - PERIODS[p] * DAY);
            }}
            options={(Object.keys(PERIODS) as Period[]).map((p) => ({ value: p, label: t(p) }))}
          />
        </Space>
        {trend.isLoading ? (
          <Skeleton active />
        ) : trend.data && trend.data.points.length > 0 ? (
          <>
            {trend.data.truncated && (
              <Alert type="info" showIcon message={t('trendTruncated', { n: TREND_MAX_POINTS })} />
            )}
            <MeasurementTrendChart trend={trend.data} />
            {trend.data.ruleNumber !== null && (
              <Typography.Text type="secondary">
                {t('trendRules', { n: trend.data.ruleNumber })}
              </Typography.Text>
            )}
          </>
        ) : (
          <Empty description={t('trendEmpty')} />
        )}
      </Space>
    </Drawer>
  );
}
