import { useQuery } from '@tanstack/react-query';
import {
  OrderPaths,
  type MemberOption,
  type Order,
  type OrderAdd,
  type OrderCancel,
  type OrderComplete,
  type OrderCounts,
  type OrderDetail,
  type OrderGoodsOption,
  type OrderMemberInfo,
  type OrderReveal,
  type OrderShip,
  type ShipBatch,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/**
 * Query keys of exchange orders; every change refreshes the lists, counts and details. An order
 * also moves a member's points (the member centre's queries) and the goods' stock.
 */
export const orderKeys = entityKeys('integralmall', 'orders');
const changed = [orderKeys.all, ['integralmall', 'goods'], ['member']];

export const fetchOrders = listOf<Order>(OrderPaths.list);

export function useOrderDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...orderKeys.all, 'detail', id],
    queryFn: () => api.get<OrderDetail>(OrderPaths.detail, { params: { id } }),
    enabled: id !== undefined,
  });
}

export function useOrderCounts() {
  return useQuery({
    queryKey: [...orderKeys.all, 'counts'],
    queryFn: () => api.get<OrderCounts>(OrderPaths.counts),
    refetchInterval: 60_000,
  });
}

export function useOrderMemberOptions(keyword: string) {
  return useQuery({
    queryKey: [...orderKeys.all, 'memberOptions', keyword],
    queryFn: () => api.get<MemberOption[]>(OrderPaths.memberOptions, { params: { keyword } }),
    enabled: keyword.trim().length > 0,
    staleTime: 30_000,
  });
}

export function useOrderMemberInfo(memberId: number | undefined) {
  return useQuery({
    queryKey: [...orderKeys.all, 'memberInfo', memberId],
    queryFn: () => api.get<OrderMemberInfo>(OrderPaths.memberInfo, { params: { memberId } }),
    enabled: memberId !== undefined,
  });
}

export function useOrderGoodsOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.all, 'goodsOptions', keyword],
    queryFn: () =>
      api.get<OrderGoodsOption[]>(OrderPaths.goodsOptions, {
        params: keyword ? { keyword } : {},
      }),
    enabled,
    staleTime: 10_000,
  });
}

/** The plain receiver, phone and address (logged on the server). */
export function revealOrder(id: number): Promise<OrderReveal> {
  return api.post<OrderReveal>(OrderPaths.reveal, { id }, { bodyType: 'json' });
}

const post =
  <V extends object>(path: string) =>
  (values: V) =>
    api.post<Order>(path, values as Record<string, never>, { bodyType: 'json' });

export const useAddOrder = () => useInvalidatingMutation(post<OrderAdd>(OrderPaths.add), changed);
export const useShipOrder = () =>
  useInvalidatingMutation(post<OrderShip>(OrderPaths.ship), changed);
export const useCancelOrder = () =>
  useInvalidatingMutation(post<OrderCancel>(OrderPaths.cancel), changed);
export const useCompleteOrder = () =>
  useInvalidatingMutation(post<OrderComplete>(OrderPaths.complete), changed);

/** The dry run of a courier file: every row checked, nothing shipped. */
export function useCheckShipFile() {
  return useInvalidatingMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<ShipBatch>(OrderPaths.shipCheck, body, {
      bodyType: 'multipart',
      timeoutMs: 2 * 60 * 1000,
    });
  }, []);
}

/** Ship the valid rows of a checked file. */
export function useCommitShipFile() {
  return useInvalidatingMutation(
    (id: number) =>
      api.request<ShipBatch>(OrderPaths.shipCommit, {
        method: 'POST',
        body: { id },
        bodyType: 'json',
        timeoutMs: 5 * 60 * 1000,
      }),
    changed,
  );
}

export function downloadShipTemplate(fileName: string) {
  return api.download(OrderPaths.shipTemplate, { fileName });
}

export function downloadShipResult(id: number, fileName: string) {
  return api.download(OrderPaths.shipResult, { params: { id }, fileName });
}
