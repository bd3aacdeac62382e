import { Badge } from '@mantine/core';
import { FAVOURABILITY_LOOKUP, formatRand } from '@listening/contract';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { html } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useDailyInsights } from '../api/get-daily-insights.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const LABEL = { day: 'D MMM', week: '[wk] D MMM', month: 'MMM YYYY' } as const;

/** Mentions per day, week or month, stacked by favourability. */
export function DailyInsights() {
  const { params } = useProjectContext();
  const query = useDailyInsights(params);
  const bucket = query.data?.Bucket ?? 'day';
  const data = useMemo(() => query.data?.Data ?? [], [query.data]);

  const option = useMemo<EChartOption>(() => {
    const x = data.map((d) => dayjs(d.Date).format(LABEL[bucket]));
    const series = (['Positive', 'Neutral', 'Negative'] as const).map((name) => ({
      name,
      type: 'bar',
      stack: 'mentions',
      barMaxWidth: 28,
      itemStyle: { color: FAVOURABILITY_LOOKUP.find((f) => f.Description === name)!.Color },
      data: data.map((d) => d[name]),
    }));
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number }[]) => {
          const d = data[ps[0].dataIndex];
          return html`<b>${dayjs(d.Date).format(bucket === 'month' ? 'MMMM YYYY' : bucket === 'week' ? '[Week of] D MMM YYYY' : 'ddd D MMM YYYY')}</b
            ><br />${d.Count.toLocaleString('en-US')} mentions<br />Positive ${d.Positive} · Neutral ${d.Neutral} · Negative ${d.Negative}<br />AVE
            ${formatRand(d.AVE)}`;
        },
      },
      legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      grid: { left: 44, right: 12, top: 12, bottom: 52 },
      xAxis: { type: 'category', data: x, axisLabel: { fontSize: 11, hideOverlap: true }, axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#eef0f2' } }, axisLabel: { fontSize: 11 } },
      series,
    };
  }, [data, bucket]);

  return (
    <WidgetCard
      title="Daily insights"
      subtitle="Mentions over the range, by favourability"
      testId="daily-insights"
      actions={<Badge variant="light">by {bucket}</Badge>}
    >
      <QueryState query={query} isEmpty={data.every((d) => d.Count === 0)} empty={<EmptyState title="No mentions in this range" />} height={280}>
        <EChart ariaLabel="Daily insights bar chart" option={option} height={280} />
      </QueryState>
    </WidgetCard>
  );
}
