import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../api/errors';

/** What a public page has loaded: still loading, the value, or the server's message. */
export type PublicLoad<T> =
  { kind: 'loading' } | { kind: 'ok'; value: T } | { kind: 'error'; msg: string };

/**
 * One load of a public page (outside the layout, where no query client lives): `load` runs on mount
 * and on each `retry`, and is aborted when the page goes or retries. `load` must be stable (a
 * module-level function).
 */
export function usePublicLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
): [PublicLoad<T>, () => void] {
  const [state, setState] = useState<PublicLoad<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(controller.signal)
      .then((value) => setState({ kind: 'ok', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'error', msg: isApiError(error) ? error.msg : '' });
      });
    return () => controller.abort();
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}
