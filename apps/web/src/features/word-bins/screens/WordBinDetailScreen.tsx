// Word bin detail (reaction-list/wordbin/{id}, crisis-monitoring/wordbin/{id} and
// /client/{clientId}/reaction-list/crisis/{id}): view and edit modes; Save calls update then
// leaves edit mode, Cancel leaves it; Delete goes back to the previous page; View Logs; View
// Workflow opens the list's board. It reads the bin alone, so it also works outside a project.
import { Alert, Badge, Button, Container, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconEdit, IconLayoutKanban, IconList, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useFormatTime, useTimeZone } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useDeleteWordBin, useUpdateWordBin, useWordBin, useWordBinContacts } from '../api/word-bins.ts';
import { LogsModal } from '../components/LogsModal.tsx';
import { WordBinFields } from '../components/WordBinFields.tsx';
import { bodyOf, draftOf, draftProblems, formProblems, type WordBinDraft } from '../draft.ts';
import { errorText } from '../errors.ts';
import { screenHref } from '../../../project/screen-routes.ts';
import { kindOf } from '../kinds.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';

export function WordBinDetailScreen() {
  const params = useParams({ strict: false }) as { clientId?: string; wordBinId?: string };
  const id = Number(params.wordBinId);
  const bin = useWordBin(id);
  const contacts = useWordBinContacts(Number(params.clientId), bin.isSuccess);
  const update = useUpdateWordBin();
  const remove = useDeleteWordBin();
  const router = useRouter();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<WordBinDraft | null>(null);
  const [logs, setLogs] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [tried, setTried] = useState(false);
  const time = useFormatTime();
  const timeZone = useTimeZone();

  if (bin.isPending)
    return (
      <Container size="md" py="lg">
        <Skeleton h={320} />
      </Container>
    );
  if (bin.isError)
    return (
      <Container size="md" py="lg">
        <Alert color="red" variant="light" title="This list could not be opened">
          {errorText(bin.error)}
        </Alert>
      </Container>
    );

  const b = bin.data;
  const kind = kindOf(b.WordBinTypeId);
  const editing = draft !== null;
  const listPath = screenHref(kind.lists, b.ClientId, b.ProjectId);
  const problems = formProblems(draft ?? draftOf(b, timeZone), tried && editing, editing && update.isError ? errorText(update.error) : null);
  const edit = (next: WordBinDraft | null) => {
    if (update.isError) update.reset();
    if (next === null) setTried(false);
    setDraft(next);
  };
  const save = () => {
    setTried(true);
    if (Object.keys(draftProblems(draft!)).length > 0) return;
    update.mutate(bodyOf(draft!, { id: b.Id, clientId: b.ClientId, projectId: b.ProjectId, typeId: b.WordBinTypeId, groupId: b.WordBinGroupId }, timeZone), {
      onSuccess: () => {
        toast.success('Reaction List Updated');
        edit(null);
      },
    });
  };
  const del = () =>
    remove.mutate(b.Id, {
      onSuccess: (res) => {
        if (!res.Success) return void toast.error('Error occured deleting Wordbin');
        toast.success('Worbin deleted');
        setConfirm(false);
        // Back to the previous page; opened directly, to the list it belonged to.
        if (window.history.length > 1) router.history.back();
        else void navigate({ href: listPath });
      },
      onError: () => toast.error('Error occured deleting Wordbin'),
    });

  return (
    <Container size="md" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <PageHeader
        title={b.Description}
        tabTitle={`${b.Description} · ${kind.title}`}
        subtitle={
          <Group gap="xs">
            <Badge variant="light" color={kind.typeId === 2 ? 'red' : 'blue'}>
              {kind.typeId === 2 ? 'Crisis list' : 'Reaction list'}
            </Badge>
            <Text size="sm" c="dimmed">
              Last sent: {b.DateLastSent ? time(b.DateLastSent) : 'never'}
            </Text>
          </Group>
        }
        actions={
          !editing && (
            <>
              <Button
                variant="default"
                leftSection={<IconLayoutKanban size={16} />}
                onClick={() => void navigate({ href: screenHref('workflow', b.ClientId, b.ProjectId, { wordBinId: b.Id }) })}
              >
                View Workflow
              </Button>
              <Button variant="default" leftSection={<IconList size={16} />} onClick={() => setLogs(true)}>
                View Logs
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm(true)}>
                Delete
              </Button>
            </>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <WordBinFields
          draft={draft ?? draftOf(b, timeZone)}
          onChange={edit}
          contacts={contacts.data ?? []}
          disabled={!editing}
          problems={problems.fields}
          scope={{ projectId: b.ProjectId, clientId: b.ClientId }}
        />
        {problems.general && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {problems.general}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          {editing ? (
            <>
              <Button variant="default" onClick={() => edit(null)}>
                Cancel
              </Button>
              <Button onClick={save} loading={update.isPending}>
                Save
              </Button>
            </>
          ) : (
            <Button leftSection={<IconEdit size={16} />} onClick={() => edit(draftOf(b, timeZone))}>
              Edit
            </Button>
          )}
        </Group>
      </Paper>
      <LogsModal wordBinId={b.Id} opened={logs} onClose={() => setLogs(false)} />
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={`Delete ${b.Description}?`} centered radius="md">
        <Text size="sm">Its matches, logs and workflow board go with it.</Text>
        <DialogActions onCancel={() => setConfirm(false)} mt="md">
          <Button color="red" onClick={del} loading={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Modal>
    </Container>
  );
}
