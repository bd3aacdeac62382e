// @vitest-environment jsdom
import { EMAIL_CHANGE_MESSAGES, INVITATION_MESSAGES } from '@listening/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/client.ts';
import { renderScreen } from '../../../test/render.tsx';
import { EmailChangeScreen } from './EmailChangeScreen.tsx';
import { InvitationScreen } from './InvitationScreen.tsx';
import { isolateEachTest } from '../../../test/each-test.ts';

isolateEachTest();

const opened = (HasAccount: boolean) => ({
  Id: 4,
  ClientName: 'Karoo Outdoor Co.',
  InvitedBy: 'Pieter Viewer',
  Email: 'sam@example.com',
  SentAt: '2026-11-27T08:00:00Z',
  ExpiresAt: '2026-12-04T08:00:00Z',
  HasAccount,
});
type Sent = { url: string; body: unknown; auth: string | null };
/** A fetch that answers by path and records what was sent. */
function fakeApi(answers: Record<string, () => Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined, auth: headers.get('authorization') });
      const key = Object.keys(answers).find((k) => url.startsWith(k));
      return key ? answers[key]() : new Response(null, { status: 404 });
    }),
  );
  return sent;
}

describe('invitation page', () => {
  it('reads the token from the fragment, and for an address without a password accepts by choosing one', async () => {
    const sent = fakeApi({
      '/crm/api/invitation/open': () => Response.json(opened(false)),
      '/crm/api/invitation/accept/password': () =>
        Response.json({ Message: 'You are now a contact of Karoo Outdoor Co.. Password set successfully', ClientId: 3 }),
    });
    const { router } = renderScreen(InvitationScreen, { path: '/invitation#token=tok-123' });
    await screen.findByText(/Pieter Viewer invites sam@example.com to become a contact of Karoo Outdoor Co./);
    // The token left the address bar.
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Fynbos-trail-4410' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Fynbos-trail-4410' } });
    fireEvent.click(screen.getByRole('button', { name: 'ACCEPT AND SET PASSWORD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ['/crm/api/invitation/open', { Token: 'tok-123' }],
      ['/crm/api/invitation/accept/password', { Token: 'tok-123', Password: 'Fynbos-trail-4410', PasswordConfirm: 'Fynbos-trail-4410' }],
    ]);
  });

  it('asks an address with an account to sign in, and offers Accept only to that account', async () => {
    fakeApi({ '/crm/api/invitation/open': () => Response.json(opened(true)) });
    renderScreen(InvitationScreen, { path: '/invitation#token=tok-123' });
    await screen.findByText(/Sign in as sam@example.com to accept or decline it/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    cleanup();

    setToken('session-of-someone-else');
    fakeApi({
      '/crm/api/invitation/open': () => Response.json(opened(true)),
      '/api/user/get': () => Response.json({ Id: 9, Name: 'Other', Surname: 'Person', Email: 'other@example.com', IsAdmin: false, ActingAdminId: null }),
    });
    renderScreen(InvitationScreen, { path: '/invitation#token=tok-123' });
    await screen.findByText(new RegExp(INVITATION_MESSAGES.notYours));
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('accepts as the signed-in invitee, by the invitation id and the session', async () => {
    setToken('sam-session');
    const sent = fakeApi({
      '/crm/api/invitation/open': () => Response.json(opened(true)),
      '/api/user/get': () => Response.json({ Id: 9, Name: 'Sam', Surname: 'Smith', Email: 'sam@example.com', IsAdmin: false, ActingAdminId: null }),
      '/crm/api/invitation/answer': () => Response.json({ Message: 'You are now a contact of Karoo Outdoor Co.', ClientId: 3 }),
    });
    const { router } = renderScreen(InvitationScreen, { path: '/invitation#token=tok-123' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(sent.find((s) => s.url === '/crm/api/invitation/answer')).toMatchObject({ body: { Id: 4, Accept: true }, auth: 'Bearer sam-session' });
  });

  it('says so when the link is wrong or used', async () => {
    fakeApi({
      '/crm/api/invitation/open': () => Response.json({ statusCode: 400, error: 'Bad Request', message: INVITATION_MESSAGES.invalidLink }, { status: 400 }),
    });
    renderScreen(InvitationScreen, { path: '/invitation#token=used' });
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_MESSAGES.invalidLink);
  });
});

describe('email change page', () => {
  it('keeps this browser’s session after the old address’s confirmation, which changes nothing yet', async () => {
    setToken('old-session');
    fakeApi({ '/crm/api/user/email/confirm': () => Response.json({ Message: EMAIL_CHANGE_MESSAGES.confirmNew('sam.smith@example.com'), Changed: false }) });
    renderScreen(EmailChangeScreen, { path: '/email-change#token=tok-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'CONFIRM THE NEW EMAIL' }));
    expect((await screen.findByRole('status')).textContent).toBe(EMAIL_CHANGE_MESSAGES.confirmNew('sam.smith@example.com'));
    expect(localStorage.getItem('access_token')).toBe('old-session');
  });

  it('changes nothing until Confirm is pressed, then shows the answer and ends this browser’s session', async () => {
    setToken('old-session');
    const sent = fakeApi({
      '/crm/api/user/email/confirm': () => Response.json({ Message: EMAIL_CHANGE_MESSAGES.done('sam.smith@example.com'), Changed: true }),
    });
    renderScreen(EmailChangeScreen, { path: '/email-change#token=tok-9' });
    const confirm = await screen.findByRole('button', { name: 'CONFIRM THE NEW EMAIL' });
    expect(sent).toEqual([]);
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe(EMAIL_CHANGE_MESSAGES.done('sam.smith@example.com'));
    expect(sent.map((s) => s.body)).toEqual([{ Token: 'tok-9' }]);
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
