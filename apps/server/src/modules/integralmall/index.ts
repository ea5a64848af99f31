import { PAGES } from '@health/contract';
import type { Area } from '../../platform/area.js';
import { INTEGRALMALL_AUDIT_LABELS } from './audit-labels.js';
import { seedGoods, storeGoodsPictures } from './goods/demo.js';
import { goodsRoutes } from './goods/routes.js';
import { orderDemo } from './orders/demo.js';
import { orderRoutes } from './orders/routes.js';
import { ORDER_AUTO_COMPLETE_JOB, OrderService } from './orders/service.js';
import { packageTypeRoutes } from './package-types/routes.js';

/**
 * 积分商城 and 商城管理: package types (goods categories and service packages), goods, exchange
 * orders through their state machine with points and stock moved atomically, bulk shipping from a
 * courier's file, and 商品设置.
 */
export const integralmall: Area = {
  name: 'integralmall',
  routes: [packageTypeRoutes, goodsRoutes, orderRoutes],
  audit: INTEGRALMALL_AUDIT_LABELS,
  jobs: (ctx) => {
    const orders = new OrderService(ctx);
    return {
      // Hourly: complete the orders shipped longer ago than 运营配置's confirm days.
      [ORDER_AUTO_COMPLETE_JOB]: async () => {
        await orders.autoComplete();
        await orders.ensureAutoCompleteJob(ctx.jobs, true);
      },
    };
  },
  start: (ctx) => new OrderService(ctx).ensureAutoCompleteJob(ctx.jobs),
  todos: (ctx) => [
    {
      key: 'ordersToShip',
      title: '待发货订单',
      link: PAGES.orders,
      query: 'status=to_ship',
      count: (db) => new OrderService(ctx).toShipCount(db),
    },
  ],
  // The goods demo (when there is one) runs first: the orders take what is on shelf.
  demo: async (db, demo) => {
    await seedGoods(db, demo);
    await orderDemo(db, demo);
  },
  demoThroughApi: (_app, ctx) => storeGoodsPictures(ctx),
};
