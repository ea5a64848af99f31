import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../../shared/hooks/use-reduced-motion';

/** How long a number takes to count from its last value to the new one. */
const COUNT_MS = 1200;

/**
 * A running total that counts up (or down) from the value it showed last to the new one, then
 * stops: one animation frame loop per change, none between changes. The first value is shown as
 * it is; so is every value when the system asks for less motion.
 */
export function CountUp({ value, format }: { value: number; format: (n: number) => string }) {
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    if (prefersReducedMotion()) {
      shownRef.current = value;
      setShown(value);
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / COUNT_MS);
      // Ease out: fast at first, settling on the value.
      const eased = 1 - (1 - progress) ** 3;
      const next = progress === 1 ? value : Math.round(from + (value - from) * eased);
      shownRef.current = next;
      setShown(next);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);

  return <>{format(shown)}</>;
}
