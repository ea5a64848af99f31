import { Collapse, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type PublicReport } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { MeasurementLevel, readingSummary } from '../../../shared/measurements/reading';
import { HEALTH_NS } from '../locales';
import './report-document.css';

type Version = PublicReport['versions'][number];

function VersionBody({ v }: { v: Version }) {
  const { t } = useTranslation(HEALTH_NS);
  return (
    <div className="report-version">
      {v.addendum && (
        <section>
          <h3>{t('report.addendum')}</h3>
          <p translate="no">{v.addendum}</p>
        </section>
      )}
      <section>
        <h3>{t('report.conclusion')}</h3>
        <p translate="no">{v.conclusion}</p>
      </section>
      <section>
        <h3>{t('report.advice')}</h3>
        <p translate="no">{v.advice}</p>
      </section>
      {v.details.intervals.length > 0 && (
        <section>
          <h3>{t('report.intervals')}</h3>
          <p translate="no">
            {v.details.intervals.map((i) => `${i.name} ${i.value} ${i.unit}`).join('；')}
          </p>
        </section>
      )}
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
      <VersionBody v={latest!} />
      {earlier.length > 0 && (
        <Collapse
          className="report-earlier"
          items={earlier.map((v) => ({
            key: v.version,
            label: t('report.earlierVersion', { n: v.version, time: formatDate(v.publishedAt) }),
            children: <VersionBody v={v} />,
          }))}
        />
      )}
    </article>
  );
}
