// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/client.ts';
import { renderPlain } from '../../../test/render.tsx';
import { base64ToBlob } from '../api/download-report.ts';
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
  it("saves the file under the server's name and says 'Downloaded'", async () => {
    fetchMock = vi.fn(async () => Response.json({ Data: btoa('%PDF-1.7 report'), FileName: 'weekly.pdf', ContentType: 'application/pdf' }));
    vi.stubGlobal('fetch', fetchMock);
    mount(GUID);
    await screen.findByTestId('downloaded-file');
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/report/download/${GUID}`);
    expect(saved).toHaveBeenCalledWith('weekly.pdf');
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

  it('decodes the base64 answer to the bytes of the file', async () => {
    const blob = base64ToBlob(btoa('PK\u0003\u0004'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4]);
  });
});
