// @vitest-environment jsdom
// The Narrative Analysis dialog against a fake API: the Filter's range and streams go out with
// the query, the narratives come back largest first with their figures, the query is remembered,
// and a click opens the narrative's posts in the clip tray.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Narrative, NarrativesAnswer } from '@listening/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrayContext } from '../../../project/clip-tray/tray-state.tsx';
import { ProjectContext, type ProjectContextValue } from '../../../project/context.ts';
import { installDomShims } from '../../../test/render.tsx';
import { NarrativeDialog } from './NarrativeDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const narrative = (phrases: string[], posts: number, extra: Partial<Narrative> = {}): Narrative => ({
  Label: phrases.map((Phrase, i) => ({ Phrase, Weight: 0.5 - i / 10 })),
  Posts: posts,
  Reach: 1200,
  AVE: 350.5,
  Share: posts / 30,
  Sentiment: { Positive: 1, Neutral: posts - 2, Negative: 1 },
  Association: { Owned: 0, Earned: 2, Chatter: posts - 2 },
  Trend: [
    { Day: '2026-11-01', Posts: 1 },
    { Day: '2026-11-02', Posts: posts - 1 },
  ],
  State: 'growing',
  FirstSeen: '2026-11-01T08:00:00.000Z',
  TopAuthors: [{ Name: 'Sipho', Posts: 2 }],
  Representative: [{ Id: 11, Body: `About ${phrases[0]}` }],
  Copies: [],
  PostIds: Array.from({ length: posts }, (_, i) => 100 + i),
  ...extra,
});

function renderDialog(answer: NarrativesAnswer) {
  installDomShims();
  const fetch = vi.fn(async () => Response.json(answer));
  vi.stubGlobal('fetch', fetch);
  const context = { clientId: 3, filter: { datefrom: '2026-11-01', dateto: '2026-11-02', streams: [7, 8] } } as unknown as ProjectContextValue;
  const tray = { scope: null, open: vi.fn(), close: vi.fn() };
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ProjectContext.Provider value={context}>
          <TrayContext.Provider value={tray}>
            <NarrativeDialog kind="narrative" clientId={3} projectId={7} onClose={onClose} />
          </TrayContext.Provider>
        </ProjectContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetch, tray, onClose };
}

describe('the side menu’s Narrative Analysis', () => {
  it('finds narratives for the query in the Filter’s range and streams, remembers the query, and opens a narrative’s posts in the tray', async () => {
    const copy = { Body: 'Boycott Acme now', Posts: 12, Accounts: 12, Coordinated: true };
    const { fetch, tray, onClose } = renderDialog({
      Posts: 30,
      Sampled: false,
      Narratives: [narrative(['delivery delay', 'durban'], 20, { Copies: [copy] }), narrative(['festive promotion', 'cooldrinks'], 5)],
    });
    fireEvent.change(screen.getByTestId('narrative-query'), { target: { value: 'acme OR "two for one"' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find narratives' }));
    const cards = await screen.findAllByTestId('narrative', {}, { timeout: 5000 });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      projectId: 7,
      query: 'acme OR "two for one"',
      startDate: '2026-11-01T00:00:00',
      endDate: '2026-11-02T23:59:59',
      streamIds: '7,8',
    });
    expect(screen.getByTestId('narrative-summary').textContent).toBe('2 narratives among 30 posts');
    expect(within(cards[0]).getByText('delivery delay')).toBeTruthy();
    expect(cards[0].textContent).toContain('20 posts (67%)');
    expect(within(cards[0]).getByText(/Coordinated: 12 posts from 12 accounts/)).toBeTruthy();
    expect(within(cards[1]).getByText('festive promotion')).toBeTruthy();
    expect(screen.getByText('acme OR "two for one"', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('narratives.recent.7')!)).toEqual(['acme OR "two for one"']);
    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Open its posts' }));
    expect(tray.open).toHaveBeenCalledWith(expect.objectContaining({ binClipBaseIds: [100, 101, 102, 103, 104] }));
    expect(onClose).toHaveBeenCalled();
  });
});
