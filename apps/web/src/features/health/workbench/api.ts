import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COUNT_POLL_SECONDS,
  WARNING_POLL_SECONDS,
  WorkbenchPaths,
  type WorkbenchClaim,
  type WorkbenchCounts,
  type WorkbenchDetail,
  type WorkbenchQueue,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, useInvalidatingMutation } from '../../../shared/api/entity';
import { followEventStream } from '../../../shared/api/event-stream';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the workbench; every change invalidates the prefix. */
export const workbenchKeys = entityKeys('health', 'workbench');

/** The server's clock and wait limit of the last queue answer (the wait clocks use them). */
export interface QueueClock {
  /** Server time − this browser's time. */
  offsetMs: number;
  waitLimitMinutes: number;
}
let lastClock: QueueClock = { offsetMs: 0, waitLimitMinutes: 30 };
export const queueClock = (): QueueClock => lastClock;

export async function fetchQueue(params: ListParams): Promise<WorkbenchQueue> {
  const answer = await api.get<WorkbenchQueue>(WorkbenchPaths.queue, { params });
  lastClock = { offsetMs: answer.now - Date.now(), waitLimitMinutes: answer.waitLimitMinutes };
  return answer;
}

/** The counters, every COUNT_POLL_SECONDS (and after any change). */
export function useWorkbenchCounts() {
  return useQuery({
    queryKey: [...workbenchKeys.all, 'counts'],
    queryFn: () => api.get<WorkbenchCounts>(WorkbenchPaths.counts),
    refetchInterval: COUNT_POLL_SECONDS * 1000,
  });
}

export function useWorkbenchDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...workbenchKeys.all, 'detail', id],
    queryFn: () => api.get<WorkbenchDetail>(WorkbenchPaths.detail, { params: { id } }),
    enabled: id !== undefined,
  });
}

export function useClaimAlert() {
  return useInvalidatingMutation(
    (id: number) => api.post<WorkbenchClaim>(WorkbenchPaths.claim, { id }, { bodyType: 'json' }),
    [workbenchKeys.all],
  );
}

export function useReleaseAlert() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(WorkbenchPaths.release, { id }, { bodyType: 'json' }),
    [workbenchKeys.all],
  );
}

/** Seconds before a broken stream is opened again (polling meanwhile). */
const RECONNECT_SECONDS = 15;

/**
 * Keep the workbench live: the server's events (a new alert within seconds of its ingest), or,
 * while the stream is down, a poll every WARNING_POLL_SECONDS. `hold` (the pointer is on the
 * queue) defers refreshing the queue so that no row moves under the pointer: the events are
 * counted and applied once it is false again. Returns the number of updates waiting.
 */
export function useWorkbenchLive(hold: boolean): { waiting: number; live: boolean } {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const [live, setLive] = useState(false);
  const holdRef = useRef(hold);
  holdRef.current = hold;

  useEffect(() => {
    const controller = new AbortController();
    let poll: ReturnType<typeof setInterval> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (holdRef.current) setWaiting((n) => n + 1);
      else void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
    };
    const open = () => {
      void followEventStream(
        WorkbenchPaths.stream,
        ({ event }) => {
          if (event === 'ready') {
            setLive(true);
            if (poll) clearInterval(poll);
            poll = null;
            return;
          }
          if (event !== 'alert' && event !== 'changed') return;
          refresh();
        },
        controller.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          // Down: poll as the spec's warning poll does, and try the stream again later.
          setLive(false);
          poll ??= setInterval(refresh, WARNING_POLL_SECONDS * 1000);
          retry = setTimeout(open, RECONNECT_SECONDS * 1000);
        });
    };
    open();
    return () => {
      controller.abort();
      if (poll) clearInterval(poll);
      if (retry) clearTimeout(retry);
    };
  }, [queryClient]);

  // Released: apply what came meanwhile.
  useEffect(() => {
    if (!hold && waiting > 0) {
      setWaiting(0);
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
    }
  }, [hold, waiting, queryClient]);

  return { waiting, live };
}
