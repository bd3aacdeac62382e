import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../ui/Modal.tsx';
import type { ProjectDialogKind } from '../dialogs.ts';

const REPORT_COPY = {
  title: 'Reports',
  text: 'Stats and trend analysis reports come in a later release of this platform.',
};

const COPY: Record<ProjectDialogKind, { title: string; text: string }> = {
  notifications: {
    title: 'per Contact Notification',
    text: 'Choosing which contacts are notified of this project’s mentions comes in a later release. Your subscriptions are listed under Notification Management in the user menu.',
  },
  'stats-report': REPORT_COPY,
  'trend-report': REPORT_COPY,
  narrative: {
    title: 'Narrative Analysis',
    text: 'Narrative analysis queries come in a later release of this platform.',
  },
  'response-alert': {
    title: 'Response option Alert',
    text: 'A response option alert tells the project’s response contacts, by e-mail and in the bell, when a post needs a response, such as a negative post about the brand. Choosing the contacts and how often they hear (at once, or every 5 minutes up to once a day) comes with the alert dialog in a later release. Your subscriptions are listed under Notification Management in the user menu.',
  },
};

/** The dialogs of side-menu items whose screens are later issues: they say so honestly. */
export function LaterDialog({ kind, onClose }: { kind: ProjectDialogKind | null; onClose: () => void }) {
  const copy = kind ? COPY[kind] : null;
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
