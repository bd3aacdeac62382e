// Word Bin Logs: the windows the bin has sent out (ID, Date From, Date To, Date Sent, Clips).
import { Alert, Skeleton, Table } from '@mantine/core';
import { Modal } from '../../../ui/Modal.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { useWordBinLogs } from '../api/word-bins.ts';

export function LogsModal({ wordBinId, opened, onClose }: { wordBinId: number; opened: boolean; onClose: () => void }) {
  const time = useFormatTime();
  const logs = useWordBinLogs(wordBinId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Word Bin Logs" centered radius="md" size="lg">
      {logs.isPending ? (
        <Skeleton h={80} />
      ) : logs.isError ? (
        <Alert color="red" variant="light">
          {logs.error.message}
        </Alert>
      ) : logs.data.length === 0 ? (
        <EmptyState title="This word bin has not been sent out" />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" data-testid="word-bin-logs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Date From</Table.Th>
                <Table.Th>Date To</Table.Th>
                <Table.Th>Date Sent</Table.Th>
                <Table.Th ta="right">Clips</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.data.map((l) => (
                <Table.Tr key={l.Id}>
                  <Table.Td>{l.Id}</Table.Td>
                  <Table.Td>{time(l.DateFrom)}</Table.Td>
                  <Table.Td>{time(l.DateTo)}</Table.Td>
                  <Table.Td>{time(l.DateSent)}</Table.Td>
                  <Table.Td ta="right">{l.ClipCount.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
