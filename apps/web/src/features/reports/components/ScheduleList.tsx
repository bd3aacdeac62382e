// Schedule List: each schedule's report, next send, last send and frequency; edit or delete.
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { REPORT_MESSAGES, type ReportSchedule } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { toast } from '../../../ui/toast.ts';
import type { ReportScope } from '../api/keys.ts';
import { useReportSchedules } from '../api/get-report-schedules.ts';
import { useDeleteSchedule } from '../api/schedule-report.ts';
import { formatWall } from '../logic/dates.ts';
import { QueryList } from './PagedList.tsx';
import { Row } from './Row.tsx';

export function ScheduleList({ scope, onEdit }: { scope: ReportScope; onEdit: (s: ReportSchedule) => void }) {
  const schedules = useReportSchedules(scope);
  const remove = useDeleteSchedule();
  const onDelete = (s: ReportSchedule) => {
    if (window.confirm(REPORT_MESSAGES.confirmDelete)) remove.mutate(s.Id, { onSuccess: (res) => toast.success(res.Message) });
  };
  return (
    <Stack gap="sm">
      <QueryList
        query={schedules}
        label="Schedules"
        empty={<EmptyState title="No schedules yet">Schedule a saved report to send it to its recipients on a date and then regularly.</EmptyState>}
      >
        {(s) => (
          <Row
            key={s.Id}
            data-testid="schedule-row"
            data-name={s.ReportName}
            title={
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {s.ReportName}
                </Text>
                <Badge variant="light" color="grape" size="sm" tt="none">
                  {s.FrequencyDescription}
                </Badge>
              </Group>
            }
            details={
              <Text size="xs" c="dimmed">
                Next send {formatWall(s.DateNextSend)} · {s.DateLastSent ? `last sent ${formatWall(s.DateLastSent)}` : 'not sent yet'}
              </Text>
            }
            actions={
              <>
                <ActionIcon variant="default" size="md" aria-label={`Edit the schedule of ${s.ReportName}`} onClick={() => onEdit(s)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="light" color="red" size="md" aria-label={`Delete the schedule of ${s.ReportName}`} onClick={() => onDelete(s)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </>
            }
          />
        )}
      </QueryList>
    </Stack>
  );
}
