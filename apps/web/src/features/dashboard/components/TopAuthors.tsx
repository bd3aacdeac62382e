import { ActionIcon, Group, ScrollArea, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { TOP_AUTHORS_DEFAULT } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { useProjectContext } from '../../../project/context.ts';
import { useCreateInfluencer } from '../api/create-influencer.ts';
import { useInfluencers } from '../api/get-influencers.ts';
import { useTopAuthors } from '../api/get-top-authors.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Authors by followers: 10, or all; each can be added to influencer discovery. */
export function TopAuthors() {
  const { params, project } = useProjectContext();
  const [showAll, setShowAll] = useState(false);
  const query = useTopAuthors(params, showAll);
  const influencers = useInfluencers(project.Id);
  const create = useCreateInfluencer(project.Id);
  const authors = query.data ?? [];
  const tracked = new Set((influencers.data ?? []).map((i) => i.AuthorId));

  return (
    <WidgetCard
      title="Top authors"
      subtitle={showAll ? 'All authors, by followers' : `Top ${TOP_AUTHORS_DEFAULT} by followers`}
      testId="top-authors"
      actions={<Switch size="sm" label="Show All" checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />}
    >
      <QueryState query={query} isEmpty={authors.length === 0} empty={<EmptyState title="No authors in this range" />} height={300}>
        <ScrollArea.Autosize mah={420} type="auto">
          <Table verticalSpacing={6} highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Author</Table.Th>
                <Table.Th ta="right">Followers</Table.Th>
                <Table.Th ta="right">Posts</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {authors.map((a) => {
                const added = tracked.has(a.AuthorId);
                return (
                  <Table.Tr key={`${a.StreamId}-${a.AuthorId}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <StreamIcon streamId={a.StreamId} size={15} />
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600} truncate>
                            {a.AuthorName}
                          </Text>
                          {a.Handle && (
                            <Text size="xs" c="dimmed" truncate>
                              @{a.Handle.replace(/^@/, '')}
                            </Text>
                          )}
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {compact.format(a.FollowerCount)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {a.ClipCount.toLocaleString('en-US')}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={added ? 'In influencer discovery' : 'Add to influencer discovery'} withArrow>
                        <ActionIcon
                          variant={added ? 'light' : 'subtle'}
                          color={added ? 'teal' : 'blue'}
                          disabled={added}
                          aria-label={added ? `${a.AuthorName} is in influencer discovery` : `Add ${a.AuthorName} to influencer discovery`}
                          onClick={() =>
                            create.mutate(
                              { projectId: project.Id, authorId: a.AuthorId, authorName: a.AuthorName, streamId: a.StreamId },
                              { onSuccess: () => toast.success(`${a.AuthorName} added to influencer discovery`) },
                            )
                          }
                        >
                          {added ? <IconCheck size={16} /> : <IconUserPlus size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </QueryState>
    </WidgetCard>
  );
}
