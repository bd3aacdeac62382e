import { Button, Group, Modal, Text } from '@mantine/core';

/** The specification's yes/no question before a post is rated or rejected (quoted from the contract). */
export function ConfirmDialog({ message, busy, onConfirm, onCancel }: { message: string | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal opened={!!message} onClose={onCancel} title="Please confirm" centered radius="md">
      <Text size="sm">{message}</Text>
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
