import { lazy, Suspense, useState } from 'react';
import { Button, Card, Result, Skeleton, Space, Spin, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  formatDate,
  parseId,
  reportKindOfType,
  WORKBENCH_TREND_DAYS,
  type WorkbenchReading,
} from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { toast } from '../../../shared/feedback/feedback';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { MeasurementLevel, readingSummary } from '../../../shared/measurements/reading';
import { isPermitted, usePageActions } from '../../../shared/stores/permission';
import { MeasurementTrendChart } from '../../../shared/measurements/MeasurementTrendChart';
import { HEALTH_NS } from '../locales';
import { useReportsOfMeasurement } from '../reports/api';
import { ReportComposer } from '../reports/ReportComposer';
import { useClaimAlert, useReleaseAlert, useWorkbenchDetail } from './api';
import { TaskDialog } from '../tasks/TaskDialogs';
import { waitText } from './wait';

// The viewer's chunk only when an ECG alert is opened.
const EcgRecordingView = lazy(() =>
  import('../../../shared/ecg/EcgRecordingView').then((m) => ({ default: m.EcgRecordingView })),
);

/**
 * /health_management/doctor-workbench-detail?id=<alert>: what the doctor reads before writing the
 * report — the alert and its wait, the member, the reading (an ECG in the viewer), the member's
 * recent readings; claim or release it here too.
 */
