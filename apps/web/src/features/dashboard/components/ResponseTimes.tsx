// Response times on the dashboard's Insights (docs/responses.md, "Figures"): of the Filter's posts
// to the project's own accounts that ask, complain or request, how fast an own account first
// replied (median and 90th percentile) and the share answered within the project's chosen wait,
// per network, in all and per week of the client's clock. The rows and their wording are the
// contract's (responses/format.ts), the same as the PDF's and the workbook's.
import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { responseTimeCells, responseTimeHeaders, responseTimeLines } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useResponseTimes } from '../api/get-response-times.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

export function ResponseTimes() {
  const { params } = useProjectContext();
  const query = useResponseTimes(params);
  const t = query.data;
  const lines = t ? responseTimeLines(t) : [];
  return (
    <WidgetCard
      title="Response times"
      subtitle="Posts to the project’s own accounts that ask, complain or request: time to an own account’s first reply"
      testId="response-times"
      actions={t && <Badge variant="light">wait {t.WaitMinutes} min</Badge>}
    >
      <QueryState
        query={query}
        isEmpty={!t || t.Total.Needing === 0}
        empty={<EmptyState title="No post to the project’s own accounts needed a response in this range" />}
        height={160}
      >
        {t && (
          <ScrollArea.Autosize type="auto" mah={440}>
            <Table striped fz="sm" miw={620} data-testid="response-times-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {responseTimeHeaders(t.WaitMinutes).map((h) => (
                    <Table.Th key={h} ta="right">
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={`${l.kind}:${l.label}`} fw={l.kind === 'total' ? 700 : undefined} data-kind={l.kind}>
                    {responseTimeCells(l).map((c, i) => (
                      <Table.Td key={i} ta={i === 0 ? 'left' : 'right'}>
                        {c}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {t.Truncated && (
              <Text size="xs" c="dimmed" mt="xs">
                The range holds more posts to the brand than the figures weigh: the newest were counted.
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
      </QueryState>
    </WidgetCard>
  );
}
