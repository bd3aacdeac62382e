// The project dashboard: every widget over the filter in the address. Widgets of some
// project types only (top authors, influencer discovery, sort bins) follow the screen catalogue
// (packages/contract/src/screens.ts).
// A bin set as the dashboard is named, with Clear, in the project shell's header, as on every
// screen that counts it (project/bin-scope.ts).
import { Container, Grid } from '@mantine/core';
import { screenShown } from '@listening/contract';
import { useProjectContext } from '../../../project/context.ts';
import { useCollectionStatus } from '../api/get-collection-status.ts';
import { CollectionNotice } from '../components/CollectionNotice.tsx';
import { DailyInsights } from '../components/DailyInsights.tsx';
import { FavourabilityDonut } from '../components/FavourabilityDonut.tsx';
import { HourlyHeatmap } from '../components/HourlyHeatmap.tsx';
import { InfluencerDiscovery } from '../components/InfluencerDiscovery.tsx';
import { LiveStatus } from '../components/LiveStatus.tsx';
import { MentionCards } from '../components/MentionCards.tsx';
import { ResponseTimes } from '../components/ResponseTimes.tsx';
import { SentimentHeatmap } from '../components/SentimentHeatmap.tsx';
import { SentimentSummary } from '../components/SentimentSummary.tsx';
import { SortBinsTree } from '../components/SortBinsTree.tsx';
import { TopAuthors } from '../components/TopAuthors.tsx';
import { TopPosts } from '../components/TopPosts.tsx';
import { WordCloud } from '../components/WordCloud.tsx';
import { useLiveDashboard } from '../live.ts';

export function DashboardScreen() {
  const { project, params } = useProjectContext();
  const live = useLiveDashboard(params);
  const collection = useCollectionStatus(project.Id);
  const type = project.ProjectTypeId;
  const authors = screenShown('top-authors-panel', type);
  const sortBins = screenShown('sort-bins-tree', type);
  return (
    <Container size={1480} px={{ base: 'md', md: 'xl' }} py="lg">
      <Grid gutter="md">
        <Grid.Col span={12}>
          <LiveStatus {...live} collection={collection.data} />
          {collection.data && <CollectionNotice status={collection.data} />}
        </Grid.Col>
        <Grid.Col span={12}>
          <MentionCards />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DailyInsights />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FavourabilityDonut />
        </Grid.Col>
        <Grid.Col span={12}>
          <ResponseTimes />
        </Grid.Col>
        <Grid.Col span={12}>
          <HourlyHeatmap />
        </Grid.Col>
        <Grid.Col span={12}>
          <SentimentSummary />
        </Grid.Col>
        <Grid.Col span={12}>
          <SentimentHeatmap />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <WordCloud />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TopPosts />
        </Grid.Col>
        {authors && (
          <>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <TopAuthors />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <InfluencerDiscovery />
            </Grid.Col>
          </>
        )}
        {sortBins && (
          <Grid.Col span={{ base: 12, lg: authors ? 12 : 6 }}>
            <SortBinsTree />
          </Grid.Col>
        )}
      </Grid>
    </Container>
  );
}
