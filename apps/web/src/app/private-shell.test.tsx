// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../api/client.ts';
import { renderRoutes } from '../test/render.tsx';
import { routeTree } from './router.tsx';
import { isolateEachTest } from '../test/each-test.ts';

isolateEachTest({ signedIn: true });

const user = { Id: 1, Name: 'Ada', Surname: 'Analyst', Email: 'ada@demo.example', IsAdmin: false, ActingAdminId: null };
const client = { Id: 1, Name: 'Acme', IsActive: true };

/** The server: the user and their one client; `userAnswer` replaces the user's answer. */
function stubServer(userAnswer: () => Promise<Response> = async () => Response.json(user)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/get')) return userAnswer();
      if (url.startsWith('/api/client/getall')) return Response.json([client]);
      return Response.json([]);
    }),
  );
}

const sideNavToggle = () => screen.queryByRole('button', { name: 'Toggle side navigation' });

describe('the private header', () => {
  it.each(['/', '/clients', '/client/1/dashboard', '/client/1/projects', '/client/1/contact-management'])(
    'has no side nav on %s, and keeps the bell and the user menu',
    async (path) => {
      stubServer();
      renderRoutes(routeTree, { path });
      expect(await screen.findByText('AA')).toBeTruthy(); // the user menu, once the user has loaded
      expect(screen.getByRole('button', { name: /^Notifications/ })).toBeTruthy();
      expect(sideNavToggle()).toBeNull();
    },
  );

  it.each(['/dashboard', '/contact/notifications', '/client/1/new-project'])('keeps the side nav on %s', async (path) => {
    stubServer();
    renderRoutes(routeTree, { path });
    expect(await screen.findByRole('button', { name: 'Toggle side navigation' })).toBeTruthy();
  });
});

describe('loading the current user', () => {
  it.each([
    ['a server error', async () => new Response('boom', { status: 500 })],
    ['a dropped connection', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('sends the user to /login and drops the session after %s', async (_, answer) => {
    stubServer(answer);
    const { router } = renderRoutes(routeTree, { path: '/client/1/projects' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeTruthy();
  });
});
