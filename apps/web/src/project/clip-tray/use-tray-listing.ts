// The tray's list of posts over a live table: the keyset pages of one snapshot, the posts that
// arrived since ('N new posts', loaded on request at the top instead of shifting the list), and the
// listing's total for 'Select all'.
import { useQueryClient } from '@tanstack/react-query';
import type { Clip } from '@listening/contract';
import { useMemo, useState } from 'react';
import type { AnalyticParams } from '../filter.ts';
import { clipsQueryOptions, useClips } from './api/get-clips.ts';
import { fetchNewClips, useNewClipCount } from './api/get-new-clip-count.ts';
import { trayQuery } from './tray-query.ts';
import type { TrayScope } from './tray-state.tsx';

/** Posts loaded at the top after the first page, and the snapshot they bring the list to. */
interface Fresh {
  rows: Clip[];
  snapshotId: number;
}

export function useTrayListing(params: AnalyticParams, scope: TrayScope | null, rejected: boolean) {
  const queryClient = useQueryClient();
  const clips = useClips(params, scope, rejected);
  const query = useMemo(() => trayQuery(params, scope ?? { label: '' }), [params, scope]);
  const [fresh, setFresh] = useState<Fresh | null>(null);
  const [loadingNew, setLoadingNew] = useState(false);
  const first = clips.data?.pages[0];
  // A reloaded first page (after a rating, say) has its own, newer snapshot: it already holds them.
  const kept = fresh && first && fresh.snapshotId > first.SnapshotId ? fresh : null;
  const snapshotId = kept?.snapshotId ?? first?.SnapshotId;
  const newCount = useNewClipCount(query, snapshotId, !!scope && !rejected);

  const rows = useMemo(() => {
    const seen = new Set<number>();
    return [...(kept?.rows ?? []), ...(clips.data?.pages.flatMap((p) => p.Data) ?? [])].filter((c) => !seen.has(c.Id) && !!seen.add(c.Id));
  }, [kept, clips.data]);

  /** Loads the new posts at the top; more than one batch, and the list starts again from the newest. */
  const loadNew = async () => {
    if (snapshotId === undefined) return;
    setLoadingNew(true);
    try {
      const page = await fetchNewClips(query, snapshotId);
      if (page.HasMore) {
        setFresh(null);
        await queryClient.resetQueries({ queryKey: clipsQueryOptions(params, scope ?? { label: '' }, rejected).queryKey });
      } else setFresh({ rows: [...page.Data, ...(kept?.rows ?? [])], snapshotId: page.SnapshotId });
    } finally {
      setLoadingNew(false);
    }
  };

  return {
    clips,
    query,
    rows,
    snapshotId,
    /** Every post of the listing as of the snapshot: the first page's total and the new posts loaded since. */
    total: first?.Total === null || first?.Total === undefined ? undefined : first.Total + (kept?.rows.length ?? 0),
    newPosts: newCount.data?.Count ?? 0,
    loadNew,
    loadingNew,
    reset: () => setFresh(null),
  };
}
