// @vitest-environment jsdom
// The tray's Export follows the selection and says so: the ticked posts ('Export 2 selected', their
// ids sent), else every post of the filter ('Export all 3', no ids), 'select all' included.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { clip } from './tray-test-fixtures.ts';
import { OpenedTray } from './tray-test-harness.tsx';
import { isolateEachTest } from '../../test/each-test.ts';

isolateEachTest({ signedIn: true });

let fetchMock: Mock;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:listing', revokeObjectURL: () => {} }));
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/user/get'))
      return Response.json({ Id: 5, Name: 'Thandi', Surname: 'Analyst', Email: 'a@b.c', IsAdmin: false, ActingAdminId: null });
    if (url.startsWith('/api/clip/getall/new?')) return Response.json({ Count: 0 });
    if (url.startsWith('/api/clip/listing/export?')) return new Response(new Blob(['xlsx']), { status: 200 });
    if (url.startsWith('/api/clip/getall?'))
      return Response.json({
        Data: [clip(12, 'Alice', 'Second newest post'), clip(11, 'Bob', 'Third newest post')],
        HasMore: true,
        NextCursor: '2024-03-01T08:30:00.000000Z,11',
        SnapshotId: 90,
        Total: 3,
      });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const exports = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/clip/listing/export?'));
const exportButton = () => screen.getByRole('button', { name: /^Export/ });
// The tray's first page and each export go through a render and a fetch, which take over the
// default second on a loaded machine.
const patient = { timeout: 5000 };

describe("the clip tray's export", () => {
  it('exports the ticked posts when there are some, and the whole filter otherwise, saying which on the button', async () => {
    renderScreen(OpenedTray);
    expect(await screen.findByText('Second newest post', {}, patient)).toBeTruthy();
    expect(exportButton().textContent).toBe('Export all 3');

    fireEvent.click(screen.getByLabelText('Select post by Alice'));
    expect(exportButton().textContent).toBe('Export 1 selected');
    fireEvent.click(screen.getByLabelText('Select post by Bob'));
    expect(exportButton().textContent).toBe('Export 2 selected');
    fireEvent.click(exportButton());
    await waitFor(() => expect(exports()).toHaveLength(1), patient);
    expect(new URL(exports()[0], 'http://x').searchParams.get('binClipBaseIds')).toBe('12,11');

    fireEvent.click(screen.getByLabelText('Select post by Alice'));
    fireEvent.click(screen.getByLabelText('Select post by Bob'));
    expect(exportButton().textContent).toBe('Export all 3');
    await waitFor(() => expect(exportButton().hasAttribute('data-loading')).toBe(false), patient);
    fireEvent.click(exportButton());
    await waitFor(() => expect(exports()).toHaveLength(2), patient);
    expect(new URL(exports()[1], 'http://x').searchParams.has('binClipBaseIds')).toBe(false);
  });

  it("exports the whole filter after 'select all' of the selection", async () => {
    renderScreen(OpenedTray);
    expect(await screen.findByText('Second newest post', {}, patient)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select all loaded posts'));
    expect(exportButton().textContent).toBe('Export 2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 3 posts of this selection' }));
    expect(exportButton().textContent).toBe('Export all 3');
    fireEvent.click(exportButton());
    await waitFor(() => expect(exports()).toHaveLength(1), patient);
    expect(new URL(exports()[0], 'http://x').searchParams.has('binClipBaseIds')).toBe(false);
  });
});
