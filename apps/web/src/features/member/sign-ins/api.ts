import { useQuery } from '@tanstack/react-query';
import {
  SignPaths,
  type Page,
  type SignCheckInResult,
  type SignDailyCounts,
  type SignRecord,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of check-ins. */
export const signKeys = {
  records: ['sign', 'records'] as const,
  daily: (start: string, end: string) => ['sign', 'daily', start, end] as const,
};

export function fetchRecords(params: Record<string, unknown>) {
  return api.get<Page<SignRecord>>(SignPaths.recordList, { params });
}

export function useDailyCounts(start: string, end: string) {
  return useQuery({
    queryKey: signKeys.daily(start, end),
    queryFn: () => api.get<SignDailyCounts>(SignPaths.dailyCounts, { params: { start, end } }),
  });
}

/** Check a member in by phone; resolves with the server's message ("签到成功，…"). */
export function useCheckIn() {
  return useInvalidatingMutation(
    async ({ phone }: { phone: string }) =>
      (
        await api.request<SignCheckInResult>(SignPaths.checkIn, {
          method: 'POST',
          body: { phone: phone.trim() },
        })
      ).msg,
    [signKeys.records],
  );
}
