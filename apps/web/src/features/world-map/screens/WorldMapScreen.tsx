// World map (/world-map, ours): where the project's posts come from over the
// filter's range and streams, as the engine resolved it at ingestion from the post's and its
// author's location: headline figures against the previous period, a choropleth of countries with
// the busiest places as bubbles (no tile server: the shapes ship with the app), and the countries
// as a list. A country, in the list or on the map, or a place's bubble opens that country's posts
// in the clip tray.
import { Grid, Group, Progress, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox, NoData } from '../../../project/components/AnalysisScreen.tsx';
import { HeadlineCards } from '../../../project/components/HeadlineCards.tsx';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { Change } from '../../../ui/Change.tsx';
import { EChart } from '../../../ui/charts/EChart.tsx';
import { useWorldMapCluster, useWorldMapCountries } from '../api/get-world-map.ts';
import { clickedCountry, registerWorld, worldOption } from '../world.ts';

registerWorld();

export function WorldMapScreen() {
  return (
    <AnalysisScreen
      screen="world-map"
      title="World Map"
      subtitle="Where the project's posts come from: the post's own place, or else its author's profile location"
      testId="world-map-screen"
    >
      <WorldMap />
    </AnalysisScreen>
  );
}

function WorldMap() {
  const { params } = useProjectContext();
  const tray = useClipTray();
  const countries = useWorldMapCountries(params);
  const cluster = useWorldMapCluster(params);
  const data = countries.data;
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const height = compact ? 240 : 420;
  const option = useMemo(() => (data ? worldOption(data, cluster.data ?? [], compact) : {}), [data, cluster.data, compact]);
  const openCountry = (code: string, name: string) => tray.open({ label: `Posts from ${name}`, countryCode: code });
  const top = data?.Countries[0]?.Count ?? 1;

  return (
    <AnalysisGrid>
      <Grid.Col span={12}>
        <AnalysisQuery query={countries} isEmpty={false} height={96}>
          {data && (
            <HeadlineCards
              testId="world-map-totals"
              cards={[
                { key: 'located', label: 'Posts with a known place', color: '#1c7ed6', figure: data.Located },
                {
                  key: 'countries',
                  label: 'Countries',
                  color: '#2f9e44',
                  figure: { Value: data.Countries.length, Previous: data.Countries.filter((c) => c.Previous > 0).length },
                },
                { key: 'unlocated', label: 'Posts without a known place', color: '#868e96', figure: data.Unlocated },
              ]}
            />
          )}
        </AnalysisQuery>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <AnalysisCard
          title="Map"
          subtitle="Countries shaded by posts, bubbles for the busiest places · scroll to zoom, click for posts"
          testId="world-map-chart"
        >
          <AnalysisQuery query={countries} isEmpty={!data?.Countries.length} empty={<NoData what="posts with a known place" />}>
            <ChartBox height={height}>
              <EChart
                ariaLabel="World map of posts by country, with bubbles for the busiest places"
                option={option}
                height={height}
                onClick={(e) => {
                  const country = clickedCountry(e.data, data?.Countries ?? []);
                  if (country) openCountry(country.code, country.name);
                }}
              />
            </ChartBox>
          </AnalysisQuery>
        </AnalysisCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <AnalysisCard title="Countries" subtitle="Posts, and the change against the previous period" testId="world-map-countries">
          <AnalysisQuery query={countries} isEmpty={!data?.Countries.length} empty={<NoData what="posts with a known place" />}>
            <Table.ScrollContainer minWidth={260} mah={420}>
              <Table verticalSpacing={4} highlightOnHover>
                <Table.Tbody>
                  {data?.Countries.map((c) => (
                    <Table.Tr key={c.CountryCode} data-testid={`world-map-country-${c.CountryCode}`}>
                      <Table.Td>
                        <UnstyledButton onClick={() => openCountry(c.CountryCode, c.Name)} aria-label={`Open the posts from ${c.Name}`} w="100%">
                          <Stack gap={2}>
                            <Group justify="space-between" gap={6} wrap="nowrap">
                              <Text size="sm" fw={600} c="blue.8" truncate>
                                {c.Name}
                              </Text>
                              <Group gap={6} wrap="nowrap">
                                <Text size="sm" fw={700}>
                                  {c.Count.toLocaleString('en-US')}
                                </Text>
                                <Change figure={{ Value: c.Count, Previous: c.Previous }} />
                              </Group>
                            </Group>
                            <Progress value={(c.Count / top) * 100} size="xs" />
                          </Stack>
                        </UnstyledButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </AnalysisQuery>
        </AnalysisCard>
      </Grid.Col>
    </AnalysisGrid>
  );
}
