/**
 * Sign-ins per day over the last 7 days as an ECharts bar chart, each bar labelled with its count. Only the ECharts
 * modules it uses are imported from 'echarts/core' (bundle size). Redraws on resize and when the
 * language or data change; disposes of the chart on unmount.
 */
import { useEffect } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import { useEcharts } from '../../hooks/use-echarts';
import type { DailySignIns } from '../../api/dashboard';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface SignInChartProps {
  data: DailySignIns[];
  /** Series name shown in the tooltip, translated. */
  seriesName: string;
  /** dayjs format of the axis labels (e.g. 'MM-DD'). */
  dateFormat?: string;
  height?: number;
}

/** See the module docs. */
export default function SignInChart({ data, seriesName, dateFormat = 'MM-DD', height = 320 }: SignInChartProps) {
  const { el, chart } = useEcharts();

  useEffect(() => {
    chart.current?.setOption(
      {
        grid: { left: 16, right: 24, top: 32, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'category',
          data: data.map((d) => dayjs(d.date).format(dateFormat)),
          axisTick: { alignWithLabel: true },
          axisLine: { lineStyle: { color: '#d9d9d9' } },
          axisLabel: { color: '#595959' },
        },
        yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#f0f0f0' } }, axisLabel: { color: '#8c8c8c' } },
        series: [
          {
            name: seriesName,
            type: 'bar',
            barMaxWidth: 36,
            data: data.map((d) => d.count),
            itemStyle: { color: '#1677ff', borderRadius: [4, 4, 0, 0] },
            label: { show: true, position: 'top', color: '#595959' },
          },
        ],
      },
      true,
    );
  }, [data, seriesName, dateFormat]);

  return <div ref={el} role="img" aria-label={seriesName} style={{ width: '100%', height }} />;
}
