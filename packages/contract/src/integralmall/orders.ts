import { z } from 'zod';
import { contentOptionalText, contentText } from '../content-fields.js';
import { COURIERS, COURIER_LABELS, TRACKING_NO, type Courier } from '../device/returns.js';
import { idSchema, optionalIdSchema } from '../ids.js';
import {
  blankToUndefined,
  checkTimeRange,
  optionalText,
  phoneFragmentSchema,
  timeRangeQuerySchema,
} from '../list-query.js';
import { listQuerySchema, pageOf } from '../pagination.js';
import { MAINLAND_PHONE } from '../format.js';

/**
 * Exchange orders of the points mall (订单管理 /integralmall/order and 订单详情 /integralmall/detail,
 * issue 15). A member (or customer service for them) redeems goods for points; the order then
 * goes through a table-driven state machine:
 *
 *   to_ship ──ship──▶ shipped ──complete / autoComplete──▶ completed
 *      │
 *      └──cancel──▶ cancelled   (points refunded and stock given back in the same transaction)
 *
 * A service package (goods whose package type is a service) is not shipped: placing it creates
 * its health tasks in the order's transaction and the order is completed at once (address not
 * needed). Every step is an event with who and when (the order's timeline).
 */
export const OrderPaths = {
  list: '/v3/integralmall/admin/order/list',
  /** Orders by status (the page's tabs). */
  counts: '/v3/integralmall/admin/order/counts',
  detail: '/v3/integralmall/admin/order/detail',
  /** Place an order for a member (customer service; what the member app will call). */
  add: '/v3/integralmall/admin/order/add',
  ship: '/v3/integralmall/admin/order/ship',
  cancel: '/v3/integralmall/admin/order/cancel',
  /** Confirm receipt on behalf of the member. */
  complete: '/v3/integralmall/admin/order/complete',
  export: '/v3/integralmall/admin/order/export',
  /** The plain receiver phone and address of one order (logged). */
  reveal: '/v3/integralmall/admin/order/reveal',
  /** The order form's member picker (?keyword=). */
  memberOptions: '/v3/integralmall/admin/order/memberOptions',
  /** The picked member's balance and what is on file (masked) (?memberId=). */
  memberInfo: '/v3/integralmall/admin/order/memberInfo',
  /** On-shelf goods with stock for the order form (?keyword=). */
  goodsOptions: '/v3/integralmall/admin/order/goodsOptions',
  /** GET: the courier file template (xlsx). */
  shipTemplate: '/v3/integralmall/admin/order/shipImport/template',
  /** POST multipart (field `file`): the dry run — every row checked, nothing shipped. */
  shipCheck: '/v3/integralmall/admin/order/shipImport/check',
  /** POST {id}: ship the valid rows of a checked file (each re-checked in its transaction). */
  shipCommit: '/v3/integralmall/admin/order/shipImport/commit',
  /** GET ?id: the file's rows with a result column (xlsx). */
  shipResult: '/v3/integralmall/admin/order/shipImport/result',
} as const;

export const ORDER_STATUSES = ['to_ship', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  to_ship: '待发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
};
export const ORDER_STATUS_LABELS_EN: Record<OrderStatus, string> = {
  to_ship: 'To ship',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ORDER_KINDS = ['goods', 'service'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  goods: '实物商品',
  service: '服务套餐',
};

/**
 * The state machine as a table: each step, the statuses it starts from, the status it leads to
 * and the orders page's action that grants it (null: the server's job, no button). The server
 * refuses anything else with one conditional UPDATE on the status read; the web shows a step's
 * button only where `orderStepsFrom(status)` offers it and the operator holds the action.
 */
export const ORDER_STEPS = {
  ship: { from: ['to_ship'], to: 'shipped', action: 'ship' },
  cancel: { from: ['to_ship'], to: 'cancelled', action: 'cancel' },
  complete: { from: ['shipped'], to: 'completed', action: 'complete' },
  autoComplete: { from: ['shipped'], to: 'completed', action: null },
} as const satisfies Record<
  string,
  { from: readonly OrderStatus[]; to: OrderStatus; action: 'ship' | 'cancel' | 'complete' | null }
>;
export type OrderStep = keyof typeof ORDER_STEPS;
export const ORDER_STEP_NAMES = Object.keys(ORDER_STEPS) as OrderStep[];
export const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  ship: '发货',
  cancel: '取消订单',
  complete: '确认收货',
  autoComplete: '自动确认收货',
};

