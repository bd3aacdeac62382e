import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Modal } from '../../ui/Modal.tsx';
import type { ProjectDialogKind } from '../dialogs.ts';
import type { MenuItem } from '../menu.ts';

interface Copy {
  title: string;
  text: string;
  /** Where the user goes on meanwhile: menu items (by key) that do part of the job today. */
  ways: readonly string[];
}

// Kinds that have a feature's dialog (handed to the shell by the app layer) need no text here.
const COPY: Partial<Record<ProjectDialogKind, Copy>> = {
  narrative: {
    title: 'Narrative Analysis',
    text: 'Narrative analysis queries come in a later release of this platform. Until then, Deep Dive follows the topics, people and places of the posts over time, Tree View shows the project’s bins with their newest posts, and Sentiment Rating how the posts lean.',
    ways: ['deep-dive', 'tree-view', 'sentiment'],
  },
};

/**
 * The side-menu items with no screen of their own: they say so honestly, and offer the screens and
 * dialogs that do part of the job today, so neither is a dead end. `items` is the project's menu:
 * a way the project's type does not have is left out.
 */
export function LaterDialog({
  kind,
  items,
  onGo,
  onClose,
}: {
  kind: ProjectDialogKind | null;
  items: readonly MenuItem[];
  onGo: (item: MenuItem) => void;
  onClose: () => void;
}) {
  const copy = kind ? (COPY[kind] ?? null) : null;
  const ways = (copy?.ways ?? []).map((key) => items.find((i) => i.key === key)).filter((i): i is MenuItem => !!i);
  return (
    <Modal opened={!!copy} onClose={onClose} title={copy?.title} centered radius="md">
      <Text size="sm">{copy?.text}</Text>
      <Stack gap="xs" mt="md" data-testid="later-ways">
        {ways.map((item) => (
          <Button key={item.key} variant="light" justify="space-between" rightSection={<IconArrowRight size={16} />} onClick={() => onGo(item)}>
            {item.locked ? `${item.label} (locked product)` : item.label}
          </Button>
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
