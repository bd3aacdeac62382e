// @vitest-environment jsdom
import { MESSAGES, type AccessTokenProfile } from '@listening/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { accessTokensQuery } from '../api/get-access-tokens.ts';
import { InvalidTokensPrompt } from './InvalidTokensPrompt.tsx';
import { tokenProfile } from './test-profiles.ts';

const profile = (ProfileId: number, HasToken: boolean, IsValid: boolean): AccessTokenProfile => tokenProfile({ ProfileId, HasToken, IsValid });

function stubProfiles(profiles: AccessTokenProfile[]) {
  const fetchMock = vi.fn(async (url: string) =>
    url.startsWith('/api/accesstoken/getall') ? Response.json(profiles) : Response.json({ Id: 1, IsAdmin: false }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the invalid access-token prompt', () => {
  it('shows on a project with an Invalid profile and opens Access Token Management', async () => {
    stubProfiles([profile(1, true, true), profile(2, true, false)]);
    renderScreen(() => <InvalidTokensPrompt projectId={4} />);
    fireEvent.click(await screen.findByText(MESSAGES.invalidTokensPrompt, {}, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: 'Access Token Management' })).toBeTruthy();
    expect((await screen.findAllByTestId('token-profile')).map((r) => r.getAttribute('data-status'))).toEqual(['Granted', 'Invalid']);
  });

  it('stays hidden when no profile is Invalid (Not Granted is not invalid)', async () => {
    stubProfiles([profile(1, true, true), profile(2, false, false)]);
    const { queryClient } = renderScreen(() => <InvalidTokensPrompt projectId={4} />);
    await waitFor(() => expect(queryClient.getQueryData(accessTokensQuery(4).queryKey)).toHaveLength(2));
    expect(screen.queryByText(MESSAGES.invalidTokensPrompt)).toBeNull();
  });
});
