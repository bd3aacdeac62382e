// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { AccessTokensDialog } from './AccessTokensDialog.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the side menu’s Access Token Management', () => {
  it('tells the shell it has closed only once the modal’s 200 ms are over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.startsWith('/api/user/get') ? Response.json({ Id: 1, IsAdmin: false }) : Response.json([]))),
    );
    const onClose = vi.fn();
    renderScreen(() => <AccessTokensDialog kind="access-tokens" clientId={1} projectId={4} onClose={onClose} />);
    await screen.findByText('No profiles linked yet', {}, { timeout: 5000 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Access Token Management' }), { key: 'Escape' });
    vi.advanceTimersByTime(150);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
