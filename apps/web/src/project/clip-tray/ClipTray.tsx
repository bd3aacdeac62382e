// The clip tray: a slide-in 'Posts' panel over the project's screens. It lists
// the posts of its scope 10 at a time (keyset pages of one snapshot; posts that arrive meanwhile
// wait behind 'N new posts'), lets the user select some or every matching post and rate or reject
// them after the confirmations, exports the ticked posts or else the whole listing, and gives
// admins 'Identify duplicates'. Its 'Rejected' view lists the scope's rejected posts (who rejected
// each, and when) and restores them.
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
import { FAVOURABILITY, MESSAGES, RATE_MAX_CLIPS, tooManyToChange } from '@listening/contract';
import { useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { toast } from '../../ui/toast.ts';
import { useProjectContext } from '../context.ts';
import { useChangeMatching, type MatchingChange } from './api/change-matching.ts';
import { useExportListing } from './api/export-listing.ts';
import { useIsAdmin } from './api/get-user.ts';
import { useRateClips } from './api/rate-clips.ts';
import { useRejectClips } from './api/reject-clips.ts';
import { useRestoreClips } from './api/restore-clips.ts';
import { ClipCard } from './components/ClipCard.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DuplicatesModal } from './components/DuplicatesModal.tsx';
import { NewPostsButton, SelectionNotice } from './components/SelectionNotice.tsx';
import { postCount } from './opens-posts.ts';
import { useClipTray } from './tray-state.tsx';
import { useTrayListing } from './use-tray-listing.ts';

type Pending = { kind: 'rate'; favourabilityId: number; rating: string } | { kind: 'reject' };
const RATINGS = [
  { rating: 'Negative', id: FAVOURABILITY.Negative, color: 'red' },
  { rating: 'Neutral', id: FAVOURABILITY.Neutral, color: 'gray' },
  { rating: 'Positive', id: FAVOURABILITY.Positive, color: 'green' },
] as const;
/** The counted posts of the scope, or its rejected (Irrelevant) ones. */
type TrayView = 'posts' | 'rejected';
const plural = postCount;

export function ClipTray() {
  const { scope, close } = useClipTray();
  const { project, params } = useProjectContext();
  const [expanded, setExpanded] = useState(false);
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [selected, setSelected] = useState<number[]>([]);
  /** 'Select all': every post of the listing as of its snapshot, not only the loaded ones. */
  const [allMatching, setAllMatching] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [duplicates, setDuplicates] = useState(false);
  const [trayView, setTrayView] = useState<TrayView>('posts');
  // Rejected (or restored) clips leave their list at once, before it reloads without them.
  const [removed, setRemoved] = useState<Record<TrayView, number[]>>({ posts: [], rejected: [] });
  const showRejected = trayView === 'rejected';
  const listing = useTrayListing(params, scope, showRejected);
  const { clips, query, total } = listing;
  const rate = useRateClips();
  const matching = useChangeMatching();
  const reject = useRejectClips();
  const restore = useRestoreClips();
  const exporter = useExportListing();
  const isAdmin = useIsAdmin();

  const rows = useMemo(() => listing.rows.filter((c) => !removed[trayView].includes(c.Id)), [listing.rows, removed, trayView]);
  const loadedSelected = rows.length > 0 && rows.every((r) => selected.includes(r.Id));
  const allSelected = allMatching || loadedSelected;
  const matchingCount = total ?? rows.length;

  const clearSelection = () => {
    setSelected([]);
    setAllMatching(false);
  };
  const onClose = () => {
    clearSelection();
    setRemoved({ posts: [], rejected: [] });
    setTrayView('posts');
    listing.reset();
    close();
  };
  const switchView = (v: TrayView) => {
    clearSelection();
    listing.reset();
    setTrayView(v);
  };
  /** With every matching post selected, the change is made by the listing's filter on the server, within its bound. */
  const tooMany = (verb: string) => {
    if (!allMatching || matchingCount <= RATE_MAX_CLIPS) return false;
    toast.warning(tooManyToChange(matchingCount, verb));
    return true;
  };
  const byFilter = async (change: MatchingChange) => {
    await matching.mutateAsync({ body: { ...query, snapshotId: listing.snapshotId! }, change });
    clearSelection();
  };
  const ask = (p: Pending) => {
    if (!allMatching && selected.length === 0) {
      toast.warning(MESSAGES.selectClipsToRate);
      return;
    }
    if (tooMany(p.kind === 'rate' ? 'rated' : 'rejected')) return;
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    if (allMatching) {
      await byFilter(pending.kind === 'rate' ? { kind: 'rate', newFavourabilityId: pending.favourabilityId } : { kind: 'reject' });
      toast.success(
        pending.kind === 'rate'
          ? `${plural(matchingCount)} rated ${pending.rating}`
          : `${plural(matchingCount)} removed as Irrelevant: the Rejected view can restore them`,
      );
      setPending(null);
      return;
    }
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
    if (!allMatching && selected.length === 0) {
      toast.warning('Please select clips to restore');
      return;
    }
    if (tooMany('restored')) return;
    if (allMatching) {
      await byFilter({ kind: 'restore' });
      toast.success(`${plural(matchingCount)} restored: they count in every figure again`);
      return;
    }
    const binClipBaseIds = selected;
    await restore.mutateAsync({ binClipBaseIds, projectId: project.Id });
    setRemoved((r) => ({ ...r, rejected: [...r.rejected, ...binClipBaseIds] }));
    setSelected([]);
    toast.success(`${plural(binClipBaseIds.length)} restored: ${binClipBaseIds.length === 1 ? 'it counts' : 'they count'} in every figure again`);
  };
  // Export writes the ticked posts when there are some, else every post of the tray's filter.
  const exportsSelected = !allMatching && selected.length > 0;
  const exportLabel = exportsSelected
    ? `Export ${selected.length.toLocaleString('en-US')} selected`
    : `Export all${total === undefined ? '' : ` ${total.toLocaleString('en-US')}`}`;
  const onExport = () => {
    if (!exportsSelected) return exporter.mutate({ query, projectName: project.Description });
    if (selected.length > RATE_MAX_CLIPS) return toast.warning(tooManyToChange(selected.length, 'exported'));
    exporter.mutate({ query: { ...query, binClipBaseIds: selected.join(',') }, projectName: project.Description });
  };
  const message = pending ? (pending.kind === 'rate' ? MESSAGES.confirmRate(pending.rating) : MESSAGES.confirmIrrelevant) : null;
  // Unticking one post of 'every matching post' leaves the loaded ones but that post selected.
  const toggle = (id: number) => {
    if (allMatching) {
      setAllMatching(false);
      setSelected(rows.map((r) => r.Id).filter((x) => x !== id));
      return;
    }
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  };
  /** Loads the new posts at the top of the list and shows them there. */
  const showNew = async () => {
    await listing.loadNew();
    top.current?.closest('.mantine-Drawer-content')?.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const isSelected = (id: number) => allMatching || selected.includes(id);

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
            {total !== undefined && (
              <Text size="xs" c="dimmed" data-testid="tray-total">
                {showRejected ? `${plural(total)} rejected` : plural(total)}
              </Text>
            )}
          </div>
        }
        aria-label="Posts"
        styles={{ body: { paddingTop: 0 } }}
      >
        <Stack gap="sm" ref={top}>
          {/* The controls, the selection and 'N new posts' stay in view while the list scrolls. */}
          <Stack
            gap={6}
            py="xs"
            style={{ position: 'sticky', top: 60, background: 'var(--mantine-color-body)', zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Group justify="space-between" gap="xs">
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
                  onChange={() => (allSelected ? clearSelection() : setSelected(rows.map((r) => r.Id)))}
                  label={allMatching ? `All ${plural(matchingCount)} selected` : selected.length ? `${selected.length} selected` : 'Select all'}
                  aria-label="Select all loaded posts"
                  data-testid="select-all"
                />
              </Group>
              <Group gap={6}>
                {showRejected ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconArrowBackUp size={15} />}
                    loading={restore.isPending || matching.isPending}
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
                    <Button size="xs" variant="default" leftSection={<IconDownload size={15} />} loading={exporter.isPending} onClick={onExport}>
                      {exportLabel}
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
            <SelectionNotice
              loaded={loadedSelected ? rows.length : 0}
              matching={matchingCount}
              allMatching={allMatching}
              onSelectMatching={() => setAllMatching(true)}
              onClear={clearSelection}
            />
            <NewPostsButton count={listing.newPosts} loading={listing.loadingNew} onLoad={() => void showNew().catch(() => {})} />
          </Stack>
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
                <ClipCard key={clip.Id} clip={clip} selected={isSelected(clip.Id)} onToggle={() => toggle(clip.Id)} compact={view === 'grid'} />
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
        detail={allMatching ? `This applies to all ${plural(matchingCount)} of this selection, not only the ${rows.length} loaded.` : undefined}
        busy={rate.isPending || reject.isPending || matching.isPending}
        onConfirm={() => void confirm().catch(() => setPending(null))}
        onCancel={() => setPending(null)}
      />
      <DuplicatesModal opened={duplicates} onClose={() => setDuplicates(false)} query={query} />
    </>
  );
}
