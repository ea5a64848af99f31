import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MEASUREMENT_LEVELS,
  PAGES,
  REPORT_PAGE_OF_TYPE,
  ReportMeasurementPaths,
  formatDate,
  parseId,
  measurementHandleRequestSchema,
  type MeasurementRow,
  type MeasurementType,
} from '@health/contract';
import {
  exportIf,
  ListPage,
  memberColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { FormDialog } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import { MeasurementLevel, readingSummary } from '../../../shared/measurements/reading';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { isPermitted, usePageActions } from '../../../shared/stores/permission';
import { usePrefetchEcgDetail } from '../../../shared/ecg/recording-api';
import { EcgRecordingDrawer, prefetchEcgViewer } from '../ecg/EcgRecordingDrawer';
import { fetchMeasurements, measurementKeys, useHandleMeasurements } from './api';
import { REPORT_MEASUREMENTS_NS } from './locales';
import { TrendDrawer } from './TrendDrawer';

const TYPE_OF_PAGE = Object.fromEntries(
  Object.entries(REPORT_PAGE_OF_TYPE).map(([type, path]) => [path, type]),
) as Record<string, MeasurementType>;

/**
 * /report_list/ecg | bp | bg | chol | ua: the readings of one type as they were judged (level, reason,
 * the rules' version), their handling; BP and glucose open a member's trend, ECG the viewer.
 */
export default function MeasurementListPage() {
  const frontPath = useFrontPath();
  const type = TYPE_OF_PAGE[frontPath]!;
  const { t } = useTranslation(REPORT_MEASUREMENTS_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const actions = usePageActions(frontPath) as readonly string[];
  const canHandle = actions.includes('handle');
  const navigate = useNavigate();
  // 健康报告's builders (a page of their own, with its own permission).
  const writeReport = isPermitted(type === 'ecg' ? PAGES.ecgReportCreate : PAGES.bpReportCreate);
  const [handling, setHandling] = useState<{ ids: number[]; done?: () => void } | null>(null);
  const [trendOf, setTrendOf] = useState<MeasurementRow | null>(null);
  // A link may open a recording at once (/report_list/ecg?recording=12, from the member detail).
  const [searchParams] = useSearchParams();
  const [recording, setRecording] = useState<number | null>(
    () => parseId(searchParams.get('recording')) ?? null,
  );

  const prefetchEcgDetail = usePrefetchEcgDetail();
  useEffect(() => {
    if (type === 'ecg') prefetchEcgViewer();
  }, [type]);

  const columns = useMemo<ListColumn<MeasurementRow>[]>(
    () => [
      memberColumn<MeasurementRow>(t('member')),
      { title: t('phone'), dataIndex: 'phone', hideInTable: true, search: { type: 'text' } },
      { title: t('name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      {
        title: t('device'),
        dataIndex: 'deviceSerial',
        search: { type: 'text', name: 'serial' },
        render: (v: string) => (
          <span translate="no" style={{ whiteSpace: 'nowrap' }}>
            {v}
          </span>
        ),
      },
      {
        title: t('values'),
        key: 'values',
        render: (_: unknown, r) => (
          <span translate="no" style={{ whiteSpace: 'nowrap' }}>
            {readingSummary(r, te)}
          </span>
        ),
      },
      {
        title: t('measuredAt'),
        dataIndex: 'measuredAt',
        sorter: true,
        search: { type: 'dateTimeRange' },
        render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
      },
      {
        title: t('level'),
        dataIndex: 'level',
        search: {
          type: 'select',
          options: MEASUREMENT_LEVELS.map((v) => ({ value: v, label: te(`level.${v}`) })),
        },
        render: (_: unknown, r) => <MeasurementLevel reading={r} />,
      },
      {
        title: t('rule'),
        dataIndex: 'ruleNumber',
        render: (v: number | null) => (
          <Tooltip title={t('ruleTip')}>
            <Tag>{v === null ? t('ruleUnknown') : `v${v}`}</Tag>
          </Tooltip>
        ),
      },
      {
        title: t('handled'),
        dataIndex: 'handled',
        search: {
          type: 'select',
          options: [
            { value: 'false', label: t('handledNo') },
            { value: 'true', label: t('handledYes') },
          ],
        },
        render: (_: unknown, r) =>
          r.handled ? (
            <span style={{ whiteSpace: 'nowrap' }}>
              <Tag color="green">{t('handledYes')}</Tag>
              <br />
              <Typography.Text type="secondary">
                {t('handledBy', { name: r.handledBy ?? '', time: formatDate(r.handledAt!) })}
              </Typography.Text>
              {r.handleRemark && (
                <>
                  <br />
                  <Typography.Text type="secondary">{r.handleRemark}</Typography.Text>
                </>
              )}
            </span>
          ) : (
            <Tag>{t('handledNo')}</Tag>
          ),
      },
      {
        title: t('op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            {type === 'ecg' && (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  prefetchEcgDetail(r.id);
                  setRecording(r.id);
                }}
              >
                {t('viewEcg')}
              </Button>
            )}
            {(type === 'bp' || type === 'bg') && (
              <Button type="link" size="small" onClick={() => setTrendOf(r)}>
                {t('trend')}
              </Button>
            )}
            {writeReport && (type === 'ecg' || type === 'bp') && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void navigate(
                    type === 'ecg'
                      ? `${PAGES.ecgReportCreate}?measurementId=${r.id}`
                      : `${PAGES.bpReportCreate}?memberId=${r.memberId}`,
                  )
                }
              >
                {t('writeReport')}
              </Button>
            )}
            {canHandle && !r.handled && (
              <Button type="link" size="small" onClick={() => setHandling({ ids: [r.id] })}>
                {t('handle')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [canHandle, navigate, prefetchEcgDetail, t, te, type, writeReport],
  );

  // The table as one element, the same object while its inputs are: opening a drawer or the
  // handling dialog (state of this page) does not render the table and its rows again, which
  // took most of the time from a click on 查看心电 to the strip on screen.
  const list = useMemo(
    () => (
      <ListPage<MeasurementRow>
        columns={columns}
        rowKey="id"
        queryKey={[...measurementKeys.all, type]}
        request={fetchMeasurements}
        params={{ type }}
        defaultSort={{ field: 'measuredAt', order: 'descend' }}
        headerTitle={t(`title.${type}`)}
        exportSpec={exportIf(
          actions as never,
          ReportMeasurementPaths.export,
          `${t(`title.${type}`)}.xlsx`,
        )}
        batchActions={
          canHandle
            ? ({ selectedRows, clearSelection }) => (
                <Button
                  disabled={!selectedRows.some((r) => !r.handled)}
                  onClick={() =>
                    setHandling({
                      ids: selectedRows.filter((r) => !r.handled).map((r) => r.id),
                      done: clearSelection,
                    })
                  }
                >
                  {t('batchHandle')}
                </Button>
              )
            : undefined
        }
      />
    ),
    [actions, canHandle, columns, t, type],
  );

  return (
    <>
      {list}
      <FormDialog
        open={handling !== null}
        title={t('handleTitle')}
        name="measurementHandle"
        schema={measurementHandleRequestSchema}
        adapt={{ toInput: (values: object) => ({ ...values, type, ids: handling?.ids ?? [] }) }}
        initialValues={{ remark: '' }}
        mutation={useHandleMeasurementsFor(type, handling?.ids ?? [])}
        onClose={() => setHandling(null)}
        onDone={(answer: { handled: number }) => {
          toast.success(t('handledDone', { count: answer.handled }));
          handling?.done?.();
          setHandling(null);
        }}
        intro={
          <Typography.Paragraph>
            {t('handleCount', { count: handling?.ids.length ?? 0 })}
          </Typography.Paragraph>
        }
      >
        <Form.Item name="remark" label={t('handleRemark')}>
          <Input.TextArea
            rows={3}
            placeholder={t('handleRemarkHint')}
            count={{ show: true, max: 200 }}
          />
        </Form.Item>
      </FormDialog>
      {(type === 'bp' || type === 'bg') && (
        <TrendDrawer
          type={type}
          member={trendOf ? { id: trendOf.memberId, name: trendOf.memberName } : null}
          onClose={() => setTrendOf(null)}
        />
      )}
      {type === 'ecg' && (
        <EcgRecordingDrawer measurementId={recording} onClose={() => setRecording(null)} />
      )}
    </>
  );
}

/** The handle mutation bound to this list's type and rows (FormDialog sends only the remark). */
function useHandleMeasurementsFor(type: MeasurementType, ids: number[]) {
  const handle = useHandleMeasurements();
  return {
    isPending: handle.isPending,
    mutateAsync: (values: { remark?: string }) =>
      handle.mutateAsync({ type, ids, remark: values.remark ?? '' }),
  };
}
