// @vitest-environment jsdom
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { mentorRoutes } from '../routes.tsx';

const root = createRootRoute({ component: Outlet });
const tree = root.addChildren([...mentorRoutes(root)]);
const asked: { url: string; method?: string }[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, method: init?.method });
      if (url.endsWith('/api/download/guide.pdf')) return new Response(null, { status: 200, headers: { 'content-type': 'application/pdf' } });
      if (url.endsWith('/api/download/busy.pdf')) return new Response(null, { status: 503 });
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tutorial document viewer', () => {
  it('frames a document that is there, having asked with HEAD only', async () => {
    renderRoutes(tree, { path: '/mentor/document/guide.pdf' });
    expect((await screen.findByTitle('Document guide.pdf')).getAttribute('src')).toMatch(/\/api\/download\/guide\.pdf#toolbar=0$/);
    expect(asked).toEqual([{ url: expect.stringMatching(/\/api\/download\/guide\.pdf$/), method: 'HEAD' }]);
  });

  it('says a missing document is not available instead of showing an empty frame', async () => {
    renderRoutes(tree, { path: '/mentor/document/gone.pdf' });
    expect((await screen.findByTestId('document-missing')).textContent).toContain('There is no document named gone.pdf');
    expect(screen.queryByTitle('Document gone.pdf')).toBeNull();
    expect(screen.queryByText('Download')).toBeNull();
  });

  it('says when the server could not send it', async () => {
    renderRoutes(tree, { path: '/mentor/document/busy.pdf' });
    expect((await screen.findByTestId('document-failed')).textContent).toContain('HTTP 503');
    expect(screen.queryByTitle('Document busy.pdf')).toBeNull();
  });
});
