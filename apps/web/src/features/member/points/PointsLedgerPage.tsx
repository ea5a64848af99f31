import { useMemo, useRef } from 'react';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  formatDate,
  POINTS_TYPES,
  PointsPaths,
  type PointsLedgerItem,
  type PointsType,
} from '@health/contract';
import {
  exportIf,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { MemberCell } from '../member-cell';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchLedger, pointsKeys, usePointsSummary } from './api';
import { POINTS_NS } from './locales';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

const TYPE_COLORS: Record<PointsType, string> = {
  register: 'blue',
  check_in: 'cyan',
  check_in_streak: 'geekblue',
  measurement: 'green',
  health_task: 'lime',
  purchase: 'purple',
  redeem: 'orange',
  refund: 'gold',
  adjust: 'magenta',
  expire: 'default',
};

function SummaryCards() {
  const { t } = useTranslation(POINTS_NS);
  const [search] = useSearchParams();
  const startTime = search.get('startTime') ?? undefined;
  const endTime = search.get('endTime') ?? undefined;
  const summary = usePointsSummary(startTime, endTime);
  const range =
    startTime || endTime
      ? `${startTime ? formatDate(Number(startTime), '{y}-{m}-{d}') : '…'} ~ ${
          endTime ? formatDate(Number(endTime), '{y}-{m}-{d}') : '…'
        }`
      : t('details.allTime');
  const cards: { key: 'issued' | 'redeemed' | 'expired' | 'deducted'; color: string }[] = [
    { key: 'issued', color: '#389e0d' },
    { key: 'redeemed', color: '#d46b08' },
    { key: 'expired', color: '#8c8c8c' },
    { key: 'deducted', color: '#cf1322' },
  ];
  return (
    <div className="panel" style={{ marginBottom: 16 }} data-testid="points-summary">
      <Typography.Text type="secondary">{t('details.rangeHint', { range })}</Typography.Text>
      <Row gutter={16} style={{ marginTop: 12 }}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <Card size="small">
              <Statistic
                title={t(`details.${c.key}`)}
                value={summary.data?.[c.key] ?? 0}
                loading={summary.isPending}
                valueStyle={{ color: c.color }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** /member_integral/integral_details 积分明细: the ledger with filters, summary and export. */
export default function PointsLedgerPage() {
  const { t } = useTranslation(POINTS_NS);
  const actions = usePageActions(useFrontPath<'pointsLedger'>());
  const ref = useRef<ListPageAction>(null);
  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<PointsLedgerItem>[]>(
    () => [
      {
        title: t('details.member'),
        dataIndex: 'memberName',
        hideInSearch: true,
        render: (_: unknown, r) => <MemberCell name={r.memberName} phone={r.memberPhone} />,
      },
      {
        title: t('details.phone'),
        dataIndex: 'phone',
        hideInTable: true,
        search: { type: 'text' },
      },
      { title: t('details.name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      {
        title: t('details.type'),
        dataIndex: 'type',
        search: {
          type: 'select',
          options: POINTS_TYPES.map((v) => ({ label: label(`pointsType.${v}`), value: v })),
        },
        render: (v: PointsType) => (
          <Tag color={TYPE_COLORS[v]}>{label(`pointsType.${v}`, { defaultValue: v })}</Tag>
        ),
      },
      {
        title: t('details.sign'),
        dataIndex: 'sign',
        hideInTable: true,
        search: {
          type: 'select',
          options: [
            { label: t('details.plus'), value: 'plus' },
            { label: t('details.minus'), value: 'minus' },
          ],
        },
      },
      {
        title: t('details.amount'),
        dataIndex: 'amount',
        align: 'right',
        render: (v: number) => (
          <span
            className="points-amount"
            style={{ color: v > 0 ? '#389e0d' : '#cf1322', fontWeight: 600 }}
          >
            {v > 0 ? `+${v}` : v}
          </span>
        ),
      },
      { title: t('details.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
      {
        title: t('details.ref'),
        dataIndex: 'refId',
        render: (v: string | null) => v || '-',
      },
      { title: t('details.remark'), dataIndex: 'remark', ellipsis: true },
      {
        title: t('details.operator'),
        dataIndex: 'operatorName',
        render: (v: string | null) => v || '-',
      },
      {
        title: t('details.time'),
        dataIndex: 'createdAt',
        sorter: true,
        render: (v: number) => formatDate(v),
        search: { type: 'dateRange', names: ['startTime', 'endTime'] },
      },
    ],
    [t, label],
  );
  return (
    <>
      <SummaryCards />
      <ListPage<PointsLedgerItem>
        columns={columns}
        rowKey="id"
        queryKey={[...pointsKeys.ledger]}
        request={(params) => fetchLedger(params)}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        actionRef={ref}
        headerTitle={t('details.title')}
        exportSpec={exportIf(actions, PointsPaths.ledgerExport, t('details.exportName'))}
      />
    </>
  );
}
