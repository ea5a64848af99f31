import { Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { thousands, type DoctorReports, type TopGoods } from '@health/contract';
import { STATISTICS_NS } from '../locales';
import type { Period } from '../metrics/api';
import { ChangeLine, DefinedName } from '../metrics/components/MetricCard';
import { useHealthDetails, useMallDetails } from './api';

/** A number of the period that is not a glossary metric, with its definition and 环比. */
function DetailCard(props: {
  id: string;
  name: string;
  definition: string;
  value: number | null;
  previous?: number | null;
  unit?: string;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  return (
    <Card size="small" className="stats-metric-card" data-testid={`detail-${props.id}`}>
      <Statistic
        title={<DefinedName name={props.name} definition={props.definition} />}
        value={props.value ?? '—'}
        suffix={
          props.unit && props.value !== null ? (
            <span className="stats-unit">{props.unit}</span>
          ) : undefined
        }
      />
      {props.previous !== undefined &&
        (props.value === null || props.previous === null ? (
          <div className="stats-change">
            <Typography.Text type="secondary">{t('details.noneToCompare')}</Typography.Text>
          </div>
        ) : (
          <ChangeLine value={props.value} previous={props.previous} />
        ))}
    </Card>
  );
}

// Two a row on a phone: the values are short.
const cardCol = { xs: 12, lg: 8, xl: 6 } as const;

/** 健康数据统计: how fast alerts were answered, and who published the period's reports. */
export function HealthDetailsPanel({ period }: { period: Period }) {
  const { t } = useTranslation(STATISTICS_NS);
  const details = useHealthDetails(period).data;
  if (!details) return <Skeleton active />;
  const { current, previous } = details;
  return (
    <Card size="small" title={t('details.health.title')} data-testid="health-details">
      <Row gutter={[16, 16]}>
        <Col {...cardCol}>
          <DetailCard
            id="answered"
            name={t('details.health.answered')}
            definition={t('details.health.answeredDefinition')}
            value={current.answered}
            previous={previous.answered}
          />
        </Col>
        <Col {...cardCol}>
          <DetailCard
            id="median"
            name={t('details.health.median')}
            definition={t('details.health.medianDefinition')}
            value={current.medianMinutes}
            previous={previous.medianMinutes}
            unit={t('details.minutes')}
          />
        </Col>
        <Col {...cardCol}>
          <DetailCard
            id="p90"
            name={t('details.health.p90')}
            definition={t('details.health.p90Definition')}
            value={current.p90Minutes}
            previous={previous.p90Minutes}
            unit={t('details.minutes')}
          />
        </Col>
        <Col span={24}>
          <Table<DoctorReports>
            rowKey="operatorId"
            size="small"
            data-testid="reports-by-doctor"
            title={() => t('details.health.byDoctor')}
            dataSource={details.byDoctor}
            pagination={details.byDoctor.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('details.health.noReports') }}
            columns={[
              {
                title: t('details.health.doctor'),
                dataIndex: 'name',
                render: (v: string) => <span translate="no">{v}</span>,
              },
              { title: t('details.health.published'), dataIndex: 'published', align: 'right' },
              {
                title: t('details.health.alertsAnswered'),
                dataIndex: 'alertsAnswered',
                align: 'right',
              },
              {
                title: t('details.health.doctorMedian'),
                dataIndex: 'medianMinutes',
                align: 'right',
                render: (v: number | null) => (v === null ? '—' : v),
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}

/** 积分统计: the points members hold, the period's orders by state, top goods and redeemers. */
export function MallDetailsPanel({ period }: { period: Period }) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const en = i18n.language === 'en-US';
  const details = useMallDetails(period).data;
  if (!details) return <Skeleton active />;
  return (
    <Card size="small" title={t('details.mall.title')} data-testid="mall-details">
      <Row gutter={[16, 16]}>
        <Col {...cardCol}>
          <DetailCard
            id="balance"
            name={t('details.mall.balance')}
            definition={t('details.mall.balanceDefinition')}
            value={details.balanceOutstanding}
            unit={t('details.points')}
          />
        </Col>
        <Col {...cardCol}>
          <DetailCard
            id="redeemers"
            name={t('details.mall.redeemers')}
            definition={t('details.mall.redeemersDefinition')}
            value={details.redeemers}
            previous={details.previousRedeemers}
          />
        </Col>
        {details.ordersByState.map((row) => (
          <Col key={row.value} {...cardCol}>
            <DetailCard
              id={`orders-${row.value}`}
              name={t('details.mall.ordersIn', { state: en ? row.labelEn : row.label })}
              definition={t('details.mall.ordersInDefinition')}
              value={row.count}
            />
          </Col>
        ))}
        <Col span={24}>
          <Table<TopGoods>
            rowKey="goodsId"
            size="small"
            data-testid="top-goods"
            title={() => t('details.mall.topGoods')}
            dataSource={details.topGoods}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('details.mall.noOrders') }}
            columns={[
              {
                title: t('details.mall.goods'),
                dataIndex: 'name',
                render: (v: string) => <span translate="no">{v}</span>,
              },
              { title: t('details.mall.orders'), dataIndex: 'orders', align: 'right' },
              { title: t('details.mall.quantity'), dataIndex: 'quantity', align: 'right' },
              {
                title: t('details.mall.points'),
                dataIndex: 'points',
                align: 'right',
                render: (v: number) => thousands(v),
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
