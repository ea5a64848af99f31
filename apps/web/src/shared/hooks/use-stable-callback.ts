import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback that is the same function for the component's whole life and always calls the latest
 * `fn` (the "useEvent" pattern). For handlers passed to memoised children that would otherwise be
 * rendered again on every render of the parent. React's useEffectEvent is the same idea but may
 * only be called from effects, not passed as a prop. Not to be called during render.
 */
export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
