// The picker 'Select influencers to compare:': a checkbox per influencer entry with its author
// and network; up to 5, the last one chosen cannot be unticked, and with none chosen it says
// 'Choose at least 1 item to compare' (docs/spec/001_57268dddd5f58f8a.txt sections 2 and 5). Confirming hands the ids back.
import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { INFLUENCER_COMPARE_MAX, type Influencer } from '@listening/contract';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Modal } from '../../../ui/Modal.tsx';
import { StreamIcon } from '../../../ui/StreamIcon.tsx';
import { toggleChoice } from '../search.ts';
import { DialogActions } from '../../../ui/DialogActions.tsx';

type Entry = z.infer<typeof Influencer>;

export function InfluencerPicker({
  opened,
  influencers,
  chosen,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  influencers: Entry[];
  chosen: number[];
  onClose: () => void;
  onConfirm: (ids: number[]) => void;
}) {
  const [picked, setPicked] = useState<number[]>(chosen);
  // Each opening starts from what is compared now.
  useEffect(() => {
    if (opened) setPicked(chosen);
  }, [opened, chosen]);
  const full = picked.length >= INFLUENCER_COMPARE_MAX;

  return (
    <Modal opened={opened} onClose={onClose} title="Compare Influencers" centered size="md">
      <Stack gap="sm">
        <Text size="sm" fw={600} id="influencer-picker-label">
          Select influencers to compare:
        </Text>
        <Text size="xs" c="dimmed">
          Select up to {INFLUENCER_COMPARE_MAX}.
        </Text>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={8} role="group" aria-labelledby="influencer-picker-label">
            {influencers.map((i) => {
              const on = picked.includes(i.Id);
              const last = on && picked.length === 1;
              return (
                <Checkbox
                  key={i.Id}
                  checked={on}
                  disabled={(!on && full) || last}
                  onChange={() => setPicked((p) => toggleChoice(p, i.Id))}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <StreamIcon streamId={i.StreamId} size={14} />
                      <span>{i.AuthorName}</span>
                    </Group>
                  }
                  description={last ? 'The last one chosen stays' : !on && full ? `${INFLUENCER_COMPARE_MAX} chosen: untick one first` : undefined}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        {picked.length === 0 && (
          <Alert color="orange" variant="light" p="xs">
            Choose at least 1 item to compare
          </Alert>
        )}
        <DialogActions onCancel={onClose} gap="xs">
          <Button disabled={picked.length === 0} onClick={() => onConfirm(picked)}>
            Compare
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
