// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { grantErrorMessage, MESSAGES } from '@listening/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../test/render.tsx';
import { grantReturnSchema, type GrantReturnSearch } from '../api/complete-grant.ts';
import { onGrant } from '../grant-channel.ts';
import { keepGrantNonce, takeGrantNonce } from '../grant-nonces.ts';
import { GrantReturnScreen, INSTAGRAM_BUSINESS_TUTORIAL } from './GrantReturnScreen.tsx';

let calls: { url: string; body: unknown; authorization: string | undefined }[];

function stubServer(status: number, answer: unknown) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, authorization: headers.Authorization });
      return Response.json(answer, { status });
    }),
  );
}

/** What a lure in a return address could say: never shown as the product's own words. */
const LURE = 'Your page is suspended. Call +1 555 0100 to restore it.';

/** The page as the browser opens it, under React's strict mode (which runs effects twice). */
function open(search: GrantReturnSearch, address = '/profile?code=c1&state=s1') {
  installDomShims();
  window.history.replaceState(null, '', address);
  const queryClient = new QueryClient();
  return render(
    <StrictMode>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <GrantReturnScreen search={search} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the return page of a social network’s authorisation', () => {
  it('hands the code and state to the server once, with this browser’s session and nonce, says access was granted and tells the other windows', async () => {
    stubServer(200, { Message: MESSAGES.tokenGranted, StreamId: 8, Profiles: [{ ProfileId: 5, StreamId: 8, Name: 'Fake Page', Handle: null }] });
    // What the modal kept when it started the grant, in this browser signed in.
    localStorage.setItem('access_token', 'session-1');
    keepGrantNonce('https://provider.test/authorize?client_id=x&state=s1', 'nonce-1');
    const announced: unknown[] = [];
    const stop = onGrant((e) => announced.push(e));
    open({ code: 'c1', state: 's1' });
    expect(await screen.findByText(MESSAGES.tokenGranted)).toBeTruthy();
    expect(screen.getByText('Fake Page')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/profile/save', body: { state: 's1', code: 'c1', browserNonce: 'nonce-1' }, authorization: 'Bearer session-1' }]);
    // The nonce is used once.
    expect(takeGrantNonce('s1')).toBeUndefined();
    // The single-use code and state leave the address bar.
    expect(window.location.search).toBe('');
    await vi.waitFor(() => expect(announced).toEqual([{ projectId: null }]));
    stop();
  });

  it('passes a denial on without its description, and shows the failure with the server’s message under it', async () => {
    stubServer(400, { message: grantErrorMessage('access_denied', 'Facebook') });
    open(
      grantReturnSchema.parse({ state: 's2', error: 'access_denied', error_description: LURE }),
      `/profile?state=s2&error=access_denied&error_description=${encodeURIComponent(LURE)}`,
    );
    expect(await screen.findByText(MESSAGES.tokenGrantFailed)).toBeTruthy();
    expect(screen.getByTestId('grant-error').textContent).toBe(grantErrorMessage('access_denied', 'Facebook'));
    expect(calls).toEqual([{ url: '/api/profile/save', body: { state: 's2', error: 'access_denied' }, authorization: undefined }]);
    expect(document.body.textContent).not.toContain('555');
    expect(screen.queryByText(MESSAGES.tokenGranted)).toBeNull();
  });

  it('says what an error code means in its own words, never the address’s error_description, when there is no state', async () => {
    stubServer(200, {});
    for (const [error, expected] of [
      ['access_denied', grantErrorMessage('access_denied')],
      ['its_description_is_the_lure', grantErrorMessage('anything else')],
    ]) {
      open(grantReturnSchema.parse({ error, error_description: LURE }), `/profile?error=${error}&error_description=${encodeURIComponent(LURE)}`);
      expect(await screen.findByText(MESSAGES.tokenGrantFailed)).toBeTruthy();
      expect(screen.getByTestId('grant-error').textContent).toBe(expected);
      expect(document.body.textContent).not.toContain('555');
      cleanup();
    }
    expect(calls).toEqual([]);
  });

  it('explains a Facebook login without an Instagram business account, with a tutorial link', async () => {
    stubServer(400, { message: MESSAGES.noInstagramBusiness });
    open({ code: 'c3', state: 's3' });
    expect(await screen.findByText(MESSAGES.noInstagramBusiness)).toBeTruthy();
    expect(screen.getByText(MESSAGES.tokenGrantFailed)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Instagram business account/ }).getAttribute('href')).toBe(INSTAGRAM_BUSINESS_TUTORIAL);
  });

  it('says what is missing, without calling the server, when the address carries no state', async () => {
    stubServer(200, {});
    open({}, '/profile');
    expect(await screen.findByText(MESSAGES.tokenGrantFailed)).toBeTruthy();
    expect(screen.getByTestId('grant-error').textContent).toMatch(/did not send back/);
    expect(calls).toEqual([]);
  });
});
