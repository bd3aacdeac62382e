// /report/{layoutId}/{guid}: downloads a generated report (a PDF, or a spreadsheet for layout 2)
// as soon as it opens, says 'Downloaded', and offers the file again. Reached from emailed links
// and /report/download; there is no side nav.
import { Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { REPORT_MESSAGES, isSpreadsheetLayout } from '@listening/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { toast } from '../../../ui/toast.ts';
import { downloadReportFile } from '../api/download-report.ts';
import { errorText } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type State = { status: 'downloading' } | { status: 'done'; fileName: string } | { status: 'failed'; message: string };

export function ReportDownloadScreen({ layoutId, guid }: { layoutId: string; guid: string }) {
  const valid = UUID.test(guid);
  const [state, setState] = useState<State>({ status: 'downloading' });
  const kind = isSpreadsheetLayout(Number(layoutId)) ? 'spreadsheet' : 'PDF';
  usePageTitle('Report download');

  const run = useCallback(() => {
    setState({ status: 'downloading' });
    downloadReportFile(guid)
      .then((file) => {
        toast.success(REPORT_MESSAGES.downloaded);
        setState({ status: 'done', fileName: file.fileName });
      })
      .catch((err: unknown) => {
        const message = errorText(err);
        toast.error(message);
        setState({ status: 'failed', message });
      });
  }, [guid]);

  // Once per address, also under React's double effects in development.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!valid || started.current === guid) return;
    started.current = guid;
    run();
  }, [guid, valid, run]);

  if (!valid)
    return (
      <Container size="sm" py="xl">
        <EmptyState title="This report link is not valid">
          Open the report from the Request Log of Stats Analysis or Trend Analysis, or from its email.
        </EmptyState>
      </Container>
    );

  const Icon = kind === 'spreadsheet' ? IconFileSpreadsheet : IconFileText;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={state.status === 'failed' ? 'red' : 'teal'}>
            {state.status === 'failed' ? <IconAlertTriangle size={30} /> : state.status === 'done' ? <IconCircleCheck size={30} /> : <Icon size={30} />}
          </ThemeIcon>
          <Title order={2} fz={22}>
            {state.status === 'downloading'
              ? `Downloading the report (${kind})`
              : state.status === 'done'
                ? REPORT_MESSAGES.downloaded
                : 'The report could not be downloaded'}
          </Title>
          {state.status === 'downloading' && <Loader size="sm" />}
          {state.status === 'done' && (
            <Text c="dimmed" size="sm" data-testid="downloaded-file">
              {state.fileName} is in your downloads.
            </Text>
          )}
          {state.status === 'failed' && (
            <Text c="dimmed" size="sm">
              {state.message}
            </Text>
          )}
          {state.status !== 'downloading' && (
            <Button variant={state.status === 'done' ? 'default' : 'filled'} onClick={run}>
              {state.status === 'done' ? 'Download again' : 'Try again'}
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
