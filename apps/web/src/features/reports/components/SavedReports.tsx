// Saved Reports: the project's reports of this kind, each with Generate, Schedule, Edit and Delete,
// and the creator by name (the provider's own name when the creator is not a client contact).
import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { REPORT_MESSAGES, type Report, type ReportOptions } from '@listening/contract';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { useFormatTime } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import type { ReportScope } from '../api/keys.ts';
import { useReports } from '../api/get-reports.ts';
import { useDeleteReport } from '../api/save-report.ts';
import { QueryList } from './PagedList.tsx';
import { Row } from './Row.tsx';

export function SavedReports({
  scope,
  options,
  onNew,
  onEdit,
  onGenerate,
  onSchedule,
}: {
  scope: ReportScope;
  options: ReportOptions | undefined;
  onNew: () => void;
  onEdit: (r: Report) => void;
  onGenerate: (r: Report) => void;
  onSchedule: (r: Report) => void;
}) {
  const reports = useReports(scope);
  const time = useFormatTime();
  const remove = useDeleteReport();
  const layoutName = (id: number) => options?.LayoutOptions.find((l) => l.Id === id)?.Description ?? `Layout ${id}`;
  const onDelete = (r: Report) => {
    if (window.confirm(REPORT_MESSAGES.confirmDelete)) remove.mutate(r.Id, { onSuccess: (res) => toast.success(res.Message) });
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Reports saved for this project. Generate one for a window, or schedule it to its recipients.
        </Text>
        <Button leftSection={<IconPlus size={16} />} size="xs" onClick={onNew}>
          New report
        </Button>
      </Group>
      <QueryList
        query={reports}
        label="Saved reports"
        empty={<EmptyState title="No saved reports yet">Choose New report to set its layout, templates, streams and recipients.</EmptyState>}
      >
        {(r) => (
          <Row
            key={r.Id}
            data-testid="report-row"
            data-name={r.Name}
            title={
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {r.Name}
                </Text>
                <Badge variant="light" size="sm" tt="none">
                  {layoutName(r.LayoutId)}
                </Badge>
                <Group gap={4}>
                  {r.StreamIds.map((s) => (
                    <StreamIcon key={s} streamId={s} size={14} />
                  ))}
                </Group>
              </Group>
            }
            details={
              <Text size="xs" c="dimmed">
                Created {time(r.DateCreated)} by {r.CreatorName} · {r.RecipientIds.length} recipient{r.RecipientIds.length === 1 ? '' : 's'}
              </Text>
            }
            actions={
              <>
                <Button size="xs" onClick={() => onGenerate(r)}>
                  Generate
                </Button>
                <Button size="xs" variant="light" onClick={() => onSchedule(r)}>
                  Schedule
                </Button>
                <ActionIcon variant="default" size="md" aria-label={`Edit ${r.Name}`} onClick={() => onEdit(r)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="light" color="red" size="md" aria-label={`Delete ${r.Name}`} onClick={() => onDelete(r)}>
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