/** The steps an order in this status may take (the job's included). */
export function orderStepsFrom(status: OrderStatus): OrderStep[] {
  return ORDER_STEP_NAMES.filter((s) =>
    (ORDER_STEPS[s].from as readonly OrderStatus[]).includes(status),
  );
}

/** Where a step leads from a status (undefined: the step is not allowed there). */
export function orderStepTarget(status: OrderStatus, step: OrderStep): OrderStatus | undefined {
  const rule = ORDER_STEPS[step];
  return (rule.from as readonly OrderStatus[]).includes(status) ? rule.to : undefined;
}

/** What an order's timeline shows: its placing and the steps. */
export const ORDER_EVENT_ACTIONS = ['create', ...ORDER_STEP_NAMES] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];
export const ORDER_EVENT_LABELS: Record<OrderEventAction, string> = {
  create: '下单',
  ...ORDER_STEP_LABELS,
};

export const ORDER_QUANTITY_MAX = 99;
export const ORDER_RECEIVER_MAX = 20;
export const ORDER_ADDRESS_MAX = 200;
export const ORDER_REMARK_MAX = 200;
export const ORDER_REASON_MAX = 200;
export const ORDER_IDEMPOTENCY_KEY_MAX = 64;
/** A courier file holds at most this many rows. */
export const SHIP_IMPORT_MAX_ROWS = 2000;
export const SHIP_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SHIP_IMPORT_ACCEPT = '.xlsx,.csv';

export const OrderMessages = {
  notFound: '订单不存在',
  memberRequired: '请选择会员',
  memberNotFound: '会员不存在',
  goodsRequired: '请选择商品',
  goodsNotFound: '商品不存在或已删除',
  goodsOffShelf: '商品已下架',
  soldOut: '库存不足',
  limitExceeded: (limit: number, bought: number) =>
    `超出每人限购数量：每人限购${limit}件，已兑换${bought}件`,
  insufficient: (need: number, balance: number) =>
    `积分不足：需要${need}积分，当前余额${balance}积分`,
  quantityInvalid: `兑换数量应为1到${ORDER_QUANTITY_MAX}的整数`,
  receiverRequired: '请填写收货人',
  phoneInvalid: '请输入正确的11位手机号码',
  phoneRequired: '请填写收货人手机号',
  addressRequired: '请填写收货地址',
  idempotencyKeyRequired: '缺少请求标识，请刷新后重试',
  idempotencyKeyInvalid: '请求标识只能包含字母、数字、连字符和下划线（最多64个字符）',
  courierRequired: '请选择快递公司',
  trackingRequired: '请填写快递单号',
  trackingFormat: '快递单号应为6到32位字母、数字或连字符',
  reasonRequired: '请填写取消原因',
  changedMeanwhile: '订单状态已被他人更新，请刷新后重试',
  stepRefused: (status: string, step: string) => `订单${status}，不能${step}`,
  serviceNotShipped: '服务套餐订单无需发货',
  placed: '下单成功',
  shipped: '已发货',
  cancelled: '订单已取消，积分与库存已退回',
  completed: '已确认收货',
  /* the courier file */
  fileRequired: '请选择快递单文件',
  badType: '只能上传 xlsx 或 csv 文件，请使用发货模板',
  tooLarge: '文件不能超过 5 MB',
  emptyFile: '文件是空的',
  unreadable: '文件无法读取，请确认是有效的 xlsx 或 csv 文件',
  missingColumns: '文件缺少“订单号”“快递公司”或“快递单号”列，请使用发货模板',
  noRows: '文件中没有数据行',
  tooManyRows: `文件超过${SHIP_IMPORT_MAX_ROWS}行，请拆分后分批上传`,
  batchNotFound: '发货批次不存在或已过期，请重新上传',
  batchCommitted: '该文件已发货，请重新上传',
  nothingValid: '没有可发货的有效行',
  checked: (valid: number, invalid: number) => `校验完成：可发货${valid}行，有问题${invalid}行`,
  committed: (shipped: number, failed: number) => `已发货${shipped}单，失败${failed}单`,
} as const;

/* ------------------------------------------------------------------ rows */

export const orderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  goodsImage: z.string(),
  goodsKind: z.enum(ORDER_KINDS),
  quantity: z.number().int(),
  pointsPrice: z.number().int(),
  pointsTotal: z.number().int(),
  receiver: z.string(),
  /** Masked (reveal: OrderPaths.reveal). */
  phone: z.string(),
  /** Masked: the first characters only (reveal: OrderPaths.reveal). */
  address: z.string(),
  remark: z.string(),
  status: z.enum(ORDER_STATUSES),
  courier: z.enum(COURIERS).nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.number().int().nullable(),
  completedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  cancelReason: z.string(),
  redeemLedgerId: z.number().int().nullable(),
  refundLedgerId: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

