// The column menu's dialogs: Edit (rename the group) and Delete (its tickets go back to the
// default group).
import { Alert, Button, Text, TextInput } from '@mantine/core';
import { WORKFLOW_GROUP_NAME_MAX, type WorkflowGroup } from '@listening/contract';
import { useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { DialogActions } from '../../../ui/DialogActions.tsx';

export function RenameGroupModal({ group, onClose, onSave }: { group: WorkflowGroup | null; onClose: () => void; onSave: (name: string) => Promise<unknown> }) {
  return (
    <Modal opened={group !== null} onClose={onClose} title="Edit group">
      {group && <RenameForm key={group.Id} group={group} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RenameForm({ group, onClose, onSave }: { group: WorkflowGroup; onClose: () => void; onSave: (name: string) => Promise<unknown> }) {
  const [name, setName] = useState(group.Description);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setError('Please enter a group name');
        setBusy(true);
        onSave(name.trim())
          .then(onClose, (err: Error) => setError(err.message))
          .finally(() => setBusy(false));
      }}
    >
      <TextInput
        label="Group name"
        value={name}
        maxLength={WORKFLOW_GROUP_NAME_MAX}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <DialogActions onCancel={onClose} mt="md">
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

export function DeleteGroupModal({
  group,
  defaultName,
  onClose,
  onDelete,
}: {
  group: WorkflowGroup | null;
  defaultName: string;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal opened={group !== null} onClose={onClose} title="Delete group">
      {group && (
        <>
          <Text>Delete the group {group.Description}?</Text>
          {group.TicketCount > 0 && (
            <Alert variant="light" mt="sm">
              Its {group.TicketCount} {group.TicketCount === 1 ? 'ticket goes' : 'tickets go'} back to {defaultName}.
            </Alert>
          )}
          <DialogActions onCancel={onClose} mt="md">
            <Button color="red" onClick={onDelete}>
              Delete
            </Button>
          </DialogActions>
        </>
      )}
    </Modal>
  );
}
