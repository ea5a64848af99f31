import { useMemo, useState } from 'react';
import {
  Alert,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_ENUMS_NS } from '../../../shared/i18n/device-enums';
import {
  COURIERS,
  ORDER_ADDRESS_MAX,
  ORDER_QUANTITY_MAX,
  ORDER_REASON_MAX,
  ORDER_RECEIVER_MAX,
  ORDER_REMARK_MAX,
  orderAddSchema,
  orderCancelSchema,
  orderCompleteSchema,
  orderShipSchema,
  type Order,
  type OrderGoodsOption,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { toast } from '../../../shared/feedback/feedback';
import { MALL_ORDERS_NS } from './locales';
import {
  useAddOrder,
  useCancelOrder,
  useCompleteOrder,
  useOrderGoodsOptions,
  useOrderMemberInfo,
  useOrderMemberOptions,
  useShipOrder,
} from './api';
import type { ManualStep } from './steps';

/** A fresh key per opened form: a double click (or a retry) places one order. */
function newIdempotencyKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  return `web-${random}`.slice(0, 64);
}

interface AddValues {
  memberId?: number;
  goodsId?: number;
  quantity?: number | null;
  receiver?: string;
  phone?: string;
  address?: string;
  remark?: string;
}

/** The goods select: on-shelf goods with stock, searched by name, with points price and stock. */
function GoodsSelect(props: {
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
  options: OrderGoodsOption[];
  loading: boolean;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      showSearch
      filterOption={false}
      onSearch={(v) => props.onSearch(v.trim())}
      loading={props.loading}
      placeholder={t('form.goodsSearch')}
      options={props.options.map((g) => ({
        value: g.id,
        label: (
          <span>
            <span translate="no">{g.name}</span>{' '}
            {t('form.goodsMeta', { price: g.pointsPrice, stock: g.stock })}
          </span>
        ),
      }))}
      data-testid="order-goods"
    />
  );
}

/** The member's balance, the goods' total and what is on file (masked), as the form changes. */
function OrderSummary({
  form,
  goods,
}: {
  form: FormInstance<AddValues>;
  goods: OrderGoodsOption[];
}) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const memberId = Form.useWatch('memberId', form);
  const goodsId = Form.useWatch('goodsId', form);
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const info = useOrderMemberInfo(memberId);
  const g = goods.find((x) => x.id === goodsId);
  const total = g ? g.pointsPrice * (Number(quantity) || 0) : null;
  const m = info.data;
  const short = m && total !== null && total > m.pointsBalance;
  return (
    <>
      {m && (
        <Form.Item label={t('form.balance')}>
          <Space size={8} wrap data-testid="order-balance">
            <Typography.Text strong>{m.pointsBalance}</Typography.Text>
            {m.status !== 'normal' && <Tag color="red">{t(`form.memberStatus.${m.status}`)}</Tag>}
          </Space>
        </Form.Item>
      )}
      {g && (
        <Form.Item label={t('form.total')}>
          <Space size={8} wrap data-testid="order-total">
            <Typography.Text strong type={short ? 'danger' : undefined}>
              {t('form.totalValue', { total })}
            </Typography.Text>
            {short && <Tag color="red">{t('form.short')}</Tag>}
            {g.limitPerMember > 0 && <Tag>{t('form.limit', { n: g.limitPerMember })}</Tag>}
          </Space>
        </Form.Item>
      )}
      {g?.kind === 'service' ? (
        <Alert type="info" showIcon message={t('form.serviceHint')} style={{ marginBottom: 16 }} />
      ) : (
        <>
          <Form.Item name="receiver" label={t('form.receiver')} extra={t('form.receiverHint')}>
            <Input count={{ show: true, max: ORDER_RECEIVER_MAX }} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('form.phone')}
            extra={m ? t('form.phoneHint', { phone: m.phone }) : undefined}
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('form.address')}
            extra={
              m
                ? m.address
                  ? t('form.addressHint', { address: m.address })
                  : t('form.addressNone')
                : undefined
            }
          >
            <Input.TextArea rows={2} count={{ show: true, max: ORDER_ADDRESS_MAX }} />
          </Form.Item>
        </>
      )}
    </>
  );
}

/**
 * 下单: a member (the shared picker, on this page's own endpoint), goods on shelf with their
 * points price and stock, the quantity; the member's balance and the total as they are picked;
 * receiver, phone and address default to what the member has on file (shown masked).
 */
