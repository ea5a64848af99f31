import { memo } from 'react';
import { Card, Statistic, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeRatio, METRICS, type MetricKey, type MetricValue } from '@health/contract';
import { STATISTICS_NS } from '../../locales';

/** The name and definition of a metric in the interface language. */
export function useMetricText() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (key: MetricKey) => {
    const m = METRICS[key];
    return {
      name: en ? m.nameEn : m.name,
      definition: en ? m.definitionEn : m.definition,
      unit: en ? m.unitEn : m.unit,
    };
  };
}

/** A metric's name (its definition on hover or focus), and its value if given. */
export function MetricName({ metricKey }: { metricKey: MetricKey }) {
  const text = useMetricText()(metricKey);
  return <DefinedName name={text.name} definition={text.definition} />;
}

/** A number's name with its definition on hover or focus. */
export function DefinedName({ name, definition }: { name: string; definition: string }) {
  return (
    <Tooltip title={definition}>
      <span className="stats-metric-name" tabIndex={0}>
        {name} <QuestionCircleOutlined aria-label={definition} />
      </span>
    </Tooltip>
  );
}

/** A share of two metrics of the period in percent (one decimal), null when nothing to divide. */
function percent(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 1000) / 10;
}

/** A rate card (异常率): this period's share and the previous period's, in points of percent. */
export const RateCard = memo(function RateCard(props: {
  rateKey: string;
  numerator: MetricValue;
  denominator: MetricValue;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const value = percent(props.numerator.value, props.denominator.value);
  const previous = percent(props.numerator.previous, props.denominator.previous);
  const definition = t(`rates.${props.rateKey}.definition`);
  return (
    <Card size="small" className="stats-metric-card" data-testid={`rate-${props.rateKey}`}>
      <Statistic
        title={
          <Tooltip title={definition}>
            <span className="stats-metric-name" tabIndex={0}>
              {t(`rates.${props.rateKey}.name`)} <QuestionCircleOutlined aria-label={definition} />
            </span>
          </Tooltip>
        }
        value={value ?? '—'}
        precision={value === null ? undefined : 1}
        suffix={value === null ? undefined : '%'}
      />
      <div className="stats-change">
        <Typography.Text type="secondary" className="stats-previous">
          {t('previous', { value: previous === null ? '—' : `${previous}%` })}
        </Typography.Text>
      </div>
    </Card>
  );
});

/** 环比: the change on the previous period (— when that was 0), and the previous value. */
export function ChangeLine(props: {
  value: number;
  previous: number;
  format?: (v: number) => string;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const ratio = changeRatio(props.value, props.previous);
  const up = ratio !== null && ratio > 0;
  const down = ratio !== null && ratio < 0;
  return (
    <div className="stats-change">
      <Typography.Text type="secondary">{t('change')} </Typography.Text>
      {ratio === null ? (
        <Tooltip title={t('changeNone')}>
          <Typography.Text type="secondary">—</Typography.Text>
        </Tooltip>
      ) : (
        <Typography.Text
          type={up ? 'success' : down ? 'danger' : 'secondary'}
          aria-label={
            up ? t('changeUp', { pct: ratio }) : down ? t('changeDown', { pct: -ratio }) : undefined
          }
        >
          {up && <ArrowUpOutlined />}
          {down && <ArrowDownOutlined />} {Math.abs(ratio)}%
        </Typography.Text>
      )}
      <Typography.Text type="secondary" className="stats-previous">
        {t('previous', { value: props.format ? props.format(props.previous) : props.previous })}
      </Typography.Text>
    </div>
  );
}

/** One card: the period's value, its 环比 against the previous period and that period's value. */
export const MetricCard = memo(function MetricCard({ metric }: { metric: MetricValue }) {
  const key = metric.key as MetricKey;
  const text = useMetricText()(key);
  return (
    <Card size="small" className="stats-metric-card" data-testid={`metric-${key}`}>
      <Statistic
        title={<MetricName metricKey={key} />}
        value={metric.value}
        suffix={text.unit ? <span className="stats-unit">{text.unit}</span> : undefined}
      />
      <ChangeLine value={metric.value} previous={metric.previous} />
    </Card>
  );
});
