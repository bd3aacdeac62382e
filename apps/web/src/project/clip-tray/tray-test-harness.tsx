// The clip tray as a project screen holds it, opened on 'All posts', for the tray's component tests.
import { useEffect } from 'react';
import { ProjectContext } from '../context.ts';
import { ClipTray } from './ClipTray.tsx';
import { ClipTrayProvider, useClipTray } from './tray-state.tsx';
import { context } from './tray-test-fixtures.ts';

/** Opens the tray as a screen would. */
function OpenTray() {
  const { open } = useClipTray();
  useEffect(() => open({ label: 'All posts' }), [open]);
  return null;
}

export function OpenedTray() {
  return (
    <ProjectContext.Provider value={context}>
      <ClipTrayProvider>
        <OpenTray />
        <ClipTray />
      </ClipTrayProvider>
    </ProjectContext.Provider>
  );
}
