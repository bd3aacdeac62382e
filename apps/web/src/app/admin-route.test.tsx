// @vitest-environment jsdom
// /admin in the app's route table: the act-as form and the admin screens' links are offered to
// administrators only; anyone else signed in is told the screen is not theirs.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../api/client.ts';
import { renderRoutes } from '../test/render.tsx';
import { routeTree } from './router.tsx';
import { isolateEachTest } from '../test/each-test.ts';

isolateEachTest();

const contact = { Id: 1, Name: 'Ada', Surname: 'Analyst', Email: 'ada@demo.example', IsAdmin: false, ActingAdminId: null };

function stubUser(user: object) {
  const fetchMock = vi.fn(async (url: string) => (url.startsWith('/api/user/get') ? Response.json(user) : Response.json([])));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('/admin', () => {
  it('tells a signed-in contact who is not an admin that it is not for them, without the act-as form or the admin links', async () => {
    setToken('tok');
    stubUser(contact);
    renderRoutes(routeTree, { path: '/admin' });
    expect(
      await screen.findByText('This screen is for administrators only, and ada@demo.example is not one. Ask an administrator if you need something done here.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Act as contact email')).toBeNull();
    expect(screen.queryByRole('link', { name: /audit log/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your clients' }).getAttribute('href')).toBe('/');
  });

  it('tells an admin acting as a contact to go back to their own session first', async () => {
    setToken('tok');
    stubUser({ ...contact, ActingAdminId: 9 });
    renderRoutes(routeTree, { path: '/admin' });
    expect(await screen.findByText(/You are acting as a contact: go back to your own session first/)).toBeTruthy();
    expect(screen.queryByLabelText('Act as contact email')).toBeNull();
  });

  it('offers the act-as form to an admin', async () => {
    setToken('tok');
    stubUser({ ...contact, IsAdmin: true });
    renderRoutes(routeTree, { path: '/admin' });
    expect(await screen.findByLabelText('Act as contact email')).toBeTruthy();
    expect(screen.queryByTestId('not-admin')).toBeNull();
  });

  it('shows the login screen in place without a session', async () => {
    const fetchMock = stubUser(contact);
    renderRoutes(routeTree, { path: '/admin' });
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringMatching(/^\/api\/user\/get/), expect.anything());
  });
});
