// Content classification (/content-classification, docs/spec/001_57268dddd5f58f8a.txt section 2): Owned, Earned, Chatter and Total
// cards, each against the previous period, and the insights bar chart per bucket. No lock and no
// side-menu item (docs/spec/000_a68d9a07050fe88c.txt section 2 lists none), so every project type sees it. Cards and bar segments
// open their posts in the clip tray, narrowed to their brand association.
import { Badge, Grid } from '@mantine/core';
import { BRAND_ASSOCIATION, SENTIMENT_CARD_COLORS } from '@listening/contract';
import { useMemo } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen } from '../../../project/components/AnalysisScreen.tsx';
import { INSIGHTS_TITLE, ScopeChart } from '../../../project/components/ScopeChart.tsx';
import { HeadlineCards } from '../../../project/components/HeadlineCards.tsx';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useContentClassification } from '../api/get-content-classification.ts';
import { ASSOCIATIONS, classificationBarOption, segmentScope } from '../charts.ts';

export function ContentClassificationScreen() {
  return (
    <AnalysisScreen
      screen="content-classification"
      title="Content Classification"
      subtitle="The project's posts as owned (its own profiles), earned (about it) and chatter"
      testId="classification-screen"
    >
      <ClassificationFigures />
    </AnalysisScreen>
  );
}

function ClassificationFigures() {
  const { params } = useProjectContext();
  const query = useContentClassification(params);
  const tray = useClipTray();
  const data = query.data;
  const daily = useMemo(() => data?.Daily ?? [], [data]);
  const option = useMemo(() => classificationBarOption(daily), [daily]);
  const bucket = data?.Bucket ?? 'day';
  const zero = { Value: 0, Previous: 0 };
  const cards = [
    ...ASSOCIATIONS.map((a) => ({
      key: a.toLowerCase(),
      label: a,
      color: SENTIMENT_CARD_COLORS[a],
      figure: data?.Cards[a] ?? zero,
      onOpen: () => tray.open({ label: `${a} posts`, brandAssociationId: BRAND_ASSOCIATION[a] }),
    })),
    { key: 'total', label: 'Total', color: SENTIMENT_CARD_COLORS.All, figure: data?.Cards.Total ?? zero, onOpen: () => tray.open({ label: 'All posts' }) },
  ];
  return (
    <AnalysisGrid>
      <Grid.Col span={12}>
        <AnalysisQuery query={query} isEmpty={false} height={96}>
          <HeadlineCards cards={cards} testId="classification-cards" />
        </AnalysisQuery>
      </Grid.Col>
      <Grid.Col span={12}>
        <AnalysisCard
          title={INSIGHTS_TITLE[bucket]}
          subtitle={`Posts per ${bucket}: owned, earned and chatter · click a bar for its posts${daily.some((d) => d.Partial) ? ` · hatched: a partial ${bucket}` : ''}`}
          actions={<Badge variant="light">by {bucket}</Badge>}
          testId="classification-chart"
        >
          <AnalysisQuery query={query} isEmpty={(data?.Cards.Total.Value ?? 0) === 0}>
            <ScopeChart
              ariaLabel={`${INSIGHTS_TITLE[bucket]} by owned, earned and chatter, stacked bar chart`}
              option={option}
              height={320}
              scopeOf={(e) => segmentScope(daily, e.seriesIndex, e.dataIndex)}
              cells={{
                columns: daily.length,
                rows: 1,
                index: (column) => column,
                label: (column) => `${daily[column].Label}: ${daily[column].Owned + daily[column].Earned + daily[column].Chatter} posts`,
                scopeOf: (column) => segmentScope(daily, undefined, column),
              }}
            />
          </AnalysisQuery>
        </AnalysisCard>
      </Grid.Col>
    </AnalysisGrid>
  );
}
