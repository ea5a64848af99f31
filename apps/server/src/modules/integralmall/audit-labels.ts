import {
  GOODS_DEFAULT_SORT_LABELS,
  GOODS_DEFAULT_SORT_LABELS_EN,
  GOODS_REVIEW_STATUS_LABELS,
  GOODS_REVIEW_STATUS_LABELS_EN,
  GoodsMessages,
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
  targetWords: { 套餐类型: 'Package type', 商品: 'Goods', 商品设置: 'Goods settings' },
  messages: { [GoodsMessages.noShelfPermission]: 'No permission to put goods on or off shelf' },
};
