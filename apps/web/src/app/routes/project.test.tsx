// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import type { Project } from '@listening/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { binRuleOf } from '../../project/bin-scope.ts';
import { routeTree } from '../router.tsx';

const project: Project = {
  Id: 2,
  ClientId: 1,
  Description: 'Acme Brand',
  ProjectType: 'Brand Monitoring',
  ProjectTypeId: 1,
  ProjectSubTypeId: null,
  StreamId: '7,8',
  StartDate: '2026-01-05',
  StopDate: null,
  BinId: 200,
  TimeZone: 'Africa/Johannesburg',
};

beforeEach(() => {
  localStorage.clear();
  setToken('tok');
  vi.spyOn(notifications, 'show').mockImplementation(() => '');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/get'))
        return Response.json({ Id: 1, Name: 'Ada', Surname: 'Analyst', Email: 'a@b.c', IsAdmin: false, ActingAdminId: null });
      if (url.startsWith('/api/project/get')) return Response.json(project);
      return Response.json([]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the project routes', () => {
  it('each say whether they count the sort bin set as the dashboard, or why they read the whole project', () => {
    const paths: string[] = [];
    type Node = { fullPath?: string; children?: Node[] | Record<string, Node> };
    const walk = (r: Node) => {
      if (r.fullPath?.startsWith('/client/$clientId/project/$projectId/')) paths.push(r.fullPath);
      Object.values(r.children ?? {}).forEach(walk);
    };
    walk(routeTree as unknown as Node);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(binRuleOf(path.replace('$projectId', '4')), path).not.toBeNull();
  });

  it('write the default filter into the address of the screen shown, and the menu keeps it', async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/ave-calcs' });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ datefrom: expect.any(String), dateto: expect.any(String), streams: expect.any(String) }),
    );
    expect(router.state.location.pathname).toBe('/client/1/project/2/ave-calcs');
    const filter = router.state.location.search;

    fireEvent.click(await screen.findByRole('button', { name: 'Project menu' }));
    fireEvent.click(await screen.findByText('Post Listing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/1/project/2/post-listing'));
    expect(router.state.location.search).toEqual(filter);
  });

  it("does not open a project under another client's address", async () => {
    renderRoutes(routeTree, { path: '/client/9/project/2' });
    await screen.findByText('This project could not be opened', undefined, { timeout: 5_000 });
    expect(screen.queryByRole('heading', { name: 'Acme Brand' })).toBeNull();
  });

  it('names the screen and the project in the tab, and again after the menu leads to the dashboard', async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/ave-calcs' });
    await waitFor(() => expect(document.title).toBe("Ave calc's · Acme Brand · Listening"), { timeout: 5_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Project menu' }));
    fireEvent.click(await screen.findByText('Dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/1/project/2'));
    await waitFor(() => expect(document.title).toBe('Dashboard · Acme Brand · Listening'));
  });

  it("keeps a screen's own params when the shell writes the filter into the address", async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/post-listing?q=cola&sort=reach' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ datefrom: expect.any(String), streams: expect.any(String) }), { timeout: 5_000 });
    expect(router.state.location.search).toMatchObject({ q: 'cola', sort: 'reach' });
  });
});
