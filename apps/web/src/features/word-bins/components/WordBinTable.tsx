// The word-bin table: Name, Type, Interval, Start Date, End Date, Last Sent, Keywords; a row opens
// its detail, and its menu puts it in a group.
import { Group, Table, Text } from '@mantine/core';
import { intervalLabel, type WordBin, type WordBinGroup } from '@listening/contract';
import { useFormatTime } from '../../../ui/time.ts';
import { useAddToGroup } from '../api/word-bins.ts';
import { WordBinActions } from './WordBinActions.tsx';
import { KeywordBadge } from './KeywordBadge.tsx';
import { WordBinLink } from './WordBinLink.tsx';

export function WordBinTable({ bins, groups, canEdit }: { bins: readonly WordBin[]; groups: readonly WordBinGroup[]; canEdit: boolean }) {
  const time = useFormatTime();
  const addToGroup = useAddToGroup();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="word-bin-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Interval</Table.Th>
            <Table.Th>Start Date</Table.Th>
            <Table.Th>End Date</Table.Th>
            <Table.Th>Last Sent</Table.Th>
            <Table.Th>Keywords</Table.Th>
            <Table.Th title="Posts of the last 7 days this list caught">Matches, 7 days</Table.Th>
            {canEdit && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bins.map((b) => {
            return (
              <Table.Tr key={b.Id} data-testid="word-bin-row" data-name={b.Description}>
                <Table.Td>
                  <WordBinLink bin={b} />
                  {!b.IsActive && (
                    <Text size="xs" c="dimmed">
                      Paused
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{b.WordBinTypeId === 2 ? 'Crisis' : 'Reaction'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{intervalLabel(b.NotificationInterval)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{time(b.StartDate)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{time(b.StopDate)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={b.DateLastSent ? undefined : 'dimmed'}>
                    {b.DateLastSent ? time(b.DateLastSent) : 'Never'}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <Group gap={4}>
                    {b.Keywords.map((k, i) => (
                      <KeywordBadge key={i} value={k.Value} operatorId={k.OperatorId} size="sm" />
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="word-bin-matches">
                    {b.Matches7Days.toLocaleString('en-US')}
                  </Text>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <WordBinActions bin={b} groups={groups} addToGroup={addToGroup} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
