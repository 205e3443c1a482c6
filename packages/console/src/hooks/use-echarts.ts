/**
 * One ECharts instance bound to a div: created on mount, resized with its container (ResizeObserver),
 * disposed of on unmount. Returns the div's ref and a ref to the chart (null before mount and after unmount);
 * callers register the ECharts modules they use and call `chart.current?.setOption(…)` in their own effect.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';

/** See the module docs. */
export function useEcharts() {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  return { el, chart };
}
