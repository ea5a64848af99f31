import { useEffect, useRef, type RefObject } from 'react';
import * as echarts from 'echarts/core';

type Chart = ReturnType<typeof echarts.init>;
export type EChartOption = Parameters<Chart['setOption']>[0];

/**
 * An ECharts instance on a div: made once, resized with its box, disposed on unmount, and given the
 * option each time it changes (replacing the previous one). `setup` may attach listeners to the new
 * chart and return their clean-up. Each chart component registers the ECharts parts it draws with
 * (`echarts.use`), so the bundles carry only those.
 *
 *   const ref = useEchart(option);
 *   return <div ref={ref} role="img" aria-label={label} style={{ height: 300 }} />;
 */
export function useEchart(
  option: EChartOption,
  setup?: (chart: Chart) => (() => void) | void,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  // The first render's setup: listeners are attached once, to the one chart.
  const setupRef = useRef(setup);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    const cleanup = setupRef.current?.(chart);
    return () => {
      cleanup?.();
      observer.disconnect();
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    const chart = el ? echarts.getInstanceByDom(el) : undefined;
    chart?.setOption(option, true);
  }, [option]);

  return ref;
}
