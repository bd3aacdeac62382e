// Tree view (/treeview, docs/spec/001_57268dddd5f58f8a.txt section 2): the project's folders and subfolders over the filter's
// streams (7 to 11); choosing a subfolder stores the range and streams in the address and opens
// its page, the dashboard scoped to that bin. Beside the picker, the chosen folder's newest posts
// (clip/getall/bins over the folder and its subfolders) and their count against the previous
// period; none: 'No clips found for subfolders'.
import { Anchor, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@listening/contract';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AnalysisCard, AnalysisGrid, AnalysisQuery, AnalysisScreen } from '../../../project/components/AnalysisScreen.tsx';
import { HeadlineCards } from '../../../project/components/HeadlineCards.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { filterToSearch } from '../../../project/filter.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { useClipsOfBins } from '../api/get-clips-of-bins.ts';
import { useSubfolders } from '../api/get-subfolders.ts';
import { FolderPicker } from '../components/FolderPicker.tsx';
import { foldersOf, ranges } from '../tree.ts';
import { formatTime } from '../../../ui/time.ts';

const projectRoute = getRouteApi('/_private/client/$clientId/project/$projectId');

export function TreeViewScreen() {
  return (
    <AnalysisScreen
      screen="tree-view"
      title="Tree View"
      subtitle="The project's folders and subfolders: choose a subfolder to open its page"
      testId="tree-view-screen"
    >
      <TreeView />
    </AnalysisScreen>
  );
}

function TreeView() {
  const { clientId, project, filter } = useProjectContext();
  const navigate = projectRoute.useNavigate();
  const subfolders = useSubfolders(clientId);
  const folders = useMemo(() => foldersOf(subfolders.data ?? [], project.Id, project.BinId), [subfolders.data, project.Id, project.BinId]);
  const [chosen, setChosen] = useState<number | null>(null);
  const folder = folders.find((f) => f.bin.Id === chosen) ?? folders[0] ?? null;
  const binIds = folder ? [folder.bin.Id, ...folder.subfolders.map((s) => s.Id)] : [];
  const { current, previous } = ranges(filter.datefrom, filter.dateto);
  const streamIds = filter.streams.join(',');
  const clips = useClipsOfBins({ binIds, ...current, streamIds });
  const before = useClipsOfBins({ binIds, ...previous, streamIds, limit: 1 });

  // The subfolder's page: the dashboard scoped to its bin, with this range and these streams.
  const open = (binId: number) =>
    void navigate({
      to: '/client/$clientId/project/$projectId',
      params: { clientId: String(clientId), projectId: String(project.Id) },
      search: { ...filterToSearch(filter), bin: String(binId) },
    });

  return (
    <AnalysisGrid>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <AnalysisCard title="Folders" subtitle="Choose a folder for its posts, a subfolder to open it" testId="tree-view-picker">
          <AnalysisQuery
            query={subfolders}
            isEmpty={folders.length === 0}
            empty={<EmptyState title="This project has no folders">Sort bins and input bins made under Sort Bins appear here.</EmptyState>}
          >
            <FolderPicker folders={folders} selected={folder?.bin.Id ?? null} onSelect={setChosen} onOpen={open} />
          </AnalysisQuery>
        </AnalysisCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="md">
          {folder && (
            <HeadlineCards
              testId="tree-view-totals"
              cards={[
                {
                  key: 'posts',
                  label: 'Posts in the folder',
                  color: '#1c7ed6',
                  figure: { Value: clips.data?.Total ?? 0, Previous: before.data?.Total ?? 0 },
                },
              ]}
            />
          )}
          <AnalysisCard
            title={folder ? `Newest posts of ${folder.bin.Name}` : 'Posts'}
            subtitle="The folder and its subfolders, over the filter's range and streams"
            testId="tree-view-clips"
          >
            <AnalysisQuery
              query={clips}
              isEmpty={!clips.data?.Data.length}
              empty={<EmptyState title={MESSAGES.noSubfolderClips}>Try a wider range or other streams in the Filter.</EmptyState>}
            >
              <Stack gap="xs">
                {clips.data?.Data.map((c) => (
                  <Paper key={c.Id} withBorder radius="sm" p="xs" data-testid="tree-view-clip">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                        <StreamIcon streamId={c.StreamId} size={16} />
                        <Text size="sm" fw={600} truncate>
                          {c.AuthorName}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatTime(c.DatePosted, project.TimeZone)}
                      </Text>
                    </Group>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {c.Body}
                    </Text>
                  </Paper>
                ))}
                {folder && (clips.data?.Total ?? 0) > (clips.data?.Data.length ?? 0) && (
                  <Anchor component="button" size="sm" onClick={() => open(folder.bin.Id)}>
                    All {clips.data!.Total.toLocaleString('en-US')} posts: open {folder.bin.Name}
                  </Anchor>
                )}
              </Stack>
            </AnalysisQuery>
          </AnalysisCard>
        </Stack>
      </Grid.Col>
    </AnalysisGrid>
  );
}
