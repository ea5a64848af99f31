import { lazy, Suspense, useRef, useState } from 'react';
import {
  AutoComplete,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  parseId,
  REPORT_INTERVALS_MAX,
  REPORT_STRIPS_MAX,
  type HealthReportDetail,
  type ReportInterval,
  type ReportStrip,
} from '@health/contract';
import type { CaliperMeasurement } from '../../../shared/ecg';
import { formatOffset } from '../../../shared/ecg/scale';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { HEALTH_NS } from '../locales';
import { DraftGate } from './DraftGate';
import { ReportBuilderActions, useReportBuilder } from './ReportBuilderActions';
import { ReportTextFields, type ReportText } from './ReportTextFields';

const EcgRecordingView = lazy(() =>
  import('../../../shared/ecg/EcgRecordingView').then((m) => ({ default: m.EcgRecordingView })),
);

/** Names a doctor usually measures (typed names are kept as typed). */
const INTERVAL_NAMES = ['RR', 'PR', 'QRS', 'QT', 'QTc', 'P', 'ST', 'R', 'T'];
const MAX_INTERVALS = REPORT_INTERVALS_MAX;
const MAX_STRIPS = REPORT_STRIPS_MAX;
const STRIP_MIN_MS = 1000;
const STRIP_MAX_MS = 60_000;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * /health_management/create-ECG-report?measurementId=&alertId= (hidden) 创建心电报告: the recording
 * in the viewer; the calipers' measurements go to the report's intervals, the strip on screen to
 * its strips (with a note); the conclusion and advice from the phrases; save, sign, publish.
 */
export default function EcgReportPage() {
  return <DraftGate kind="ecg">{(draft) => <EcgReportBuilder draft={draft} />}</DraftGate>;
}

