import { useQuery } from '@tanstack/react-query';
import { AuthorityPaths, type SessionItem } from '@health/contract';
import { api } from '../../../shared/api/client';

/** The operator's own live sessions (/profile/index). */
export const mySessionKeys = { all: ['auth', 'mySessions'] as const };

export function useMySessions() {
  return useQuery({
    queryKey: mySessionKeys.all,
    queryFn: () => api.get<SessionItem[]>(AuthorityPaths.mySessions),
  });
}

export const revokeMySession = (sessionId: number) =>
  api.post<null>(AuthorityPaths.revokeMySession, { sessionId });
