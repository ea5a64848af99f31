import {
  COURIER_LABELS,
  COURIER_LABELS_EN,
  GOODS_DEFAULT_SORT_LABELS,
  GOODS_DEFAULT_SORT_LABELS_EN,
  GOODS_REVIEW_STATUS_LABELS,
  GOODS_REVIEW_STATUS_LABELS_EN,
  GoodsMessages,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_LABELS_EN,
  PACKAGE_KIND_LABELS,
  PACKAGE_KIND_LABELS_EN,
  TASK_KIND_LABELS,
  TASK_KIND_LABELS_EN,
} from '@health/contract';
import { enumFormat, type AuditLabels } from '../../platform/audit-labels.js';

/** What 积分商城 writes to the operation log, in both languages. */
export const INTEGRALMALL_AUDIT_LABELS: AuditLabels = {
  modules: { integralmall: ['积分商城', 'Points mall'] },
  actions: {
    // Goods (商品管理).
    onShelf: ['上架', 'Put on shelf'],
    offShelf: ['下架', 'Take off shelf'],
    review: ['审核', 'Review'],
    // Exchange orders.
    placeOrder: ['下单', 'Place order'],
    orderShip: ['订单发货', 'Ship order'],
    orderCancel: ['取消订单', 'Cancel order'],
    orderComplete: ['确认收货', 'Confirm receipt'],
    shipImport: ['批量发货', 'Bulk shipping'],
  },
  fields: {
    integralmall: {
      // Package types (套餐类型).
      packageKind: {
        label: ['类型性质', 'Kind'],
        format: enumFormat(PACKAGE_KIND_LABELS, PACKAGE_KIND_LABELS_EN),
      },
      tasks: ['健康任务', 'Health tasks'],
      'tasks.taskKind': {
        label: ['任务类型', 'Task type'],
        format: enumFormat(TASK_KIND_LABELS, TASK_KIND_LABELS_EN),
      },
      'tasks.count': ['次数', 'Count'],
      // Goods (商品管理).
      images: ['商品图片', 'Images'],
      pointsPrice: ['积分价格', 'Points price'],
      cashFen: { label: ['现金价格', 'Cash price'], format: 'fen' },
      stock: ['库存', 'Stock'],
      limitPerMember: ['每人限兑', 'Limit per member'],
      packageType: ['套餐类型', 'Package type'],
      descriptionLength: ['商品详情字数', 'Details length'],
      onShelf: ['上架', 'On shelf'],
      reviewStatus: {
        label: ['审核状态', 'Review status'],
        format: enumFormat(GOODS_REVIEW_STATUS_LABELS, GOODS_REVIEW_STATUS_LABELS_EN),
      },
      reviewRemark: ['驳回原因', 'Rejection reason'],
      // Exchange orders.
      memberId: ['会员编号', 'Member ID'],
      goodsName: ['商品名称', 'Goods'],
      quantity: ['数量', 'Quantity'],
      pointsTotal: ['积分合计', 'Total points'],
      pointsRefunded: ['退回积分', 'Points refunded'],
      orderStatus: {
        label: ['订单状态', 'Order status'],
        format: enumFormat(ORDER_STATUS_LABELS, ORDER_STATUS_LABELS_EN),
      },
      courier: {
        label: ['快递公司', 'Courier'],
        format: enumFormat(COURIER_LABELS, COURIER_LABELS_EN),
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
        format: enumFormat(ORDER_STATUS_LABELS, ORDER_STATUS_LABELS_EN),
      },
      'filter.orderNo': ['订单号', 'Order no.'],
      'filter.name': ['会员姓名', 'Member name'],
      'filter.phone': ['手机号', 'Phone'],
      'filter.goodsName': ['商品名称', 'Goods'],
      'filter.memberId': ['会员编号', 'Member ID'],
    },
    // 商品设置 is saved as a settings section (module system).
    system: {
      reviewRequired: ['商品上架审核', 'Review before listing'],
      lowStockThreshold: ['库存预警值', 'Low-stock threshold'],
      defaultSort: {
        label: ['商品默认排序', 'Default goods order'],
        format: enumFormat(GOODS_DEFAULT_SORT_LABELS, GOODS_DEFAULT_SORT_LABELS_EN),
      },
      showSoldOut: ['展示售罄商品', 'Show sold-out goods'],
    },
  },
  targetWords: {
    套餐类型: 'Package type',
    商品: 'Goods',
    商品设置: 'Goods settings',
    订单: 'Order',
    批量发货: 'Bulk shipping',
  },
  messages: {
    [GoodsMessages.noShelfPermission]: 'No permission to put goods on or off shelf',
    查看订单收货人手机号和地址明文: "Revealed an order's receiver phone and address",
  },
  messagePatterns: [[/^已发货(\d+)单，失败(\d+)单$/, 'Shipped $1 orders, $2 failed']],
};
