// The clip tray: a slide-in 'Posts' panel over the project's screens. It lists
// the posts of its scope 10 at a time, lets the user select and rate or reject them after the
// confirmations, exports the listing, and gives admins 'Identify duplicates'. Its 'Rejected' view
// lists the scope's rejected posts (who rejected each, and when) and restores the selected ones.
import { ActionIcon, Button, Checkbox, Drawer, Group, Menu, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCopy,
  IconDownload,
  IconLayoutGrid,
  IconLayoutList,
  IconMoodSmile,
  IconTrash,
} from '@tabler/icons-react';
import { FAVOURABILITY, MESSAGES } from '@listening/contract';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { toast } from '../../ui/toast.ts';
import { useProjectContext } from '../context.ts';
import { useExportListing } from './api/export-listing.ts';
import { useClips } from './api/get-clips.ts';
import { useIsAdmin } from './api/get-user.ts';
import { useRateClips } from './api/rate-clips.ts';
import { useRejectClips } from './api/reject-clips.ts';
import { useRestoreClips } from './api/restore-clips.ts';
import { ClipCard } from './components/ClipCard.tsx';
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { DuplicatesModal } from './components/DuplicatesModal.tsx';
import { trayQuery } from './tray-query.ts';
import { useClipTray } from './tray-state.tsx';

type Pending = { kind: 'rate'; favourabilityId: number; rating: string } | { kind: 'reject' };
const RATINGS = [
  { rating: 'Negative', id: FAVOURABILITY.Negative, color: 'red' },
  { rating: 'Neutral', id: FAVOURABILITY.Neutral, color: 'gray' },
  { rating: 'Positive', id: FAVOURABILITY.Positive, color: 'green' },
] as const;
/** The counted posts of the scope, or its rejected (Irrelevant) ones. */
type TrayView = 'posts' | 'rejected';
const plural = (n: number) => `${n} post${n === 1 ? '' : 's'}`;

