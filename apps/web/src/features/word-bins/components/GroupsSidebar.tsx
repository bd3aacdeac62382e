// The Word Lists groups sidebar: all lists, or one group's; create a group (an empty name is
// ignored) and delete one (its lists stay, ungrouped).
import { ActionIcon, Button, Group, NavLink, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFolder, IconFolders, IconPlus, IconTrash } from '@tabler/icons-react';
import type { WordBinGroup } from '@listening/contract';
import { useState } from 'react';
import { useCreateGroup, useDeleteGroup } from '../api/word-bins.ts';

export function GroupsSidebar({
  clientId,
  groups,
  selected,
  onSelect,
  canEdit,
}: {
  clientId: number;
  groups: readonly WordBinGroup[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  canEdit: boolean;
}) {
  const [name, setName] = useState('');
  const create = useCreateGroup();
  const remove = useDeleteGroup();
  const submit = () => {
    if (name.trim() === '') return;
    create.mutate({ clientId, name: name.trim() }, { onSuccess: () => setName('') });
  };
  return (
    <Paper withBorder radius="md" p="xs" data-testid="word-bin-groups">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
        Groups
      </Text>
      <NavLink label="All lists" leftSection={<IconFolders size={16} />} active={selected === null} onClick={() => onSelect(null)} />
      {groups.map((g) => (
        <NavLink
          key={g.Id}
          label={g.Description}
          leftSection={<IconFolder size={16} />}
          active={selected === g.Id}
          onClick={() => onSelect(g.Id)}
          rightSection={
            canEdit && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`Delete group ${g.Description}`}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.mutate(g.Id, { onSuccess: () => selected === g.Id && onSelect(null) });
                }}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )
          }
        />
      ))}
      {canEdit && (
        <Stack gap={4} mt="xs" px={4}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              placeholder="New group"
              aria-label="New group name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && submit()}
              style={{ flex: 1, minWidth: 0 }}
              maxLength={100}
            />
            <Button size="xs" variant="light" onClick={submit} loading={create.isPending} leftSection={<IconPlus size={12} />}>
              Create
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
