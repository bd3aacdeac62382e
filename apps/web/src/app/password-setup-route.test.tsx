// @vitest-environment jsdom
// The password-setup route of the app's route table: the emailed link's token is read from the
// fragment (or the query of links mailed before) and taken out of the address bar at once.
import { MESSAGES } from '@listening/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { routeTree } from './router.tsx';
import { isolateEachTest } from '../test/each-test.ts';

isolateEachTest();

describe('/password-setup/$contactId', () => {
  it.each([
    ['#token=', '/password-setup/7#token=frag-t0k', 'frag-t0k'],
    ['?token= (links mailed before)', '/password-setup/7?token=old-t0k', 'old-t0k'],
  ])('sends the token of %s and leaves none in the address bar', async (_, path, token) => {
    const fetchMock = vi.fn(async () => Response.json({ Message: MESSAGES.passwordSet }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routeTree, { path });
    await waitFor(() => expect(router.state.location.href).toBe('/password-setup/7'));
    fireEvent.change(await screen.findByLabelText(/^Password$/), { target: { value: 'demo-password' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/crm/api/user/password/set');
    expect(JSON.parse(init.body as string)).toEqual({ IDUser: 7, Token: token, Password: 'demo-password', PasswordConfirm: 'demo-password' });
  });
});
