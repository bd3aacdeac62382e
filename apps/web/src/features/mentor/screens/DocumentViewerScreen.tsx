import { Alert, Anchor, Box, Container, Group, Skeleton, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useParams, useRouter } from '@tanstack/react-router';
import { downloadMentorFile, operationPath, zMentorFileName } from '@listening/contract';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useDocumentStatus } from '../api/document.ts';

/**
 * /mentor/document/{fileName}: a tutorial's document in an embedded frame with the viewer's
 * toolbar hidden (#toolbar=0). The name is checked before anything is asked for: a name with a
 * folder or path in it shows why it is refused. The file is looked for first, so a document that
 * is not there (removed, or a name mistyped in a link) says so instead of an empty frame.
 */
export function DocumentViewerScreen() {
  const { fileName } = useParams({ strict: false }) as { fileName: string };
  const router = useRouter();
  const checked = zMentorFileName.safeParse(fileName);
  const url = checked.success ? operationPath(downloadMentorFile, { fileName: checked.data }) : null;
  const status = useDocumentStatus(checked.success ? checked.data : null);
  const found = status.data !== undefined && status.data >= 200 && status.data < 300;
  return (
    <Container size="xl" py="lg">
      <PageHeader
        above={
          <Anchor component="button" size="sm" onClick={() => router.history.back()} style={{ alignSelf: 'flex-start' }}>
            ← Back
          </Anchor>
        }
        title="Tutorial document"
        subtitle={<Text style={{ wordBreak: 'break-all' }}>{fileName}</Text>}
        actions={
          url &&
          found && (
            <Anchor href={url} download={fileName} size="sm">
              <Group gap={4}>
                <IconDownload size={16} /> Download
              </Group>
            </Anchor>
          )
        }
      />
      {url && status.isPending ? (
        <Skeleton h={420} />
      ) : url && status.data === 404 ? (
        <Alert color="yellow" title="This document is not available" data-testid="document-missing">
          There is no document named {fileName}: it may have been removed or renamed since the tutorial linked to it. Go back to the tutorial, or ask the person
          who manages the tutorials for it.
        </Alert>
      ) : url && !found ? (
        <Alert color="red" title="This document could not be loaded" data-testid="document-failed">
          The server did not send it{status.data ? ` (HTTP ${status.data})` : ''}. Try again in a moment.
        </Alert>
      ) : url ? (
        <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}>
          <iframe
            src={`${url}#toolbar=0`}
            title={`Document ${fileName}`}
            style={{ display: 'block', width: '100%', height: 'calc(100vh - 220px)', minHeight: 420, border: 0 }}
          />
        </Box>
      ) : (
        <Alert color="red" title="This document cannot be opened">
          Only a plain file name such as user-guide.pdf opens here: this one has a folder or characters a file name cannot have. Open the document from its
          tutorial instead.
        </Alert>
      )}
    </Container>
  );
}
