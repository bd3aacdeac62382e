import { Badge } from '@mantine/core';
import { FAVOURABILITY_LOOKUP, formatRand } from '@listening/contract';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { html, safeHtml } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { bucketLabel, bucketScope } from '../../../project/clip-tray/scopes.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useLockedProduct } from '../../../project/components/LockedPanel.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useDailyInsights } from '../api/get-daily-insights.ts';
import { INSIGHTS_TITLE, partialText } from '../partial.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const LABEL = { day: 'D MMM', week: '[wk] D MMM', month: 'MMM YYYY' } as const;
/** Diagonal white lines over a partial bucket's bar, so a short bar is not read as a fall. */
const HATCH = { symbol: 'rect', symbolSize: 1, color: 'rgba(255, 255, 255, 0.6)', dashArrayX: [1, 0], dashArrayY: [3, 3], rotation: -Math.PI / 4 };
const RATINGS = ['Positive', 'Neutral', 'Negative'] as const;
/** The bars' colour without the split by rating. */
const MENTIONS_COLOR = '#1c7ed6';

/**
 * Mentions per day, week or month, stacked by favourability; without the Sentiment product (the
 * server then sends no split) one bar of mentions per bucket.
 */
export function DailyInsights() {
  const { params, filter } = useProjectContext();
  const tray = useClipTray();
  const query = useDailyInsights(params);
  const rated = useLockedProduct('Sentiment') === null;
  const bucket = query.data?.Bucket ?? 'day';
  const data = useMemo(() => query.data?.Data ?? [], [query.data]);

  const option = useMemo<EChartOption>(() => {
    const x = data.map((d) => dayjs(d.Date).format(LABEL[bucket]));
    // A partial bucket (cut by the range, or holding now) is hatched and a little lighter.
    const bars = (value: (d: (typeof data)[number]) => number) =>
      data.map((d) => (d.Partial ? { value: value(d), itemStyle: { decal: HATCH, opacity: 0.7 } } : value(d)));
    const series = rated
      ? RATINGS.map((name) => ({
          name,
          type: 'bar',
          stack: 'mentions',
          barMaxWidth: 28,
          itemStyle: { color: FAVOURABILITY_LOOKUP.find((f) => f.Description === name)!.Color },
          data: bars((d) => d[name] ?? 0),
        }))
      : [{ name: 'Mentions', type: 'bar', barMaxWidth: 28, itemStyle: { color: MENTIONS_COLOR }, data: bars((d) => d.Count) }];
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number }[]) => {
          const d = data[ps[0].dataIndex];
          return html`<b>${dayjs(d.Date).format(bucket === 'month' ? 'MMMM YYYY' : bucket === 'week' ? '[Week of] D MMM YYYY' : 'ddd D MMM YYYY')}</b
            >${d.Partial ? safeHtml`<br /><i>${partialText(d.Partial)}</i>` : ''}<br />${d.Count.toLocaleString('en-US')}
            mentions${rated ? safeHtml`<br />Positive ${d.Positive ?? 0} · Neutral ${d.Neutral ?? 0} · Negative ${d.Negative ?? 0}` : ''}<br />AVE
            ${formatRand(d.AVE)}`;
        },
      },
      legend: { show: rated, bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      grid: { left: 44, right: 12, top: 12, bottom: rated ? 52 : 28 },
      xAxis: { type: 'category', data: x, axisLabel: { fontSize: 11, hideOverlap: true }, axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#eef0f2' } }, axisLabel: { fontSize: 11 } },
      series,
    };
  }, [data, bucket, rated]);

  return (
    <WidgetCard
      title={INSIGHTS_TITLE[bucket]}
      subtitle={`Mentions per ${bucket}${rated ? ', by favourability' : ''}${data.some((d) => d.Partial) ? ` · hatched: a partial ${bucket}` : ''}`}
      testId="daily-insights"
      actions={<Badge variant="light">by {bucket}</Badge>}
    >
      <QueryState query={query} isEmpty={data.every((d) => d.Count === 0)} empty={<EmptyState title="No mentions in this range" />} height={280}>
        <EChart
          ariaLabel={`${INSIGHTS_TITLE[bucket]} bar chart`}
          option={option}
          height={280}
          // A bar opens its period's posts; a segment, those of its rating.
          onClick={(e) => {
            const d = data[e.dataIndex];
            const name = rated ? RATINGS[e.seriesIndex ?? -1] : undefined;
            const rating = FAVOURABILITY_LOOKUP.find((f) => f.Description === name);
            if (d) tray.open(bucketScope(d.Date, bucket, filter, rating && { id: rating.Id, name: rating.Description }));
          }}
          cells={{
            columns: data.length,
            rows: 1,
            index: (column) => column,
            label: (column) => `${bucketLabel(data[column].Date, bucket)}: ${data[column].Count.toLocaleString('en-US')} mentions`,
            onOpen: (column) => tray.open(bucketScope(data[column].Date, bucket, filter)),
          }}
        />
      </QueryState>
    </WidgetCard>
  );
}
