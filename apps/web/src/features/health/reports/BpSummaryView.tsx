import { Descriptions, Grid, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChinaDate, type BpAverage, type BpGrade, type BpSummary } from '@health/contract';
import { HEALTH_NS } from '../locales';

const GRADE_COLORS: Record<BpGrade, string> = {
  normal: 'green',
  grade1: 'orange',
  grade2: 'volcano',
  grade3: 'red',
  hypotension: 'blue',
};

/** The grade of a BP period (the rules' wording), coloured by severity. */
export function BpGradeTag({ grade }: { grade: BpGrade | null }) {
  const { t } = useTranslation(HEALTH_NS);
  if (grade === null) return <Typography.Text type="secondary">{t('bp.none')}</Typography.Text>;
  return <Tag color={GRADE_COLORS[grade]}>{t(`bp.gradeOf.${grade}`)}</Tag>;
}

/**
 * A BP period's summary: averages, the morning / evening pattern, the grade, extremes — on
 * 创建血压报告 and in the report the member reads (from the report's details).
 */
export function BpSummaryView({
  summary,
  periodStart,
  periodEnd,
  wide = true,
}: {
  summary: BpSummary;
  periodStart: number | null;
  periodEnd: number | null;
  /** Three columns on a wide screen (the builder); the report's narrower page takes two. */
  wide?: boolean;
}) {
  const { t } = useTranslation(HEALTH_NS);
  // A phone: each label above its value (two narrow columns would wrap every value).
  const narrow = !Grid.useBreakpoint().sm;
  const bp = (a: { systolic: number | null; diastolic: number | null } | null) =>
    a && a.systolic !== null && a.diastolic !== null
      ? t('bp.value', { s: a.systolic, d: a.diastolic })
      : t('bp.none');
  const withCount = (a: BpAverage) =>
    a.count === 0 ? t('bp.none') : `${bp(a)} · ${t('bp.times', { n: a.count })}`;
  const { morning, evening, average } = summary;
  const diff =
    morning.systolic !== null &&
    evening.systolic !== null &&
    morning.diastolic !== null &&
    evening.diastolic !== null
      ? t('bp.diffValue', {
          s: signed(morning.systolic - evening.systolic),
          d: signed(morning.diastolic - evening.diastolic),
        })
      : t('bp.none');
  const day = (at: number) => formatChinaDate(at, '{y}-{m}-{d}');
  return (
    <Descriptions
      size="small"
      bordered
      layout={narrow ? 'vertical' : 'horizontal'}
      column={wide ? { xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 } : { xs: 1, sm: 2 }}
      labelStyle={{ whiteSpace: 'nowrap' }}
      data-testid="bp-summary"
    >
      {periodStart !== null && periodEnd !== null && (
        <Descriptions.Item label={t('bp.period')}>
          {day(periodStart)} ~ {day(periodEnd)}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('bp.average')}>
        <Typography.Text strong data-testid="bp-average">
          {bp(average)}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('bp.pulse')}>
        {average.pulse === null ? t('bp.none') : t('bp.pulseValue', { v: average.pulse })}
      </Descriptions.Item>
      <Descriptions.Item label={t('bp.grade')}>
        <BpGradeTag grade={summary.grade} />
      </Descriptions.Item>
      <Descriptions.Item label={t('bp.readings')}>
        {t('bp.count', { n: average.count })}
        {summary.abnormal > 0 && (
          <Typography.Text type="danger" style={{ marginLeft: 8 }}>
            {t('bp.abnormalCount', { n: summary.abnormal })}
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('bp.morning')}>{withCount(morning)}</Descriptions.Item>
      <Descriptions.Item label={t('bp.evening')}>{withCount(evening)}</Descriptions.Item>
      <Descriptions.Item label={t('bp.morningMinusEvening')}>{diff}</Descriptions.Item>
      <Descriptions.Item label={t('bp.range')}>
        {summary.highest && summary.lowest
          ? t('bp.rangeValue', { high: bp(summary.highest), low: bp(summary.lowest) })
          : t('bp.none')}
      </Descriptions.Item>
    </Descriptions>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
