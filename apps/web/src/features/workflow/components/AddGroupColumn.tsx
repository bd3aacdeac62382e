// The 'Add New Group' column: the name typed there becomes a new group at the end of the board;
// an empty name is ignored.
import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { WORKFLOW_GROUP_NAME_MAX } from '@listening/contract';
import { useState } from 'react';
import { COLUMN_WIDTH } from './BoardColumn.tsx';

export function AddGroupColumn({ onAdd, busy }: { onAdd: (name: string) => Promise<unknown>; busy: boolean }) {
  const [name, setName] = useState('');
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    await onAdd(trimmed);
    setName('');
  };
  return (
    <Paper withBorder radius="md" p="xs" style={{ width: COLUMN_WIDTH, flex: '0 0 auto', scrollSnapAlign: 'start', borderStyle: 'dashed' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => {});
        }}
      >
        <Stack gap="xs">
          <Text fw={700} size="sm">
            Add New Group
          </Text>
          <TextInput
            aria-label="Add New Group"
            placeholder="Group name"
            value={name}
            maxLength={WORKFLOW_GROUP_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" variant="light" leftSection={<IconPlus size={14} />} loading={busy}>
            Add group
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