export default function WorkbenchDetailPage() {
  const { t } = useTranslation(HEALTH_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useWorkbenchDetail(id);
  const workbenchActions = usePageActions(PAGES.doctorWorkbench) as readonly string[];
  const canClaim = workbenchActions.includes('claim');
  const canWrite = workbenchActions.includes('publish');
  const canAddTask = (usePageActions(PAGES.taskAssign) as readonly string[]).includes('add');
  const [followUp, setFollowUp] = useState(false);
  const reports = useReportsOfMeasurement(detail.data?.alert.measurementId);
  const claim = useClaimAlert();
  const release = useReleaseAlert();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PAGES.doctorWorkbench)}>
      {t('detail.back')}
    </Button>
  );

  if (id === undefined || detail.isError)
    return <Result status="warning" title={t('detail.notFound')} extra={back} />;
  if (!detail.data) return <Skeleton active />;
  const { alert, member, history, now, waitLimitMinutes } = detail.data;
  const handled = alert.status === 'handled';
  // A closed alert's wait ended when it was closed, and is no longer late.
  const waited = (handled && alert.handledAt !== null ? alert.handledAt : now) - alert.raisedAt;
  const late = !handled && waited > waitLimitMinutes * 60_000;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        {back}
        {canClaim && alert.status === 'open' && !alert.claimedBy && (
          <Button
            type="primary"
            loading={claim.isPending}
            onClick={() =>
              void claim.mutateAsync(alert.id).then((answer) =>
                toast.success(
                  t('workbench.claimed', {
                    m: Math.round((answer.claimExpiresAt - answer.claimedAt) / 60_000),
                  }),
                ),
              )
            }
          >
            {t('workbench.doClaim')}
          </Button>
        )}
        {canAddTask && <Button onClick={() => setFollowUp(true)}>{t('detail.followUp')}</Button>}
        {canClaim && !handled && alert.claimedByMe && (
          <Button
            loading={release.isPending}
            onClick={() =>
              void release.mutateAsync(alert.id).then(() => toast.success(t('workbench.released')))
            }
          >
            {t('workbench.release')}
          </Button>
        )}
      </Space>
      <Card
        title={
          <Space wrap>
            {t('detail.title')}
            <MeasurementLevel reading={alert} />
            {alert.status === 'handled' && <Tag>{t('detail.closed')}</Tag>}
          </Space>
        }
      >
        <DetailView
          column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
          size="small"
          sections={[
            {
              items: [
                { label: t('detail.member'), value: <span translate="no">{member.name}</span> },
                { label: t('detail.phone'), value: member.phone },
                {
                  label: t('detail.genderLabel'),
                  value: t(`detail.gender.${member.gender}`, { defaultValue: member.gender }),
                },
                {
                  label: t('detail.age'),
                  value: member.age === null ? null : t('workbench.age', { n: member.age }),
                },
                {
                  label: t('detail.reading'),
                  value: (
                    <span>
                      <Tag>{te(`measurementType.${alert.type}`)}</Tag>
                      {readingSummary(alert, te)}
                    </span>
                  ),
                },
                { label: t('workbench.measuredAt'), value: formatDate(alert.measuredAt) },
                { label: t('detail.raisedAt'), value: formatDate(alert.raisedAt) },
                handled
                  ? {
                      label: t('detail.waited'),
                      value: (
                        <span data-testid="alert-wait">
                          {t('detail.handledIn', { t: waitText(waited, t) })}
                        </span>
                      ),
                    }
                  : {
                      label: t('detail.waited'),
                      value: (
                        <Typography.Text
                          type={late ? 'danger' : undefined}
                          strong={late}
                          data-testid="alert-wait"
                        >
                          {waitText(waited, t)}
                        </Typography.Text>
                      ),
                    },
                handled
                  ? {
                      label: t('detail.handledBy'),
                      value: (
                        <span data-testid="alert-handled">
                          {t('detail.handledValue', {
                            name: alert.handledBy ?? '',
                            time: alert.handledAt === null ? '' : formatDate(alert.handledAt),
                          })}
                        </span>
                      ),
                    }
                  : {
                      label: t('detail.claimedBy'),
                      value: alert.claimedBy
                        ? t('detail.until', {
                            name: alert.claimedBy,
                            time: formatDate(alert.claimExpiresAt!),
                          })
                        : t('workbench.free'),
                    },
              ],
            },
          ]}
        />
      </Card>
      {alert.type === 'ecg' && (
        <Card
          title={t('detail.ecg')}
          extra={
            // The builder (calipers' intervals, strips) is 健康报告's; the claim still rules.
            alert.status === 'open' &&
            alert.claimedByMe &&
            isPermitted(PAGES.ecgReportCreate) && (
              <Button
                onClick={() =>
                  void navigate(
                    `${PAGES.ecgReportCreate}?measurementId=${alert.measurementId}&alertId=${alert.id}`,
                  )
                }
              >
                {t('builder.openEcg')}
              </Button>
            )
          }
        >
          <Suspense fallback={<Spin />}>
            <EcgRecordingView measurementId={alert.measurementId} />
          </Suspense>
        </Card>
      )}
      {detail.data.trend && (
        <Card title={t('detail.trend', { n: WORKBENCH_TREND_DAYS })}>
          <MeasurementTrendChart trend={detail.data.trend} height={280} />
        </Card>
      )}
      {reports.data && (canWrite || reports.data.length > 0) && (
        <ReportComposer
          key={alert.id}
          measurementId={alert.measurementId}
          alertId={alert.id}
          kind={reportKindOfType(alert.type)}
          reports={reports.data}
          canPublish={canWrite}
          writable={alert.status === 'open' && alert.claimedByMe}
          notice={
            alert.status !== 'open' || alert.claimedByMe
              ? undefined
              : alert.claimedBy
                ? t('detail.heldBy', { name: alert.claimedBy })
                : t('detail.claimToWrite')
          }
        />
      )}
      <Card title={t('detail.history')}>
        <Table<WorkbenchReading>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={history}
          rowClassName={(r) => (r.id === alert.measurementId ? 'ant-table-row-selected' : '')}
          columns={[
            {
              title: t('workbench.measuredAt'),
              dataIndex: 'measuredAt',
              render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
            },
            {
              title: t('workbench.type'),
              dataIndex: 'type',
              render: (v: string) => te(`measurementType.${v}`),
            },
            {
              title: t('workbench.reading'),
              key: 'values',
              render: (_: unknown, r) => (
                <span style={{ whiteSpace: 'nowrap' }}>{readingSummary(r, te)}</span>
              ),
            },
            {
              title: t('workbench.level'),
              dataIndex: 'level',
              render: (_: unknown, r) => <MeasurementLevel reading={r} />,
            },
          ]}
        />
      </Card>
      <TaskDialog
        open={followUp}
        task={null}
        alert={{ id: alert.id, memberName: member.name, memberPhone: member.phone }}
        onClose={() => setFollowUp(false)}
        onDone={() => setFollowUp(false)}
      />
    </Space>
  );
}
