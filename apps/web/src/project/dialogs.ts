// The dialogs the side menu opens. The shell knows only their kinds; the app layer
// (app/routes/project.tsx) hands the shell the features' dialog components, since the shared
// project layer never imports a feature.
import type { ComponentType } from 'react';

export type ProjectDialogKind = 'notifications' | 'stats-report' | 'trend-report' | 'narrative' | 'response-alert' | 'access-tokens';

export interface ProjectDialogProps {
  kind: ProjectDialogKind;
  clientId: number;
  projectId: number;
  /** Closes the dialog; the component is mounted only while its dialog is open. */
  onClose: () => void;
}

export type ProjectDialogs = Partial<Record<ProjectDialogKind, ComponentType<ProjectDialogProps>>>;