/** Who the events of the server's own steps (the auto-complete job) name; the web translates it. */
export const ORDER_SYSTEM_OPERATOR = '系统';

export const orderEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(ORDER_EVENT_ACTIONS),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderDetailSchema = orderSchema.extend({
  /** Oldest first. */
  events: z.array(orderEventSchema),
  /** The health tasks a service package created (ids). */
  taskIds: z.array(z.number().int()),
  /** When a shipped order completes by itself (运营配置's confirm days), else null. */
  autoCompleteAt: z.number().int().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderCountsSchema = z.object({
  all: z.number().int(),
  to_ship: z.number().int(),
  shipped: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCountsSchema>;

export const orderRevealSchema = z.object({
  receiver: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type OrderReveal = z.infer<typeof orderRevealSchema>;

export const orderMemberInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked. */
  phone: z.string(),
  pointsBalance: z.number().int(),
  status: z.enum(['normal', 'frozen', 'logged_off']),
  /** The address on file, masked ('' when none): left empty, the order uses it. */
  address: z.string(),
});
export type OrderMemberInfo = z.infer<typeof orderMemberInfoSchema>;

export const orderGoodsOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  kind: z.enum(ORDER_KINDS),
  pointsPrice: z.number().int(),
  stock: z.number().int(),
  limitPerMember: z.number().int(),
});
export type OrderGoodsOption = z.infer<typeof orderGoodsOptionSchema>;
export const orderGoodsOptionsSchema = z.array(orderGoodsOptionSchema);
export const orderGoodsOptionsQuerySchema = z.object({ keyword: optionalText(30) });

/* ------------------------------------------------------------------ queries */

const orderFilters = {
  ...timeRangeQuerySchema.shape,
  status: z.preprocess(
    blankToUndefined,
    z.enum(ORDER_STATUSES, { error: '订单状态不正确' }).optional(),
  ),
  orderNo: optionalText(32),
  /** Part of the member's name. */
  name: optionalText(20),
  /** Part of the member's phone. */
  phone: phoneFragmentSchema,
  goodsName: optionalText(50),
  memberId: optionalIdSchema('会员'),
};
export const orderExportQuerySchema = z.object(orderFilters).superRefine(checkTimeRange);
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
export const orderListQuerySchema = listQuerySchema
  .extend(orderFilters)
  .superRefine(checkTimeRange);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export const orderListSchema = pageOf(orderSchema);

export const orderIdQuerySchema = z.object({ id: idSchema('订单编号') });
export const orderIdSchema = z.object({ id: idSchema('订单编号') });
export const orderMemberInfoQuerySchema = z.object({
  memberId: idSchema('会员', { required: OrderMessages.memberRequired }),
});

/* ------------------------------------------------------------------ bodies */

/** An optional mainland phone ("" → the member's phone on file). */
const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || MAINLAND_PHONE.test(v), { message: OrderMessages.phoneInvalid });

export const orderAddSchema = z.object({
  memberId: idSchema('会员', { required: OrderMessages.memberRequired }),
  goodsId: idSchema('商品', { required: OrderMessages.goodsRequired }),
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: OrderMessages.quantityInvalid })
      .int(OrderMessages.quantityInvalid)
      .min(1, OrderMessages.quantityInvalid)
      .max(ORDER_QUANTITY_MAX, OrderMessages.quantityInvalid),
  ),
  /** Empty: the member's name. */
  receiver: contentOptionalText(ORDER_RECEIVER_MAX, '收货人'),
  /** Empty: the member's phone. */
  phone: optionalPhone,
  /** Empty: the member's address on file (goods orders need one; service orders none). */
  address: contentOptionalText(ORDER_ADDRESS_MAX, '收货地址'),
  remark: contentOptionalText(ORDER_REMARK_MAX, '备注'),
  /** The caller's key (one per order form opened): the same key answers the same order. */
  idempotencyKey: z
    .string({ error: OrderMessages.idempotencyKeyRequired })
    .trim()
    .min(1, OrderMessages.idempotencyKeyRequired)
    .max(ORDER_IDEMPOTENCY_KEY_MAX, OrderMessages.idempotencyKeyInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, OrderMessages.idempotencyKeyInvalid),
});
export type OrderAdd = z.infer<typeof orderAddSchema>;

