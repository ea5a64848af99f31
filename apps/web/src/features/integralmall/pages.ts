import { PAGES } from '@health/contract';
import type { PageSlice } from '../../shared/routing/route-handle';

/** 积分商城's and 商城管理's pages. */
export const INTEGRALMALL_PAGES: PageSlice = {
  [PAGES.orders]: { load: () => import('./orders/OrderListPage') },
  [PAGES.orderDetail]: { load: () => import('./orders/OrderDetailPage') },
};
