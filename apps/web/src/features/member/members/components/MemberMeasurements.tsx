import { useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  ReportMeasurementPaths,
  formatDate,
  type MeasurementRow,
  type MeasurementTrend,
  type MeasurementType,
  type MemberMeasurementSummary,
  type Page,
} from '@health/contract';
import { api } from '../../../../shared/api/client';
import { DEVICE_ENUMS_NS } from '../../../../shared/i18n/device-enums';
import { MeasurementTrendChart } from '../../../../shared/measurements/MeasurementTrendChart';
import { MeasurementLevel, readingSummary } from '../../../../shared/measurements/reading';
import { isPermitted } from '../../../../shared/stores/permission';
import { MEMBER_NS } from '../../locales';

const DAY = 86_400_000;
// Under the report area's key prefix: handling a reading there refreshes this tab too.
const KEY = ['report', 'measurements', 'member'] as const;

/** The member detail's 测量 tab: the latest reading of each type, its history, BP/glucose trends. */
export function MemberMeasurements({ memberId }: { memberId: number }) {
  const { t } = useTranslation(MEMBER_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const summary = useQuery({
    queryKey: [...KEY, memberId, 'summary'],
    queryFn: () =>
      api.get<MemberMeasurementSummary>(ReportMeasurementPaths.memberSummary, {
        params: { memberId },
      }),
  });
  const [picked, setPicked] = useState<MeasurementType | null>(null);
  const first = summary.data?.find((s) => s.count > 0)?.type ?? 'bp';
  const type = picked ?? first;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[12, 12]}>
        {(summary.data ?? []).map((s) => (
          <Col key={s.type} flex="1 1 180px">
            <Card
              size="small"
              hoverable
              loading={summary.isLoading}
              title={te(`measurementType.${s.type}`)}
              onClick={() => setPicked(s.type)}
              style={s.type === type ? { borderColor: '#1677ff' } : undefined}
              data-testid={`member-measurement-${s.type}`}
            >
              {s.latest ? (
                <Space direction="vertical" size={2}>
                  <Typography.Text strong translate="no">
                    {readingSummary(s.latest, te)}
                  </Typography.Text>
                  <MeasurementLevel reading={s.latest} />
                  <Typography.Text type="secondary">
                    {formatDate(s.latest.measuredAt)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('detail.measurementCounts', { count: s.count, abnormal: s.abnormal })}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('detail.noMeasurement')}</Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Segmented<MeasurementType>
        value={type}
        onChange={setPicked}
        options={(summary.data ?? []).map((s) => ({
          value: s.type,
          label: te(`measurementType.${s.type}`),
        }))}
      />
      {(type === 'bp' || type === 'bg') && <MemberTrend memberId={memberId} type={type} />}
      <MemberHistory memberId={memberId} type={type} />
    </Space>
  );
}

function MemberTrend({ memberId, type }: { memberId: number; type: 'bp' | 'bg' }) {
  const { t } = useTranslation(MEMBER_NS);
  const [since] = useState(() => Date.now() - 90 * DAY);
  const trend = useQuery({
    queryKey: [...KEY, memberId, 'trend', type, since],
    queryFn: () =>
      api.get<MeasurementTrend>(ReportMeasurementPaths.trend, {
        params: { memberId, type, startTime: since },
      }),
  });
  if (!trend.data || trend.data.points.length === 0) return null;
  return (
    <Card size="small" title={t('detail.measurementTrend')}>
      <MeasurementTrendChart trend={trend.data} height={280} />
    </Card>
  );
}

function MemberHistory({ memberId, type }: { memberId: number; type: MeasurementType }) {
  const { t } = useTranslation(MEMBER_NS);
  const { t: te } = useTranslation(DEVICE_ENUMS_NS);
  const [current, setCurrent] = useState(1);
  const [shownType, setShownType] = useState(type);
  if (shownType !== type) {
    // Another type: back to its first page.
    setShownType(type);
    setCurrent(1);
  }
  const rows = useQuery({
    queryKey: [...KEY, memberId, 'list', type, current],
    queryFn: () =>
      api.get<Page<MeasurementRow>>(ReportMeasurementPaths.list, {
        params: { memberId, type, current, pageSize: 10 },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<MeasurementRow>
      rowKey="id"
      size="small"
      loading={rows.isFetching}
      dataSource={rows.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('detail.noMeasurement')} /> }}
      pagination={{
        current,
        pageSize: 10,
        total: rows.data?.pagination.total ?? 0,
        showSizeChanger: false,
        size: 'small',
        onChange: setCurrent,
      }}
      columns={[
        {
          title: t('detail.measuredAt'),
          dataIndex: 'measuredAt',
          render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
        },
        {
          title: t('detail.measurementValues'),
          key: 'values',
          render: (_: unknown, r) => <span translate="no">{readingSummary(r, te)}</span>,
        },
        {
          title: t('detail.measurementLevel'),
          dataIndex: 'level',
          render: (_: unknown, r) => <MeasurementLevel reading={r} />,
        },
        ...(type === 'ecg' && isPermitted(PAGES.reportEcg)
          ? [
              {
                title: '',
                key: 'open',
                render: (_: unknown, r: MeasurementRow) => (
                  <Link to={`${PAGES.reportEcg}?recording=${r.id}`}>{t('detail.openEcg')}</Link>
                ),
              },
            ]
          : []),
        {
          title: t('detail.measurementHandled'),
          dataIndex: 'handled',
          render: (v: boolean, r) => (v ? <Tag color="green">{r.handledBy}</Tag> : <Tag>-</Tag>),
        },
      ]}
    />
  );
}