export function ClipTray() {
  const { scope, close } = useClipTray();
  const { project, params } = useProjectContext();
  const [expanded, setExpanded] = useState(false);
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [duplicates, setDuplicates] = useState(false);
  const [trayView, setTrayView] = useState<TrayView>('posts');
  // Rejected (or restored) clips leave their list at once, before it reloads without them.
  const [removed, setRemoved] = useState<Record<TrayView, number[]>>({ posts: [], rejected: [] });
  const showRejected = trayView === 'rejected';
  const clips = useClips(params, scope, showRejected);
  const rate = useRateClips();
  const reject = useRejectClips();
  const restore = useRestoreClips();
  const exporter = useExportListing();
  const isAdmin = useIsAdmin();

  const rows = useMemo(
    () => (clips.data?.pages.flatMap((p) => p.Data) ?? []).filter((c) => !removed[trayView].includes(c.Id)),
    [clips.data, removed, trayView],
  );
  const query = useMemo(() => trayQuery(params, scope ?? { label: '' }), [params, scope]);
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.Id));

  const onClose = () => {
    setSelected([]);
    setRemoved({ posts: [], rejected: [] });
    setTrayView('posts');
    close();
  };
  const switchView = (v: TrayView) => {
    setSelected([]);
    setTrayView(v);
  };
  const ask = (p: Pending) => {
    if (selected.length === 0) {
      toast.warning(MESSAGES.selectClipsToRate);
      return;
    }
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    const binClipBaseIds = selected;
    if (pending.kind === 'rate') {
      await rate.mutateAsync({ binClipBaseIds, favourabilityId: pending.favourabilityId, projectId: project.Id });
      toast.success(`${binClipBaseIds.length} post${binClipBaseIds.length === 1 ? '' : 's'} rated ${pending.rating}`);
    } else {
      await reject.mutateAsync({ binClipBaseIds, projectId: project.Id });
      setRemoved((r) => ({ ...r, posts: [...r.posts, ...binClipBaseIds] }));
      toast.success(`${plural(binClipBaseIds.length)} removed as Irrelevant: the Rejected view can restore them`);
    }
    setSelected([]);
    setPending(null);
  };
  /** Restores the selected rejected posts: no confirmation, since a reject undoes it. */
  const onRestore = async () => {
    if (selected.length === 0) {
      toast.warning('Please select clips to restore');
      return;
    }
    const binClipBaseIds = selected;
    await restore.mutateAsync({ binClipBaseIds, projectId: project.Id });
    setRemoved((r) => ({ ...r, rejected: [...r.rejected, ...binClipBaseIds] }));
    setSelected([]);
    toast.success(`${plural(binClipBaseIds.length)} restored: ${binClipBaseIds.length === 1 ? 'it counts' : 'they count'} in every figure again`);
  };
  const message = pending ? (pending.kind === 'rate' ? MESSAGES.confirmRate(pending.rating) : MESSAGES.confirmIrrelevant) : null;
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <>
      <Drawer
        opened={!!scope}
        onClose={onClose}
        position="right"
        size={expanded ? '94%' : 'lg'}
        padding="md"
        title={
          <div>
            <Text fw={700} size="lg">
              Posts
            </Text>
            {scope?.label && (
              <Text size="xs" c="dimmed" data-testid="tray-scope">
                {scope.label}
              </Text>
            )}
          </div>
        }
        aria-label="Posts"
        styles={{ body: { paddingTop: 0 } }}
      >
        <Stack gap="sm">
          <Group
            justify="space-between"
            gap="xs"
            py="xs"
            style={{ position: 'sticky', top: 60, background: 'var(--mantine-color-body)', zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group gap="xs">
              <SegmentedControl
                size="xs"
                value={trayView}
                onChange={(v) => switchView(v as TrayView)}
                aria-label="Which posts"
                data={[
                  { value: 'posts', label: 'Posts' },
                  { value: 'rejected', label: 'Rejected' },
                ]}
              />
              <Checkbox
                checked={allSelected}
                indeterminate={selected.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.Id))}
                label={selected.length ? `${selected.length} selected` : 'Select all'}
                aria-label="Select all posts"
              />
            </Group>
            <Group gap={6}>
              {showRejected ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconArrowBackUp size={15} />}
                  loading={restore.isPending}
                  onClick={() => void onRestore().catch(() => {})}
                >
                  Restore
                </Button>
              ) : (
                <>
                  <Menu position="bottom-end" withinPortal shadow="md">
                    <Menu.Target>
                      <Button size="xs" variant="light" leftSection={<IconMoodSmile size={15} />}>
                        Rate
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {RATINGS.map((r) => (
                        <Menu.Item key={r.rating} color={r.color} onClick={() => ask({ kind: 'rate', favourabilityId: r.id, rating: r.rating })}>
                          {r.rating}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                  <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={15} />} onClick={() => ask({ kind: 'reject' })}>
                    Irrelevant
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconDownload size={15} />}
                    loading={exporter.isPending}
                    onClick={() => exporter.mutate({ query, projectName: project.Description })}
                  >
                    Export
                  </Button>
                  {isAdmin && (
                    <Button size="xs" variant="default" leftSection={<IconCopy size={15} />} onClick={() => setDuplicates(true)}>
                      Identify duplicates
                    </Button>
                  )}
                </>
              )}
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => setView(v as 'list' | 'grid')}
                data={[
                  { value: 'list', label: <IconLayoutList size={15} aria-label="List view" /> },
                  { value: 'grid', label: <IconLayoutGrid size={15} aria-label="Grid view" /> },
                ]}
              />
              <Tooltip label={expanded ? 'Narrow' : 'Expand'} withArrow>
                <ActionIcon variant="default" size="md" onClick={() => setExpanded((e) => !e)} aria-label={expanded ? 'Narrow the tray' : 'Expand the tray'}>
                  {expanded ? <IconArrowsMinimize size={15} /> : <IconArrowsMaximize size={15} />}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>

          {clips.isPending ? (
            <Stack gap="sm">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={110} radius="md" />
              ))}
            </Stack>
          ) : clips.isError ? (
            <EmptyState title="The posts could not be loaded" />
          ) : rows.length === 0 ? (
            showRejected ? (
              <EmptyState title="No rejected posts">No posts of this selection were rejected.</EmptyState>
            ) : (
              <EmptyState title="No posts">No posts match this selection.</EmptyState>
            )
          ) : (
            <SimpleGrid cols={view === 'grid' ? { base: 1, sm: 2, lg: expanded ? 3 : 2 } : 1} spacing="sm" data-testid="clip-list">
              {rows.map((clip) => (
                <ClipCard key={clip.Id} clip={clip} selected={selected.includes(clip.Id)} onToggle={() => toggle(clip.Id)} compact={view === 'grid'} />
              ))}
            </SimpleGrid>
          )}
          {clips.hasNextPage && (
            <Group justify="center" py="sm">
              <Button variant="light" onClick={() => void clips.fetchNextPage()} loading={clips.isFetchingNextPage}>
                Load More
              </Button>
            </Group>
          )}
        </Stack>
      </Drawer>
      <ConfirmDialog
        message={message}
        busy={rate.isPending || reject.isPending}
        onConfirm={() => void confirm().catch(() => setPending(null))}
        onCancel={() => setPending(null)}
      />
      <DuplicatesModal opened={duplicates} onClose={() => setDuplicates(false)} query={query} />
    </>
  );
}
