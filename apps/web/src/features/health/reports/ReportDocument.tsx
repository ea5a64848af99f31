import { lazy, Suspense } from 'react';
import { Collapse, Descriptions, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type PublicReport } from '@health/contract';
import { formatOffset } from '../../../shared/ecg/scale';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { MeasurementLevel, readingSummary } from '../../../shared/measurements/reading';
import { HEALTH_NS } from '../locales';
import { BpSummaryView } from './BpSummaryView';
import './report-document.css';

// ECharts only for a BP report with days to draw.
const BpDailyChart = lazy(() => import('./BpDailyChart'));

type Version = PublicReport['versions'][number];

/**
 * What a report keeps beside its text, as the member reads it: a BP report's period summary and
 * daily averages; an ECG report's measured intervals and the strips the doctor chose (their time
 * and note: the waveforms themselves are not on the member's link).
 */
function DetailsBody({ v, measuredAt }: { v: Version; measuredAt: number | null }) {
  const { t } = useTranslation(HEALTH_NS);
  const { details } = v;
  // The same clock as the reading's time above (the browser's).
  const clock = (ms: number) =>
    measuredAt === null ? '' : formatDate(measuredAt + ms, '{h}:{i}:{s}');
  return (
    <>
      {details.bp && (
        <section>
          <h3>{t('bp.title')}</h3>
          <BpSummaryView
            summary={details.bp}
            periodStart={details.periodStart}
            periodEnd={details.periodEnd}
            wide={false}
          />
          {details.bp.daily.length > 1 && (
            <Suspense fallback={<Spin />}>
              <div className="report-chart">
                <h4>{t('bp.chartDaily')}</h4>
                <BpDailyChart daily={details.bp.daily} />
              </div>
            </Suspense>
          )}
        </section>
      )}
      {details.intervals.length > 0 && (
        <section>
          <h3>{t('report.intervals')}</h3>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={details.intervals}
            data-testid="report-intervals"
            columns={[
              {
                title: t('builder.itemName'),
                dataIndex: 'name',
                render: (n: string) => <span translate="no">{n}</span>,
              },
              { title: t('builder.itemValue'), dataIndex: 'value' },
              { title: t('builder.unit'), dataIndex: 'unit' },
            ]}
          />
        </section>
      )}
      {details.strips.length > 0 && (
        <section>
          <h3>{t('report.strips')}</h3>
          <ol className="report-strips" data-testid="report-strips">
            {details.strips.map((s, i) => (
              <li key={i}>
                <span>
                  {measuredAt === null
                    ? `${formatOffset(s.startMs)} – ${formatOffset(s.startMs + s.durationMs)}`
                    : t('report.stripClock', {
                        from: clock(s.startMs),
                        to: clock(s.startMs + s.durationMs),
                        offset: formatOffset(s.startMs),
                      })}
                </span>
                {s.note && (
                  <span translate="no" className="report-strip-note">
                    {s.note}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function VersionBody({ v, measuredAt }: { v: Version; measuredAt: number | null }) {
  const { t } = useTranslation(HEALTH_NS);
  return (
    <div className="report-version">
      {v.addendum && (
        <section>
          <h3>{t('report.addendum')}</h3>
          <p translate="no">{v.addendum}</p>
        </section>
      )}
      <DetailsBody v={v} measuredAt={measuredAt} />
      <section>
        <h3>{t('report.conclusion')}</h3>
        <p translate="no">{v.conclusion}</p>
      </section>
      <section>
        <h3>{t('report.advice')}</h3>
        <p translate="no">{v.advice}</p>
      </section>
      <Typography.Text type="secondary" className="report-signature">
        {t('report.doctor')}
        <span translate="no">{v.signedBy}</span>
        {t('report.signedPublished', {
          signed: formatDate(v.signedAt),
          published: formatDate(v.publishedAt),
        })}
      </Typography.Text>
    </div>
  );
}

/**
 * A published report as the member reads it (the public link's page and the back office's
 * preview): the member, the reading, the latest version, and the earlier versions below it.
 */
export function ReportDocument({ report }: { report: PublicReport }) {
  const { t } = useTranslation(HEALTH_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const [latest, ...earlier] = report.versions;
  const measuredAt = report.reading?.measuredAt ?? null;
  return (
    <article className="report-document">
      <header>
        <h1>{t(`report.kind.${latest!.kind}`)}</h1>
        {latest!.version > 1 && (
          <Tag color="blue">{t('report.version', { n: latest!.version })}</Tag>
        )}
      </header>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        labelStyle={{ whiteSpace: 'nowrap' }}
      >
        <Descriptions.Item label={t('report.member')}>
          <span translate="no">{report.memberName}</span> {report.memberPhone}
        </Descriptions.Item>
        {report.reading && (
          <Descriptions.Item label={t('report.reading')}>
            <Tag>{te(`measurementType.${report.reading.type}`)}</Tag>
            {readingSummary(report.reading, te)} · {formatDate(report.reading.measuredAt)}{' '}
            <MeasurementLevel reading={report.reading} />
          </Descriptions.Item>
        )}
      </Descriptions>
      <VersionBody v={latest!} measuredAt={measuredAt} />
      {earlier.length > 0 && (
        <Collapse
          className="report-earlier"
          items={earlier.map((v) => ({
            key: v.version,
            label: t('report.earlierVersion', { n: v.version, time: formatDate(v.publishedAt) }),
            children: <VersionBody v={v} measuredAt={measuredAt} />,
          }))}
        />
      )}
    </article>
  );
}
