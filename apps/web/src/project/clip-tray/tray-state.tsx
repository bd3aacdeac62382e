// The clip tray's state (closed, open, loading; the clips are the query's): which
// posts it shows. Screens open it with a scope; the tray reads the project's filter itself.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** What narrows the tray below the project's filter: one hour of a heatmap cell, a favourability. */
export interface TrayScope {
  /** Shown under the title, e.g. 'Tue 4 Mar 2025, 14:00 – 15:00'. */
  label: string;
  startDate?: string;
  endDate?: string;
  hourStart?: string;
  hour?: number;
  favourabilityId?: number;
  brandAssociationId?: number;
}

interface TrayState {
  scope: TrayScope | null;
  open: (scope: TrayScope) => void;
  close: () => void;
}

const TrayContext = createContext<TrayState>({ scope: null, open: () => {}, close: () => {} });

export function ClipTrayProvider({ children }: { children: ReactNode }) {
  const [scope, setScope] = useState<TrayScope | null>(null);
  const close = useCallback(() => setScope(null), []);
  const value = useMemo(() => ({ scope, open: setScope, close }), [scope, close]);
  return <TrayContext.Provider value={value}>{children}</TrayContext.Provider>;
}

export const useClipTray = (): TrayState => useContext(TrayContext);
