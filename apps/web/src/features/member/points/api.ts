import { useQuery } from '@tanstack/react-query';
import {
  PointsPaths,
  type Page,
  type PointsLedgerItem,
  type PointsSummary,
} from '@health/contract';
import { api } from '../../../shared/api/client';

export const pointsKeys = {
  ledger: ['points', 'ledger'] as const,
  summary: (startTime?: string, endTime?: string) =>
    ['points', 'summary', startTime ?? '', endTime ?? ''] as const,
};

export function fetchLedger(params: Record<string, unknown>) {
  return api.get<Page<PointsLedgerItem>>(PointsPaths.ledgerList, { params });
}

export function usePointsSummary(startTime?: string, endTime?: string) {
  return useQuery({
    queryKey: pointsKeys.summary(startTime, endTime),
    queryFn: () =>
      api.get<PointsSummary>(PointsPaths.ledgerSummary, {
        params: { startTime: startTime ?? '', endTime: endTime ?? '' },
      }),
  });
}
