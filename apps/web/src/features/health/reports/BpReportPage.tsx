import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Form, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BP_PERIOD_DEFAULT_DAYS,
  BP_PERIOD_MAX_DAYS,
  BP_SUMMARY_MAX_READINGS,
  DAY_MS,
  PAGES,
  chinaDateOf,
  chinaDayStart,
  formatDate,
  parseId,
  type HealthReportDetail,
  type ReportMemberOption,
} from '@health/contract';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { readingSummary } from '../../../shared/measurements/reading';
import { MeasurementTrendChart } from '../../../shared/measurements/MeasurementTrendChart';
import { usePageActions } from '../../../shared/stores/permission';
import { dayjs } from '../../../shared/utils/dayjs';
import { HEALTH_NS } from '../locales';
import { useBpSummary, useReportMemberOptions } from './api';
import { BpSummaryView } from './BpSummaryView';
import { DraftGate } from './DraftGate';
import { ReportBuilderActions, useReportBuilder } from './ReportBuilderActions';
import { ReportTextFields, type ReportText } from './ReportTextFields';

/** The period of the picked China calendar days, inclusive (epoch ms). */
function periodOf([from, to]: [Dayjs, Dayjs]) {
  return {
    periodStart: chinaDayStart(from.format('YYYY-MM-DD')),
    periodEnd: chinaDayStart(to.format('YYYY-MM-DD')) + DAY_MS - 1,
  };
}

/**
 * /health_management/create-BP-report (hidden) 创建血压报告: a member and a period → the readings'
 * chart, averages, morning / evening pattern and grade (computed by the server, kept in the
 * report), then the doctor's conclusion and advice; save, sign, publish.
 */
export default function BpReportPage() {
  return <DraftGate kind="bp">{(draft) => <BpReportBuilder draft={draft} />}</DraftGate>;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What tells same-named members apart in the picker: age and their newest BP reading. */
function memberFacts(m: ReportMemberOption, t: Translate, te: Translate): string {
  const age = m.age === null ? t('builder.ageUnknown') : t('workbench.age', { n: m.age });
  const last = m.lastReading
    ? t('builder.lastReading', {
        time: formatDate(m.lastReading.measuredAt, '{y}-{m}-{d} {h}:{i}'),
        value: readingSummary(m.lastReading, te),
      })
    : t('builder.noReading');
  return `${age} · ${last}`;
}

function BpReportBuilder({ draft }: { draft: HealthReportDetail | undefined }) {
  const { t } = useTranslation(HEALTH_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const actions = usePageActions(PAGES.healthReports) as readonly string[];
  const [memberId, setMemberId] = useState<number | undefined>(
    draft?.memberId ?? parseId(params.get('memberId')),
  );
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const { periodStart, periodEnd } = draft?.details ?? {};
    if (typeof periodStart === 'number' && typeof periodEnd === 'number')
      return [dayjs(chinaDateOf(periodStart)), dayjs(chinaDateOf(periodEnd))];
    return [dayjs().subtract(BP_PERIOD_DEFAULT_DAYS - 1, 'day'), dayjs()];
  });
  const period = useMemo(() => periodOf(range), [range]);
  const tooLong = period.periodEnd - period.periodStart > BP_PERIOD_MAX_DAYS * DAY_MS;
  const summary = useBpSummary(memberId === undefined || tooLong ? null : { memberId, ...period });
  const [form] = Form.useForm<ReportText>();
  const builder = useReportBuilder(
    form,
    (text) => ({
      // A draft continued keeps its target (a reading's report stays on its reading).
      ...(draft?.measurementId
        ? { measurementId: draft.measurementId }
        : { memberId, kind: 'bp' as const }),
      ...text,
      details: { intervals: [], strips: [], ...period, bp: null },
    }),
    draft?.id,
  );
  // Once a draft exists its member stays; the period may still change until it is signed.
  const locked = builder.draftId !== null;
  const data = summary.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PAGES.healthReports)}>
          {t('report.title')}
        </Button>
      </Space>
      <Card title={t('builder.target')}>
        <Form layout="vertical" className="bp-report-target">
          <Space wrap size={16} align="start">
            <Form.Item label={t('builder.member')} required style={{ marginBottom: 0 }}>
              <MemberPicker
                style={{ width: 280, maxWidth: 'calc(100vw - 96px)' }}
                value={memberId}
                onChange={setMemberId}
                disabled={locked}
                useOptions={useReportMemberOptions}
                describe={(m) => memberFacts(m, t, te)}
                placeholder={t('builder.memberSearch')}
                data-testid="bp-member"
                initial={
                  data
                    ? { id: data.memberId, name: data.memberName, phone: data.memberPhone }
                    : undefined
                }
              />
            </Form.Item>
            <Form.Item label={t('builder.period')} required style={{ marginBottom: 0 }}>
              <DatePicker.RangePicker
                value={range}
                allowClear={false}
                disabled={builder.signed}
                style={{ maxWidth: 'calc(100vw - 96px)' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                presets={[7, 30, 90].map((n) => ({
                  label: t('builder.lastDays', { n }),
                  value: [dayjs().subtract(n - 1, 'day'), dayjs()] as [Dayjs, Dayjs],
                }))}
                onChange={(v) => {
                  if (v?.[0] && v[1]) setRange([v[0], v[1]]);
                }}
                data-testid="bp-period"
              />
            </Form.Item>
          </Space>
          {locked && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('builder.memberLocked')}
            </Typography.Paragraph>
          )}
        </Form>
      </Card>
      {memberId === undefined ? (
        <Card>
          <Empty description={t('bp.chooseMember')} />
        </Card>
      ) : tooLong ? (
        <Alert type="warning" showIcon message={t('bp.tooLong', { n: BP_PERIOD_MAX_DAYS })} />
      ) : summary.isError ? (
        <Alert type="warning" showIcon message={t('bp.loadFailed')} />
      ) : !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Card title={t('bp.title')}>
          <BpSummaryView
            summary={data.summary}
            periodStart={data.periodStart}
            periodEnd={data.periodEnd}
          />
          {data.truncated && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('bp.truncated', { n: BP_SUMMARY_MAX_READINGS })}
            </Typography.Paragraph>
          )}
          {data.points.length === 0 ? (
            <Empty style={{ marginTop: 16 }} description={t('bp.noReadings')} />
          ) : (
            <div style={{ marginTop: 16 }}>
              <MeasurementTrendChart trend={data} height={300} />
            </div>
          )}
        </Card>
      )}
      <Card title={t('builder.text')}>
        <Form<ReportText>
          form={form}
          layout="vertical"
          initialValues={{ conclusion: draft?.conclusion ?? '', advice: draft?.advice ?? '' }}
        >
          <ReportTextFields form={form} kind="bp" disabled={builder.signed} />
          {actions.includes('add') || actions.includes('publish') ? (
            <ReportBuilderActions builder={builder} canPublish={actions.includes('publish')} />
          ) : (
            <Typography.Text type="secondary">{t('builder.readOnly')}</Typography.Text>
          )}
        </Form>
      </Card>
    </Space>
  );
}
