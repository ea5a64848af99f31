import { useEffect } from 'react';
import { progress } from '../utils/progress';

/** Suspense fallback: runs the top progress bar while a lazy chunk loads; renders nothing (no spinner). */
export function ProgressFallback() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return null;
}
