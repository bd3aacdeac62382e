import { describe, expect, it } from 'vitest';
import { competitorDonutOption, shareOf } from './charts.ts';

const slices = [
  { Name: 'Acme <b>Cola</b>', BinId: 1, ProjectId: 1, IsProject: true, Clips: { Value: 30, Previous: 20 } },
  { Name: 'FizzCo', BinId: 12, ProjectId: 4, IsProject: false, Clips: { Value: 10, Previous: 10 } },
];

describe('the competitor donut', () => {
  it('has a slice per project, the project first, with each share of all posts', () => {
    const option = competitorDonutOption(slices) as {
      series: { radius: string[]; data: { name: string; value: number }[] }[];
      tooltip: { formatter: (p: { dataIndex: number; percent: number }) => string };
    };
    expect(option.series[0].radius).toEqual(['50%', '75%']);
    expect(option.series[0].data.map((d) => [d.name, d.value])).toEqual([
      ['Acme <b>Cola</b>', 30],
      ['FizzCo', 10],
    ]);
    expect([shareOf(slices, 0), shareOf(slices, 1)]).toEqual([75, 25]);
    // A project's name is what a user typed: the tooltip escapes it.
    expect(option.tooltip.formatter({ dataIndex: 0, percent: 75 })).toContain('Acme &lt;b&gt;Cola&lt;/b&gt;');
  });
});