export const trackingNoSchema = contentText(OrderMessages.trackingRequired, 32, '快递单号')
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(TRACKING_NO, OrderMessages.trackingFormat));

export const orderShipSchema = z.object({
  id: idSchema('订单编号'),
  courier: z.enum(COURIERS, { error: OrderMessages.courierRequired }),
  trackingNo: trackingNoSchema,
});
export type OrderShip = z.infer<typeof orderShipSchema>;

export const orderCancelSchema = z.object({
  id: idSchema('订单编号'),
  reason: contentText(OrderMessages.reasonRequired, ORDER_REASON_MAX, '取消原因'),
});
export type OrderCancel = z.infer<typeof orderCancelSchema>;

export const orderCompleteSchema = z.object({ id: idSchema('订单编号') });
export type OrderComplete = z.infer<typeof orderCompleteSchema>;

/* ------------------------------------------------------------------ bulk shipping */

/** The courier file's columns, in the template's order. */
export const SHIP_IMPORT_COLUMNS = [
  { key: 'orderNo', header: '订单号', headerEn: 'Order no.' },
  { key: 'courier', header: '快递公司', headerEn: 'Courier' },
  { key: 'trackingNo', header: '快递单号', headerEn: 'Tracking no.' },
] as const;
export type ShipImportColumnKey = (typeof SHIP_IMPORT_COLUMNS)[number]['key'];
export const SHIP_IMPORT_RESULT_HEADER = '处理结果';

/** Why a row cannot be shipped (the web names each in its language, the result file in Chinese). */
export const SHIP_ROW_ERRORS = [
  'orderNoRequired',
  'orderNotFound',
  'alreadyShipped',
  'alreadyCompleted',
  'alreadyCancelled',
  'serviceOrder',
  'courierRequired',
  'courierUnknown',
  'trackingRequired',
  'trackingFormat',
  'duplicateRow',
] as const;
export type ShipRowError = (typeof SHIP_ROW_ERRORS)[number];
export const SHIP_ROW_ERROR_TEXTS: Record<ShipRowError, string> = {
  orderNoRequired: '订单号为空',
  orderNotFound: '订单不存在',
  alreadyShipped: '订单已发货',
  alreadyCompleted: '订单已完成',
  alreadyCancelled: '订单已取消',
  serviceOrder: '服务套餐订单无需发货',
  courierRequired: '快递公司为空',
  courierUnknown: '快递公司不正确（填写编码如 SF，或中文名称如 顺丰速运）',
  trackingRequired: '快递单号为空',
  trackingFormat: '快递单号应为6到32位字母、数字或连字符',
  duplicateRow: '订单号在文件中重复',
};

/** A courier named in a file: its code (any case) or its Chinese name. */
export function courierOf(text: string): Courier | null {
  const t = text.trim();
  if (!t) return null;
  const code = t.toLowerCase();
  if ((COURIERS as readonly string[]).includes(code)) return code as Courier;
  const byName = COURIERS.find((c) => COURIER_LABELS[c] === t);
  if (byName) return byName;
  // Short forms: 顺丰, 中通, 京东 ...
  const short = COURIERS.filter((c) => c !== 'other' && COURIER_LABELS[c].startsWith(t));
  return t.length >= 2 && short.length === 1 ? short[0]! : null;
}

export const SHIP_ROW_RESULTS = ['shipped', 'failed'] as const;

export const shipRowSchema = z.object({
  rowNo: z.number().int(),
  orderNo: z.string(),
  /** As written in the file. */
  courierText: z.string(),
  courier: z.enum(COURIERS).nullable(),
  trackingNo: z.string(),
  orderId: z.number().int().nullable(),
  /** Empty: the row may be shipped. */
  errors: z.array(z.enum(SHIP_ROW_ERRORS)),
  /** After the commit: shipped, or failed (why in `errors`); null before. */
  result: z.enum(SHIP_ROW_RESULTS).nullable(),
});
export type ShipRow = z.infer<typeof shipRowSchema>;

export const shipBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(['checked', 'committed']),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  shipped: z.number().int(),
  failed: z.number().int(),
  rows: z.array(shipRowSchema),
  createdAt: z.number().int(),
});
export type ShipBatch = z.infer<typeof shipBatchSchema>;
export const shipBatchIdSchema = z.object({ id: idSchema('发货批次') });
