import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  SCREEN_FEED_SIZE,
  SCREEN_PATHS,
  SCREEN_POLL_SECONDS,
  SCREEN_TOKEN_HEADER,
  type ScreenAlert,
  type ScreenLinkAdd,
  type ScreenLinkCreated,
  type ScreenLinkList,
  type ScreenSnapshot,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { isApiError } from '../../../shared/api/errors';
import { entityKeys, useInvalidatingMutation } from '../../../shared/api/entity';
import { followEventStream } from '../../../shared/api/event-stream';

export { screenLinkToken } from './link-token';

export const screenLinkKeys = entityKeys('statistics', 'screenLinks');

/** How the screen's calls prove who asks: the link's header, or the session (nothing extra). */
function credentials(token: string | null): Record<string, string> | undefined {
  return token ? { [SCREEN_TOKEN_HEADER]: token } : undefined;
}

export type SnapshotState =
  | { kind: 'loading' }
  | { kind: 'ready'; snapshot: ScreenSnapshot; failed: boolean }
  | { kind: 'refused'; message: string };

/**
 * The snapshot, fetched again SCREEN_POLL_SECONDS after each answer (never two at once), until the
 * page closes: the call in flight is cancelled and no timer is left behind. A failed poll keeps
 * the last numbers on screen (marked stale) and tries again at the next turn; a refused link
 * (expired, revoked) stops the polling and says why.
 */
export function useScreenSnapshot(linkToken: string | null, pollMs = SCREEN_POLL_SECONDS * 1000) {
  const [state, setState] = useState<SnapshotState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      try {
        const snapshot = await api.get<ScreenSnapshot>(SCREEN_PATHS.snapshot, {
          signal: controller.signal,
          ...(linkToken
            ? {
                auth: false,
                headers: credentials(linkToken),
                silent: true,
                skipSessionHandling: true,
              }
            : { silent: true }),
        });
        setState({ kind: 'ready', snapshot, failed: false });
      } catch (e) {
        if (controller.signal.aborted) return;
        if (linkToken && isApiError(e) && e.kind === 'state') {
          setState({ kind: 'refused', message: e.msg });
          return;
        }
        setState((s) => (s.kind === 'ready' ? { ...s, failed: true } : s));
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [linkToken, pollMs]);
  return state;
}

/** Seconds before a broken stream is opened again. */
const RECONNECT_SECONDS = 15;

/**
 * The live feed: the snapshot's newest alerts, with each new one from the stream put on top as it
 * arrives (at most SCREEN_FEED_SIZE kept). `live` says whether the stream is open.
 */
export function useScreenFeed(
  linkToken: string | null,
  fromSnapshot: readonly ScreenAlert[] | undefined,
  /** false once the link was refused: no stream is opened (or tried again). */
  enabled = true,
): { alerts: ScreenAlert[]; live: boolean; arrived: ReadonlySet<number> } {
  const [streamed, setStreamed] = useState<ScreenAlert[]>([]);
  const [live, setLive] = useState(false);
  // The ids that came over the stream (the feed highlights them).
  const arrived = useRef(new Set<number>());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | null = null;
    const open = () => {
      void followEventStream(
        SCREEN_PATHS.stream,
        ({ event, data }) => {
          if (event === 'ready') setLive(true);
          if (event !== 'alert') return;
          const alert = JSON.parse(data) as ScreenAlert;
          arrived.current.add(alert.id);
          if (arrived.current.size > SCREEN_FEED_SIZE * 4)
            arrived.current = new Set([...arrived.current].slice(-SCREEN_FEED_SIZE));
          setStreamed((list) => [alert, ...list].slice(0, SCREEN_FEED_SIZE));
        },
        controller.signal,
        credentials(linkToken),
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setLive(false);
          retry = setTimeout(open, RECONNECT_SECONDS * 1000);
        });
    };
    open();
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [linkToken, enabled]);

  const merged = new Map<number, ScreenAlert>();
  for (const a of [...streamed, ...(fromSnapshot ?? [])])
    if (!merged.has(a.id)) merged.set(a.id, a);
  const alerts = [...merged.values()]
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .slice(0, SCREEN_FEED_SIZE);
  return { alerts, live, arrived: arrived.current };
}

/* --------------------------------------------------------------- links */

export function useScreenLinks(enabled: boolean) {
  return useQuery({
    queryKey: [...screenLinkKeys.all, 'list'],
    queryFn: ({ signal }) => api.get<ScreenLinkList>(SCREEN_PATHS.linkList, { signal }),
    enabled,
  });
}

export function useAddScreenLink() {
  return useInvalidatingMutation(
    (body: ScreenLinkAdd) =>
      api.post<ScreenLinkCreated>(SCREEN_PATHS.linkAdd, { ...body }, { bodyType: 'json' }),
    [screenLinkKeys.all],
  );
}

export function useRevokeScreenLink() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(SCREEN_PATHS.linkRevoke, { id }, { bodyType: 'json' }),
    [screenLinkKeys.all],
  );
}