export function OrderAddDialog({ open, onClose, onDone }: { open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const add = useAddOrder();
  const [keyword, setKeyword] = useState('');
  const goods = useOrderGoodsOptions(keyword, open);
  // One key per opening of the dialog.
  const key = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);
  const options = goods.data ?? [];
  const toInput = (v: AddValues) => ({
    memberId: v.memberId,
    goodsId: v.goodsId,
    quantity: v.quantity ?? undefined,
    receiver: v.receiver ?? '',
    phone: v.phone ?? '',
    address: v.address ?? '',
    remark: v.remark ?? '',
    idempotencyKey: key,
  });
  return (
    <FormDialog
      title={t('addTitle')}
      open={open}
      onClose={onClose}
      onDone={(answer) => {
        toast.success(t('form.placed', { no: (answer as Order).orderNo }));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancelButton')}
      name="mallOrder"
      schema={orderAddSchema}
      adapt={{ toInput }}
      initialValues={{ quantity: 1, receiver: '', phone: '', address: '', remark: '' }}
      mutation={add}
      width={600}
    >
      {(form) => (
        <>
          <Form.Item name="memberId" label={t('form.member')} required>
            <MemberPicker
              useOptions={useOrderMemberOptions}
              placeholder={t('form.memberSearch')}
              data-testid="order-member"
            />
          </Form.Item>
          <Form.Item name="goodsId" label={t('form.goods')} required>
            <GoodsSelect options={options} loading={goods.isFetching} onSearch={setKeyword} />
          </Form.Item>
          <Form.Item name="quantity" label={t('form.quantity')} required>
            <InputNumber min={1} max={ORDER_QUANTITY_MAX} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <OrderSummary form={form as FormInstance<AddValues>} goods={options} />
          <Form.Item name="remark" label={t('form.remark')}>
            <Input.TextArea rows={2} count={{ show: true, max: ORDER_REMARK_MAX }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** A step the operator chose on an order. */
export interface StepRequest {
  order: Order;
  step: ManualStep;
}

const STEP_SCHEMAS = {
  ship: orderShipSchema,
  cancel: orderCancelSchema,
  complete: orderCompleteSchema,
} as const;

interface StepValues {
  courier?: string;
  trackingNo?: string;
  reason?: string;
}

/** 发货 (courier and tracking number), 取消订单 (reason; points back) or 确认收货. */
export function OrderStepDialog({
  request,
  onClose,
  onDone,
}: { request: StepRequest | null } & DialogCallbacks) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const mutations = {
    ship: useShipOrder(),
    cancel: useCancelOrder(),
    complete: useCompleteOrder(),
  };
  const step = request?.step ?? 'ship';
  const order = request?.order;
  const label = t(`step.${step}`);
  const toInput = (v: StepValues) => {
    const id = order?.id;
    if (step === 'ship') return { id, courier: v.courier, trackingNo: v.trackingNo ?? '' };
    if (step === 'cancel') return { id, reason: v.reason ?? '' };
    return { id };
  };
  return (
    <FormDialog
      title={
        <span translate="no">{t('stepTitle', { step: label, no: order?.orderNo ?? '' })}</span>
      }
      open={request !== null}
      onClose={onClose}
      onDone={() => {
        toast.success(t('stepDone', { step: label }));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancelButton')}
      name="mallOrderStep"
      schema={STEP_SCHEMAS[step]}
      adapt={{ toInput }}
      initialValues={{ courier: undefined, trackingNo: '', reason: '' }}
      mutation={mutations[step] as never}
      okButtonProps={{ danger: step === 'cancel' }}
      intro={
        step === 'cancel' ? (
          <Alert
            type="warning"
            showIcon
            message={t('cancelHint', { points: order?.pointsTotal ?? 0 })}
            style={{ marginBottom: 16 }}
          />
        ) : step === 'complete' ? (
          <Alert type="info" showIcon message={t('completeHint')} style={{ marginBottom: 16 }} />
        ) : undefined
      }
    >
      {step === 'ship' && (
        <>
          <Form.Item name="courier" label={t('courierLabel')} required>
            <Select
              options={COURIERS.map((c) => ({
                value: c,
                label: t(`courier.${c}`, { ns: DEVICE_ENUMS_NS }),
              }))}
              data-testid="ship-courier"
            />
          </Form.Item>
          <Form.Item name="trackingNo" label={t('trackingNo')} required>
            <Input maxLength={32} />
          </Form.Item>
        </>
      )}
      {step === 'cancel' && (
        <Form.Item name="reason" label={t('reason')} required>
          <Input.TextArea rows={2} count={{ show: true, max: ORDER_REASON_MAX }} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
