// @vitest-environment jsdom
// The user menu's 'Log out everywhere': asks first, then ends every session of the account and
// leaves this one signed out too.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { getToken } from '../../../api/client.ts';
import { renderScreen } from '../../../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';
import { isolateEachTest } from '../../../test/each-test.ts';

isolateEachTest({ signedIn: true });

let fetchMock: Mock;
let toast: Mock;
beforeEach(() => {
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => '') as unknown as Mock;
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/user/get'))
      return Response.json({ Id: 5, Name: 'Thandi', Surname: 'Analyst', Email: 'analyst@demo.example', IsAdmin: false, ActingAdminId: null });
    if (url === '/crm/api/user/logout/all') return Response.json({ Revoked: 3 });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const logoutAllCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/crm/api/user/logout/all');
const openMenuItem = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out everywhere' }));
};

describe('log out everywhere', () => {
  it('asks first, and Cancel sends nothing', async () => {
    renderScreen(() => <UserMenu showClients={false} />, { path: '/dashboard' });
    await openMenuItem();
    expect(await screen.findByText(/every device/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/every device/)).toBeNull());
    expect(logoutAllCalls()).toHaveLength(0);
    expect(getToken()).toBe('tok');
  });

  it('ends every session once confirmed, drops the token here and goes to the start page', async () => {
    const { router } = renderScreen(() => <UserMenu showClients={false} />, { path: '/dashboard' });
    await openMenuItem();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, init] = logoutAllCalls()[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(getToken()).toBeNull();
    expect(toast.mock.calls.map((c) => (c[0] as { message: string }).message)).toContain('Logged out of 3 sessions on every device');
  });
});
