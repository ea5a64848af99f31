import { useMemo } from 'react';
import { Button, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChinaDate, type EcgRecording } from '@health/contract';
import { isApiError } from '../api/errors';
import { DetailView } from '../components/detail';
import { EcgViewer, type CaliperMeasurement } from '.';
import { localMessage } from '../i18n';
import { DEVICE_ENUMS_NS } from '../i18n/device-enums';
import { ECG_RECORDING_NS } from './recording-locales';
import { ecgWindowFetcher, useEcgDetail } from './recording-api';

const LEVEL_COLORS: Record<EcgRecording['level'], string> = {
  normal: 'green',
  warning: 'orange',
  urgent: 'red',
};

export interface EcgRecordingViewProps {
  /** The ECG measurement's id. */
  measurementId: number;
  /** Where the strip starts (ms from the recording's start), e.g. an episode the list points at. */
  initialStartMs?: number;
  /** The calipers' measurement (for a report to use). */
  onMeasure?: (measurement: CaliperMeasurement | null) => void;
  /** The strip on screen (ms from the recording's start), at every frame. */
  onView?: (view: { startMs: number; spanMs: number }) => void;
}

/**
 * One ECG recording: its facts and the server's analysis above the viewer. Loads the detail only;
 * the viewer loads the windows it shows.
 */
export function EcgRecordingView({
  measurementId,
  initialStartMs,
  onMeasure,
  onView,
}: EcgRecordingViewProps) {
  const { t } = useTranslation(ECG_RECORDING_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const detail = useEcgDetail(measurementId);
  const fetchWindow = useMemo(() => ecgWindowFetcher(measurementId), [measurementId]);
  const r = detail.data;

  if (detail.isPending) {
    return (
      <div className="ecg-recording-loading" style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip={t('ecg.loading')}>
          <div style={{ minHeight: 48 }} />
        </Spin>
      </div>
    );
  }
  if (detail.isError || !r) {
    const e = detail.error;
    const msg = isApiError(e) ? e.msg || e.message : e instanceof Error ? e.message : '';
    return (
      <Result
        status="warning"
        title={t('ecg.loadFailed')}
        subTitle={msg ? localMessage(msg) : undefined}
        extra={
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('ecg.retry')}
          </Button>
        }
      />
    );
  }

  const seconds = Math.round(r.durationMs / 1000);
  const duration =
    seconds >= 3600
      ? t('ecg.hoursMinutes', {
          h: Math.floor(seconds / 3600),
          m: Math.floor((seconds % 3600) / 60),
        })
      : seconds >= 60
        ? t('ecg.minutesSeconds', { m: Math.floor(seconds / 60), s: seconds % 60 })
        : t('ecg.seconds', { v: seconds });
  const a = r.analysis;
  const dash = t('ecg.none');
  return (
    <div className="ecg-recording" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <DetailView
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        size="small"
        sections={[
          {
            items: [
              {
                label: t('ecg.member'),
                value: (
                  <span translate="no">
                    {r.memberName}{' '}
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      {r.memberPhone}
                    </Typography.Text>
                  </span>
                ),
              },
              { label: t('ecg.device'), value: <span translate="no">{r.deviceSerial}</span> },
              { label: t('ecg.measuredAt'), value: formatChinaDate(r.measuredAt) },
              {
                label: t('ecg.duration'),
                value: `${duration} · ${r.leads.join(', ')} · ${t('ecg.sampleRateValue', { v: r.sampleRate })}`,
              },
              {
                label: t('ecg.level'),
                value: (
                  <span>
                    <Tag color={LEVEL_COLORS[r.level]}>{te(`level.${r.level}`)}</Tag>
                    <Typography.Text type="secondary">
                      {te(`classification.${r.label}`, { defaultValue: r.label })}
                    </Typography.Text>
                  </span>
                ),
              },
              {
                label: t('ecg.deviceHeartRate'),
                value:
                  r.deviceHeartRate === null ? null : (
                    <span>
                      {t('ecg.bpm', { v: r.deviceHeartRate })}
                      {r.deviceArrhythmia ? (
                        <Tag color="orange" style={{ marginLeft: 8 }}>
                          {t('ecg.deviceArrhythmia')}
                        </Tag>
                      ) : null}
                    </span>
                  ),
              },
              {
                label: t('ecg.analysisHeartRate'),
                value:
                  a.meanHeartRate === null
                    ? null
                    : t('ecg.heartRateTriple', {
                        mean: a.meanHeartRate,
                        min: a.minHeartRate ?? dash,
                        max: a.maxHeartRate ?? dash,
                      }),
              },
              { label: t('ecg.beats'), value: String(a.beats) },
              {
                label: t('ecg.episodes'),
                value:
                  a.episodes.length === 0 ? dash : t('ecg.episodeCount', { n: a.episodes.length }),
              },
            ],
          },
        ]}
      />
      <EcgViewer
        key={r.measurementId}
        recording={r}
        fetchWindow={fetchWindow}
        initialStartMs={initialStartMs}
        onMeasure={onMeasure}
        onView={onView}
      />
    </div>
  );
}
