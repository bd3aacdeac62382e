// Performance measurement (Follower Growth, every project type): the owned profiles' followers
// over the fixed 8 weeks ending today (docs/spec/001_57268dddd5f58f8a.txt section 9), on every stream the project offers (the
// shell hides the Filter here and says what the screen covers): headline figures against
// the 8 weeks before, the weekly insights line per network, the follower comparison pie and the
// follower matrix by week.
import { Grid, Group, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { CHART_MIN_INTERVAL, STREAM_COLORS, chartLabel, partialText, splitPartialLine, type FollowerGrowth, type StreamId } from '@listening/contract';
import { useMemo } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox } from '../../../project/components/AnalysisScreen.tsx';
import { HeadlineFigure } from '../../../project/components/HeadlineCards.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { SafeHtml, html, safeHtml } from '../../../ui/html.ts';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { useProfileFollowers } from '../api/get-profile-followers.ts';
import { changeText, comparisonSlices, lookbackText, weekLabels, weeklyLines } from '../growth.ts';

/** Tooltip lines, each already escaped, as one fragment. */
const lines = (parts: SafeHtml[]) => new SafeHtml(parts.map(String).join(''));

const PERIOD = 'the 8 weeks before';
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const NoProfiles = () => (
  <EmptyState title="No owned profiles on these streams">Follower Growth follows the project's own accounts. Link them under Access tokens.</EmptyState>
);

export function FollowerGrowthScreen() {
  const { params } = useProjectContext();
  const query = useProfileFollowers(params);
  const g = query.data;
  const none = !g || g.Profiles.length === 0;

  return (
    <AnalysisScreen
      screen="follower-growth"
      title="Performance Measurement"
      subtitle={
        g ? `Follower Growth of the project's owned profiles, 8 weeks: ${lookbackText(g)}` : 'Follower Growth of the project’s owned profiles over 8 weeks'
      }
      testId="follower-growth-screen"
    >
      <AnalysisGrid>
        <Grid.Col span={12}>
          <AnalysisCard title="Followers" subtitle={`At the end of the 8 weeks, against ${PERIOD}`} testId="follower-headline">
            <AnalysisQuery query={query} isEmpty={none} empty={<NoProfiles />} height={60}>
              {g && (
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
                  <HeadlineFigure label="Followers" figure={g.Followers} testId="followers-total" period={PERIOD} />
                  <HeadlineFigure label="Gained in 8 weeks" figure={g.Gained} testId="followers-gained" period={PERIOD} shown={changeText(g.Gained.Value)} />
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                      Profiles
                    </Text>
                    <Text fz={26} fw={800} lh={1.1}>
                      {g.Profiles.length}
                    </Text>
                  </Stack>
                </SimpleGrid>
              )}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <AnalysisCard
            title="Weekly Insights"
            subtitle={`Followers at the end of each week, per network${g?.Partial.some((p) => p) ? ' · dashed to ◇: a partial week (so far)' : ''}`}
            testId="weekly-insights"
          >
            <AnalysisQuery query={query} isEmpty={none} empty={<NoProfiles />} height={300}>
              {g && <WeeklyLine g={g} />}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AnalysisCard title="Follower Comparison" subtitle="Each profile's share of the followers" testId="follower-comparison">
            <AnalysisQuery query={query} isEmpty={none || g.Profiles.every((p) => p.FollowerCount === 0)} empty={<NoProfiles />} height={300}>
              {g && <ComparisonPie g={g} />}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={12}>
          <AnalysisCard
            title="Follower Matrix"
            subtitle="Followers at the end of each week and the change in it; – where no count was recorded"
            testId="follower-matrix"
          >
            <AnalysisQuery query={query} isEmpty={none} empty={<NoProfiles />} height={200}>
              {g && <Matrix g={g} />}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
      </AnalysisGrid>
    </AnalysisScreen>
  );
}

