// Response times on the dashboard's Insights (docs/responses.md, "Figures"): of the Filter's posts
// to the project's own accounts that ask, complain or request, how fast an own account first
// replied (median and 90th percentile) and the share answered within the project's chosen wait,
// per network, in all and per week of the client's clock. The rows and their wording are the
// contract's (responses/format.ts), the same as the PDF's and the workbook's. On a phone the six
// columns would scroll sideways: three stay (needing, median, share within the wait) and the
// answered count and 90th percentile go under each line's label.
import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  responseTimeAside,
  responseTimeCells,
  responseTimeHeaders,
  responseTimeLines,
  responseTimeShortCells,
  responseTimeShortHeaders,
  type ResponseTimeLine,
} from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useResponseTimes } from '../api/get-response-times.ts';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

/** The table's two layouts: the desktop's six columns, and the phone's three that fit 390 px without scrolling sideways. */
const layouts = {
  wide: { fz: 'sm', miw: 620, labelWidth: undefined, headers: responseTimeHeaders, cells: responseTimeCells },
  narrow: { fz: 'xs', miw: undefined, labelWidth: '38%', headers: responseTimeShortHeaders, cells: responseTimeShortCells },
} as const;

function ResponseTimesTable({ lines, wait, narrow }: { lines: ResponseTimeLine[]; wait: number; narrow: boolean }) {
  const layout = layouts[narrow ? 'narrow' : 'wide'];
  return (
    <Table
      striped
      fz={layout.fz}
      miw={layout.miw}
      data-testid="response-times-table"
      data-layout={narrow ? 'narrow' : undefined}
      layout={narrow ? 'fixed' : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={layout.labelWidth} />
          {layout.headers(wait).map((h) => (
            <Table.Th key={h} ta="right">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={`${l.kind}:${l.label}`} fw={l.kind === 'total' ? 700 : undefined} data-kind={l.kind}>
            {layout.cells(l).map((c, i) =>
              i > 0 ? (
                <Table.Td key={i} ta="right" style={narrow ? { whiteSpace: 'nowrap' } : undefined}>
                  {c}
                </Table.Td>
              ) : (
                <Table.Td key={i} ta={narrow ? undefined : 'left'}>
                  {c}
                  {narrow && (
                    <Text size="xs" c="dimmed" fw={400}>
                      {responseTimeAside(l)}
                    </Text>
                  )}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ResponseTimes() {
  const narrow = useMediaQuery('(max-width: 48em)');
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
          <ScrollArea.Autosize type="auto" mah={440} offsetScrollbars={narrow ? 'y' : undefined}>
            <ResponseTimesTable lines={lines} wait={t.WaitMinutes} narrow={!!narrow} />
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
