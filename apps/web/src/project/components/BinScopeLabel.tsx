import { Anchor, Group, Text } from '@mantine/core';
import { IconFolder, IconInfoCircle } from '@tabler/icons-react';
import type { ProjectBin } from '../api/get-project-bins.ts';
import { binKind, type BinRule } from '../bin-scope.ts';

/**
 * The header's line about the bin set as the dashboard: 'Pricing (sort bin) · Clear' on a screen
 * that counts it (Clear goes back to the whole project in one click), or why the screen shows the
 * whole project instead (bin-scope.ts).
 */
export function BinScopeLabel({ bin, rule, onClear }: { bin: ProjectBin; rule: BinRule | null; onClear: () => void }) {
  if (!rule) return null;
  if (!rule.counts)
    return (
      <Group gap={6} mt={6} wrap="nowrap" align="flex-start" c="dimmed" data-testid="bin-scope-whole">
        <IconInfoCircle size={15} style={{ flex: 'none', marginTop: 2 }} />
        <Text size="sm">Whole project: {rule.why}</Text>
      </Group>
    );
  return (
    <Group
      gap={6}
      mt={6}
      px={8}
      py={2}
      wrap="wrap"
      data-testid="bin-scope"
      style={{
        display: 'inline-flex',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-blue-0)',
        color: 'var(--mantine-color-blue-9)',
      }}
    >
      <IconFolder size={15} style={{ flex: 'none' }} />
      <Text size="sm" span>
        <b>{bin.Name}</b> ({binKind(bin.BinTypeId)})
      </Text>
      <Text size="sm" span aria-hidden>
        ·
      </Text>
      <Anchor component="button" type="button" size="sm" fw={600} onClick={onClear} aria-label={`Clear ${bin.Name}: show the whole project`}>
        Clear
      </Anchor>
    </Group>
  );
}
