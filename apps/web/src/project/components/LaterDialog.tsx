import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../ui/Modal.tsx';
import type { ProjectDialogKind } from '../dialogs.ts';

// Kinds that have a feature's dialog (handed to the shell by the app layer) need no text here.
const COPY: Partial<Record<ProjectDialogKind, { title: string; text: string }>> = {
  narrative: {
    title: 'Narrative Analysis',
    text: 'Narrative analysis queries come in a later release of this platform.',
  },
  'response-alert': {
    title: 'Response option Alert',
    text: 'A response option alert tells the project’s response contacts, by e-mail and in the bell, when a post needs a response, such as a negative post about the brand. Choose the contacts and how often they hear (at once, or every 5 minutes up to once a day) under per Contact Notification in this menu. Your subscriptions are listed under Notification Management in the user menu.',
  },
};

/** The side-menu items with no screen of their own: they say so honestly. */
export function LaterDialog({ kind, onClose }: { kind: ProjectDialogKind | null; onClose: () => void }) {
  const copy = kind ? (COPY[kind] ?? null) : null;
  return (
    <Modal opened={!!copy} onClose={onClose} title={copy?.title} centered radius="md">
      <Text size="sm">{copy?.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
