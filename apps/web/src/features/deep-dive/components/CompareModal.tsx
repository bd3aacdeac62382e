// The Compare modal: tick up to DEEP_DIVE_COMPARE_MAX items of the breakdown to draw side by side;
// confirming with none ticked says 'Choose at least 1 item to compare'.
import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { DEEP_DIVE_COMPARE_MAX, MESSAGES } from '@listening/contract';
import { useEffect, useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';

export function CompareModal({
  opened,
  items,
  chosen,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  items: string[];
  chosen: string[];
  onClose: () => void;
  onConfirm: (items: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>(chosen);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setPicked(chosen);
      setError(null);
    }
  }, [opened, chosen]);
  const toggle = (v: string) => {
    setError(null);
    setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : p.length < DEEP_DIVE_COMPARE_MAX ? [...p, v] : p));
  };
  const confirm = () => {
    if (picked.length === 0) return setError(MESSAGES.compareAtLeastOne);
    onConfirm(picked);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Compare">
      <Stack gap="sm" data-testid="deep-dive-compare-modal">
        <Text size="sm" c="dimmed">
          Select up to {DEEP_DIVE_COMPARE_MAX} items to compare ({picked.length} chosen).
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6}>
            {items.map((v) => (
              <Checkbox
                key={v}
                label={<span style={{ wordBreak: 'break-all' }}>{v}</span>}
                checked={picked.includes(v)}
                disabled={!picked.includes(v) && picked.length >= DEEP_DIVE_COMPARE_MAX}
                onChange={() => toggle(v)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setPicked([])} disabled={picked.length === 0}>
            Clear
          </Button>
          <Button onClick={confirm} data-testid="deep-dive-compare-confirm">
            Compare
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
