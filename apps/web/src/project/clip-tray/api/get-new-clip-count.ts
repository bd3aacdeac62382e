import { useQuery } from '@tanstack/react-query';
import { getClips, getNewClipCount } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opQuery } from '../../../api/op-query.ts';
import type { TrayQuery } from '../tray-query.ts';

/** How often an open tray asks whether posts arrived (only while the tab is visible). */
const NEW_POSTS_POLL_MS = 30_000;

/** How many posts of the tray's listing arrived after `snapshotId` ('N new posts'); polled while the tray is open. */
export const useNewClipCount = (query: TrayQuery, snapshotId: number | undefined, enabled: boolean) =>
  useQuery({
    // Not tagged a figure: a rating elsewhere does not change what arrived.
    ...opQuery(getNewClipCount, { query: { ...query, snapshotId: snapshotId ?? 0 } }),
    enabled: enabled && snapshotId !== undefined,
    refetchInterval: NEW_POSTS_POLL_MS,
  });

/** The posts that arrived after `snapshotId`, newest first (at most 100), with the snapshot they bring the tray to. */
export const fetchNewClips = (query: TrayQuery, snapshotId: number) => call(getClips, { query: { ...query, newerThan: snapshotId, limit: 100 } });
