import { useMemo, useState } from 'react';
import { Button, Dropdown, Image, Space, Tabs, Tag, Typography } from 'antd';
import { DownOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  ORDER_STATUSES,
  OrderPaths,
  PAGES,
  formatDate,
  type Order,
  type OrderStatus,
} from '@health/contract';
import {
  AddButton,
  exportIf,
  ListPage,
  memberColumn,
  timeColumn,
  type ListColumn,
} from '../../../shared/components/list-page';
import { usePageActions } from '../../../shared/stores/permission';
import { MALL_ORDERS_NS } from './locales';
import { fetchOrders, orderKeys, useOrderCounts } from './api';
import { ReceiverCell } from './ReceiverCell';
import { OrderAddDialog, OrderStepDialog, type StepRequest } from './OrderDialogs';
import { ShipImportDialog } from './ShipImportDialog';
import { ORDER_STATUS_COLORS, useOrderSteps } from './steps';

const MINUTES = '{y}-{m}-{d} {h}:{i}';

/**
 * /integralmall/order 订单管理: exchange orders with status tabs and their counts, filters, the
 * steps of the state machine each operator may take (contract ORDER_STEPS and the actions held),
 * 下单 for a member, 批量发货 from a courier's file, and the export of the current filter.
 */
export default function OrderListPage() {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const navigate = useNavigate();
  const actions = usePageActions(PAGES.orders) as readonly string[];
  const stepsOf = useOrderSteps();
  const counts = useOrderCounts();
  const [search, setSearch] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [stepping, setStepping] = useState<StepRequest | null>(null);
  const tab = (search.get('status') as OrderStatus | null) ?? 'all';
  const canReveal = actions.includes('reveal');
  const open = (id: number) => void navigate(`${PAGES.orderDetail}?id=${id}`);

  const columns = useMemo<ListColumn<Order>[]>(
    () => [
      {
        title: t('col.orderNo'),
        dataIndex: 'orderNo',
        search: { type: 'text' },
        render: (v: string, r) => (
          <Typography.Link
            onClick={() => open(r.id)}
            translate="no"
            style={{ whiteSpace: 'nowrap' }}
          >
            {v}
          </Typography.Link>
        ),
      },
      memberColumn<Order>(t('col.member')),
      { title: t('col.name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      { title: t('col.phone'), dataIndex: 'phone', hideInTable: true, search: { type: 'text' } },
      {
        title: t('col.goods'),
        dataIndex: 'goodsName',
        search: { type: 'text' },
        render: (_: unknown, r) => (
          <Space size={8} style={{ minWidth: 180 }}>
            {r.goodsImage ? (
              <Image
                src={r.goodsImage}
                width={40}
                height={40}
                style={{ objectFit: 'cover' }}
                preview={false}
              />
            ) : null}
            <span>
              <span translate="no">{r.goodsName}</span>
              {r.goodsKind === 'service' && (
                <>
                  <br />
                  <Tag color="purple">{t('kind.service')}</Tag>
                </>
              )}
            </span>
          </Space>
        ),
      },
      { title: t('col.quantity'), dataIndex: 'quantity', align: 'right' },
      {
        title: t('col.points'),
        dataIndex: 'pointsTotal',
        align: 'right',
        render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
      },
      {
        title: t('col.receiver'),
        dataIndex: 'receiver',
        render: (_: unknown, r) => <ReceiverCell order={r} canReveal={canReveal} />,
      },
      {
        title: t('col.status'),
        dataIndex: 'status',
        search: {
          type: 'select',
          options: ORDER_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) })),
        },
        render: (v: OrderStatus) => <Tag color={ORDER_STATUS_COLORS[v]}>{t(`status.${v}`)}</Tag>,
      },
      {
        title: t('col.shipping'),
        dataIndex: 'trackingNo',
        render: (_: unknown, r) =>
          r.courier ? (
            <span style={{ whiteSpace: 'nowrap' }}>
              {t(`courier.${r.courier}`, { ns: DEVICE_ENUMS_NS })}
              <br />
              <Typography.Text type="secondary" translate="no" copyable>
                {r.trackingNo}
              </Typography.Text>
            </span>
          ) : (
            '-'
          ),
      },
      timeColumn<Order>(t('col.createdAt'), {
        sorter: false,
        render: (v: number) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v, MINUTES)}</span>
        ),
      }),
      {
        title: t('col.op'),
        key: 'op',
        fixed: 'right',
        render: (_: unknown, r) => {
          const steps = stepsOf(r.status, r.goodsKind);
          const [main, ...rest] = steps;
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => open(r.id)}>
                {t('detail')}
              </Button>
              {main && (
                <Button
                  type="link"
                  size="small"
                  danger={main === 'cancel'}
                  onClick={() => setStepping({ order: r, step: main })}
                  data-testid={`order-step-${main}`}
                >
                  {t(`step.${main}`)}
                </Button>
              )}
              {rest.length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: rest.map((s) => ({
                      key: s,
                      label: t(`step.${s}`),
                      danger: s === 'cancel',
                    })),
                    onClick: ({ key }) =>
                      setStepping({ order: r, step: key as StepRequest['step'] }),
                  }}
                >
                  <Button type="link" size="small" data-testid="order-more">
                    {t('more')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </Space>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, stepsOf, canReveal],
  );

  const c = counts.data;
  const tabs = (['all', ...ORDER_STATUSES] as const).map((key) => ({
    key,
    label: (
      <span data-testid={`order-tab-${key}`}>
        {t(`tabs.${key}`)}
        {c ? ` ${c[key]}` : ''}
      </span>
    ),
  }));

  return (
    <>
      <Tabs
        activeKey={tab}
        items={tabs}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          if (key === 'all') next.delete('status');
          else next.set('status', key);
          next.delete('current');
          setSearch(next);
        }}
        style={{ marginBottom: 0 }}
      />
      <ListPage<Order>
        columns={columns}
        rowKey="id"
        queryKey={[...orderKeys.all]}
        request={fetchOrders}
        headerTitle={t('title')}
        emptyText={t('empty')}
        exportSpec={exportIf(actions, OrderPaths.export, t('exportFile'))}
        toolbar={
          <Space wrap>
            {actions.includes('ship') && (
              <Button
                icon={<UploadOutlined />}
                onClick={() => setShipping(true)}
                data-testid="order-bulk-ship"
              >
                {t('bulkShip')}
              </Button>
            )}
            {actions.includes('add') && (
              <AddButton onClick={() => setAdding(true)}>{t('add')}</AddButton>
            )}
          </Space>
        }
      />
      <OrderAddDialog
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => setAdding(false)}
      />
      <OrderStepDialog
        request={stepping}
        onClose={() => setStepping(null)}
        onDone={() => setStepping(null)}
      />
      <ShipImportDialog open={shipping} onClose={() => setShipping(false)} />
    </>
  );
}
