// The one ECharts wrapper: registers the chart types the app draws, sizes the chart to
// its box, replaces the option when it changes and hands clicks back. Screens pass an option only.
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import 'echarts-wordcloud';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, HeatmapChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export type EChartOption = echarts.EChartsCoreOption;
export interface EChartClick {
  dataIndex: number;
  seriesIndex?: number;
  name: string;
  value: unknown;
  data: unknown;
}

export function EChart({
  option,
  height = 300,
  onClick,
  ariaLabel,
}: {
  option: EChartOption;
  height?: number | string;
  onClick?: (event: EChartClick) => void;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);

  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (p) => clickRef.current?.(p as unknown as EChartClick));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height, cursor: onClick ? 'pointer' : undefined }} />;
}
