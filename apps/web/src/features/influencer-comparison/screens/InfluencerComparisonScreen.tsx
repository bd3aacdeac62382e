// Influencer comparison (Influencer Monitoring, project types 1 and 5): the 'Compare Influencers'
// button and its picker, chips of the compared influencers each with an x, a bar chart of their
// clips per bucket and a donut of their totals (radius 50% to 75%). The ids live in the address;
// when it names none, the first 2 entries are written into it. A bar or slice opens its clips in
// the clip tray.
import { Button, CloseButton, Grid, Group, Paper, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { CHART_MIN_INTERVAL, chartLabel, screenShown, type InfluencerComparison } from '@listening/contract';
import { useEffect, useMemo, useState } from 'react';
import { opensPosts, postCount } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox } from '../../../project/components/AnalysisScreen.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { Change } from '../../../ui/Change.tsx';
import { DonutTotal } from '../../../ui/charts/DonutTotal.tsx';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { SafeHtml, html, safeHtml } from '../../../ui/html.ts';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { screenRouteId } from '../../../project/screen-routes.ts';
import { useInfluencerComparison } from '../api/get-influencer-comparison.ts';
import { useInfluencers } from '../api/get-influencers.ts';
import { InfluencerPicker } from '../components/InfluencerPicker.tsx';
import { chosenIds, defaultIds, idsParam } from '../search.ts';

/** Tooltip lines, each already escaped, as one fragment. */
const lines = (parts: SafeHtml[]) => new SafeHtml(parts.map(String).join(''));

const route = getRouteApi(screenRouteId('influencer-monitoring'));
const COLORS = ['#1c7ed6', '#f76707', '#37b24d', '#7048e8', '#f03e3e'];

export function InfluencerComparisonScreen() {
  const { project, params } = useProjectContext();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const influencers = useInfluencers(project.Id);
  const tray = useClipTray();
  const [picking, setPicking] = useState(false);
  const entries = useMemo(() => influencers.data ?? [], [influencers.data]);
  const ids = useMemo(
    () =>
      chosenIds(
        search.ids,
        entries.map((e) => e.Id),
      ),
    [search.ids, entries],
  );
  const setIds = (next: number[]) => void navigate({ to: '.', search: (prev) => ({ ...prev, ids: idsParam(next) }), replace: false });
  const typeShown = screenShown('influencer-monitoring', project.ProjectTypeId);

  // None in the address: the first 2 entries, written into it (docs/spec/001_57268dddd5f58f8a.txt section 4).
  useEffect(() => {
    if (!typeShown || !influencers.data || ids.length > 0 || entries.length === 0) return;
    void navigate({ to: '.', search: (prev) => ({ ...prev, ids: idsParam(defaultIds(entries.map((e) => e.Id))) }), replace: true });
  }, [typeShown, influencers.data, ids.length, entries, navigate]);

  const query = useInfluencerComparison(params, typeShown ? ids : []);
  const noEntries = influencers.isSuccess && entries.length === 0;

  return (
    <AnalysisScreen
      screen="influencer-monitoring"
      title="Influencer Comparison"
      subtitle="Posts of the chosen influencers over the range"
      testId="influencer-comparison-screen"
      actions={
        <Button size="xs" leftSection={<IconUsersGroup size={16} />} onClick={() => setPicking(true)} disabled={entries.length === 0}>
          Compare Influencers
        </Button>
      }
    >
      {noEntries ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState title="No influencers to compare yet">
            Add authors to influencer discovery from Top Authors (or the dashboard's Top authors), then compare up to 5 of them here.
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Group gap="xs" mb="md" data-testid="influencer-chips" wrap="wrap">
            {ids.map((id, k) => {
              const e = entries.find((x) => x.Id === id)!;
              const total = query.data?.Influencers.find((i) => i.Profile.Id === id)?.Total;
              return (
                <Paper key={id} withBorder radius="xl" px="sm" py={4} data-testid="influencer-chip">
                  <Group gap={6} wrap="nowrap">
                    <span style={{ width: 10, height: 10, borderRadius: 5, background: COLORS[k % COLORS.length], display: 'inline-block' }} />
                    <StreamIcon streamId={e.StreamId} size={14} />
                    <Text size="sm" fw={600}>
                      {e.AuthorName}
                    </Text>
                    {total && (
                      <Group gap={4} wrap="nowrap">
                        <Text
                          size="xs"
                          fw={600}
                          c="blue.8"
                          component="span"
                          data-testid="influencer-chip-total"
                          {...opensPosts(
                            () => tray.open({ label: `Posts by ${e.AuthorName}`, authorId: e.AuthorId }),
                            `Open the ${postCount(total.Value)} by ${e.AuthorName}`,
                          )}
                        >
                          {postCount(total.Value)}
                        </Text>
                        <Change figure={total} />
                      </Group>
                    )}
                    <CloseButton
                      size="sm"
                      aria-label={`Stop comparing ${e.AuthorName}`}
                      disabled={ids.length === 1}
                      onClick={() => setIds(ids.filter((x) => x !== id))}
                    />
                  </Group>
                </Paper>
              );
            })}
          </Group>
          <AnalysisGrid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <AnalysisCard title="Posts over time" subtitle="Clips per influencer · click a bar for its posts" testId="influencer-bars">
                <AnalysisQuery query={ids.length ? query : influencers} isEmpty={!query.data || total(query.data) === 0} height={320}>
                  {query.data && <Bars data={query.data} />}
                </AnalysisQuery>
              </AnalysisCard>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <AnalysisCard title="Share of posts" subtitle="Clips per influencer in range · click a slice" testId="influencer-donut">
                <AnalysisQuery query={ids.length ? query : influencers} isEmpty={!query.data || total(query.data) === 0} height={320}>
                  {query.data && <Donut data={query.data} />}
                </AnalysisQuery>
              </AnalysisCard>
            </Grid.Col>
          </AnalysisGrid>
        </>
      )}
      <InfluencerPicker
        opened={picking}
        influencers={entries}
        chosen={ids}
        onClose={() => setPicking(false)}
        onConfirm={(next) => {
          setPicking(false);
          setIds(next);
        }}
      />
    </AnalysisScreen>
  );
}

