/**
 * A bar chart of several series over categories (ECharts, only the modules used), for the application
 * dashboards: users per application (horizontal), policy calls per day (stacked). Redraws on resize and
 * when data or texts change; disposes of the chart on unmount. A legend shows when there are several series.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart as Bars } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEcharts } from '../../hooks/use-echarts';

echarts.use([Bars, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface BarSeries {
  name: string;
  data: number[];
  color: string;
  stack?: string;
}

export interface BarChartProps {
  categories: string[];
  series: BarSeries[];
  /** Bars along the x axis (categories on the y axis, for long names). */
  horizontal?: boolean;
  height?: number;
  /** Accessible name of the chart. */
  label: string;
}

/** See the module docs. */
export default function BarChart({ categories, series, horizontal = false, height = 320, label }: BarChartProps) {
  const { el, chart } = useEcharts();

  useEffect(() => {
    const category = {
      type: 'category' as const,
      data: categories,
      axisTick: { alignWithLabel: true },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#595959', width: 120, overflow: 'truncate' as const },
    };
    const value = { type: 'value' as const, minInterval: 1, splitLine: { lineStyle: { color: '#f0f0f0' } }, axisLabel: { color: '#8c8c8c' } };
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 16, right: 24, top: series.length > 1 ? 40 : 24, bottom: 8, containLabel: true },
        legend: series.length > 1 ? { top: 0, data: series.map((s) => s.name) } : { show: false },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: horizontal ? value : category,
        yAxis: horizontal ? { ...category, inverse: true } : value,
        series: series.map((s) => ({
          name: s.name,
          type: 'bar',
          stack: s.stack,
          barMaxWidth: 32,
          data: s.data,
          itemStyle: { color: s.color, borderRadius: s.stack ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
          // values of stacked series show in the tooltip; a lone series labels its non-zero bars
          label: {
            show: !s.stack,
            position: horizontal ? 'right' : 'top',
            color: '#595959',
            formatter: (p: { value: unknown }) => (horizontal || p.value ? String(p.value) : ''),
          },
        })),
      },
      true,
    );
  }, [categories, series, horizontal]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
