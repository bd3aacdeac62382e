// The dashboard's top authors: people by followers across their networks, with adding one to influencer discovery.
import { ActionIcon, Group, ScrollArea, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { TOP_AUTHORS_DEFAULT } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { toast } from '../../../ui/toast.ts';
import { opensPosts, postCount } from '../../../project/clip-tray/opens-posts.ts';
import { useClipTray } from '../../../project/clip-tray/tray-state.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useCreateInfluencer } from '../api/create-influencer.ts';
import { useInfluencers } from '../api/get-influencers.ts';
import { useTopAuthors } from '../api/get-top-authors.ts';
import { accountLabel, authorScope, compactNumber as compact, handleText } from '../top-authors.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

/**
 * People by followers: 10, or all. One row per person, with their account on each network (icons,
 * each named with its own figures); followers and posts are summed over those accounts. Adding to
 * influencer discovery adds the largest-audience account.
 */
export function TopAuthors() {
  const { params, project } = useProjectContext();
  const [showAll, setShowAll] = useState(false);
  const query = useTopAuthors(params, showAll);
  const influencers = useInfluencers(project.Id);
  const create = useCreateInfluencer(project.Id);
  const tray = useClipTray();
  const authors = query.data ?? [];
  const tracked = new Set((influencers.data ?? []).map((i) => i.AuthorId));

  return (
    <WidgetCard
      title="Top authors"
      subtitle={showAll ? 'All authors, by followers across their networks' : `Top ${TOP_AUTHORS_DEFAULT} by followers across their networks`}
      testId="top-authors"
      actions={<Switch size="sm" label="Show All" checked={showAll} onChange={(e) => setShowAll(e.currentTarget.checked)} />}
    >
      <QueryState query={query} isEmpty={authors.length === 0} empty={<EmptyState title="No authors in this range" />} height={300}>
        <ScrollArea.Autosize mah={420} type="auto">
          <Table verticalSpacing={6} highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Author</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  <Tooltip label="Summed over every network the author posts on" withArrow>
                    <span style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
                      Followers<VisuallyHidden>, summed over every network the author posts on</VisuallyHidden>
                    </span>
                  </Tooltip>
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Posts
                </Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {authors.map((a) => {
                const added = tracked.has(a.AuthorId);
                const several = a.Accounts.length > 1;
                // The author's name opens their posts on every network (the Posts figure).
                const open = () => tray.open(authorScope(a));
                // A merged person is added by their largest-audience account (AuthorId, StreamId).
                const which = several ? ` (their ${streamName(a.StreamId)} account, the largest audience)` : '';
                return (
                  <Table.Tr key={`${a.StreamId}-${a.AuthorId}`}>
                    <Table.Td>
                      <div style={{ minWidth: 0 }}>
                        <Text
                          size="sm"
                          fw={600}
                          truncate
                          c="blue.8"
                          {...opensPosts(open, `Open the ${postCount(a.ClipCount)} by ${a.AuthorName}${several ? ` on ${a.Accounts.length} networks` : ''}`)}
                        >
                          {a.AuthorName}
                        </Text>
                        {/* Every network the person posts on (largest audience first), each named with its own figures; then the handle. */}
                        <Group gap={6} wrap="nowrap">
                          <Group gap={3} wrap="nowrap" data-testid="author-networks" style={{ flexShrink: 0 }}>
                            {a.Accounts.map((acc) => (
                              <StreamIcon key={acc.AuthorId} streamId={acc.StreamId} size={14} label={accountLabel(acc)} />
                            ))}
                          </Group>
                          {a.Handle && (
                            <Text size="xs" c="dimmed" truncate>
                              {handleText(a.Handle)}
                            </Text>
                          )}
                        </Group>
                        {/* On a phone the figures stack under the name instead of in columns. */}
                        <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid="author-figures">
                          {compact.format(a.FollowerCount)} followers{several ? ` on ${a.Accounts.length} networks` : ''} · {postCount(a.ClipCount)}
                        </Text>
                      </div>
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {compact.format(a.FollowerCount)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {a.ClipCount.toLocaleString('en-US')}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={added ? `In influencer discovery${which}` : `Add to influencer discovery${which}`} withArrow>
                        <ActionIcon
                          variant={added ? 'light' : 'subtle'}
                          color={added ? 'teal' : 'blue'}
                          disabled={added}
                          aria-label={added ? `${a.AuthorName}${which} is in influencer discovery` : `Add ${a.AuthorName}${which} to influencer discovery`}
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
