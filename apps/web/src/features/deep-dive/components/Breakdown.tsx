// The breakdown widget: each item with its posts, the change against the previous period and a bar
// split into owned, earned and chatter. A row opens the item's posts in the clip tray.
import { Group, Progress, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { DeepDiveItem } from '@listening/contract';
import { Change } from '../../../ui/Change.tsx';

// docs/spec/001_57268dddd5f58f8a.txt section 9: Owned blue, Earned green, Chatter orange.
const BRAND = [
  ['Owned', '#1c7ed6'],
  ['Earned', '#2f9e44'],
  ['Chatter', '#f76707'],
] as const;

export function Breakdown({ items, onOpen }: { items: DeepDiveItem[]; onOpen: (item: DeepDiveItem) => void }) {
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table verticalSpacing={6} highlightOnHover data-testid="deep-dive-breakdown-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Posts</Table.Th>
            <Table.Th w="34%" style={{ whiteSpace: 'nowrap' }}>
              Owned · Earned · Chatter
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.Value}>
              <Table.Td maw={260}>
                <UnstyledButton onClick={() => onOpen(i)} aria-label={`Open the posts with ${i.Value}`} disabled={i.Count === 0}>
                  <Text size="sm" fw={600} c="blue.8" truncate="end" maw={250} title={i.Value}>
                    {i.Value}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <Text size="sm" fw={700}>
                    {i.Count.toLocaleString('en-US')}
                  </Text>
                  <Change figure={{ Value: i.Count, Previous: i.Previous }} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Progress.Root size="lg">
                  {BRAND.map(([label, color]) => {
                    const n = i[label];
                    return n > 0 ? (
                      <Tooltip key={label} label={`${label}: ${n}`}>
                        <Progress.Section value={(n / Math.max(1, i.Owned + i.Earned + i.Chatter)) * 100} color={color} />
                      </Tooltip>
                    ) : null;
                  })}
                </Progress.Root>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
