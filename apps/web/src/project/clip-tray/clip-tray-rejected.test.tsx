// @vitest-environment jsdom
// The clip tray's 'Rejected' view: the project's rejected posts of the selection, who rejected
// each and when, and Restore, which counts them again and says so in a toast.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { clip } from './tray-test-fixtures.ts';
import { OpenedTray } from './tray-test-harness.tsx';
import { isolateEachTest, shownToasts } from '../../test/each-test.ts';

isolateEachTest({ signedIn: true });

const counted = clip(11, 'Alice', 'Acme cola tastes great');
const rejected = clip(31, 'Carol', 'Price of acme is too high', { RejectedAt: '2024-03-05T09:15:00.000Z', RejectedBy: 'Thandi Analyst' });

let fetchMock: Mock;
beforeEach(() => {
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

const messages = () => shownToasts().mock.calls.map((c) => String((c[0] as { message?: unknown }).message));
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

describe("the clip tray's Rejected view", () => {
  it("lists the selection's rejected posts with who rejected them, and restores the selected ones with a toast", async () => {
    renderScreen(OpenedTray);
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
