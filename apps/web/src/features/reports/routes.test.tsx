// @vitest-environment jsdom
import { createRootRoute } from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { reportRoutes } from './routes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(path: string) {
  vi.stubGlobal('fetch', vi.fn());
  const root = createRootRoute();
  return renderRoutes(root.addChildren([...reportRoutes(root)]), { path });
}

describe('the report download routes', () => {
  it('sends /report/download to /report/1/{fileName}', async () => {
    const { router } = mount('/report/download?fileName=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/1/abc'));
    // The screen loads on first use.
    await screen.findByText('This report link is not valid', {}, { timeout: 10_000 });
  });

  it('sends /report/download without a file name to /report/1/not-found', async () => {
    const { router } = mount('/report/download');
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/1/not-found'));
  });
});
