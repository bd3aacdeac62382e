// Deep dive (/deep-dive, docs/spec/001_57268dddd5f58f8a.txt section 2): the hashtags, urls, handles or named entities (the rail)
// of the project's posts over the Filter's range, streams and bin (as every screen reads them),
// with headline figures against the previous period, a breakdown widget, a pie comparison and the
// items over time; the period (Hourly, Daily, Weekly; Weekly by default) is the chart's bucket
// over that range, weeks from Monday as on every chart; the Compare modal picks up to 5 items to
// draw. The rail and period live in the address (search.ts): a reload or a shared link shows the
// same view, and the back button steps between the views seen. Behind the Deep Dive product, for
// project types 1 and 5. Nothing on the rail (the server's 204): 'No data found for deep-dive'.
// Items, slices and points open their posts in the clip tray.
import { Alert, Button, Grid, SegmentedControl, Select } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  DEEP_DIVE_HOURLY_MAX_DAYS,
  DEEP_DIVE_PERIODS,
  DEEP_DIVE_RAILS,
  DEEP_DIVE_RAIL_LABELS,
  MESSAGES,
  type DeepDive,
  type DeepDivePeriod,
  type DeepDiveRail,
} from '@listening/contract';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox } from '../../../project/components/AnalysisScreen.tsx';
import { HeadlineCards } from '../../../project/components/HeadlineCards.tsx';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { EChart } from '../../../ui/charts/EChart.tsx';
import { screenRouteId } from '../../../project/screen-routes.ts';
import { useDeepDive } from '../api/get-deep-dive.ts';
import { overTimeOption, pieOption } from '../charts.ts';
import { Breakdown } from '../components/Breakdown.tsx';
import { CompareModal } from '../components/CompareModal.tsx';
import { deepDiveView, periodFitsFilter } from '../search.ts';

const PERIODS = Object.keys(DEEP_DIVE_PERIODS) as DeepDivePeriod[];
const RAIL_OPTIONS = DEEP_DIVE_RAILS.map((r) => ({ value: r, label: DEEP_DIVE_RAIL_LABELS[r] }));

const route = getRouteApi(screenRouteId('deep-dive'));

export function DeepDiveScreen() {
  const { filter } = useProjectContext();
  const { rail, period } = deepDiveView(route.useSearch(), filter);
  // Hourly draws a short range only (DEEP_DIVE_HOURLY_MAX_DAYS): offered when the Filter's range is one.
  const periodOptions = PERIODS.map((p) =>
    periodFitsFilter(p, filter)
      ? { value: p, label: DEEP_DIVE_PERIODS[p].label }
      : { value: p, label: `${DEEP_DIVE_PERIODS[p].label} (up to ${DEEP_DIVE_HOURLY_MAX_DAYS} days)`, disabled: true },
  );
  const navigate = route.useNavigate();
  // Each choice is a new history entry, so that back returns to the view before it.
  const show = (next: { rail?: DeepDiveRail; period?: DeepDivePeriod }) => void navigate({ to: '.', search: (prev) => ({ ...prev, ...next }), replace: false });
  // The items compared belong to the rail they were picked on: another rail (by a click or by
  // back) starts from its top items.
  const [compared, setCompared] = useState<{ rail: DeepDiveRail; items: string[] }>({ rail, items: [] });
  const compare = compared.rail === rail ? compared.items : [];
  const setCompare = (items: string[]) => setCompared({ rail, items });
  const [comparing, setComparing] = useState(false);
  return (
    <AnalysisScreen
      screen="deep-dive"
      title="Deep Dive"
      subtitle="Hashtags, urls, handles and named entities of the project's posts over the Filter's range, compared with the period before"
      testId="deep-dive-screen"
      actions={
        <>
          <Select
            aria-label="Period"
            data={periodOptions}
            value={period}
            onChange={(v) => v && v !== period && show({ period: v as DeepDivePeriod })}
            allowDeselect={false}
            w={120}
            data-testid="deep-dive-period"
          />
          <Button variant="light" onClick={() => setComparing(true)} data-testid="deep-dive-compare">
            Compare{compare.length ? ` (${compare.length})` : ''}
          </Button>
        </>
      }
    >
      <SegmentedControl
        data={RAIL_OPTIONS}
        value={rail}
        onChange={(v) => v !== rail && show({ rail: v as DeepDiveRail })}
        mb="md"
        fullWidth
        styles={{ label: { whiteSpace: 'normal' } }}
        aria-label="Rail"
        data-testid="deep-dive-rail"
      />
      <DeepDiveFigures
        rail={rail}
        period={period}
        compare={compare}
        onClearCompare={() => setCompare([])}
        comparing={comparing}
        onComparing={setComparing}
        onCompare={setCompare}
      />
    </AnalysisScreen>
  );
}

