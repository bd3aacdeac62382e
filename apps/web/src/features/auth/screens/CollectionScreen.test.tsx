// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/client.ts';
import { renderScreen } from '../../../test/render.tsx';
import { CollectionScreen } from './CollectionScreen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = {
  ProjectId: 7,
  ProjectName: 'Acme Brand',
  ClientName: 'Acme Beverages',
  Connector: 'facebook.comments',
  Network: 'Facebook',
  Instances: 20,
  Runs: 40,
  Collected: 1234,
  Skipped: { not_public: 3, missing_author: 9 },
  LastRun: '2026-03-01T10:00:00Z',
  LastEnded: 'stopped',
  LastError: 'token_invalid',
  LastErrorAt: '2026-03-01T10:00:00Z',
  StoppedRuns: 0,
  StoppedError: null,
};

/** Opens the screen as the admin, the server answering `collection`; gives its table. */
async function openWith(collection: { Rows: unknown[]; Alerts: unknown[] }): Promise<HTMLElement> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/get'))
        return Response.json({ Id: 1, Name: 'Ada', Surname: 'Admin', Email: 'admin@demo.example', IsAdmin: true, ActingAdminId: null });
      return Response.json(collection);
    }),
  );
  setToken('tok');
  renderScreen(CollectionScreen, { path: '/admin/collection' });
  return screen.findByRole('table', { name: 'Collection' });
}

describe('collection screen', () => {
  it('shows per project and connector what was collected, skipped and why, the last run and error, and the skip-rate alerts', async () => {
    const table = await openWith({
      Rows: [
        row,
        {
          ...row,
          ProjectId: null,
          ProjectName: null,
          ClientName: null,
          Connector: 'blog.feed',
          Network: 'Blogs',
          Skipped: {},
          LastEnded: 'done',
          LastError: null,
          LastErrorAt: null,
        },
      ],
      Alerts: [{ Connector: 'facebook.comments', Network: 'Facebook', Reasons: ['missing_author'] }],
    });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Project', 'Connector', 'Collected', 'Skipped', 'Last run', 'Last error']);
    const cells = (i: number) => [...table.querySelectorAll('tbody tr')[i].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(0)).toEqual([
      'Acme Beverages · Acme Brand',
      'Facebookfacebook.comments · 20 instances, 40 runs',
      (1234).toLocaleString('en-ZA'),
      'missing_author 9 · not_public 3',
      // On the clock of the user's client (Johannesburg, UTC+2 by default), whatever the browser's.
      '1 Mar 2026, 12:00Stopped',
      expect.stringMatching(/^token_invalid \(1 Mar 2026, 12:00\)/),
    ]);
    expect(cells(1)[0]).toBe('All projects (shared sources)');
    expect(cells(1)[3]).toBe('None');
    expect(screen.getByText('Facebook answers have changed')).toBeTruthy();
  });

  it("shows the network's message as text, never as markup", async () => {
    const said = 'graph_error_100: <img src=x onerror="alert(1)"> (#100) Tried accessing nonexisting field';
    const table = await openWith({ Rows: [{ ...row, LastError: said }], Alerts: [] });
    expect(table.querySelector('tbody tr td:last-child')?.textContent).toContain(said);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows a red badge on a kind one of whose instances has stopped on 3 runs in a row or more, with its error', async () => {
    const table = await openWith({
      Rows: [
        { ...row, StoppedRuns: 40, StoppedError: 'http_404: Not Found' },
        { ...row, Connector: 'facebook.page', StoppedRuns: 2, StoppedError: 'http_404: Not Found' },
      ],
      Alerts: [],
    });
    const lastError = (i: number) => table.querySelectorAll('tbody tr')[i].querySelector('td:last-child')?.textContent;
    expect(lastError(0)).toMatch(/^Stopped on 40 runs in a rowhttp_404: Not Foundtoken_invalid \(/);
    // Under the threshold: no badge yet.
    expect(lastError(1)).toMatch(/^token_invalid \(/);
  });
});
