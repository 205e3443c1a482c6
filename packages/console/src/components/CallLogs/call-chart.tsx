/**
 * Charts of the service-call statistics over time (issue 18 "charts over time"): calls and failed calls as
 * bars, or latency percentiles (P50/P95/P99, ms) as lines (a gap where a bucket had no call), one point per bucket of the window. Loaded
 * lazily by the statistics screen only (React.lazy), so ECharts is fetched when the screen shows a chart.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import type { CallSeriesPoint } from '@mp/protocol';
import { useEcharts } from '../../hooks/use-echarts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface CallChartProps {
  kind: 'calls' | 'latency';
  points: CallSeriesPoint[];
  /** Series names, translated: [calls, errors] or [p50, p95, p99]. */
  names: string[];
  /** Accessible name of the chart. */
  title: string;
  bucketSeconds: number;
  height?: number;
}

/** See the module docs. */
export default function CallChart({ kind, points, names, title, bucketSeconds, height = 260 }: CallChartProps) {
  const { el, chart } = useEcharts();
  useEffect(() => {
    const format = bucketSeconds >= 86_400 ? 'MM-DD' : 'MM-DD HH:mm';
    const axis = points.map((p) => dayjs(p.t).format(format));
    const busy = points.filter((p) => p.calls > 0).length; // lone points need their symbol to be seen
    const series =
      kind === 'calls'
        ? [
            { name: names[0], type: 'bar' as const, data: points.map((p) => p.calls), itemStyle: { color: '#1677ff' }, barMaxWidth: 24 },
            { name: names[1], type: 'bar' as const, data: points.map((p) => p.errors), itemStyle: { color: '#ff4d4f' }, barMaxWidth: 24 },
          ]
        : (['p50', 'p95', 'p99'] as const).map((k, i) => ({
            name: names[i],
            type: 'line' as const,
            smooth: true,
            showSymbol: busy < 40,
            connectNulls: false,
            data: points.map((p) => (p.calls ? p[k] : null)),
            itemStyle: { color: ['#52c41a', '#faad14', '#ff4d4f'][i] },
          }));
    chart.current?.setOption(
      {
        grid: { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: axis, axisLine: { lineStyle: { color: '#d9d9d9' } }, axisLabel: { color: '#595959' } },
        yAxis: { type: 'value', minInterval: kind === 'calls' ? 1 : 0, splitLine: { lineStyle: { color: '#f0f0f0' } }, axisLabel: { color: '#8c8c8c' } },
        series,
      },
      true,
    );
  }, [kind, points, names, bucketSeconds]);
  return <div ref={el} role="img" aria-label={title} style={{ width: '100%', height }} />;
}
