import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../../ui/Modal.tsx';

/** The spec's confirmations (quoted from the contract), opened over the Access Token Management modal. */
export function ConfirmDialog({
  message,
  detail,
  busy,
  onConfirm,
  onCancel,
}: {
  message: string | null;
  /** The profile it concerns. */
  detail?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={!!message} onClose={onCancel} title="Please confirm" centered radius="md" zIndex={400}>
      <Text size="sm">{message}</Text>
      {detail && (
        <Text size="sm" fw={600} mt="xs">
          {detail}
        </Text>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          No
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
