// The deep dive's charts as ECharts options: the charted items over time (one line each, in the
// server's buckets) and the pie comparing them. Colours follow the items' order so the lines, the
// slices and the legend match.
import { CHART_MIN_INTERVAL, type DeepDive } from '@listening/contract';
import type { EChartOption } from '../../ui/charts/EChart.tsx';

export const ITEM_COLORS = ['#1c7ed6', '#2f9e44', '#f76707', '#ae3ec9', '#e03131'];

/** An item cut short for a legend or an axis (links are long). */
export const short = (v: string, max = 28) => (v.length > max ? `${v.slice(0, max - 1)}…` : v);

/** A bucket the range or now cuts is drawn as a hollow diamond, so that its lower count is not read as a fall. */
const PARTIAL_POINT = { symbol: 'emptyDiamond', symbolSize: 11 };

export function overTimeOption(d: DeepDive): EChartOption {
  return {
    color: ITEM_COLORS,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0, formatter: (n: string) => short(n) },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: d.Series.map((b) => b.Label), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: CHART_MIN_INTERVAL },
    series: d.Charted.map((name, i) => ({
      name,
      type: 'line',
      smooth: true,
      symbolSize: 7,
      data: d.Series.map((b) => (b.Partial ? { value: b.Counts[i], ...PARTIAL_POINT } : b.Counts[i])),
    })),
  };
}

export function pieOption(d: DeepDive): EChartOption {
  const counts = new Map(d.Items.map((i) => [i.Value, i.Count]));
  return {
    color: ITEM_COLORS,
    tooltip: { trigger: 'item', formatter: '{b}: {c} posts ({d}%)' },
    legend: { type: 'scroll', bottom: 0, formatter: (n: string) => short(n) },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        // Percentages inside the ring; names in the legend and the tooltip (long links would collide outside).
        label: { position: 'inside', formatter: '{d}%', color: '#fff', fontWeight: 600 },
        data: d.Charted.map((name) => ({ name, value: counts.get(name) ?? 0 })),
      },
    ],
  };
}
