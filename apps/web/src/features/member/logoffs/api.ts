import { type LogoffItem, LogoffPaths } from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of log-off requests. */
export const logoffKeys = { all: ['member', 'logoff'] as const };

export const fetchLogoffs = listOf<LogoffItem>(LogoffPaths.list);

/** Approve: the member is anonymised, so every member query refreshes. */
export function useApproveLogoff() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(LogoffPaths.approve, { id }),
    [['member']],
  );
}

export function useRejectLogoff(id: number) {
  return useInvalidatingMutation(
    ({ rejectReason }: { rejectReason: string }) =>
      api.post<null>(LogoffPaths.reject, { id, rejectReason }),
    [logoffKeys.all],
  );
}
