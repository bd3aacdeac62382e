// The dashboard's sentiment heatmap: net sentiment of each hour of each day, a cell opening its posts.
import { useMemo } from 'react';
import { FAVOURABILITY_LOOKUP, getSentimentHeatmap, type OperationOutput } from '@listening/contract';
import type { EChartOption } from '../../../ui/charts/EChart.tsx';
import { html, safeHtml } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LockedPanel, useLockedProduct } from '../../../project/components/LockedPanel.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useSentimentHeatmap } from '../api/get-sentiment-heatmap.ts';
import { HOURS, heatmapFrame } from '../heatmap.ts';
import { partialText } from '../partial.ts';
import { HourGridChart, useHourGrid } from './HourGrid.tsx';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const [POS, NEU, NEG] = FAVOURABILITY_LOOKUP.map((f) => f.Color);

const TITLE = 'Sentiment heatmap';

/** A cell's net sentiment, (positive − negative) / posts to two places; 0 for an hour without posts. */
const netSentiment = (c: OperationOutput<typeof getSentimentHeatmap>['Data'][number]) =>
  c.Count ? Math.round(((c.Positive - c.Negative) / c.Count) * 100) / 100 : 0;

/**
 * Net sentiment of each hour: (positive − negative) / posts, from −1 (red) to +1 (green). Posts
 * counted by rating, so behind the Sentiment product as the Sentiment screen is.
 */
export function SentimentHeatmap() {
  const locked = useLockedProduct('Sentiment');
  if (locked)
    return (
      <WidgetCard title={TITLE} testId="sentiment-heatmap">
        <LockedPanel product={locked} />
      </WidgetCard>
    );
  return <SentimentHeatmapBody />;
}

function SentimentHeatmapBody() {
  const { params } = useProjectContext();
  const query = useSentimentHeatmap(params);
  const { bucket, cells, grid, partial, labels, narrow, open } = useHourGrid(query.data, netSentiment);
  const byKey = useMemo(() => new Map(cells.map((c) => [`${c.Date}|${c.Hour}`, c])), [cells]);
  // Hours without posts are drawn empty rather than neutral.
  const points = grid.points.map(([h, r, v]) => (byKey.get(`${grid.rows[r]}|${h}`)?.Count ? [h, r, v] : [h, r, '-']));

  const option = useMemo<EChartOption>(
    () => ({
      ...heatmapFrame(labels, narrow, { min: -1, max: 1, text: ['Positive', 'Negative'], colors: [NEG, '#f1f3f5', POS] }, (p) => {
        const c = byKey.get(`${grid.rows[p.value[1]]}|${p.value[0]}`);
        const cut = partial.get(grid.rows[p.value[1]]);
        const head = safeHtml`${labels[p.value[1]]}, ${HOURS[p.value[0]]}${cut ? safeHtml`<br /><i>${partialText(cut)}</i>` : ''}`;
        if (!c?.Count) return html`${head}<br />No posts`;
        return html`${head}<br /><span style="color:${POS}">●</span> Positive ${c.Positive}<br /><span style="color:${NEU}">●</span> Neutral ${c.Neutral}<br /><span
            style="color:${NEG}"
            >●</span
          >
          Negative ${c.Negative}`;
      }),
      series: [{ type: 'heatmap', data: points, itemStyle: { borderColor: '#fff', borderWidth: 1, borderRadius: 2 } }],
    }),
    [grid, labels, points, byKey, partial, narrow],
  );

  return (
    <WidgetCard
      title={TITLE}
      subtitle={`Net sentiment of each hour · click a cell to read its posts${partial.size ? ` · * partial ${bucket}` : ''}`}
      testId="sentiment-heatmap"
    >
      <QueryState query={query} isEmpty={cells.every((c) => c.Count === 0)} empty={<EmptyState title="No rated posts in this range" />} height={300}>
        <HourGridChart
          ariaLabel="Sentiment heatmap"
          option={option}
          rows={grid.rows.length}
          label={(hour, row) => {
            const c = byKey.get(`${grid.rows[row]}|${hour}`);
            return `${labels[row]}, ${HOURS[hour]}: ${c?.Count ? `${c.Positive} positive, ${c.Neutral} neutral, ${c.Negative} negative` : 'no posts'}`;
          }}
          open={open}
        />
      </QueryState>
    </WidgetCard>
  );
}
