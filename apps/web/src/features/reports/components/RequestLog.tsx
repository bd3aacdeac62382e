// Request Log: every generated (or generating) file, newest first. An entry shows 'Generating...'
// until its file is ready, then complete with Download and Send; Regenerate makes it again and
// Delete removes it.
import { ActionIcon, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconDownload, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { REPORT_MESSAGES, type ReportRequest } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { toast } from '../../../ui/toast.ts';
import { downloadReportFile } from '../api/download-report.ts';
import type { ReportScope } from '../api/keys.ts';
import { useReportLog } from '../api/get-report-log.ts';
import { useRegenerateReport } from '../api/generate-report.ts';
import { useDeleteReportRequest, useSendReport } from '../api/report-request.ts';
import { errorText } from '../errors.ts';
import { formatWall, formatWindow } from '../logic/dates.ts';
import { QueryList } from './PagedList.tsx';
import { Row } from './Row.tsx';

type Status = 'generating' | 'complete' | 'failed';
const statusOf = (r: ReportRequest): Status => (r.IsCompleted ? 'complete' : r.Error ? 'failed' : 'generating');

function StatusBadge({ request }: { request: ReportRequest }) {
  const status = statusOf(request);
  if (status === 'generating')
    return (
      <Badge variant="light" color="blue" size="sm" tt="none" leftSection={<Loader size={10} />}>
        Generating...
      </Badge>
    );
  if (status === 'failed')
    return (
      <Badge variant="light" color="red" size="sm" tt="none">
        Failed
      </Badge>
    );
  return (
    <Badge variant="light" color="teal" size="sm" tt="none">
      Complete
    </Badge>
  );
}

const sizeText = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? ` · ${Math.max(1, Math.round(bytes / 1024))} KB` : ` · ${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function RequestLog({ scope }: { scope: ReportScope }) {
  const log = useReportLog(scope);
  const regenerate = useRegenerateReport(scope);
  const send = useSendReport();
  const remove = useDeleteReportRequest();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = (r: ReportRequest) => {
    setDownloading(r.Guid);
    downloadReportFile(r.Guid)
      .then(() => toast.success(REPORT_MESSAGES.downloaded))
      .catch((err: unknown) => toast.error(errorText(err)))
      .finally(() => setDownloading(null));
  };
  const onDelete = (r: ReportRequest) => {
    if (window.confirm(REPORT_MESSAGES.confirmDelete)) remove.mutate(r.Guid, { onSuccess: (res) => toast.success(res.Message) });
  };

  return (
    <QueryList
      query={log}
      label="Report requests"
      empty={<EmptyState title="No reports generated yet">Generate a saved report and its file appears here.</EmptyState>}
    >
      {(r) => {
        const status = statusOf(r);
        const busy = (m: { isPending: boolean; variables?: string }) => m.isPending && m.variables === r.Guid;
        return (
          <Row
            key={r.Guid}
            data-testid="request-row"
            data-name={r.ReportName}
            data-status={status}
            title={
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {r.ReportName}
                </Text>
                {r.IsListing && (
                  <Badge variant="outline" color="gray" size="sm" tt="none">
                    Clip listing
                  </Badge>
                )}
                <StatusBadge request={r} />
              </Group>
            }
            details={
              <>
                <Text size="xs" c="dimmed">
                  {formatWindow(r.DateStart, r.DateEnd)} · requested {formatWall(r.DateRequested)}
                  {status === 'complete' && sizeText(r.FileSize)}
                </Text>
                {r.Error && (
                  <Text size="xs" c="red.7">
                    {r.Error}
                  </Text>
                )}
              </>
            }
            actions={
              <>
                {status === 'complete' && (
                  <>
                    <Button size="xs" leftSection={<IconDownload size={14} />} loading={downloading === r.Guid} onClick={() => download(r)}>
                      Download
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconSend size={14} />}
                      loading={busy(send)}
                      onClick={() => send.mutate(r.Guid, { onSuccess: (res) => toast.success(res.Message) })}
                    >
                      Send
                    </Button>
                  </>
                )}
                {status !== 'generating' && (
                  <ActionIcon
                    variant="default"
                    size="md"
                    aria-label={`Regenerate ${r.ReportName}`}
                    loading={busy(regenerate)}
                    onClick={() => regenerate.mutate(r.Guid, { onSuccess: (res) => toast.success(res.Message) })}
                  >
                    <IconRefresh size={16} />
                  </ActionIcon>
                )}
                <ActionIcon variant="light" color="red" size="md" aria-label={`Delete the request of ${r.ReportName}`} onClick={() => onDelete(r)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </>
            }
          />
        );
      }}
    </QueryList>
  );
}
