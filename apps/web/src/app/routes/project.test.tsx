// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { binRuleOf } from '../../project/bin-scope.ts';
import { testProject } from '../../test/project.ts';
import { routeTree } from '../router.tsx';

const project = testProject({ Id: 2, Description: 'Acme Brand', StreamId: '7,8', StartDate: '2026-01-05', BinId: 200 });

beforeEach(() => {
  localStorage.clear();
  setToken('tok');
  vi.spyOn(notifications, 'show').mockImplementation(() => '');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/get'))
        return Response.json({ Id: 1, Name: 'Ada', Surname: 'Analyst', Email: 'a@b.c', IsAdmin: false, ActingAdminId: null, TimeZone: 'Africa/Johannesburg' });
      if (url.startsWith('/api/project/get?projectId=3'))
        return Response.json({ statusCode: 404, error: 'Not Found', message: 'Project not found' }, { status: 404 });
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
    // The last is any other address: not found, no screen to count anything.
    for (const path of paths.filter((p) => !p.endsWith('/$'))) expect(binRuleOf(path.replace('$projectId', '4')), path).not.toBeNull();
  });

  it('write the default filter into the address of the screen shown, and the menu keeps a range the user chose', async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/post-listing?datefrom=2026-02-01&dateto=2026-02-10' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ datefrom: '2026-02-01', dateto: '2026-02-10', streams: expect.any(String) }), {
      timeout: 5_000,
    });
    const filter = router.state.location.search;

    fireEvent.click(await screen.findByRole('button', { name: 'Project menu' }));
    fireEvent.click(await screen.findByText('Tree View'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/1/project/2/treeview'));
    await waitFor(() => expect(router.state.location.search).toEqual(filter));
  });

  it('open a screen from the menu at the same address as when it is typed, when no range was chosen', async () => {
    const typed = renderRoutes(routeTree, { path: '/client/1/project/2/treeview' });
    await waitFor(() => expect(typed.router.state.location.search).toMatchObject({ datefrom: expect.any(String), streams: expect.any(String) }), {
      timeout: 5_000,
    });
    const address = typed.router.state.location.href;
    cleanup();

    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/post-listing' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ datefrom: expect.any(String), streams: expect.any(String) }), {
      timeout: 5_000,
    });
    // Post Listing's default (30 days, as the dashboard's) is not the analysis screens' (yesterday to today).
    expect(router.state.location.search.datefrom).not.toBe(typed.router.state.location.search.datefrom);
    fireEvent.click(await screen.findByRole('button', { name: 'Project menu' }));
    fireEvent.click(await screen.findByText('Tree View'));
    await waitFor(() => expect(router.state.location.href).toBe(address));
    expect(screen.getByTestId('filter-range').textContent).toBeTruthy();
  });

  it('hide the Filter on a screen that does not follow it, say what it covers, and leave the address alone', async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/ave-calcs' });
    expect(await screen.findByTestId('screen-covers', undefined, { timeout: 5_000 })).toHaveProperty(
      'textContent',
      'The project’s AVE settings, which every date and stream uses; the Filter does not apply here.',
    );
    expect(screen.queryByTestId('filter-range')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Filter/ })).toBeNull();
    expect(router.state.location.search).toEqual({});
  });

  it('show a wrong address inside a project in the project, with the way back to its dashboard', async () => {
    const { router } = renderRoutes(routeTree, { path: '/client/1/project/2/no-such-screen' });
    expect(await screen.findByTestId('project-not-found', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acme Brand' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist')).toBeTruthy();
    expect(screen.queryByTestId('filter-range')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page not found · Acme Brand · Listening'));
    fireEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/1/project/2'));
  });

  it('leave nothing of a refused project in the tab', async () => {
    document.title = 'Dashboard · Acme Brand · Listening';
    renderRoutes(routeTree, { path: '/client/1/project/3/post-listing' });
    await screen.findByText('This project could not be opened', undefined, { timeout: 5_000 });
    await waitFor(() => expect(document.title).toBe('Project could not be opened · Listening'));
  });

  it("does not open a project under another client's address", async () => {
    renderRoutes(routeTree, { path: '/client/9/project/2' });
    await screen.findByText('This project could not be opened', undefined, { timeout: 5_000 });
    expect(screen.queryByRole('heading', { name: 'Acme Brand' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Project could not be opened · Listening'));
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
