import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATISTICS_DETAIL_PATHS, type HealthDetails, type MallDetails } from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys } from '../../../shared/api/entity';
import type { Period } from '../metrics/api';

export const detailKeys = entityKeys('statistics', 'details');

/** 健康数据统计's response times and reports by doctor for the page's period. */
export function useHealthDetails(period: Period) {
  return useQuery({
    queryKey: [...detailKeys.all, 'health', period],
    queryFn: ({ signal }) =>
      api.get<HealthDetails>(STATISTICS_DETAIL_PATHS.health, { params: { ...period }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 积分统计's balance, orders by state, top goods and redeemers for the page's period. */
export function useMallDetails(period: Period) {
  return useQuery({
    queryKey: [...detailKeys.all, 'mall', period],
    queryFn: ({ signal }) =>
      api.get<MallDetails>(STATISTICS_DETAIL_PATHS.mall, { params: { ...period }, signal }),
    placeholderData: keepPreviousData,
  });
}
