import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type AveExample } from '@listening/contract';
import { Money } from '../../../ui/Money.tsx';
import { StreamIcon, streamName } from '../../../ui/StreamIcon.tsx';
import { formatTime } from '../../../ui/time.ts';

const n = (v: number) => v.toLocaleString('en-US');

/** The project's latest valued post worked through the formula, with its own figures. */
export function WorkedExample({
  example: e,
  organicReach,
  perInteraction,
  timeZone,
}: {
  example: AveExample | null;
  organicReach: number;
  perInteraction: number;
  /** The client's time zone, in which post times are shown. */
  timeZone: string;
}) {
  if (!e)
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={4}>A worked example</Title>
        <Text size="sm" c="dimmed" mt="xs">
          This project has no posts with an AVE yet: an example appears here once posts are collected.
        </Text>
      </Paper>
    );
  const raw = (e.Impressions / 1000) * e.Cpm;
  // The estimate, when the network gave no impressions of its own (docs/ingestion.md, "AVE and impact").
  const reach = Math.round(e.Followers * organicReach + e.Interactions * perInteraction);
  const estimated = Math.max(e.Views, reach) === e.Impressions;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="ave-example">
      <Title order={4}>A worked example: this project&apos;s latest post</Title>
      <Group gap="xs" mt="xs" wrap="wrap">
        <StreamIcon streamId={e.StreamId} size={16} />
        <Text size="sm" fw={600}>
          {e.AuthorName || 'Unknown author'}
        </Text>
        <Text size="sm" c="dimmed">
          {formatTime(e.DatePosted, timeZone)}
        </Text>
      </Group>
      <Text size="sm" mt={4} lineClamp={3} style={{ wordBreak: 'break-word' }}>
        {e.Body}
      </Text>
      <Table mt="md" fz="sm" verticalSpacing={6} striped withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Interactions</Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              {n(e.Likes)} likes + 2 × {n(e.Comments)} comments + 3 × {n(e.Shares)} shares = <b>{n(e.Interactions)}</b>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Impressions</Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              {estimated ? (
                <>
                  the larger of {n(e.Views)} views and {n(e.Followers)} followers × {Math.round(organicReach * 100)}% + {n(e.Interactions)} × {perInteraction} ={' '}
                  <b>{n(e.Impressions)}</b>
                </>
              ) : (
                <>
                  <b>{n(e.Impressions)}</b>{' '}
                  <Text span size="xs" c="dimmed">
                    as recorded when the post was collected ({streamName(e.StreamId)}&apos;s own figure, or the author&apos;s followers then)
                  </Text>
                </>
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>AVE</Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Stack gap={2}>
                <span>
                  {n(e.Impressions)} ÷ 1,000 × <Money value={e.Cpm} size="sm" /> CPM = <Money value={raw} size="sm" fw={700} />
                </span>
                {Math.abs(raw - e.AVE) >= 0.005 && (
                  <Badge color="yellow" variant="light" size="sm">
                    Stored as <Money value={e.AVE} size="xs" />: valued before the CPM last changed
                  </Badge>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
