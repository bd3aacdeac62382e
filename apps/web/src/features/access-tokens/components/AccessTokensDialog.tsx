import { useEffect, useRef, useState } from 'react';
import { useIsAdmin } from '../../../project/clip-tray/api/get-user.ts';
import type { ProjectDialogProps } from '../../../project/dialogs.ts';
import { RESET_DELAY_MS } from '../status.ts';
import { AccessTokenModal } from './AccessTokenModal.tsx';

/**
 * The side menu's Access Token Management. The shell mounts a dialog only while it is open, so this
 * keeps the modal mounted through its closing transition and tells the shell once it is over.
 */
export function AccessTokensDialog({ projectId, onClose }: ProjectDialogProps) {
  const [opened, setOpened] = useState(true);
  const isAdmin = useIsAdmin();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => close.current(), RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened]);
  return <AccessTokenModal opened={opened} onClose={() => setOpened(false)} projectId={projectId} isAdmin={isAdmin} />;
}
