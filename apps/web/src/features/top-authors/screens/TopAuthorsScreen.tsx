// Top Authors (project types 1 and 5): the leading authors of the range By Followers or By Clips,
// as tiles and a pie; ten unless 'Show All', which pages through every author (nothing is cut
// silently). A person on several networks is one author with their accounts. An author's name
// or slice opens their posts in the clip tray; the button adds them to influencer discovery.
import { ActionIcon, Badge, Card, Grid, Group, Pagination, SegmentedControl, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { TOP_AUTHORS_DEFAULT, type TopAuthor } from '@listening/contract';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { opensPosts, postCount } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox, NoData } from '../../../project/components/AnalysisScreen.tsx';
import { HeadlineFigure } from '../../../project/components/HeadlineCards.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { EChart, type EChartOption } from '../../../ui/charts/EChart.tsx';
import { html } from '../../../ui/html.ts';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { useCreateInfluencer } from '../api/create-influencer.ts';
import { useInfluencers } from '../api/get-influencers.ts';
import { useTopAuthorsPage } from '../api/get-top-authors-page.ts';
import { authorScope, compactNumber, handleText, pieSlices, rangeText, type AuthorSort } from '../authors.ts';

type Author = z.infer<typeof TopAuthor>;
/** Authors per page of Show All. */
const ALL_PAGE_SIZE = 50;
const PIE_COLORS = ['#1c7ed6', '#37b24d', '#f76707', '#7048e8', '#f03e3e', '#0ca678', '#f59f00', '#ae3ec9', '#1098ad', '#74b816'];

