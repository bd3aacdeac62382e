// What every screen inside a project reads: the project, the resolved filter (from the address)
// and the analytic query built from it. The project shell provides it.
import type { Project } from '@listening/contract';
import { createContext, useContext } from 'react';
import type { ProjectDialogKind } from './dialogs.ts';
import type { AnalyticParams, ProjectFilter } from './filter.ts';

export interface ProjectContextValue {
  clientId: number;
  project: Project;
  filter: ProjectFilter;
  params: AnalyticParams;
  /** Writes the filter into the address (the only place it lives). */
  setFilter: (next: Partial<ProjectFilter>) => void;
  /** Set on a per-platform view: its one stream, which the filter cannot change. */
  platform: number | null;
  ownedCodes: readonly string[];
  /** Opens one of the side menu's dialogs (Access Token Management…) from a screen. */
  openDialog?: (kind: ProjectDialogKind) => void;
}

export const ProjectContext = createContext<ProjectContextValue | null>(null);

export function useProjectContext(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjectContext is used outside the project shell');
  return value;
}
