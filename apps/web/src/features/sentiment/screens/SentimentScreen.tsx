// Sentiment (/sentiment, docs/spec/001_57268dddd5f58f8a.txt section 2): headline totals against the previous period, the sentiment
// chart, the breakdown pie (inner ring Owned/Earned/Chatter, outer ring sentiment) and the Daily
// Insights lines. Behind the Sentiment product and project types 1, 5, 6, 7 (the side menu's
// 'Sentiment Rating'); its filter leaves YouTube out (project/screen-filter.ts). Every slice, bar
// segment, point and card opens its posts in the clip tray.
import { Badge, Grid } from '@mantine/core';
import { FAVOURABILITY_LOOKUP } from '@listening/contract';
import { useMemo, type ComponentProps } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen } from '../../../project/components/AnalysisScreen.tsx';
import { INSIGHTS_TITLE, ScopeChart } from '../../../project/components/ScopeChart.tsx';
import { HeadlineCards, type HeadlineCard } from '../../../project/components/HeadlineCards.tsx';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useSentimentRating } from '../api/get-sentiment-rating.ts';
import { SENTIMENTS, barScope, breakdownPieOption, dailyLinesOption, pieScope, pointScope, sentimentChartOption, sentimentColor } from '../charts.ts';

export function SentimentScreen() {
  return (
    <AnalysisScreen
      screen="sentiment"
      title="Sentiment"
      subtitle="How the project's posts were rated, by owned, earned and chatter, over the range"
      testId="sentiment-screen"
    >
      <SentimentFigures />
    </AnalysisScreen>
  );
}

function SentimentFigures() {
  // Drawn only when the screen is open to this project (AnalysisScreen checks the lock and type).
  const { params } = useProjectContext();
  const query = useSentimentRating(params);
  const tray = useClipTray();
  const data = query.data;
  const breakdown = useMemo(() => data?.Breakdown ?? [], [data]);
  const daily = useMemo(() => data?.Daily ?? [], [data]);
  const total = data?.Totals.Total.Value ?? 0;
  const pie = useMemo(() => breakdownPieOption(breakdown), [breakdown]);
  const bars = useMemo(() => sentimentChartOption(breakdown), [breakdown]);
  const lines = useMemo(() => dailyLinesOption(daily), [daily]);
  const bucket = data?.Bucket ?? 'day';

  const cards: HeadlineCard[] = SENTIMENTS.map((s) => ({
    key: s.toLowerCase(),
    label: s,
    color: sentimentColor(s),
    figure: data?.Totals[s] ?? { Value: 0, Previous: 0 },
    fallIsGood: s === 'Negative',
    onOpen: () => tray.open({ label: `${s} posts`, favourabilityId: FAVOURABILITY_LOOKUP.find((f) => f.Description === s)!.Id }),
  }));
  cards.push({
    key: 'total',
    label: 'Rated posts',
    color: '#495057',
    figure: data?.Totals.Total ?? { Value: 0, Previous: 0 },
    onOpen: () => tray.open({ label: 'Rated posts' }),
  });

  // Each chart is a card over the same figures, empty when the range rated no post.
  const ratingChart = (card: Omit<ComponentProps<typeof AnalysisCard>, 'children'>, chart: ComponentProps<typeof ScopeChart>) => (
    <AnalysisCard {...card}>
      <AnalysisQuery query={query} isEmpty={total === 0}>
        <ScopeChart {...chart} />
      </AnalysisQuery>
    </AnalysisCard>
  );

  return (
    <AnalysisGrid>
      <Grid.Col span={12}>
        <AnalysisQuery query={query} isEmpty={false} height={96}>
          <HeadlineCards cards={cards} testId="sentiment-totals" />
        </AnalysisQuery>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        {ratingChart(
          { title: 'Sentiment chart', subtitle: 'Owned, earned and chatter posts by rating · click a segment for its posts', testId: 'sentiment-chart' },
          {
            ariaLabel: 'Sentiment by brand association, stacked bar chart',
            option: bars,
            height: 260,
            scopeOf: (e) => barScope(breakdown, e.seriesIndex ?? -1, e.dataIndex),
          },
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        {ratingChart(
          { title: 'Breakdown', subtitle: 'Inner ring: owned, earned, chatter · outer ring: their rating', testId: 'sentiment-breakdown' },
          {
            ariaLabel: 'Sentiment breakdown pie: brand association inside, rating outside',
            option: pie,
            height: 260,
            scopeOf: (e) => pieScope(breakdown, e.seriesIndex === 0 ? 'inner' : 'outer', e.dataIndex),
          },
        )}
      </Grid.Col>
      <Grid.Col span={12}>
        {ratingChart(
          {
            title: INSIGHTS_TITLE[bucket],
            subtitle: `Posts per ${bucket} by rating · click a point for its posts${daily.some((d) => d.Partial) ? ` · dashed to ◇: a partial ${bucket}` : ''}`,
            actions: <Badge variant="light">by {bucket}</Badge>,
            testId: 'sentiment-daily',
          },
          {
            ariaLabel: `${INSIGHTS_TITLE[bucket]}: one line per rating`,
            option: lines,
            height: 300,
            scopeOf: (e) => pointScope(daily, e.seriesIndex ?? -1, e.dataIndex),
          },
        )}
      </Grid.Col>
    </AnalysisGrid>
  );
}
