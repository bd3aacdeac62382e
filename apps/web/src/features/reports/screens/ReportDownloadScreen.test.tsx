// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/client.ts';
import { renderPlain } from '../../../test/render.tsx';
import { ReportDownloadScreen } from './ReportDownloadScreen.tsx';

const GUID = '0b6f4c1e-2f4a-4b8e-9a43-5d1f7d0c2a11';
let fetchMock: ReturnType<typeof vi.fn>;
const shown = vi.fn();
const saved = vi.fn();

beforeEach(() => {
  setToken('tok');
  shown.mockReset();
  saved.mockReset();
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown(n.color, n.message);
    return '';
  });
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const mount = (guid: string, layoutId = '3') =>
  renderPlain(
    <QueryClientProvider client={new QueryClient()}>
      <ReportDownloadScreen layoutId={layoutId} guid={guid} />
    </QueryClientProvider>,
  );

describe('the report download screen', () => {
  it("downloads the file's bytes, saves them under the name the server gives and says 'Downloaded'", async () => {
    const stored = vi.fn();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      stored(blob);
      return 'blob:report';
    });
    fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.7 report', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Board pack _ 2026.pdf"; filename*=UTF-8''Board%20pack%20%C3%A9%202026.pdf`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    mount(GUID);
    await screen.findByTestId('downloaded-file');
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/report/download/${GUID}/file`);
    expect(saved).toHaveBeenCalledWith('Board pack é 2026.pdf');
    expect(screen.getByTestId('downloaded-file').textContent).toBe('Board pack é 2026.pdf is in your downloads.');
    const blob = stored.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 report');
    expect(shown).toHaveBeenCalledWith('teal', 'Downloaded');
  });

  it('shows the error text when the file is not ready', async () => {
    fetchMock = vi.fn(async () => Response.json({ message: 'The report is still generating; try again in a moment' }, { status: 409, statusText: 'Conflict' }));
    vi.stubGlobal('fetch', fetchMock);
    mount(GUID, '2');
    await screen.findByText('The report could not be downloaded');
    await waitFor(() => expect(shown).toHaveBeenCalledWith('red', 'The report is still generating; try again in a moment'));
    expect(saved).not.toHaveBeenCalled();
  });

  it('does not ask the server about a link that names no request', async () => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    mount('not-found', '1');
    expect(screen.getByText('This report link is not valid')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
