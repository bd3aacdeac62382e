// The competitor donut: one slice per project (the project first, in its own colour, then each
// competitor), sized by its posts in the range and streams. Names are project names that users
// typed, so the tooltip escapes them.
import type { z } from 'zod';
import type { CompetitorComparison } from '@listening/contract';
import type { EChartOption } from '../../ui/charts/EChart.tsx';
import { html } from '../../ui/html.ts';

type Slices = z.infer<typeof CompetitorComparison>;

/** The project's colour, then a palette for competitors (repeating past ten). */
const PALETTE = ['#1c7ed6', '#f76707', '#2f9e44', '#ae3ec9', '#e03131', '#0ca678', '#f59f00', '#4263eb', '#d6336c', '#5c940d', '#868e96'];
export const sliceColor = (index: number) => PALETTE[index % PALETTE.length];

export function competitorDonutOption(slices: Slices): EChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { dataIndex: number; percent: number }) => {
        const s = slices[p.dataIndex];
        return s ? html`<b>${s.Name}</b>${s.IsProject ? ' (this project)' : ''}<br />${s.Clips.Value.toLocaleString('en-US')} posts (${p.percent}%)` : '';
      },
    },
    series: [
      {
        type: 'pie',
        radius: ['50%', '75%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: slices.map((s, i) => ({ name: s.Name, value: s.Clips.Value, itemStyle: { color: sliceColor(i) } })),
      },
    ],
  };
}

/** Each slice's share of all the posts, in whole percent. */
export const shareOf = (slices: Slices, index: number): number => {
  const total = slices.reduce((n, s) => n + s.Clips.Value, 0);
  return total ? Math.round((slices[index].Clips.Value / total) * 100) : 0;
};