const total = (d: InfluencerComparison) => d.Influencers.reduce((n, i) => n + i.Total.Value, 0);

function Bars({ data }: { data: InfluencerComparison }) {
  const tray = useClipTray();
  const labels = data.Buckets.map((b) => chartLabel(b.Date));
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number; seriesName: string; value: number }[]) =>
          html`<b>${labels[ps[0].dataIndex]}</b>${lines(ps.map((p) => safeHtml`<br />${p.seriesName}: ${p.value.toLocaleString('en-US')}`))}`,
      },
      legend: { bottom: 0, type: 'scroll', icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      grid: { left: 44, right: 12, top: 12, bottom: 56 },
      xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 11, hideOverlap: true }, axisTick: { alignWithLabel: true } },
      yAxis: { type: 'value', minInterval: CHART_MIN_INTERVAL, axisLabel: { fontSize: 11 }, splitLine: { lineStyle: { color: '#eef0f2' } } },
      series: data.Influencers.map((i, k) => ({
        name: i.Profile.AuthorName,
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: COLORS[k % COLORS.length] },
        data: i.Counts,
      })),
    }),
    [data, labels],
  );
  return (
    <ChartBox height={320}>
      <EChart
        option={option}
        height={320}
        ariaLabel="Clips per influencer per period"
        onClick={(e) => {
          const i = data.Influencers[e.seriesIndex ?? 0];
          const b = data.Buckets[e.dataIndex];
          if (i && b)
            tray.open({ label: `Posts by ${i.Profile.AuthorName}, ${labels[e.dataIndex]}`, authorId: i.Profile.AuthorId, startDate: b.From, endDate: b.To });
        }}
      />
    </ChartBox>
  );
}

function Donut({ data }: { data: InfluencerComparison }) {
  const tray = useClipTray();
  const sum = total(data);
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) => html`${p.name}<br />${p.value.toLocaleString('en-US')} posts (${p.percent}%)`,
      },
      legend: { bottom: 0, type: 'scroll', icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      series: [
        {
          type: 'pie',
          radius: ['50%', '75%'],
          center: ['50%', '44%'],
          label: { show: false },
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          data: data.Influencers.map((i, k) => ({ name: i.Profile.AuthorName, value: i.Total.Value, itemStyle: { color: COLORS[k % COLORS.length] } })),
        },
      ],
    }),
    [data],
  );
  return (
    <DonutTotal total={sum} testId="influencer-total" centre={44}>
      <ChartBox height={320}>
        <EChart
          option={option}
          height={320}
          ariaLabel="Each influencer's share of the posts"
          onClick={(e) => {
            const i = data.Influencers[e.dataIndex];
            if (i) tray.open({ label: `Posts by ${i.Profile.AuthorName}`, authorId: i.Profile.AuthorId });
          }}
        />
      </ChartBox>
    </DonutTotal>
  );
}
