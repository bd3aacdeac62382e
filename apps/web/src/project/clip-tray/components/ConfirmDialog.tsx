import { Button, Group, Modal, Text } from '@mantine/core';

/** A yes/no question before a change to clips (quoted from the contract). */
export function ConfirmDialog({
  message,
  detail,
  busy,
  onConfirm,
  onCancel,
}: {
  message: string | null;
  /** A line under the question: how many posts it concerns, when more than the loaded ones. */
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
