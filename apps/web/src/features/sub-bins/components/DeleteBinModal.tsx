import { Button, Group, Modal, Text } from '@mantine/core';
import type { SubBin } from '@listening/contract';
import { toast } from '../../../ui/toast.ts';
import { useDeleteSubBin } from '../api/mutations.ts';

/** Asks before deleting a bin and the bins inside it. */
export function DeleteBinModal({ bin, inside, onClose }: { bin: SubBin | null; inside: number; onClose: () => void }) {
  const remove = useDeleteSubBin();
  const confirm = async () => {
    if (!bin) return;
    await remove.mutateAsync(bin.Id);
    toast.success(`${bin.Name} deleted`);
    onClose();
  };
  return (
    <Modal opened={!!bin} onClose={onClose} title="Please confirm" centered radius="md">
      {bin && (
        <Text size="sm">
          Delete <b>{bin.Name}</b>
          {inside > 0 ? ` and the ${inside === 1 ? 'bin' : `${inside} bins`} inside it` : ''}? It stops collecting and leaves the dashboard; its posts stay in
          the project.
        </Text>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          No
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => void confirm().catch(() => undefined)}>
          Yes, delete
        </Button>
      </Group>
    </Modal>
  );
}