export function TopAuthorsScreen() {
  const { params, project } = useProjectContext();
  const [sort, setSort] = useState<AuthorSort>('followers');
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = showAll ? ALL_PAGE_SIZE : TOP_AUTHORS_DEFAULT;
  const query = useTopAuthorsPage(params, { sort, page: showAll ? page : 1, pageSize });
  const authors = query.data?.Authors ?? [];
  const pages = query.data ? Math.ceil(query.data.Total / pageSize) : 0;
  const label = sort === 'followers' ? 'followers' : 'posts';

  return (
    <AnalysisScreen
      screen="top-authors"
      title="Top Authors"
      subtitle="Leading authors of the range; an author on several networks is one author with their accounts"
      testId="top-authors-screen"
      actions={
        <>
          <SegmentedControl
            size="xs"
            value={sort}
            onChange={(v) => {
              setSort(v as AuthorSort);
              setPage(1);
            }}
            data={[
              { value: 'followers', label: 'By Followers' },
              { value: 'clips', label: 'By Clips' },
            ]}
            aria-label="Rank authors"
          />
          <Switch
            size="sm"
            label="Show All"
            checked={showAll}
            onChange={(e) => {
              setShowAll(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </>
      }
    >
      <AnalysisGrid>
        <Grid.Col span={12}>
          <AnalysisCard title="Authors in range" subtitle="Against the previous period of equal length" testId="top-authors-headline">
            <AnalysisQuery query={query} isEmpty={false} height={60}>
              {query.data && (
                <SimpleGrid cols={{ base: 2 }} spacing="lg" maw={520}>
                  <HeadlineFigure label="Authors" figure={query.data.People} testId="authors-people" />
                  <HeadlineFigure label="Their posts" figure={query.data.Clips} testId="authors-posts" />
                </SimpleGrid>
              )}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <AnalysisCard
            title={showAll ? 'All authors' : `Top ${TOP_AUTHORS_DEFAULT} authors`}
            subtitle={query.data ? `${rangeText(showAll ? page : 1, pageSize, authors.length, query.data.Total)}, by ${label}` : `By ${label}`}
            testId="top-authors-tiles"
          >
            <AnalysisQuery query={query} isEmpty={authors.length === 0} empty={<NoData what="authors" />} height={320}>
              <AuthorTiles authors={authors} sort={sort} firstRank={(showAll ? page - 1 : 0) * pageSize + 1} projectId={project.Id} />
              {showAll && pages > 1 && (
                <Group justify="center" mt="md">
                  <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} aria-label="Pages of authors" />
                </Group>
              )}
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AnalysisCard title="Share of the shown authors" subtitle={`By ${label} · click a slice for the author's posts`} testId="top-authors-pie">
            <AnalysisQuery query={query} isEmpty={pieSlices(authors, sort).length === 0} empty={<NoData what="authors" />} height={320}>
              <AuthorPie authors={authors} sort={sort} />
            </AnalysisQuery>
          </AnalysisCard>
        </Grid.Col>
      </AnalysisGrid>
    </AnalysisScreen>
  );
}

function AuthorTiles({ authors, sort, firstRank, projectId }: { authors: Author[]; sort: AuthorSort; firstRank: number; projectId: number }) {
  const tray = useClipTray();
  const influencers = useInfluencers(projectId);
  const create = useCreateInfluencer(projectId);
  const tracked = new Set((influencers.data ?? []).map((i) => i.AuthorId));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
      {authors.map((a, i) => {
        const added = tracked.has(a.AuthorId);
        const several = a.Accounts.length > 1;
        const which = several ? ` (their ${streamName(a.StreamId)} account, the largest audience)` : '';
        return (
          <Card key={`${a.StreamId}-${a.AuthorId}`} withBorder radius="md" padding="sm" data-testid="author-tile">
            <Group justify="space-between" wrap="nowrap" gap={6} align="flex-start">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {firstRank + i}
                  </Badge>
                  <Text
                    size="sm"
                    fw={700}
                    truncate
                    c="blue.8"
                    {...opensPosts(() => tray.open(authorScope(a)), `Open the ${postCount(a.ClipCount)} by ${a.AuthorName}`)}
                  >
                    {a.AuthorName}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {a.Accounts.map((acc) => (
                    <StreamIcon
                      key={acc.AuthorId}
                      streamId={acc.StreamId}
                      size={14}
                      label={`${streamName(acc.StreamId)} ${handleText(acc.Handle)}: ${compactNumber.format(acc.FollowerCount)} followers, ${postCount(acc.ClipCount)}`}
                    />
                  ))}
                  <Text size="xs" c="dimmed" truncate>
                    {handleText(a.Handle)}
                  </Text>
                </Group>
              </Stack>
              <Tooltip label={added ? `In influencer discovery${which}` : `Add to influencer discovery${which}`} withArrow>
                <ActionIcon
                  variant={added ? 'light' : 'subtle'}
                  color={added ? 'teal' : 'blue'}
                  disabled={added || create.isPending}
                  aria-label={added ? `${a.AuthorName} is in influencer discovery` : `Add ${a.AuthorName} to influencer discovery`}
                  onClick={() =>
                    create.mutate(
                      { projectId, authorId: a.AuthorId, authorName: a.AuthorName, streamId: a.StreamId },
                      { onSuccess: () => toast.success(`${a.AuthorName} added to influencer discovery`) },
                    )
                  }
                >
                  {added ? <IconCheck size={16} /> : <IconUserPlus size={16} />}
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group gap="md" mt={6}>
              <Text size="xs" c={sort === 'followers' ? undefined : 'dimmed'} fw={sort === 'followers' ? 700 : 400}>
                {compactNumber.format(a.FollowerCount)} followers
              </Text>
              <Text size="xs" c={sort === 'clips' ? undefined : 'dimmed'} fw={sort === 'clips' ? 700 : 400}>
                {postCount(a.ClipCount)}
              </Text>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function AuthorPie({ authors, sort }: { authors: Author[]; sort: AuthorSort }) {
  const tray = useClipTray();
  const slices = useMemo(() => pieSlices(authors, sort), [authors, sort]);
  const unit = sort === 'followers' ? 'followers' : 'posts';
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) => html`${p.name}<br />${p.value.toLocaleString('en-US')} ${unit} (${p.percent}%)`,
      },
      legend: { bottom: 0, type: 'scroll', icon: 'circle', itemWidth: 10, textStyle: { fontSize: 11 } },
      series: [
        {
          type: 'pie',
          radius: ['0%', '62%'],
          center: ['50%', '42%'],
          label: { show: false },
          itemStyle: { borderColor: '#fff', borderWidth: 1 },
          data: slices.map((s, i) => ({ name: s.name, value: s.value, itemStyle: { color: PIE_COLORS[i % PIE_COLORS.length] } })),
        },
      ],
    }),
    [slices, unit],
  );
  return (
    <ChartBox height={320}>
      <EChart
        option={option}
        height={320}
        ariaLabel={`The shown authors' shares of the ${unit}`}
        onClick={(e) => {
          const s = slices[e.dataIndex];
          if (s) tray.open(authorScope(authors[s.index]));
        }}
      />
    </ChartBox>
  );
}
