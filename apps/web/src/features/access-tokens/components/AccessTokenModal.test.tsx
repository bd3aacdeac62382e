// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { MESSAGES, type AccessTokenProfile } from '@listening/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { takeGrantNonce } from '../grant-nonces.ts';
import { AccessTokenModal } from './AccessTokenModal.tsx';
import { tokenProfile } from './test-profiles.ts';

const profile = (ProfileId: number, StreamId: number, Name: string, HasToken: boolean, IsValid: boolean): AccessTokenProfile =>
  tokenProfile({ ProfileId, StreamId, Name, BinRuleId: ProfileId * 10, HasToken, IsValid, GrantedAt: HasToken ? '2026-11-01T08:00:00Z' : null });

const PROFILES = [profile(1, 8, 'Acme Cola Page', true, true), profile(2, 9, 'acmecola', true, false), profile(3, 10, 'Acme Cola TV', false, false)];

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let calls: { url: string; method: string; body: unknown }[];

const NETWORK_NAMES: [number, string, string][] = [
  [7, 'X', 'x'],
  [8, 'Facebook', 'facebook'],
  [9, 'Instagram', 'facebook'],
  [10, 'YouTube', 'google'],
  [11, 'LinkedIn', 'linkedin'],
  [12, 'TikTok', 'tiktok'],
];
/** The server's answer to which networks it can link: every one but the providers named. */
const networks = (unconfigured: string[] = []) =>
  NETWORK_NAMES.map(([StreamId, Network, provider]) => {
    const off = unconfigured.includes(provider);
    const p = `OAUTH_${provider.toUpperCase()}`;
    return { StreamId, Network, Configured: !off, MissingSettings: off ? [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`] : [] };
  });

function stubServer(
  handler: Handler = () => Response.json({ url: 'https://provider.test/authorize?state=s1', browserNonce: 'nonce-1' }),
  unconfigured: string[] = [],
) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/accesstoken/getall')) return Response.json(PROFILES);
      if (url.startsWith('/api/accesstoken/networks')) return Response.json(networks(unconfigured));
      return handler(url, init);
    }),
  );
}

/** The modal with an outside switch, as the shell or the prompt opens and closes it. */
function Harness({ isAdmin = false }: { isAdmin?: boolean }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened((o) => !o)}>
        toggle
      </button>
      <AccessTokenModal opened={opened} onClose={() => setOpened(false)} projectId={4} isAdmin={isAdmin} />
    </>
  );
}

// The first render of Mantine's modal is slow on a busy machine: wait up to 5 s for the list.
const row = async (name: string) => (await screen.findAllByTestId('token-profile', {}, { timeout: 5000 })).find((r) => r.getAttribute('data-name') === name)!;
const dialog = () => screen.getByRole('dialog', { name: 'Access Token Management' });

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Access Token Management', () => {
  it('lists the project’s profiles with their status: Granted, Invalid, Not Granted', async () => {
    stubServer();
    renderScreen(() => <Harness />);
    expect((await row('Acme Cola Page')).getAttribute('data-status')).toBe('Granted');
    expect((await row('acmecola')).getAttribute('data-status')).toBe('Invalid');
    expect((await row('Acme Cola TV')).getAttribute('data-status')).toBe('Not Granted');
    expect(calls[0].url).toBe('/api/accesstoken/getall?projectId=4');
    // Only a profile with a token can be checked.
    expect(within(await row('Acme Cola TV')).queryByRole('button', { name: /Check the token/ })).toBeNull();
  });

  it('revokes a Granted token only after the confirmation', async () => {
    stubServer(() => Response.json({ ...PROFILES[0], HasToken: false, IsValid: false }));
    renderScreen(() => <Harness />);
    fireEvent.click(within(await row('Acme Cola Page')).getByRole('button', { name: /^Granted/ }));
    expect(await screen.findByText(MESSAGES.confirmRevokeToken)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(calls.some((c) => c.url === '/api/accesstoken/revoke')).toBe(false);

    fireEvent.click(within(await row('Acme Cola Page')).getByRole('button', { name: /^Granted/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/accesstoken/revoke')?.body).toEqual({ profileId: 1, streamId: 8 }));
    // The list is read again after the change.
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/accesstoken/getall')).length).toBeGreaterThanOrEqual(2));
  });

  it('takes an Invalid profile to step 3 with a re-grant link for that profile', async () => {
    stubServer();
    renderScreen(() => <Harness />);
    fireEvent.click(within(await row('acmecola')).getByRole('button', { name: /^Invalid/ }));
    expect(await screen.findByText('Grant access again for acmecola')).toBeTruthy();
    const link = await screen.findByRole('link', { name: /Continue to Instagram/ });
    await waitFor(() => expect(link.getAttribute('href')).toBe('https://provider.test/authorize?state=s1'));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(calls.find((c) => c.url === '/api/accesstoken/grant/start')?.body).toEqual({ projectId: 4, streamId: 9, profileId: 2 });
    // The browser keeps the grant's nonce for the return page, by the grant's state.
    expect(takeGrantNonce('s1')).toBe('nonce-1');
    // A user who is not an admin has no link for the client.
    expect(screen.queryByRole('button', { name: 'Copy link for the client' })).toBeNull();
    // Back from a re-grant is the list.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await row('acmecola')).toBeTruthy();
  });

  it('links a new account: pick a platform, then the link; a network not configured says so', async () => {
    stubServer(() => Response.json({ message: 'TikTok linking is not configured on this server' }, { status: 409 }));
    renderScreen(() => <Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link a profile' }));
    const picker = await screen.findByTestId('platform-picker');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Link a Facebook account',
      'Link an Instagram account',
      'Link a YouTube account',
      'Link a LinkedIn account',
      'Link a TikTok account',
      'Link an X account',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Link a TikTok account' }));
    expect(await screen.findByText('TikTok linking is not configured on this server')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/accesstoken/grant/start')?.body).toEqual({ projectId: 4, streamId: 12 });
    // The step says it; no error toast on top.
    expect(notifications.show).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('platform-picker')).toBeTruthy();
  });

  it('says at step 1 which networks the server cannot link and the settings they need, and does not offer them at step 2', async () => {
    stubServer(undefined, ['facebook', 'tiktok']);
    renderScreen(() => <Harness />);
    const notice = await screen.findByTestId('unlinkable-networks', {}, { timeout: 5000 });
    expect(notice.textContent).toContain(
      'Facebook and Instagram cannot be linked until OAUTH_FACEBOOK_CLIENT_ID and OAUTH_FACEBOOK_CLIENT_SECRET are set on the server.',
    );
    expect(notice.textContent).toContain('TikTok cannot be linked until OAUTH_TIKTOK_CLIENT_ID and OAUTH_TIKTOK_CLIENT_SECRET are set on the server.');
    expect(notice.textContent).not.toContain('YouTube');
    fireEvent.click(screen.getByRole('button', { name: 'Link a profile' }));
    const picker = await screen.findByTestId('platform-picker');
    const instagram = within(picker).getByRole('button', { name: 'Link an Instagram account' });
    expect(instagram.hasAttribute('disabled')).toBe(true);
    expect(instagram.textContent).toContain('needs OAUTH_FACEBOOK_CLIENT_ID, OAUTH_FACEBOOK_CLIENT_SECRET');
    expect(within(picker).getByRole('button', { name: 'Link a YouTube account' }).hasAttribute('disabled')).toBe(false);
  });

  it('says nothing of configuration when every network can be linked', async () => {
    stubServer();
    renderScreen(() => <Harness />);
    expect(await row('acmecola')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/accesstoken/networks'))).toBe(true));
    expect(screen.queryByTestId('unlinkable-networks')).toBeNull();
  });

  it('shows a token check as a 30-second toast with the server’s message', async () => {
    stubServer(() =>
      Response.json({
        ProfileId: 1,
        Kind: 'warning',
        Message: 'Expires 1 Jan 2027; valid; granted 1 Nov 2026',
        IsValid: true,
        ExpiresAt: '2027-01-01',
        GrantedAt: '2026-11-01',
      }),
    );
    renderScreen(() => <Harness />);
    fireEvent.click(within(await row('Acme Cola Page')).getByRole('button', { name: 'Check the token of Acme Cola Page' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'yellow',
        title: 'Acme Cola Page',
        message: 'Expires 1 Jan 2027; valid; granted 1 Nov 2026',
        autoClose: 30_000,
      }),
    );
    expect(calls.find((c) => c.url === '/api/accesstoken/check')?.body).toEqual({ profileId: 1 });
  });

  it('resets to step 1 about 200 ms after it closes, not before', async () => {
    stubServer();
    renderScreen(() => <Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link a profile' }));
    await screen.findByTestId('platform-picker');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const toggle = screen.getByRole('button', { name: 'toggle', hidden: true });
    // Closed and opened again within 200 ms: still on the platforms.
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(150));
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId('platform-picker')).toBeTruthy();
    // Closed for longer: back on the list.
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(210));
    fireEvent.click(toggle);
    vi.useRealTimers();
    expect(await row('Acme Cola Page')).toBeTruthy();
    expect(screen.queryByTestId('platform-picker')).toBeNull();
  });

  it('shows the admin the link to copy by hand where the page has no clipboard, without claiming it was copied', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    stubServer((url) =>
      Response.json(
        url.endsWith('/grant/link')
          ? { url: 'http://listening.example/api/accesstoken/grant/open?link=xyz' }
          : { url: 'https://provider.test/a', browserNonce: 'n' },
      ),
    );
    renderScreen(() => <Harness isAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link a profile' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Link a LinkedIn account' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Copy link for the client' }));
    expect(((await screen.findByRole('textbox', { name: 'Link for the client' })) as HTMLInputElement).value).toBe(
      'http://listening.example/api/accesstoken/grant/open?link=xyz',
    );
    expect(await screen.findByText(/could not be copied here/)).toBeTruthy();
    expect(screen.queryByText('Link copied to the clipboard')).toBeNull();
  });

  it('lets an admin copy a link for the client; the confirmation hides after 2 seconds', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubServer((url) =>
      Response.json(
        url.endsWith('/grant/link')
          ? { url: 'http://127.0.0.1/api/accesstoken/grant/open?link=abc' }
          : { url: 'https://provider.test/authorize?state=s1', browserNonce: 'n' },
      ),
    );
    renderScreen(() => <Harness isAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link a profile' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Link a Facebook account' }));
    const copy = await within(dialog()).findByRole('button', { name: 'Copy link for the client' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(copy);
    expect(await screen.findByText('Link copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1/api/accesstoken/grant/open?link=abc');
    expect(calls.find((c) => c.url === '/api/accesstoken/grant/link')?.body).toEqual({ projectId: 4, streamId: 8 });
    expect((screen.getByRole('textbox', { name: 'Link for the client' }) as HTMLInputElement).value).toBe(
      'http://127.0.0.1/api/accesstoken/grant/open?link=abc',
    );
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByText('Link copied to the clipboard')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Link copied to the clipboard')).toBeNull();
  });
});
