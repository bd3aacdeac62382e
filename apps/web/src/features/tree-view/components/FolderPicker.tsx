// The folder and subfolder picker: each folder opens to show its subfolders; choosing a folder
// shows its posts beside, choosing a subfolder (or 'Open' on a folder) opens its page.
import { ActionIcon, Badge, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconFolder, IconFolderOpen, IconLayoutDashboard } from '@tabler/icons-react';
import type { Folder } from '../tree.ts';

const TYPE = { 2: 'Sort bin', 6: 'Input bin' } as Record<number, string>;

export function FolderPicker({
  folders,
  selected,
  onSelect,
  onOpen,
}: {
  folders: Folder[];
  selected: number | null;
  onSelect: (folderId: number) => void;
  onOpen: (binId: number, name: string) => void;
}) {
  return (
    <Stack gap={2} data-testid="tree-view-folders">
      {folders.map(({ bin, subfolders }) => (
        <NavLink
          key={bin.Id}
          label={
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} truncate>
                {bin.Name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Badge size="xs" variant="light" color={bin.BinTypeId === 6 ? 'grape' : 'blue'}>
                  {TYPE[bin.BinTypeId] ?? 'Bin'}
                </Badge>
                <Tooltip label={`Open ${bin.Name} as its own page`}>
                  <ActionIcon
                    component="span"
                    size="sm"
                    variant="subtle"
                    aria-label={`Open ${bin.Name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(bin.Id, bin.Name);
                    }}
                  >
                    <IconLayoutDashboard size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          }
          description={subfolders.length ? `${subfolders.length} subfolder${subfolders.length === 1 ? '' : 's'}` : 'No subfolders'}
          leftSection={selected === bin.Id ? <IconFolderOpen size={18} /> : <IconFolder size={18} />}
          active={selected === bin.Id}
          opened={selected === bin.Id}
          onClick={() => onSelect(bin.Id)}
          childrenOffset={28}
          data-testid={`tree-view-folder-${bin.Id}`}
        >
          {subfolders.map((s) => (
            <NavLink
              key={s.Id}
              label={s.Name}
              rightSection={<IconChevronRight size={14} />}
              onClick={() => onOpen(s.Id, s.Name)}
              aria-label={`Open subfolder ${s.Name}`}
              data-testid={`tree-view-subfolder-${s.Id}`}
            />
          ))}
        </NavLink>
      ))}
    </Stack>
  );
}