function EcgReportBuilder({ draft }: { draft: HealthReportDetail | undefined }) {
  const { t } = useTranslation(HEALTH_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const measurementId = draft?.measurementId ?? parseId(params.get('measurementId'));
  const alertId = draft ? (draft.alertId ?? undefined) : parseId(params.get('alertId'));
  const actions = usePageActions(PAGES.healthReports) as readonly string[];
  const [measure, setMeasure] = useState<CaliperMeasurement | null>(null);
  const view = useRef<{ startMs: number; spanMs: number } | null>(null);
  const [intervals, setIntervals] = useState<ReportInterval[]>(draft?.details.intervals ?? []);
  const [strips, setStrips] = useState<ReportStrip[]>(draft?.details.strips ?? []);
  const [name, setName] = useState('');
  const [form] = Form.useForm<ReportText>();
  const builder = useReportBuilder(
    form,
    (text) => ({
      measurementId,
      alertId,
      ...text,
      details: { intervals, strips, periodStart: null, periodEnd: null, bp: null },
    }),
    draft?.id,
  );
  const fixed = builder.signed;
  // Why 加为心率 cannot be pressed now (its tooltip), or undefined when it can.
  const rateBlocked = fixed
    ? t('builder.signedFixed')
    : !measure
      ? t('builder.rateNoCaliper')
      : measure.bpm === null
        ? t('builder.rateNotOnBeats')
        : undefined;

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PAGES.healthReports)}>
      {t('report.title')}
    </Button>
  );
  if (measurementId === undefined)
    return (
      <Card>
        <Result status="warning" title={t('builder.noMeasurement')} extra={back} />
      </Card>
    );

  const addInterval = (value: number, unit: ReportInterval['unit']) => {
    if (intervals.length >= MAX_INTERVALS) {
      toast.error(t('builder.intervalsMax', { n: MAX_INTERVALS }));
      return;
    }
    const fallback = unit === 'ms' ? 'RR' : unit === 'mV' ? 'R' : t('builder.rate');
    setIntervals([...intervals, { name: name.trim() || fallback, value, unit }]);
  };
  const editInterval = (i: number, patch: Partial<ReportInterval>) =>
    setIntervals(intervals.map((it, k) => (k === i ? { ...it, ...patch } : it)));
  const addStrip = () => {
    const v = view.current;
    if (!v) return;
    if (strips.length >= MAX_STRIPS) {
      toast.error(t('builder.stripsMax', { n: MAX_STRIPS }));
      return;
    }
    const durationMs = Math.min(STRIP_MAX_MS, Math.max(STRIP_MIN_MS, Math.round(v.spanMs)));
    setStrips([...strips, { startMs: Math.max(0, Math.round(v.startMs)), durationMs, note: '' }]);
  };
  const editStrip = (i: number, patch: Partial<ReportStrip>) =>
    setStrips(strips.map((s, k) => (k === i ? { ...s, ...patch } : s)));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>{back}</Space>
      <Card title={t('builder.recording')}>
        <Suspense fallback={<Spin />}>
          <EcgRecordingView
            measurementId={measurementId}
            onMeasure={setMeasure}
            onView={(v) => {
              view.current = v;
            }}
          />
        </Suspense>
      </Card>
      <Card title={t('builder.intervals')}>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Typography.Text type="secondary">{t('builder.caliperHint')}</Typography.Text>
          <Space wrap data-testid="caliper-readout">
            <Typography.Text strong>{t('builder.caliper')}</Typography.Text>
            {measure ? (
              <Typography.Text>
                {t('builder.caliperValue', {
                  dt: Math.round(measure.dtMs),
                  mv: round(measure.dMv, 2),
                })}
                {measure.bpm !== null && ` · ${t('builder.bpmValue', { v: measure.bpm })}`}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('builder.noCaliper')}</Typography.Text>
            )}
          </Space>
          <Space wrap>
            <AutoComplete
              style={{ width: 160 }}
              value={name}
              onChange={setName}
              placeholder={t('builder.itemName')}
              options={INTERVAL_NAMES.map((n) => ({ value: n }))}
              aria-label={t('builder.itemName')}
              disabled={fixed}
            />
            <Button
              disabled={!measure || fixed}
              onClick={() => measure && addInterval(Math.round(measure.dtMs), 'ms')}
            >
              {t('builder.addInterval')}
            </Button>
            <Button
              disabled={!measure || fixed}
              onClick={() => measure && addInterval(round(measure.dMv, 2), 'mV')}
            >
              {t('builder.addAmplitude')}
            </Button>
            <Tooltip title={rateBlocked}>
              <Button
                disabled={rateBlocked !== undefined}
                onClick={() => measure?.bpm != null && addInterval(measure.bpm, 'bpm')}
                data-testid="add-rate"
              >
                {t('builder.addRate')}
              </Button>
            </Tooltip>
            <Button icon={<PlusOutlined />} disabled={fixed} onClick={() => addInterval(0, 'ms')}>
              {t('builder.addManual')}
            </Button>
          </Space>
          <Table<ReportInterval>
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={intervals}
            locale={{ emptyText: t('builder.noIntervals') }}
            data-testid="builder-intervals"
            columns={[
              {
                title: t('builder.itemName'),
                key: 'name',
                render: (_, r, i) => (
                  <Input
                    value={r.name}
                    maxLength={20}
                    disabled={fixed}
                    style={{ width: 140 }}
                    aria-label={t('builder.itemName')}
                    onChange={(e) => editInterval(i, { name: e.target.value })}
                  />
                ),
              },
              {
                title: t('builder.itemValue'),
                key: 'value',
                render: (_, r, i) => (
                  <InputNumber
                    value={r.value}
                    disabled={fixed}
                    style={{ width: 120 }}
                    aria-label={t('builder.itemValue')}
                    onChange={(v) => editInterval(i, { value: typeof v === 'number' ? v : 0 })}
                  />
                ),
              },
              {
                title: t('builder.unit'),
                key: 'unit',
                render: (_, r, i) => (
                  <Select
                    value={r.unit}
                    disabled={fixed}
                    style={{ width: 90 }}
                    aria-label={t('builder.unit')}
                    options={(['ms', 'mV', 'bpm'] as const).map((u) => ({ value: u, label: u }))}
                    onChange={(u) => editInterval(i, { unit: u })}
                  />
                ),
              },
              {
                title: t('report.op'),
                key: 'op',
                render: (_, _r, i) => (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={fixed}
                    onClick={() => setIntervals(intervals.filter((_x, k) => k !== i))}
                  >
                    {t('builder.remove')}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      </Card>
      <Card
        title={t('report.strips')}
        extra={
          <Button icon={<PlusOutlined />} disabled={fixed} onClick={addStrip}>
            {t('builder.addStrip')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('builder.stripHint')}</Typography.Paragraph>
        <Table<ReportStrip>
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={strips}
          locale={{ emptyText: t('builder.noStrips') }}
          data-testid="builder-strips"
          columns={[
            {
              title: t('builder.stripStart'),
              key: 'start',
              render: (_, s) => (
                <span style={{ whiteSpace: 'nowrap' }}>{formatOffset(s.startMs)}</span>
              ),
            },
            {
              title: t('builder.stripDuration'),
              key: 'duration',
              render: (_, s) => (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {t('builder.seconds', { v: round(s.durationMs / 1000, 1) })}
                </span>
              ),
            },
            {
              title: t('builder.stripNote'),
              key: 'note',
              render: (_, s, i) => (
                <Input
                  value={s.note}
                  maxLength={100}
                  disabled={fixed}
                  style={{ width: 280, maxWidth: '60vw' }}
                  aria-label={t('builder.stripNote')}
                  onChange={(e) => editStrip(i, { note: e.target.value })}
                />
              ),
            },
            {
              title: t('report.op'),
              key: 'op',
              render: (_, _s, i) => (
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={fixed}
                  onClick={() => setStrips(strips.filter((_x, k) => k !== i))}
                >
                  {t('builder.remove')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('builder.text')}>
        <Form<ReportText>
          form={form}
          layout="vertical"
          initialValues={{ conclusion: draft?.conclusion ?? '', advice: draft?.advice ?? '' }}
        >
          <ReportTextFields form={form} kind="ecg" disabled={fixed} />
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
