// The Add Reaction List / Add Crisis List modal: Save calls save, then closes it.
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { useTimeZone } from '../../../ui/time.ts';
import { toast } from '../../../ui/toast.ts';
import { useSaveWordBin, useWordBinContacts } from '../api/word-bins.ts';
import { bodyOf, draftProblems, formProblems, newDraft, type WordBinDraft } from '../draft.ts';
import { errorText } from '../errors.ts';
import type { WordBinKind } from '../kinds.ts';
import { WordBinFields } from './WordBinFields.tsx';
import { DialogActions } from '../../../ui/DialogActions.tsx';

export function AddWordBinModal({
  opened,
  onClose,
  kind,
  clientId,
  projectId,
  groupId,
}: {
  opened: boolean;
  onClose: () => void;
  kind: WordBinKind;
  clientId: number;
  projectId: number;
  groupId: number | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={kind.add} centered radius="md" size="lg">
      {opened && <AddForm kind={kind} clientId={clientId} projectId={projectId} groupId={groupId} onClose={onClose} />}
    </Modal>
  );
}

function AddForm({
  kind,
  clientId,
  projectId,
  groupId,
  onClose,
}: {
  kind: WordBinKind;
  clientId: number;
  projectId: number;
  groupId: number | null;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const [draft, setDraft] = useState<WordBinDraft>(() => newDraft(new Date(), timeZone));
  const contacts = useWordBinContacts(clientId);
  const save = useSaveWordBin();
  const [tried, setTried] = useState(false);
  const problems = formProblems(draft, tried, save.isError ? errorText(save.error) : null);
  const change = (next: WordBinDraft) => {
    // A refusal is about the draft sent: the next change is a new draft.
    if (save.isError) save.reset();
    setDraft(next);
  };
  const submit = () => {
    setTried(true);
    if (Object.keys(draftProblems(draft)).length > 0) return;
    save.mutate(bodyOf(draft, { clientId, projectId, typeId: kind.typeId, groupId }, timeZone), {
      onSuccess: (bin) => {
        toast.success(`${bin.Description} saved`);
        onClose();
      },
    });
  };
  return (
    <Stack gap="md">
      <WordBinFields draft={draft} onChange={change} contacts={contacts.data ?? []} problems={problems.fields} scope={{ projectId, clientId }} />
      {problems.general && (
        <Alert color="red" variant="light" role="alert">
          {problems.general}
        </Alert>
      )}
      <DialogActions onCancel={onClose}>
        <Button onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Stack>
  );
}
