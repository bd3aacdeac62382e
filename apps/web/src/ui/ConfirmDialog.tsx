import { Button, Group, Text } from '@mantine/core';
import { Modal } from './Modal.tsx';

/**
 * A yes/no question (the specification's confirmations, quoted from the contract by the caller),
 * opened over whatever asked it: the clip tray, the post listing, the Access Token Management modal.
 */
export function ConfirmDialog({
  message,
  detail,
  busy,
  onConfirm,
  onCancel,
}: {
  message: string | null;
  /** A line under the question: what it concerns (how many posts, which profile). */
  detail?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={!!message} onClose={onCancel} title="Please confirm" centered radius="md" zIndex={400}>
      <Text size="sm">{message}</Text>
      {detail && (
        <Text size="sm" c="dimmed" mt="xs">
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
