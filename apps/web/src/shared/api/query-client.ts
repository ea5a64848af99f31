import { QueryClient } from '@tanstack/react-query';
import { onSessionClear } from '../session/session';

/**
 * Server state cache (TanStack Query). Only the logged-in shell and its pages load it, so /login
 * does not carry it. It is emptied when the session ends. Errors are already shown by the API client, so no retries that would
 * repeat the toast; data stays fresh for 30 s.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionClear(() => queryClient.clear());
