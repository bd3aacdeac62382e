// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@listening/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../test/render.tsx';
import type { GrantReturnSearch } from '../api/complete-grant.ts';
import { onGrant } from '../grant-channel.ts';
import { GrantReturnScreen, INSTAGRAM_BUSINESS_TUTORIAL } from './GrantReturnScreen.tsx';

let calls: { url: string; body: unknown }[];

function stubServer(status: number, answer: unknown) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(answer, { status });
    }),
  );
}

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
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the return page of a social network’s authorisation', () => {
  it('hands the code and state to the server once, says access was granted and tells the other windows', async () => {
    stubServer(200, { Message: MESSAGES.tokenGranted, StreamId: 8, Profiles: [{ ProfileId: 5, StreamId: 8, Name: 'Fake Page', Handle: null }] });
    const announced: unknown[] = [];
    const stop = onGrant((e) => announced.push(e));
    open({ code: 'c1', state: 's1' });
    expect(await screen.findByText(MESSAGES.tokenGranted)).toBeTruthy();
    expect(screen.getByText('Fake Page')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/profile/save', body: { state: 's1', code: 'c1' } }]);
    // The single-use code and state leave the address bar.
    expect(window.location.search).toBe('');
    await vi.waitFor(() => expect(announced).toEqual([{ projectId: null }]));
    stop();
  });

  it('passes a denial on as it arrived and shows the failure with the message under it', async () => {
    stubServer(400, { message: 'The user denied access.' });
    open({ state: 's2', error: 'access_denied', error_description: 'The user denied access.' });
    expect(await screen.findByText(MESSAGES.tokenGrantFailed)).toBeTruthy();
    expect(screen.getByTestId('grant-error').textContent).toBe('The user denied access.');
    expect(calls).toEqual([{ url: '/api/profile/save', body: { state: 's2', error: 'access_denied', error_description: 'The user denied access.' } }]);
    expect(screen.queryByText(MESSAGES.tokenGranted)).toBeNull();
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
