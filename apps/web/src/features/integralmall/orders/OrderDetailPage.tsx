import { useState } from 'react';
import { Button, Card, Image, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  ORDER_SYSTEM_OPERATOR,
  PAGES,
  formatDate,
  parseId,
  type OrderDetail,
} from '@health/contract';
import { DetailView } from '../../../shared/components/detail';
import { useAppStore } from '../../../shared/stores/app';
import { isPermitted, usePageActions } from '../../../shared/stores/permission';
import { MALL_ORDERS_NS } from './locales';
import { useOrderDetail } from './api';
import { OrderStepDialog, type StepRequest } from './OrderDialogs';
import { ReceiverCell } from './ReceiverCell';
import { ORDER_STATUS_COLORS, useOrderSteps } from './steps';

const MINUTES = '{y}-{m}-{d} {h}:{i}';
const time = (v: number | null) => (v === null ? null : formatDate(v, MINUTES));

/**
 * /integralmall/detail?id= 订单详情: the order, its goods and points (with the ledger rows), the
 * member, the delivery and courier, the timeline of its events, and the steps the operator may take.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useOrderDetail(id);
  const stepsOf = useOrderSteps();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const canReveal = (usePageActions(PAGES.orders) as readonly string[]).includes('reveal');
  const [stepping, setStepping] = useState<StepRequest | null>(null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PAGES.orders)}>
      {t('back')}
    </Button>
  );
  if (id === undefined || detail.isError)
    return <Result status="warning" title={t('notFound')} extra={back} />;
  const d: OrderDetail | undefined = detail.data;
  if (!d) return <Skeleton active />;
  const steps = stepsOf(d.status, d.goodsKind);
  const canMember = isPermitted(PAGES.memberDetail);
  const canLedger = isPermitted(PAGES.pointsLedger);
  const ledgerLink = `${PAGES.pointsLedger}?name=${encodeURIComponent(d.memberName)}`;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-detail">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        {back}
        <Space wrap size={8}>
          {steps.map((step) => (
            <Button
              key={step}
              danger={step === 'cancel'}
              type={step === 'cancel' ? 'default' : 'primary'}
              onClick={() => setStepping({ order: d, step })}
              data-testid={`detail-step-${step}`}
            >
              {t(`step.${step}`)}
            </Button>
          ))}
        </Space>
      </Space>
      <Card
        title={
          <Space wrap size={8}>
            <span translate="no">{d.orderNo}</span>
            <Tag color={ORDER_STATUS_COLORS[d.status]} data-testid="order-status">
              {t(`status.${d.status}`)}
            </Tag>
          </Space>
        }
      >
        <DetailView
          column={mobile ? 1 : 2}
          sections={[
            {
              title: t('section.order'),
              items: [
                { label: t('field.createdAt'), value: time(d.createdAt) },
                { label: t('field.createdBy'), value: <span translate="no">{d.createdBy}</span> },
                {
                  label: t('field.member'),
                  value: (
                    <Space wrap size={8}>
                      <span translate="no">
                        {d.memberName}{' '}
                        <Typography.Text type="secondary">{d.memberPhone}</Typography.Text>
                      </span>
                      {canMember && (
                        <Link to={`${PAGES.memberDetail}?id=${d.memberId}`}>{t('memberLink')}</Link>
                      )}
                    </Space>
                  ),
                },
                { label: t('field.remark'), value: <span translate="no">{d.remark}</span> },
              ],
            },
            {
              title: t('section.goods'),
              items: [
                {
                  label: t('field.goods'),
                  value: (
                    <Space size={8}>
                      {d.goodsImage && (
                        <Image
                          src={d.goodsImage}
                          width={48}
                          height={48}
                          style={{ objectFit: 'cover' }}
                        />
                      )}
                      <span translate="no">{d.goodsName}</span>
                    </Space>
                  ),
                },
                { label: t('field.kind'), value: t(`kind.${d.goodsKind}`) },
                { label: t('field.quantity'), value: String(d.quantity) },
                { label: t('field.price'), value: t('unitPoints', { price: d.pointsPrice }) },
                { label: t('field.total'), value: t('pointsOf', { total: d.pointsTotal }) },
                {
                  label: t('field.ledger'),
                  value: (
                    <Space wrap size={8}>
                      {d.redeemLedgerId && (
                        <Tag>{t('field.redeemRow', { id: d.redeemLedgerId })}</Tag>
                      )}
                      {d.refundLedgerId && (
                        <Tag color="gold">{t('field.refundRow', { id: d.refundLedgerId })}</Tag>
                      )}
                      {canLedger && <Link to={ledgerLink}>{t('ledgerLink')}</Link>}
                    </Space>
                  ),
                },
                ...(d.goodsKind === 'service'
                  ? [
                      {
                        label: t('field.tasks'),
                        value: t('field.tasksValue', { n: d.taskIds.length }),
                      },
                    ]
                  : []),
              ],
            },
            {
              title: t('section.shipping'),
              items: [
                {
                  label: t('field.receiver'),
                  value: <ReceiverCell order={d} canReveal={canReveal} />,
                  span: 2,
                },
                {
                  label: t('field.courier'),
                  value: d.courier ? (
                    <span>
                      {t(`courier.${d.courier}`, { ns: DEVICE_ENUMS_NS })}{' '}
                      <Typography.Text translate="no" copyable>
                        {d.trackingNo}
                      </Typography.Text>
                    </span>
                  ) : null,
                },
                { label: t('field.shippedAt'), value: time(d.shippedAt) },
                ...(d.autoCompleteAt
                  ? [{ label: t('field.autoCompleteAt'), value: time(d.autoCompleteAt) }]
                  : []),
                { label: t('field.completedAt'), value: time(d.completedAt) },
                ...(d.status === 'cancelled'
                  ? [
                      { label: t('field.cancelledAt'), value: time(d.cancelledAt) },
                      {
                        label: t('field.cancelReason'),
                        value: <span translate="no">{d.cancelReason}</span>,
                      },
                    ]
                  : []),
              ],
            },
          ]}
        />
      </Card>
      <Card title={t('section.timeline')}>
        <Timeline
          data-testid="order-events"
          items={d.events.map((e) => ({
            key: e.id,
            color:
              e.action === 'cancel'
                ? 'red'
                : e.action === 'complete' || e.action === 'autoComplete'
                  ? 'green'
                  : 'blue',
            children: (
              <div>
                <Typography.Text strong>{t(`step.${e.action}`)}</Typography.Text>{' '}
                {e.fromStatus && e.fromStatus !== e.toStatus && (
                  <Typography.Text type="secondary">
                    {t(`status.${e.fromStatus}`)} → {t(`status.${e.toStatus}`)}
                  </Typography.Text>
                )}
                <br />
                <Typography.Text type="secondary">
                  {formatDate(e.createdAt)} ·{' '}
                  {e.operatorName === ORDER_SYSTEM_OPERATOR ? (
                    t('system')
                  ) : (
                    <span translate="no">{e.operatorName}</span>
                  )}
                </Typography.Text>
                {e.remark && (
                  <div>
                    <Typography.Text translate="no">{e.remark}</Typography.Text>
                  </div>
                )}
              </div>
            ),
          }))}
        />
      </Card>
      <OrderStepDialog
        request={stepping}
        onClose={() => setStepping(null)}
        onDone={() => setStepping(null)}
      />
    </Space>
  );
}
