import { ActionIcon, Badge, Box, Button, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconInbox, IconLayoutDashboard } from '@tabler/icons-react';
import { BIN_TYPE, MESSAGES, type SortBinNode } from '@listening/contract';
import { useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useProjectContext } from '../../../project/context.ts';
import { useSubfolders } from '../api/get-subfolders.ts';
import { treeClipCount } from '../sortbins.ts';
import { LockedPanel, useLockedProduct } from '../../../project/components/LockedPanel.tsx';
import { QueryState, WidgetCard } from './WidgetCard.tsx';

function BinRow({ node, depth, current, onSet }: { node: SortBinNode; depth: number; current?: number; onSet: (id: number) => void }) {
  const [open, setOpen] = useState(true);
  const input = node.BinTypeId === BIN_TYPE.InputBin;
  const active = current === node.Id;
  return (
    <>
      <Group
        gap={6}
        wrap="nowrap"
        py={6}
        pl={depth * 18}
        pr={4}
        data-testid="sortbin"
        style={{ borderRadius: 6, background: active ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        {node.Children.length ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={() => setOpen((o) => !o)}
            aria-label={open ? `Collapse ${node.Name}` : `Expand ${node.Name}`}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        {input ? <IconInbox size={16} color="var(--mantine-color-grape-6)" /> : <IconFolder size={16} color="var(--mantine-color-blue-6)" />}
        <Text size="sm" fw={active ? 700 : 500} truncate style={{ flex: 1 }}>
          {node.Name}
        </Text>
        {input && (
          <Badge size="xs" variant="light" color="grape">
            input bin
          </Badge>
        )}
        <Badge size="sm" variant="default" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {node.ClipCount.toLocaleString('en-US')}
        </Badge>
        <Tooltip label="Set As Dashboard" withArrow>
          <ActionIcon
            variant={active ? 'filled' : 'subtle'}
            size="sm"
            onClick={() => onSet(node.Id)}
            aria-label={`Set ${node.Name} As Dashboard`}
            disabled={active}
          >
            <IconLayoutDashboard size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {open && node.Children.map((c) => <BinRow key={c.Id} node={c} depth={depth + 1} current={current} onSet={onSet} />)}
    </>
  );
}

/** The project's sort bins and input bins with their clips in range; 'Set As Dashboard' re-scopes. */
export function SortBinsTree() {
  const locked = useLockedProduct('SortBins');
  return (
    <WidgetCard title="Sort bins" subtitle="Sub-folders of the project · set one as the dashboard" testId="sortbins">
      {locked ? <LockedPanel product={locked} /> : <SortBinsBody />}
    </WidgetCard>
  );
}

function SortBinsBody() {
  const { params, filter, setFilter } = useProjectContext();
  const query = useSubfolders(params);
  const nodes = query.data ?? [];
  return (
    <QueryState query={query} isEmpty={treeClipCount(nodes) === 0} empty={<EmptyState title={MESSAGES.noSubfolderClips} />} height={200}>
      <ScrollArea.Autosize mah={380} type="auto">
        <Stack gap={0}>
          {nodes.map((n) => (
            <BinRow key={n.Id} node={n} depth={0} current={filter.bin} onSet={(id) => setFilter({ bin: id })} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {filter.bin && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setFilter({ bin: undefined })}>
          Back to the whole project
        </Button>
      )}
    </QueryState>
  );
}
