// What the clip tray knows and does, apart from how it looks: the scope's listing (posts or
// rejected ones), the selection ('Select all' reaches every matching post of the snapshot), the
// confirmations before rating or rejecting, restoring, exporting and the panel's own layout.
import { FAVOURABILITY, MESSAGES, RATE_MAX_CLIPS, tooManyToChange } from '@listening/contract';
import { useMemo, useRef, useState } from 'react';
import { toast } from '../../ui/toast.ts';
import { useProjectContext } from '../context.ts';
import { useChangeMatching, type MatchingChange } from './api/change-matching.ts';
import { useExportListing } from './api/export-listing.ts';
import { useIsAdmin } from './api/get-user.ts';
import { useRateClips } from './api/rate-clips.ts';
import { useRejectClips } from './api/reject-clips.ts';
import { useRestoreClips } from './api/restore-clips.ts';
import { postCount as plural } from './opens-posts.ts';
import { useClipTray } from './tray-state.tsx';
import { useTrayListing } from './use-tray-listing.ts';

type Pending = { kind: 'rate'; favourabilityId: number; rating: string } | { kind: 'reject' };
export const RATINGS = [
  { rating: 'Negative', id: FAVOURABILITY.Negative, color: 'red' },
  { rating: 'Neutral', id: FAVOURABILITY.Neutral, color: 'gray' },
  { rating: 'Positive', id: FAVOURABILITY.Positive, color: 'green' },
] as const;
/** The counted posts of the scope, or its rejected (Irrelevant) ones. */
export type TrayView = 'posts' | 'rejected';
export type TrayLayout = 'list' | 'grid';

export function useClipTrayPanel() {
  const { scope, close } = useClipTray();
  const { project, params } = useProjectContext();
  const [expanded, setExpanded] = useState(false);
  const [layout, setLayout] = useState<TrayLayout>('list');
  const [selected, setSelected] = useState<number[]>([]);
  /** 'Select all': every post of the listing as of its snapshot, not only the loaded ones. */
  const [allMatching, setAllMatching] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [duplicates, setDuplicates] = useState(false);
  const [teaching, setTeaching] = useState(false);
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

  return {
    scope,
    top,
    onClose,
    /** The panel: its width and whether posts stand in a list or a grid. */
    expanded,
    toggleExpanded: () => setExpanded((e) => !e),
    layout,
    setLayout,
    trayView,
    showRejected,
    switchView,
    /** The listing: its pages, its loaded posts (less those just moved away) and its totals. */
    clips,
    query,
    rows,
    total,
    matchingCount,
    newPosts: listing.newPosts,
    loadingNew: listing.loadingNew,
    showNew,
    /** The selection. */
    selected,
    allMatching,
    allSelected,
    loadedSelected,
    isSelected: (id: number) => allMatching || selected.includes(id),
    toggle,
    toggleAll: () => (allSelected ? clearSelection() : setSelected(rows.map((r) => r.Id))),
    selectMatching: () => setAllMatching(true),
    clearSelection,
    /** Rating and rejecting, each after its confirmation; restoring; exporting. */
    ask,
    message,
    confirm,
    cancel: () => setPending(null),
    confirming: rate.isPending || reject.isPending || matching.isPending,
    onRestore,
    restoring: restore.isPending || matching.isPending,
    exportLabel,
    onExport,
    exporting: exporter.isPending,
    /** "Teach sentiment": rating the posts that help the client's model most. */
    teaching,
    setTeaching,
    /** Admins may look for duplicate posts. */
    isAdmin,
    duplicates,
    setDuplicates,
  };
}