function DeepDiveFigures({
  rail,
  period,
  compare,
  comparing,
  onComparing,
  onCompare,
  onClearCompare,
}: {
  rail: DeepDiveRail;
  period: DeepDivePeriod;
  compare: string[];
  comparing: boolean;
  onComparing: (open: boolean) => void;
  onCompare: (items: string[]) => void;
  onClearCompare: () => void;
}) {
  // The Filter's range, streams and bin, as every screen reads them; the period only buckets the chart.
  const { params } = useProjectContext();
  const tray = useClipTray();
  const query = useDeepDive({ ...params, railType: rail, period, ...(compare.length ? { compare: compare.join(',') } : {}) });
  const data: DeepDive | null | undefined = query.data;
  // The top items stay pickable while a comparison narrows Items to the chosen ones.
  const top = useDeepDive({ ...params, railType: rail, period });
  const pickable = (top.data?.Items ?? []).map((i) => i.Value);
  const lines = useMemo(() => (data ? overTimeOption(data) : {}), [data]);
  const pie = useMemo(() => (data ? pieOption(data) : {}), [data]);
  const noData = query.isSuccess && data === null;
  // The tray reads the Filter itself: an item opens its posts of the whole range, a point those of its bucket.
  const openItem = (word: string, scope: { startDate?: string; endDate?: string; label?: string } = {}) =>
    tray.open({ ...scope, label: scope.label ?? word, word });

  if (noData)
    return (
      <Alert color="yellow" icon={<IconAlertCircle />} title={MESSAGES.deepDiveNoData} data-testid="deep-dive-no-data" role="alert">
        No post of the Filter&apos;s range carries {DEEP_DIVE_RAIL_LABELS[rail].toLowerCase()} in the chosen streams. Try another range, rail or streams.
      </Alert>
    );
  const cards = data
    ? [
        { key: 'posts', label: `Posts with ${DEEP_DIVE_RAIL_LABELS[rail].toLowerCase()}`, color: '#1c7ed6', figure: data.Posts },
        { key: 'distinct', label: `Distinct ${DEEP_DIVE_RAIL_LABELS[rail].toLowerCase()}`, color: '#7048e8', figure: data.Distinct },
      ]
    : [];
  return (
    <>
      <CompareModal
        opened={comparing}
        items={[...new Set([...compare, ...pickable])]}
        chosen={compare}
        onClose={() => onComparing(false)}
        onConfirm={(items) => {
          onCompare(items);
          onComparing(false);
        }}
      />
      <AnalysisGrid>
        <Grid.Col span={12}>
          <AnalysisQuery query={query} isEmpty={false} height={96}>
            <HeadlineCards cards={cards} testId="deep-dive-totals" />
          </AnalysisQuery>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <AnalysisCard
            title="Breakdown"
            subtitle={compare.length ? 'The items compared · click one for its posts' : 'Most frequent first · click one for its posts'}
            actions={
              compare.length ? (
                <Button size="xs" variant="subtle" onClick={onClearCompare}>
                  Show the top items
                </Button>
              ) : undefined
            }
            testId="deep-dive-breakdown"
          >
            <AnalysisQuery query={query} isEmpty={!data?.Items.length}>
              {data && <Breakdown items={data.Items} onOpen={(i) => openItem(i.Value)} />}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <AnalysisCard title="Comparison" subtitle="Share of posts among the charted items · click a slice" testId="deep-dive-pie">
            <AnalysisQuery query={query} isEmpty={!data?.Charted.length}>
              <ChartBox height={300}>
                <EChart ariaLabel="Pie comparing the charted items' posts" option={pie} height={300} onClick={(e) => openItem(e.name)} />
              </ChartBox>
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={12}>
          <AnalysisCard
            title="Over time"
            subtitle={`Posts per ${data?.Bucket ?? 'bucket'} · click a point for its posts${data?.Series.some((b) => b.Partial) ? ` · ◇ a partial ${data.Bucket}` : ''}`}
            testId="deep-dive-over-time"
          >
            <AnalysisQuery query={query} isEmpty={!data?.Charted.length}>
              <ChartBox height={300}>
                <EChart
                  ariaLabel="Posts per bucket of the charted items, one line each"
                  option={lines}
                  height={300}
                  onClick={(e) => {
                    const item = data?.Charted[e.seriesIndex ?? -1];
                    const b = data?.Series[e.dataIndex];
                    if (!data || !item || !b) return;
                    openItem(item, { label: `${item} · ${b.Label}`, startDate: b.From, endDate: b.To });
                  }}
                />
              </ChartBox>
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
      </AnalysisGrid>
    </>
  );
}
