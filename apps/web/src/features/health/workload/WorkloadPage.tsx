import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { chinaDayStart, DAY_MS, PAGES, WorkloadPaths, type WorkloadRow } from '@health/contract';
import { download } from '../../../shared/api/client';
import { ProgressFallback } from '../../../shared/components/ProgressFallback';
import { usePageActions } from '../../../shared/stores/permission';
import { dayjs } from '../../../shared/utils/dayjs';
import { HEALTH_WORKLOAD_NS } from './locales';
import { useWorkload } from './api';

// ECharts loads with this page, in its own chunk.
const WorkloadChart = lazy(() => import('./WorkloadChart'));

/** Minutes as "N 分钟" or "H 小时 M 分". */
function useDuration() {
  const { t } = useTranslation(HEALTH_WORKLOAD_NS);
  return (v: number | null) => {
    if (v === null) return '-';
    if (v < 60) return t('minutes', { n: Math.round(v) });
    const m = Math.round(v);
    return t('hours', { h: Math.floor(m / 60), m: m % 60 });
  };
}

/**
 * /health_medical_studio/medical_staff_report 医护工作量: per doctor and assistant and period — read,
 * published, alerts answered, the median and 90th-percentile time from alert to published report,
 * tasks booked and done — a daily chart (everyone or one person) and the export.
 */
export default function WorkloadPage() {
  const { t } = useTranslation(HEALTH_WORKLOAD_NS);
  const duration = useDuration();
  const canExport = (usePageActions(PAGES.staffWorkload) as readonly string[]).includes('export');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(29, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const [operatorId, setOperatorId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const params = {
    // China days, as every period of the product (the server counts by China day).
    startTime: chinaDayStart(range[0].format('YYYY-MM-DD')),
    endTime: chinaDayStart(range[1].format('YYYY-MM-DD')) + DAY_MS - 1,
    ...(operatorId ? { operatorId } : {}),
  };
  const workload = useWorkload(params);
  const data = workload.data;

  const exportFile = async () => {
    setExporting(true);
    try {
      await download(WorkloadPaths.export, { params, fileName: t('exportFile') });
    } catch {
      // Toasted by the api client.
    } finally {
      setExporting(false);
    }
  };

  const columns = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (v: string) => (
        <span translate="no" style={{ whiteSpace: 'nowrap' }}>
          {v}
        </span>
      ),
    },
    {
      title: t('role'),
      dataIndex: 'staffRole',
      render: (v: WorkloadRow['staffRole']) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t(`roles.${v}`)}</span>
      ),
    },
    { title: t('read'), dataIndex: 'read', align: 'right' as const },
    { title: t('published'), dataIndex: 'published', align: 'right' as const },
    { title: t('alertsAnswered'), dataIndex: 'alertsAnswered', align: 'right' as const },
    {
      title: t('median'),
      dataIndex: 'medianMinutes',
      align: 'right' as const,
      render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{duration(v)}</span>,
    },
    {
      title: t('p90'),
      dataIndex: 'p90Minutes',
      align: 'right' as const,
      render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{duration(v)}</span>,
    },
    { title: t('tasksBooked'), dataIndex: 'tasksBooked', align: 'right' as const },
    { title: t('tasksDone'), dataIndex: 'tasksDone', align: 'right' as const },
  ];

  const totals = (data?.rows ?? []).reduce(
    (s, r) => ({ published: s.published + r.published, done: s.done + r.tasksDone }),
    { published: 0, done: 0 },
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap size={[16, 12]}>
          <Space wrap>
            <Typography.Text>{t('period')}</Typography.Text>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(v) => {
                if (v?.[0] && v[1]) setRange([v[0], v[1]]);
              }}
            />
          </Space>
          <Space wrap>
            <Typography.Text>{t('person')}</Typography.Text>
            <Select
              style={{ width: 180 }}
              value={operatorId ?? 0}
              onChange={(v: number) => setOperatorId(v || undefined)}
              options={[
                { value: 0, label: t('everyone') },
                ...(data?.rows ?? []).map((r) => ({ value: r.operatorId, label: r.name })),
              ]}
            />
          </Space>
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportFile()}
            >
              {exporting ? t('exporting') : t('export')}
            </Button>
          )}
        </Space>
      </Card>
      {!data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {[
              { title: t('published'), value: String(totals.published) },
              { title: t('tasksDone'), value: String(totals.done) },
              { title: t('median'), value: duration(data.medianMinutes) },
              { title: t('p90'), value: duration(data.p90Minutes) },
            ].map((s) => (
              <Col key={s.title} xs={12} lg={6}>
                <Card size="small">
                  <Statistic title={s.title} value={s.value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={t('chart')} size="small">
            <Suspense fallback={<ProgressFallback />}>
              <WorkloadChart
                days={data.days}
                label={t('chart')}
                dateLabel={t('date')}
                publishedLabel={t('published')}
                doneLabel={t('tasksDone')}
              />
            </Suspense>
          </Card>
          <Card
            title={t('title')}
            size="small"
            extra={<Typography.Text type="secondary">{t('responseHint')}</Typography.Text>}
          >
            <Table<WorkloadRow>
              rowKey="operatorId"
              size="middle"
              columns={columns}
              dataSource={data.rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('empty') }}
              loading={workload.isFetching}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
