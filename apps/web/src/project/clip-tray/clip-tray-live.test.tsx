// @vitest-environment jsdom
// The clip tray over a live listing: keyset pages of one snapshot, 'N new posts' loaded at the top
// instead of shifting the list, and 'Select all' meaning every post of the selection, changed by
// the listing's filter on the server.
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@listening/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { clip } from './tray-test-fixtures.ts';
import { OpenedTray } from './tray-test-harness.tsx';
import { isolateEachTest } from '../../test/each-test.ts';

isolateEachTest({ signedIn: true });

const first = [clip(12, 'Alice', 'Second newest post'), clip(11, 'Bob', 'Third newest post')];
const second = [clip(10, 'Carol', 'An older post')];
const fresh = [clip(96, 'Dave', 'A post that just arrived')];

let fetchMock: Mock;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/user/get'))
      return Response.json({ Id: 5, Name: 'Thandi', Surname: 'Analyst', Email: 'a@b.c', IsAdmin: false, ActingAdminId: null });
    if (url.startsWith('/api/clip/getall/new?')) return Response.json({ Count: url.includes('snapshotId=90') ? 1 : 0 });
    if (url.startsWith('/api/clip/reject/matching') && init?.method === 'PUT') return Response.json({ Updated: 4 });
    if (url.startsWith('/api/clip/getall?')) {
      if (url.includes('newerThan=90')) return Response.json({ Data: fresh, HasMore: false, NextCursor: null, SnapshotId: 96, Total: null });
      if (url.includes('cursor=')) return Response.json({ Data: second, HasMore: false, NextCursor: null, SnapshotId: 90, Total: null });
      return Response.json({ Data: first, HasMore: true, NextCursor: '2024-03-01T08:30:00.000000Z,11', SnapshotId: 90, Total: 3 });
    }
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).map(([url, init]) => [String(url), init as RequestInit] as const);
const listed = () => screen.getAllByTestId('clip').map((c) => Number(c.getAttribute('data-clip-id')));

describe('the clip tray over a live listing', () => {
  it("pages by the first page's cursor and snapshot, and loads the posts that arrived meanwhile at the top", async () => {
    renderScreen(OpenedTray);
    expect(await screen.findByText('Second newest post')).toBeTruthy();
    expect(screen.getByTestId('tray-total').textContent).toBe('3 posts');

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('An older post')).toBeTruthy();
    const [more] = calls('/api/clip/getall?').at(-1)!;
    expect(more).toContain(`cursor=${encodeURIComponent('2024-03-01T08:30:00.000000Z,11')}`);
    expect(more).toContain('snapshotId=90');
    expect(more).not.toContain('offset');

    // The post that arrived is announced, not slipped into the list.
    const button = await screen.findByTestId('new-posts', {}, { timeout: 3000 });
    expect(button.textContent).toBe('1 new post');
    expect(listed()).toEqual([12, 11, 10]);
    fireEvent.click(button);
    await waitFor(() => expect(listed()).toEqual([96, 12, 11, 10]));
    expect(screen.getByTestId('tray-total').textContent).toBe('4 posts');
    await waitFor(() => expect(screen.queryByTestId('new-posts')).toBeNull());
  });

  it("offers every post of the selection after 'Select all', and rejects them by the filter as of the snapshot", async () => {
    renderScreen(OpenedTray);
    expect(await screen.findByText('Second newest post')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Irrelevant' }));
    expect(vi.mocked(notifications.show).mock.calls.map((c) => (c[0] as { message?: unknown }).message)).toEqual([MESSAGES.selectClipsToRate]);

    fireEvent.click(screen.getByLabelText('Select all loaded posts'));
    expect(screen.getByTestId('select-matching').textContent).toContain('All 2 posts loaded are selected.');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 3 posts of this selection' }));
    expect(screen.getByTestId('select-matching').textContent).toContain('All 3 posts of this selection are selected');

    fireEvent.click(screen.getByRole('button', { name: 'Irrelevant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog.textContent).toContain('This applies to all 3 posts of this selection, not only the 2 loaded.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls('/api/clip/reject/matching')).toHaveLength(1));
    const [, init] = calls('/api/clip/reject/matching')[0];
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      projectId: 2,
      startDate: '2024-03-01T00:00:00',
      endDate: '2024-03-02T23:59:59',
      streamIds: '7,8',
      snapshotId: 90,
    });
    expect(calls('/api/clip/reject?')).toHaveLength(0);
  });
});
