// The content classification bar chart: posts per bucket stacked by Owned, Earned and Chatter in
// their card colours (docs/spec/000_a68d9a07050fe88c.txt section 9: owned blue, earned green, chatter orange). A segment opens that
// bucket's posts of its association; the axis label, the bucket's from..to (capped at now).
import { BRAND_ASSOCIATION, CHART_MIN_INTERVAL, SENTIMENT_CARD_COLORS, type ContentClassification } from '@listening/contract';
import type { TrayScope } from '../../project/clip-tray/tray-state.tsx';
import type { EChartOption } from '../../ui/charts/EChart.tsx';
import { html } from '../../ui/html.ts';

export const ASSOCIATIONS = ['Owned', 'Earned', 'Chatter'] as const;
export type Association = (typeof ASSOCIATIONS)[number];
type Daily = ContentClassification['Daily'];

/** Diagonal white lines over a partial bucket's bar (as the dashboard's insights), so a short bar is not read as a fall. */
const HATCH = { symbol: 'rect', symbolSize: 1, color: 'rgba(255, 255, 255, 0.6)', dashArrayX: [1, 0], dashArrayY: [3, 3], rotation: -Math.PI / 4 };

export function classificationBarOption(daily: Daily): EChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: { dataIndex: number }[]) => {
        const d = daily[ps[0]?.dataIndex ?? -1];
        if (!d) return '';
        return html`<b>${d.Label}</b>${d.Partial ? ' (part of it: the range or now cuts it)' : ''}<br />Owned ${d.Owned} · Earned ${d.Earned} · Chatter
          ${d.Chatter}`;
      },
    },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
    grid: { left: 44, right: 12, top: 12, bottom: 52 },
    xAxis: { type: 'category', data: daily.map((d) => d.Label), axisLabel: { fontSize: 11, hideOverlap: true }, axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: CHART_MIN_INTERVAL, splitLine: { lineStyle: { color: '#eef0f2' } }, axisLabel: { fontSize: 11 } },
    series: ASSOCIATIONS.map((a) => ({
      name: a,
      type: 'bar',
      stack: 'classification',
      barMaxWidth: 28,
      itemStyle: { color: SENTIMENT_CARD_COLORS[a] },
      data: daily.map((d) => (d.Partial ? { value: d[a], itemStyle: { decal: HATCH, opacity: 0.7 } } : d[a])),
    })),
  };
}

/** The posts of a bar segment (one association in one bucket), or of a whole bar when no series is known. */
export function segmentScope(daily: Daily, seriesIndex: number | undefined, dataIndex: number): TrayScope | null {
  const d = daily[dataIndex];
  if (!d) return null;
  const a = seriesIndex === undefined ? undefined : ASSOCIATIONS[seriesIndex];
  return {
    label: `${a ? `${a} posts, ` : 'Posts, '}${d.Label}`,
    startDate: d.From,
    endDate: d.To,
    ...(a ? { brandAssociationId: BRAND_ASSOCIATION[a] } : {}),
  };
}
