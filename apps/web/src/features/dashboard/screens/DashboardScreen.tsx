// The project dashboard: every widget over the filter in the address. Widgets of some
// project types only (top authors, influencer discovery, sort bins) follow the spec's type lists.
import { Alert, CloseButton, Container, Grid, Group, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { TOP_AUTHOR_PROJECT_TYPES } from '@listening/contract';
import { useProjectContext } from '../../../project/context.ts';
import { useSubfolders } from '../api/get-subfolders.ts';
import { DailyInsights } from '../components/DailyInsights.tsx';
import { FavourabilityDonut } from '../components/FavourabilityDonut.tsx';
import { HourlyHeatmap } from '../components/HourlyHeatmap.tsx';
import { InfluencerDiscovery } from '../components/InfluencerDiscovery.tsx';
import { LiveStatus } from '../components/LiveStatus.tsx';
import { MentionCards } from '../components/MentionCards.tsx';
import { SentimentHeatmap } from '../components/SentimentHeatmap.tsx';
import { SentimentSummary } from '../components/SentimentSummary.tsx';
import { SortBinsTree } from '../components/SortBinsTree.tsx';
import { TopAuthors } from '../components/TopAuthors.tsx';
import { TopPosts } from '../components/TopPosts.tsx';
import { WordCloud } from '../components/WordCloud.tsx';
import { useLiveDashboard } from '../live.ts';
import { findBin } from '../sortbins.ts';

/** Project types with the sort-bin tree. */
export const SORT_BIN_PROJECT_TYPES: readonly number[] = [1, 2, 5, 6, 7];

/** 'Set As Dashboard': the dashboard reads one bin; the label removes the scope. */
function BinScopeLabel() {
  const { filter } = useProjectContext();
  return filter.bin ? <BinScope bin={filter.bin} /> : null;
}

function BinScope({ bin }: { bin: number }) {
  const { params, setFilter } = useProjectContext();
  const tree = useSubfolders(params);
  const name = findBin(tree.data ?? [], bin)?.Name ?? `Bin ${bin}`;
  return (
    <Alert variant="light" color="blue" radius="md" py="xs" icon={<IconLayoutDashboard size={18} />} data-testid="bin-scope">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          The dashboard shows the sort bin <b>{name}</b> only.
        </Text>
        <CloseButton aria-label={`Remove ${name} as dashboard`} onClick={() => setFilter({ bin: undefined })} />
      </Group>
    </Alert>
  );
}

export function DashboardScreen() {
  const { project, params } = useProjectContext();
  const live = useLiveDashboard(params);
  const type = project.ProjectTypeId;
  const authors = TOP_AUTHOR_PROJECT_TYPES.includes(type);
  const sortBins = SORT_BIN_PROJECT_TYPES.includes(type);
  return (
    <Container size={1480} px={{ base: 'md', md: 'xl' }} py="lg">
      <Grid gutter="md">
        <Grid.Col span={12}>
          <LiveStatus {...live} />
          <BinScopeLabel />
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
