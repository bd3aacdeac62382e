// Competitor tracking (/competitor-tracking, docs/spec/001_57268dddd5f58f8a.txt section 2): a donut of posts across the project and
// its competitors (other projects of the client) in the range and streams, with each one's change
// against the previous period. The project's slice opens its posts in the clip tray; a competitor's
// opens that project's dashboard over the same filter. Admins manage the competitors here and from
// the project's cog. Project types 1 and 5, as the side menu.
import { Anchor, Button, Grid, Group, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen, ChartBox } from '../../../project/components/AnalysisScreen.tsx';
import { CompetitorSettings } from '../../../project/components/CompetitorSettings.tsx';
import { useIsAdmin } from '../../../project/clip-tray/api/get-user.ts';
import { opensPosts, postCount } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { filterToSearch } from '../../../project/filter.ts';
import { Change } from '../../../ui/Change.tsx';
import { DonutTotal } from '../../../ui/charts/DonutTotal.tsx';
import { EChart } from '../../../ui/charts/EChart.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useCompetitors } from '../api/get-competitors.ts';
import { competitorDonutOption, shareOf, sliceColor } from '../charts.ts';

const projectRoute = getRouteApi('/_private/client/$clientId/project/$projectId');

export function CompetitorTrackingScreen() {
  const { project } = useProjectContext();
  const isAdmin = useIsAdmin();
  const [managing, setManaging] = useState(false);
  return (
    <AnalysisScreen
      screen="competitor-tracking"
      title="Competitor Tracking"
      subtitle="Posts about this project and its competitors over the same range and streams"
      actions={
        isAdmin && (
          <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setManaging(true)}>
            Manage competitors
          </Button>
        )
      }
      testId="competitor-screen"
    >
      <CompetitorFigures isAdmin={isAdmin} onManage={() => setManaging(true)} />
      <Modal opened={managing} onClose={() => setManaging(false)} title={<Text fw={700}>Competitors</Text>} centered radius="md">
        <CompetitorSettings projectId={project.Id} projectName={project.Description} />
      </Modal>
    </AnalysisScreen>
  );
}

function CompetitorFigures({ isAdmin, onManage }: { isAdmin: boolean; onManage: () => void }) {
  const { params, filter, clientId } = useProjectContext();
  const query = useCompetitors(params);
  const tray = useClipTray();
  const navigate = projectRoute.useNavigate();
  const slices = useMemo(() => query.data ?? [], [query.data]);
  const option = useMemo(() => competitorDonutOption(slices), [slices]);
  const total = slices.reduce((n, s) => n + s.Clips.Value, 0);

  const open = (index: number) => {
    const s = slices[index];
    if (!s) return;
    if (s.IsProject) tray.open({ label: `${s.Name}: all posts` });
    else
      void navigate({
        to: '/client/$clientId/project/$projectId',
        params: { clientId: String(clientId), projectId: String(s.ProjectId) },
        search: { ...filterToSearch(filter), bin: undefined },
      });
  };

  if (query.isSuccess && slices.length === 1)
    return (
      <AnalysisCard title="Competitor comparison" testId="competitor-donut">
        <EmptyState title="This project has no competitors yet">
          {isAdmin
            ? 'Add other projects of this client as competitors to compare their posts with this one’s.'
            : 'An administrator adds them from the project’s settings.'}
        </EmptyState>
        {isAdmin && (
          <Group justify="center">
            <Button variant="light" onClick={onManage}>
              Add competitors
            </Button>
          </Group>
        )}
      </AnalysisCard>
    );

  return (
    <AnalysisGrid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <AnalysisCard title="Competitor comparison" subtitle="Share of posts · click a slice" testId="competitor-donut">
          <AnalysisQuery query={query} isEmpty={total === 0}>
            <ChartBox height={300}>
              <DonutTotal total={total} testId="competitor-total">
                <EChart ariaLabel="Competitor comparison donut" option={option} height={300} onClick={(e) => open(e.dataIndex)} />
              </DonutTotal>
            </ChartBox>
          </AnalysisQuery>
        </AnalysisCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <AnalysisCard title="Posts per project" subtitle="Against the previous period of equal length" testId="competitor-table">
          <AnalysisQuery query={query} isEmpty={false}>
            <Table.ScrollContainer minWidth={260}>
              <Table verticalSpacing="xs" horizontalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Project</Table.Th>
                    <Table.Th ta="right">Posts</Table.Th>
                    <Table.Th ta="right" visibleFrom="xs">
                      Share
                    </Table.Th>
                    <Table.Th ta="right">Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {slices.map((s, i) => (
                    <Table.Tr key={s.BinId} data-testid={`competitor-row-${s.ProjectId}`}>
                      <Table.Td>
                        <Group gap={8} wrap="nowrap">
                          <span style={{ width: 10, height: 10, borderRadius: 5, background: sliceColor(i), flexShrink: 0 }} />
                          {s.IsProject ? (
                            <Text size="sm" fw={600} {...(s.Clips.Value ? opensPosts(() => open(i), `Open the ${postCount(s.Clips.Value)} of ${s.Name}`) : {})}>
                              {s.Name}{' '}
                              <Text span c="dimmed" size="xs">
                                (this project)
                              </Text>
                            </Text>
                          ) : (
                            <Anchor size="sm" ta="left" component="button" type="button" onClick={() => open(i)} aria-label={`Open the dashboard of ${s.Name}`}>
                              {s.Name}
                            </Anchor>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{s.Clips.Value.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right" visibleFrom="xs">
                        {shareOf(slices, i)}%
                      </Table.Td>
                      <Table.Td ta="right">
                        <Change figure={s.Clips} />
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
