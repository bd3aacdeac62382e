// The workflow board of a word bin (Reaction Lists › a list › View Workflow): its groups as
// columns of draggable clip tickets, plus the 'Add New Group' column. A ticket dropped in another
// group is saved at once (put back with a toast if the server refuses); reordering within a
// column is the reader's own and not saved. Mouse, touch (press and hold) and keyboard (focus a
// ticket, Space, arrow keys, Space) all move tickets. On a phone the columns scroll sideways.
import { ActionIcon, Alert, Box, Button, FileButton, Group, Skeleton, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPhoto } from '@tabler/icons-react';
import { useParams, useRouter } from '@tanstack/react-router';
import { useProjectContext } from '../../../project/context.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { toast } from '../../../ui/toast.ts';
import { useBoard, useBoardBackgroundUrl, useUploadBackground } from '../api/board.ts';
import { useWordBinWorkflow, useWorkflowGroups } from '../api/workflow.ts';
import { Board } from '../components/Board.tsx';

export function WorkflowBoardScreen() {
  const { project } = useProjectContext();
  const router = useRouter();
  const { wordBinId: idParam } = useParams({ strict: false }) as { wordBinId?: string };
  const wordBinId = Number(idParam);
  const workflow = useWordBinWorkflow(wordBinId);
  const groups = useWorkflowGroups(workflow.data?.Id);
  const error = workflow.error ?? groups.error;
  const workflowId = workflow.data?.Id ?? 0;
  const board = useBoard(workflowId, !!workflow.data);
  const background = useBoardBackgroundUrl(workflowId, board.data?.Background);
  const upload = useUploadBackground(workflowId);

  return (
    <Box px={{ base: 'sm', sm: 'md' }} py="lg">
      <PageHeader
        title={workflow.data ? `Workflow: ${workflow.data.Description}` : 'Workflow'}
        subtitle={`${project.Description} · drag a ticket to another group to move it; Space then the arrow keys do the same`}
        actions={
          workflow.data && (
            <FileButton
              accept="image/png,image/jpeg,image/webp"
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: () => toast.success('Background updated'),
                  onError: (err) => toast.error(err.message, 'The background could not be set'),
                })
              }
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} />} loading={upload.isPending}>
                  Background
                </Button>
              )}
            </FileButton>
          )
        }
        above={
          <Group>
            <Tooltip label="Back" withArrow>
              <ActionIcon variant="subtle" aria-label="Back" onClick={() => router.history.back()}>
                <IconArrowLeft size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        }
      />
      {error ? (
        <Alert color="red" variant="light" title="The workflow could not be loaded">
          {error.message}
        </Alert>
      ) : !workflow.data || !groups.data ? (
        <Group gap="sm" wrap="nowrap" style={{ overflow: 'hidden' }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} w={280} h={320} style={{ flex: '0 0 auto' }} />
          ))}
        </Group>
      ) : (
        <Board workflowId={workflow.data.Id} wordBinId={wordBinId} groups={groups.data} timeZone={project.TimeZone} background={background} />
      )}
    </Box>
  );
}
