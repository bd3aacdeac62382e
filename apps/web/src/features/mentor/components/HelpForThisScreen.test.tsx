// @vitest-environment jsdom
import type { Tutorial } from '@listening/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { HelpForThisScreen } from './HelpForThisScreen.tsx';

const tutorial = (Id: number, Title: string): Tutorial => ({
  Id,
  PlatformId: 1,
  PlatformName: 'Listening web app',
  Title,
  Description: '',
  PageLocation: '/client/*/project/*/reaction-lists',
  IsActive: true,
  StepCount: 3,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Mounts the entry at a path, the server answering `answer` for the page's tutorials; returns the URLs asked. */
function mount(path: string, answer: Tutorial[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(answer);
    }),
  );
  return { asked, ...renderScreen(HelpForThisScreen, { path }) };
}

describe('Help for this screen', () => {
  it('asks for the tutorials of the current path and opens the one there is', async () => {
    const { asked, router } = mount('/client/3/project/5/reaction-lists', [tutorial(7, 'Reaction lists')]);
    const [wide] = await screen.findAllByRole('button', { name: 'Help for this screen' });
    expect(asked).toEqual([`/mentor/api/tutorial/getall/pageLocation?pathName=${encodeURIComponent('/client/3/project/5/reaction-lists')}`]);
    fireEvent.click(wide);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor/tutorial/7'));
  });

  it('is not shown where no tutorial covers the screen', async () => {
    const { asked } = mount('/clients', []);
    await waitFor(() => expect(asked.length).toBe(1));
    expect(screen.queryByRole('button', { name: 'Help for this screen' })).toBeNull();
  });

  it('offers a choice where several tutorials cover the screen', async () => {
    mount('/client/3/project/5/reaction-lists', [tutorial(7, 'Reaction lists'), tutorial(8, 'Crisis lists')]);
    const [wide] = await screen.findAllByRole('button', { name: 'Help for this screen' });
    fireEvent.click(wide);
    expect(await screen.findByRole('menuitem', { name: 'Crisis lists' })).toBeTruthy();
  });
});
