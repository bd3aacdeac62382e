// The dashboard's hourly heatmap: mentions in each hour of each day, week or month, a cell opening its posts.
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import type { EChartOption } from '../../../ui/charts/EChart.tsx';
import { html, safeHtml } from '../../../ui/html.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useHeatmap } from '../api/get-heatmap.ts';
import { HOURS, heatmapFrame } from '../heatmap.ts';
import { partialText } from '../partial.ts';
import { HourGridChart, useHourGrid } from './HourGrid.tsx';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const BUCKET_TEXT = { day: 'a row per day', week: 'a row per week', month: 'a row per month' } as const;

/** Mentions by hour; a click on a cell opens that hour's posts in the clip tray. */
export function HourlyHeatmap() {
  const { params } = useProjectContext();
  const query = useHeatmap(params);
  const { bucket, grid, partial, labels, narrow, open } = useHourGrid(query.data);
  const max = Math.max(1, ...grid.points.map((p) => p[2]));

  const option = useMemo<EChartOption>(
    () => ({
      ...heatmapFrame(labels, narrow, { min: 0, max, text: [max.toLocaleString('en-US'), '0'], colors: ['#f1f6fd', '#74c0fc', '#1c7ed6', '#0b3d91'] }, (p) => {
        const cut = partial.get(grid.rows[p.value[1]]);
        return html`${labels[p.value[1]]}, ${HOURS[p.value[0]]}<br /><b>${p.value[2].toLocaleString('en-US')}</b>
          mentions${cut ? safeHtml`<br /><i>${partialText(cut)}</i>` : ''}`;
      }),
      series: [
        {
          type: 'heatmap',
          data: grid.points,
          emphasis: { itemStyle: { borderColor: '#212529', borderWidth: 1 } },
          itemStyle: { borderColor: '#fff', borderWidth: 1, borderRadius: 2 },
        },
      ],
    }),
    [grid, labels, max, partial, narrow],
  );

  return (
    <WidgetCard
      title="Hourly mentions"
      subtitle={`24 hours, ${BUCKET_TEXT[bucket]} · click a cell to read its posts${partial.size ? ` · * partial ${bucket}` : ''}`}
      testId="hourly-heatmap"
      actions={<Badge variant="light">{bucket}</Badge>}
    >
      <QueryState query={query} isEmpty={grid.points.every((p) => p[2] === 0)} empty={<EmptyState title="No mentions in this range" />} height={300}>
        <HourGridChart
          ariaLabel="Hourly mentions heatmap"
          option={option}
          rows={grid.rows.length}
          label={(hour, row) => `${labels[row]}, ${HOURS[hour]}: ${grid.points[row * 24 + hour][2].toLocaleString('en-US')} mentions`}
          open={open}
        />
      </QueryState>
    </WidgetCard>
  );
}
