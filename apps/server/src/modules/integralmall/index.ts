import type { Area } from '../../platform/area.js';
import { INTEGRALMALL_AUDIT_LABELS } from './audit-labels.js';
import { seedGoods } from './goods/demo.js';
import { goodsRoutes } from './goods/routes.js';
import { packageTypeRoutes } from './package-types/routes.js';

/**
 * 积分商城 and 商城管理: package types (goods categories and service packages), goods, exchange
 * orders through their state machine with points and stock moved atomically, bulk shipping from a
 * courier's file, and 商品设置.
 */
export const integralmall: Area = {
  name: 'integralmall',
  routes: [packageTypeRoutes, goodsRoutes],
  audit: INTEGRALMALL_AUDIT_LABELS,
  demo: async (db, demo) => {
    await seedGoods(db, demo);
  },
};
