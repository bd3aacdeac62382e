// The Sentiment screen's charts as ECharts options, built from the answer alone (pure, so tests can
// read them): the breakdown pie (inner ring Owned/Earned/Chatter, outer ring each one's sentiment),
// the sentiment chart (each association's posts split by sentiment) and the Daily Insights lines
// (one per sentiment, in the shared buckets). What a slice, bar or point opens is said here too.
import { CHART_MIN_INTERVAL, FAVOURABILITY_LOOKUP, splitPartialLine, type SentimentRating } from '@listening/contract';
import type { TrayScope } from '../../project/clip-tray/tray-state.tsx';
import type { EChartOption } from '../../ui/charts/EChart.tsx';
import { html } from '../../ui/html.ts';

export const SENTIMENTS = ['Positive', 'Neutral', 'Negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
const rating = (name: Sentiment) => FAVOURABILITY_LOOKUP.find((f) => f.Description === name)!;
export const sentimentColor = (name: Sentiment) => rating(name).Color;

type Breakdown = SentimentRating['Breakdown'];
type Daily = SentimentRating['Daily'];

/** The outer ring's segments, in the inner ring's order: each association's posts of each sentiment (empty ones left out). */
export function outerSegments(breakdown: Breakdown) {
  return breakdown.flatMap((b) =>
    SENTIMENTS.filter((s) => b[s] > 0).map((s) => ({ association: b.Name, brandAssociationId: b.BrandAssociationId, sentiment: s, count: b[s] })),
  );
}

/** Tray scope of a pie slice: an association (inner ring) or an association's posts of one sentiment (outer ring). */
export function pieScope(breakdown: Breakdown, ring: 'inner' | 'outer', index: number): TrayScope | null {
  if (ring === 'inner') {
    const b = breakdown.filter((x) => x.Total > 0)[index];
    return b ? { label: `${b.Name} posts`, brandAssociationId: b.BrandAssociationId } : null;
  }
  const seg = outerSegments(breakdown)[index];
  return seg
    ? { label: `${seg.sentiment} ${seg.association} posts`, brandAssociationId: seg.brandAssociationId, favourabilityId: rating(seg.sentiment).Id }
    : null;
}

export function breakdownPieOption(breakdown: Breakdown): EChartOption {
  const inner = breakdown.filter((b) => b.Total > 0);
  return {
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesIndex: number; dataIndex: number; value: number; percent: number }) => {
        const name =
          p.seriesIndex === 0
            ? inner[p.dataIndex]?.Name
            : `${outerSegments(breakdown)[p.dataIndex]?.sentiment} · ${outerSegments(breakdown)[p.dataIndex]?.association}`;
        return html`<b>${name}</b><br />${p.value.toLocaleString('en-US')} posts (${p.percent}%)`;
      },
    },
    series: [
      {
        type: 'pie',
        name: 'Brand association',
        radius: ['0%', '38%'],
        center: ['50%', '45%'],
        // Only a slice wide enough names itself; the legend names them all.
        label: { position: 'inner', fontSize: 11, color: '#fff', formatter: (p: { name: string; percent: number }) => (p.percent >= 15 ? p.name : '') },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: inner.map((b) => ({ name: b.Name, value: b.Total, itemStyle: { color: b.Color } })),
      },
      {
        type: 'pie',
        name: 'Sentiment',
        radius: ['47%', '70%'],
        center: ['50%', '45%'],
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: outerSegments(breakdown).map((s) => ({ name: s.sentiment, value: s.count, itemStyle: { color: sentimentColor(s.sentiment) } })),
      },
    ],
  };
}

/** Each association's posts as one bar, split by sentiment (horizontal, so the names stay readable on a phone). */
export function sentimentChartOption(breakdown: Breakdown): EChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
    grid: { left: 70, right: 16, top: 8, bottom: 40 },
    xAxis: { type: 'value', minInterval: CHART_MIN_INTERVAL, splitLine: { lineStyle: { color: '#eef0f2' } }, axisLabel: { fontSize: 11 } },
    yAxis: {
      type: 'category',
      data: breakdown.map((b) => b.Name),
      inverse: true,
      axisLabel: { fontSize: 12, color: '#495057' },
    },
    series: SENTIMENTS.map((s) => ({
      name: s,
      type: 'bar',
      stack: 'sentiment',
      barMaxWidth: 30,
      itemStyle: { color: sentimentColor(s) },
      data: breakdown.map((b) => b[s]),
    })),
  };
}

/** Tray scope of a bar segment of the sentiment chart. */
export function barScope(breakdown: Breakdown, seriesIndex: number, dataIndex: number): TrayScope | null {
  const b = breakdown[dataIndex];
  const s = SENTIMENTS[seriesIndex];
  return b && s ? { label: `${s} ${b.Name} posts`, brandAssociationId: b.BrandAssociationId, favourabilityId: rating(s).Id } : null;
}

/**
 * A bucket the range, now or the project's first data cuts (contract periods.ts) is drawn as a
 * hollow diamond reached by a dashed segment, so that its lower count is not read as a fall.
 */
const PARTIAL_POINT = { symbol: 'emptyDiamond', symbolSize: 11 };

export function dailyLinesOption(daily: Daily): EChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (ps: { dataIndex: number }[]) => {
        const d = daily[ps[0]?.dataIndex ?? -1];
        if (!d) return '';
        return html`<b>${d.Label}</b>${d.Partial ? ' (part of it: the range, now or the start of the data cuts it)' : ''}<br />Positive ${d.Positive} · Neutral
          ${d.Neutral} · Negative ${d.Negative}`;
      },
    },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 }, data: [...SENTIMENTS] },
    grid: { left: 44, right: 16, top: 12, bottom: 52 },
    xAxis: { type: 'category', data: daily.map((d) => d.Label), axisLabel: { fontSize: 11, hideOverlap: true } },
    yAxis: { type: 'value', minInterval: CHART_MIN_INTERVAL, splitLine: { lineStyle: { color: '#eef0f2' } }, axisLabel: { fontSize: 11 } },
    // A solid line per rating through the whole buckets, then (same name, so one legend entry) a
    // dashed one through the partial buckets and their neighbours.
    series: (['whole', 'partial'] as const).flatMap((kind) =>
      SENTIMENTS.map((s) => {
        const values = splitPartialLine(
          daily.map((d) => d[s]),
          daily.map((d) => d.Partial),
        )[kind];
        return {
          name: s,
          type: 'line',
          smooth: false,
          symbolSize: 7,
          connectNulls: false,
          itemStyle: { color: sentimentColor(s) },
          lineStyle: { width: 2, type: kind === 'whole' ? 'solid' : 'dashed' },
          data: values.map((v, i) => (v !== null && daily[i].Partial ? { value: v, ...PARTIAL_POINT } : v)),
        };
      }),
    ),
  };
}

/** Tray scope of a point: its bucket's posts of its sentiment (the bucket's own from..to, capped at now); series 3 to 5 are the dashed lines of the same ratings. */
export function pointScope(daily: Daily, seriesIndex: number, dataIndex: number): TrayScope | null {
  const d = daily[dataIndex];
  const s = SENTIMENTS[seriesIndex % SENTIMENTS.length];
  return d && s ? { label: `${s} posts, ${d.Label}`, startDate: d.From, endDate: d.To, favourabilityId: rating(s).Id } : null;
}
