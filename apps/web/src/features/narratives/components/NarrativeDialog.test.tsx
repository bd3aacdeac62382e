// @vitest-environment jsdom
// The Narrative Analysis dialog against a fake API: the Filter's range and streams go out with
// the query, the narratives come back largest first with their figures, the query is remembered,
// and a click opens the narrative's posts in the clip tray.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FindNarrativesAnswer, Narrative } from '@listening/contract';
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

function renderDialog(answer: FindNarrativesAnswer) {
  installDomShims();
  // The search answers `answer`; the saved queries' list is empty; a word bin saved echoes its name.
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/narratives/queries')) return Response.json([]);
    if (url.startsWith('/api/wordbins/save')) return Response.json({ Id: 5, WordBinTypeId: 2, Description: JSON.parse(String(init?.body)).Description });
    return Response.json(answer);
  });
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
      Job: null,
    });
    fireEvent.change(screen.getByTestId('narrative-query'), { target: { value: 'acme OR "two for one"' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find narratives' }));
    const cards = await screen.findAllByTestId('narrative', {}, { timeout: 5000 });
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/narratives/find') as unknown as [string, RequestInit];
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

  it('saves a narrative’s phrases as a crisis list under the name the user gives', async () => {
    const { fetch } = renderDialog({ Posts: 20, Sampled: false, Narratives: [narrative(['delivery delay', 'durban'], 20)], Job: null });
    fireEvent.click(screen.getByRole('button', { name: 'Find narratives' }));
    const [card] = await screen.findAllByTestId('narrative', {}, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Save as word bin' }));
    fireEvent.click(within(card).getByText('Crisis list'));
    fireEvent.change(within(card).getByLabelText('List name'), { target: { value: 'Durban delays' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/wordbins/save')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/wordbins/save') as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      ProjectId: 7,
      Description: 'Durban delays',
      WordBinTypeId: 2,
      Keywords: [
        { Value: 'delivery delay', OperatorId: 2 },
        { Value: 'durban', OperatorId: 2 },
      ],
    });
  });

  it('shows the progress of a large search’s background job, then its answer', async () => {
    installDomShims();
    let polls = 0;
    const job = (State: 'running' | 'done', Progress: number) => ({
      Id: 9,
      State,
      Progress,
      Answer: State === 'done' ? { Posts: 50000, Sampled: false, Narratives: [narrative(['price rise', 'rumour'], 400)] } : null,
      CreatedAt: '2026-11-02T08:00:00.000Z',
      FinishedAt: State === 'done' ? '2026-11-02T08:01:00.000Z' : null,
      Error: null,
    });
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.startsWith('/api/narratives/queries')) return Response.json([]);
      if (url === '/api/narratives/results/9') return Response.json(++polls < 2 ? job('running', 0.4) : job('done', 1));
      return Response.json({ Posts: 0, Sampled: false, Narratives: [], Job: { ...job('running', 0), Answer: null } });
    });
    vi.stubGlobal('fetch', fetch);
    const context = { clientId: 3, filter: { datefrom: '2026-01-01', dateto: '2026-11-02', streams: [7] } } as unknown as ProjectContextValue;
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ProjectContext.Provider value={context}>
            <TrayContext.Provider value={{ scope: null, open: vi.fn(), close: vi.fn() }}>
              <NarrativeDialog kind="narrative" clientId={3} projectId={7} onClose={vi.fn()} />
            </TrayContext.Provider>
          </ProjectContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Find narratives' }));
    await waitFor(() => expect(screen.getByTestId('narrative-progress').textContent).toContain('40%'), { timeout: 5000 });
    const cards = await screen.findAllByTestId('narrative', {}, { timeout: 5000 });
    expect(within(cards[0]).getByText('price rise')).toBeTruthy();
    expect(screen.getByTestId('narrative-summary').textContent).toContain('1 narratives among 50000 posts');
    expect(screen.queryByTestId('narrative-progress')).toBeNull();
    // "Search again" asks the kept answer's own search once more, recomputed, and shows its progress.
    polls = 0;
    fireEvent.click(screen.getByTestId('narrative-search-again'));
    await waitFor(() => expect(screen.getByTestId('narrative-progress')).toBeTruthy(), { timeout: 5000 });
    const finds = fetch.mock.calls.filter(([url]) => url === '/api/narratives/find');
    expect(finds).toHaveLength(2);
    const [firstBody, againBody] = finds.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    expect(againBody).toEqual({ ...firstBody, refresh: true });
    await screen.findAllByTestId('narrative', {}, { timeout: 5000 });
  });
});
