import { useCallback } from 'react';
import {
  ORDER_STEPS,
  PAGES,
  orderStepsFrom,
  type OrderStatus,
  type OrderStep,
} from '@health/contract';
import { usePageActions } from '../../../shared/stores/permission';

/** The steps an operator takes by hand (the auto-complete is the server's job). */
export type ManualStep = Exclude<OrderStep, 'autoComplete'>;

/** The tag colour of each status. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  to_ship: 'orange',
  shipped: 'blue',
  completed: 'green',
  cancelled: 'default',
};

/**
 * The steps an operator may take on an order in a status: the state machine's (contract
 * ORDER_STEPS) whose action the operator holds on 订单管理 — the same rule the server checks.
 * A service order is never shipped.
 */
export function useOrderSteps(): (status: OrderStatus, kind?: 'goods' | 'service') => ManualStep[] {
  const held = usePageActions(PAGES.orders) as readonly string[];
  return useCallback(
    (status: OrderStatus, kind?: 'goods' | 'service') =>
      orderStepsFrom(status).filter((name): name is ManualStep => {
        const action = ORDER_STEPS[name].action;
        if (action === null) return false;
        if (name === 'ship' && kind === 'service') return false;
        return held.includes(action);
      }),
    [held],
  );
}
