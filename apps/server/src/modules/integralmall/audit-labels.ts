import {
  COURIER_LABELS,
  COURIER_LABELS_EN,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_LABELS_EN,
} from '@health/contract';
import type { AuditLabels, Bilingual } from '../../platform/audit-labels.js';

/** An enumeration's Chinese labels (the contract's) with their English. */
function bilingual<K extends string>(
  zh: Record<K, string>,
  en: Record<K, string>,
): Record<K, Bilingual> {
  const out = {} as Record<K, Bilingual>;
  for (const key of Object.keys(zh) as K[]) out[key] = [zh[key], en[key]];
  return out;
}

/** What 积分商城 writes to the operation log, in both languages. */
export const INTEGRALMALL_AUDIT_LABELS: AuditLabels = {
  modules: { integralmall: ['积分商城', 'Points mall'] },
  actions: {
    // Exchange orders.
    placeOrder: ['下单', 'Place order'],
    orderShip: ['订单发货', 'Ship order'],
    orderCancel: ['取消订单', 'Cancel order'],
    orderComplete: ['确认收货', 'Confirm receipt'],
    shipImport: ['批量发货', 'Bulk shipping'],
  },
  fields: {
    integralmall: {
      // Exchange orders.
      memberId: ['会员编号', 'Member ID'],
      goodsName: ['商品名称', 'Goods'],
      quantity: ['数量', 'Quantity'],
      pointsTotal: ['积分合计', 'Total points'],
      pointsRefunded: ['退回积分', 'Points refunded'],
      orderStatus: {
        label: ['订单状态', 'Order status'],
        format: { values: bilingual(ORDER_STATUS_LABELS, ORDER_STATUS_LABELS_EN) },
      },
      courier: {
        label: ['快递公司', 'Courier'],
        format: { values: bilingual(COURIER_LABELS, COURIER_LABELS_EN) },
      },
      trackingNo: ['快递单号', 'Tracking no.'],
      reason: ['取消原因', 'Reason'],
      field: {
        label: ['查看字段', 'Revealed field'],
        format: { values: { orderAddress: ['收货手机号和地址', 'Receiver phone and address'] } },
      },
      fileName: ['文件名', 'File'],
      total: ['文件行数', 'Rows in file'],
      shippedCount: ['已发货', 'Shipped'],
      failedCount: ['未发货', 'Not shipped'],
      // The export's filter.
      'filter.status': {
        label: ['订单状态', 'Order status'],
        format: { values: bilingual(ORDER_STATUS_LABELS, ORDER_STATUS_LABELS_EN) },
      },
      'filter.orderNo': ['订单号', 'Order no.'],
      'filter.name': ['会员姓名', 'Member name'],
      'filter.phone': ['手机号', 'Phone'],
      'filter.goodsName': ['商品名称', 'Goods'],
      'filter.memberId': ['会员编号', 'Member ID'],
    },
  },
  targetWords: { 订单: 'Order', 批量发货: 'Bulk shipping' },
  messages: {
    查看订单收货人手机号和地址明文: "Revealed an order's receiver phone and address",
  },
  messagePatterns: [[/^已发货(\d+)单，失败(\d+)单$/, 'Shipped $1 orders, $2 failed']],
};
