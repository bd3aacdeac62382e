// @vitest-environment jsdom
// The clip tray's 'Rejected' view: the project's rejected posts of the selection, who rejected
// each and when, and Restore, which counts them again and says so in a toast.
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest';
import { setToken } from '../../api/client.ts';
import { renderScreen } from '../../test/render.tsx';
import { ProjectContext } from '../context.ts';
import { ClipTray } from './ClipTray.tsx';
import { ClipTrayProvider, useClipTray } from './tray-state.tsx';
import { clip, context } from './tray-test-fixtures.ts';

const counted = clip(11, 'Alice', 'Acme cola tastes great');
const rejected = clip(31, 'Carol', 'Price of acme is too high', { RejectedAt: '2024-03-05T09:15:00.000Z', RejectedBy: 'Thandi Analyst' });

/** Opens the tray as a screen would. */
function OpenTray() {
  const { open } = useClipTray();
  useEffect(() => open({ label: 'All posts' }), [open]);
  return null;
}
function Harness() {
  return (
    <ProjectContext.Provider value={context}>
      <ClipTrayProvider>
        <OpenTray />
        <ClipTray />
      </ClipTrayProvider>
    </ProjectContext.Provider>
  );
}

let toast: MockInstance;
let fetchMock: Mock;
beforeEach(() => {
  localStorage.clear();
  setToken('tok');
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/user/get'))
      return Response.json({ Id: 5, Name: 'Thandi', Surname: 'Analyst', Email: 'a@b.c', IsAdmin: false, ActingAdminId: null });
    if (url.startsWith('/api/clip/restore') && init?.method === 'PUT') return Response.json({ Updated: 2 });
    if (url.startsWith('/api/clip/getall/new?')) return Response.json({ Count: 0 });
    if (url.startsWith('/api/clip/getall?'))
      return Response.json({ Data: url.includes('rejected=true') ? [rejected] : [counted], HasMore: false, NextCursor: null, SnapshotId: 90, Total: 1 });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const messages = () => toast.mock.calls.map((c) => String((c[0] as { message?: unknown }).message));
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

describe("the clip tray's Rejected view", () => {
  it("lists the selection's rejected posts with who rejected them, and restores the selected ones with a toast", async () => {
    renderScreen(Harness);
    expect(await screen.findByText('Acme cola tastes great')).toBeTruthy();
    expect(calls('/api/clip/getall?').every(([url]) => !String(url).includes('rejected=true'))).toBe(true);

    fireEvent.click(screen.getByText('Rejected'));
    expect(await screen.findByText('Price of acme is too high')).toBeTruthy();
    expect(screen.queryByText('Acme cola tastes great')).toBeNull();
    const listing = String(calls('/api/clip/getall?').at(-1)![0]);
    expect(listing).toContain('rejected=true');
    expect(listing).toContain('projectId=2');
    expect(screen.getByText(/Rejected by Thandi Analyst/)).toBeTruthy();
    // Rating and rejecting belong to the counted posts; here the action is Restore.
    expect(screen.queryByRole('button', { name: 'Irrelevant' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(messages()).toEqual(['Please select clips to restore']);
    expect(calls('/api/clip/restore')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Select post by Carol'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(messages()).toContain('1 post restored: it counts in every figure again'));
    const [url, init] = calls('/api/clip/restore')[0] as [string, RequestInit];
    expect(url).toBe('/api/clip/restore');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ binClipBaseIds: [31], projectId: 2 });
    await waitFor(() => expect(screen.queryByText('Price of acme is too high')).toBeNull());

    fireEvent.click(screen.getByText('Posts', { selector: 'label, label *' }));
    expect(await screen.findByText('Acme cola tastes great')).toBeTruthy();
  });
});
