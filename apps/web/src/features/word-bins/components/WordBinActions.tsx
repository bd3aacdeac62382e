// A word list's actions menu (add it to a group), the same in the desktop table and the phone cards.
import { Menu } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { WordBin, WordBinGroup } from '@listening/contract';
import { useAddToGroup } from '../api/word-bins.ts';
import { ActionsMenu } from '../../../ui/ActionsMenu.tsx';

export function WordBinActions({ bin, groups, addToGroup }: { bin: WordBin; groups: readonly WordBinGroup[]; addToGroup: ReturnType<typeof useAddToGroup> }) {
  return (
    <ActionsMenu label={`Actions of ${bin.Description}`}>
      <Menu.Label>Add to group</Menu.Label>
      {groups.length === 0 && <Menu.Item disabled>No groups yet</Menu.Item>}
      {groups.map((g) => (
        <Menu.Item
          key={g.Id}
          leftSection={<IconFolderPlus size={14} />}
          disabled={bin.WordBinGroupId === g.Id}
          onClick={() => addToGroup.mutate({ wordBinId: bin.Id, groupId: g.Id })}
        >
          {g.Description}
        </Menu.Item>
      ))}
    </ActionsMenu>
  );
}