function WeeklyLine({ g }: { g: FollowerGrowth }) {
  const option = useMemo<EChartOption>(() => {
    const series = weeklyLines(g);
    const labels = weekLabels(g);
    return {
      tooltip: {
        trigger: 'axis',
        formatter: (ps: { dataIndex: number; seriesName: string; value: number | null }[]) =>
          html`<b>Week of ${labels[ps[0].dataIndex]}</b
            >${lines(ps.map((p) => safeHtml`<br />${p.seriesName}: ${p.value === null || p.value === undefined ? '–' : p.value.toLocaleString('en-US')}`))}`,
      },
      grid: { left: 56, right: 16, top: 16, bottom: 56 },
      xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 11, hideOverlap: true } },
      yAxis: {
        type: 'value',
        scale: true,
        minInterval: CHART_MIN_INTERVAL,
        axisLabel: { fontSize: 11, formatter: (v: number) => compact.format(v) },
        splitLine: { lineStyle: { color: '#eef0f2' } },
      },
      legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 }, data: series.map((l) => streamName(l.streamId)) },
      // A partial week (the one holding now) is reached by a dashed segment and drawn hollow, so
      // its count so far is not read as a fall (contract periods.ts).
      series: (['whole', 'partial'] as const).flatMap((kind) =>
        series.map((l) => ({
          name: streamName(l.streamId),
          type: 'line',
          smooth: kind === 'whole',
          connectNulls: false,
          symbolSize: 6,
          itemStyle: { color: STREAM_COLORS[l.streamId as StreamId] ?? '#495057' },
          lineStyle: { type: kind === 'whole' ? 'solid' : 'dashed' },
          data: splitPartialLine(
            l.values,
            g.Partial.map((p) => p !== null),
          )[kind].map((v, k) => (v !== null && g.Partial[k] ? { value: v, symbol: 'emptyDiamond', symbolSize: 10 } : v)),
        })),
      ),
    };
  }, [g]);
  return (
    <ChartBox height={300}>
      <EChart option={option} height={300} ariaLabel="Followers per network at the end of each of the 8 weeks" />
    </ChartBox>
  );
}

function ComparisonPie({ g }: { g: FollowerGrowth }) {
  const slices = useMemo(() => comparisonSlices(g, streamName), [g]);
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) => html`${p.name}<br />${p.value.toLocaleString('en-US')} followers (${p.percent}%)`,
      },
      // A project has a few owned profiles: the legend wraps rather than scrolls, so every name shows.
      legend: { bottom: 0, icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      series: [
        {
          type: 'pie',
          radius: ['0%', '60%'],
          center: ['50%', '40%'],
          label: { show: false },
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    }),
    [slices],
  );
  return (
    <ChartBox height={300}>
      <EChart option={option} height={300} ariaLabel="Each owned profile's share of the followers" />
    </ChartBox>
  );
}

function Matrix({ g }: { g: FollowerGrowth }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table verticalSpacing={6} horizontalSpacing="sm" withColumnBorders striped miw={760} data-testid="follower-matrix-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>Profile</Table.Th>
            {g.Weeks.map((w, k) => {
              const partial = g.Partial[k];
              return (
                <Table.Th key={w} ta="right" style={{ whiteSpace: 'nowrap' }} data-partial={partial ? 'true' : undefined}>
                  {chartLabel(w)}
                  {partial && (
                    <Text size="xs" c="dimmed" fw={400} fs="italic" data-testid="partial-week">
                      {partialText(partial)}
                    </Text>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {g.Profiles.map((p) => (
            <Table.Tr key={p.Id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StreamIcon streamId={p.StreamId} size={14} />
                  <Text size="sm" fw={600} truncate>
                    {p.Name}
                  </Text>
                </Group>
              </Table.Td>
              {p.Weeks.map((w, k) => (
                <Table.Td key={w.Date} ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', opacity: g.Partial[k] ? 0.7 : undefined }}>
                  <Text size="sm">{w.FollowerCount === null ? '–' : w.FollowerCount.toLocaleString('en-US')}</Text>
                  <Text size="xs" c={w.Change === null || w.Change === 0 ? 'dimmed' : w.Change > 0 ? 'teal.7' : 'red.7'}>
                    {changeText(w.Change)}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
