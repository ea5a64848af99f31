import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { EcgPaths, type EcgRecording, type EcgWindow } from '@health/contract';
import { api } from '../api/client';
import { entityKeys } from '../api/entity';
import type { FetchWindow } from './window-cache';

/** Query keys of ECG recordings. */
export const ecgKeys = entityKeys('report', 'ecg');

/** One recording's facts and analysis (not its samples: the viewer loads windows). */
const ecgDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...ecgKeys.all, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<EcgRecording>(EcgPaths.detail, { params: { id }, signal, silent: true }),
    // A recording never changes once uploaded; its analysis neither.
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useEcgDetail(id: number) {
  return useQuery(ecgDetailQuery(id));
}

/**
 * Start loading a recording's detail at the click that opens it, before the drawer and the view
 * render (a list's 查看心电): the request runs while they mount, and the view finds it in flight.
 */
export function usePrefetchEcgDetail(): (id: number) => void {
  const queryClient = useQueryClient();
  return useCallback((id) => void queryClient.prefetchQuery(ecgDetailQuery(id)), [queryClient]);
}

/**
 * The viewer's window loader for one recording: ecg/window at the viewer's resolution, aborted by
 * the viewer when stale. Silent: the viewer shows a failed window itself, and does not toast for
 * every tile it retries. Not cached by TanStack Query: the viewer keeps its own LRU of windows.
 */
export function ecgWindowFetcher(id: number): FetchWindow {
  return (startMs, endMs, bins, signal) =>
    api.get<EcgWindow>(EcgPaths.window, {
      params: { id, startMs: Math.round(startMs), endMs: Math.round(endMs), bins },
      signal,
      silent: true,
    });
}
