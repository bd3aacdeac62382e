// The clip tray's state (closed, open, loading; the clips are the query's): which
// posts it shows. Screens open it with a scope; the tray reads the project's filter itself.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * What narrows the tray below the project's filter: whatever the figure that opened it counts
 * (a heatmap cell's hour, a bar's dates, a rating within owned/earned/chatter, an author, a word,
 * a stream).
 */
export interface TrayScope {
  /** Shown under the title, e.g. 'Tue 4 Mar 2025, 14:00 – 15:00'. */
  label: string;
  startDate?: string;
  endDate?: string;
  hourStart?: string;
  hour?: number;
  favourabilityId?: number;
  brandAssociationId?: number;
  /** One stream's posts (a mention card), as a comma list of stream ids. */
  streamIds?: string;
  authorId?: number;
  /** The posts of several author accounts (a top author on several networks). */
  authorIds?: number[];
  /** A word-cloud entry or an included phrase. */
  word?: string;
  /** Posts from one country (the world map), ISO 3166-1 alpha-2. */
  countryCode?: string;
  /** Only these posts (their Id, the bin_clips id): a top post. */
  binClipBaseIds?: number[];
}

interface TrayState {
  scope: TrayScope | null;
  open: (scope: TrayScope) => void;
  close: () => void;
}

export const TrayContext = createContext<TrayState>({ scope: null, open: () => {}, close: () => {} });

export function ClipTrayProvider({ children }: { children: ReactNode }) {
  const [scope, setScope] = useState<TrayScope | null>(null);
  const close = useCallback(() => setScope(null), []);
  const value = useMemo(() => ({ scope, open: setScope, close }), [scope, close]);
  return <TrayContext.Provider value={value}>{children}</TrayContext.Provider>;
}

export const useClipTray = (): TrayState => useContext(TrayContext);
