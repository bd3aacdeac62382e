// @vitest-environment jsdom
// The report dialog against a fake API: lists of 10 with load more and the end marker, a new
// report's defaults and the YouTube rule, save → Generate Report → Request Log, and back.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { REPORT_FREQUENCIES, REPORT_LAYOUTS, REPORT_TEMPLATES, type Project, type Report, type ReportRequest } from '@listening/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/client.ts';
import { ProjectContext, type ProjectContextValue } from '../../../project/context.ts';
import { installDomShims } from '../../../test/render.tsx';
import { testProject } from '../../../test/project.ts';
import { bodyOf, newDraft } from '../logic/options.ts';
import { ReportDialog } from './ReportDialog.tsx';

const project: Project = testProject({
  Id: 7,
  ClientId: 3,
  Description: 'Karoo Outdoor Brand',
  ProjectType: 'Brand',
  ProjectTypeId: 5,
  StreamId: '7,8,9,10',
  StartDate: '2026-01-01T00:00:00',
  BinId: 70,
});

const report = (id: number): Report => ({
  Id: id,
  ClientId: 3,
  ProjectId: 7,
  ProjectName: project.Description,
  ContactId: null,
  CreatorName: 'Listening Support',
  Name: `Report ${id}`,
  Kind: 'trend',
  DateCreated: '2026-11-20T09:00:00',
  LayoutId: 3,
  TemplateIds: [3],
  StreamIds: [7, 8, 9],
  BinIds: [],
  RecipientIds: [],
});

const thandi = {
  Id: 21,
  ClientContactId: 21,
  ClientId: 3,
  Name: 'Thandi',
  Surname: 'Analyst',
  Email: 'analyst@demo.example',
  Phone: '',
  IsClientContactActive: true,
  IsActive: true,
  IsPrimary: false,
  IsDeleted: false,
};

let reports: Report[] = [];
let log: ReportRequest[] = [];
let fetchMock: ReturnType<typeof vi.fn>;
const shown = vi.fn();

function fakeApi(url: string, init: RequestInit = {}): Response {
  const method = init.method ?? 'GET';
  const path = url.split('?')[0];
  if (path === '/api/report/options/all')
    return Response.json({ LayoutOptions: REPORT_LAYOUTS, TemplateOptions: REPORT_TEMPLATES, FrequencyOptions: REPORT_FREQUENCIES });
  if (path === '/crm/api/contact/getall') return Response.json([thandi]);
  if (path === '/api/subfolder/getall') return Response.json([]);
  if (path === '/api/report/client/3') return Response.json(reports);
  if (path === '/api/report/log/client/3') return Response.json(log);
  if (path === '/api/report/schedule/3') return Response.json([]);
  if (path === '/api/report/create' && method === 'POST') {
    const saved = { ...report(99), ...JSON.parse(String(init.body)), Id: 99 };
    reports = [saved, ...reports];
    return Response.json(saved);
  }
  if (path === '/api/report/generate' && method === 'POST') {
    const body = JSON.parse(String(init.body));
    const request: ReportRequest = {
      Guid: '0b6f4c1e-2f4a-4b8e-9a43-5d1f7d0c2a11',
      ReportId: body.ReportId,
      ReportName: 'Weekly trend',
      Kind: 'trend',
      ProjectId: 7,
      LayoutId: 3,
      ContactId: null,
      DateRequested: '2026-11-26T09:00:00',
      DateStart: body.DateStart,
      DateEnd: body.DateEnd,
      IsCompleted: false,
      IsListing: false,
      Error: null,
      FileName: null,
      FileSize: null,
    };
    log = [request];
    return Response.json({ Success: true, Message: 'Report successfully generated', Request: request });
  }
  if (path.startsWith('/api/report/regenerate/') && method === 'POST')
    return Response.json({ Success: true, Message: 'Report regenerated', Request: { ...log[0], IsCompleted: false } });
  if (path.startsWith('/api/report/send/') && method === 'POST') return Response.json({ Success: true, Message: 'Report sent to 2 contact(s)', Count: 2 });
  if (path.startsWith('/api/report/log/') && method === 'DELETE') {
    log = [];
    return Response.json({ Success: true, Message: 'Report request deleted' });
  }
  if (path === '/api/report/schedule' && method === 'POST') return Response.json({ Success: false, Message: 'not scheduled', Schedule: scheduleAnswer });
  return new Response('not found', { status: 404, statusText: 'Not Found' });
}

const scheduleAnswer = {
  Id: 1,
  ReportId: 4,
  ReportName: 'Report 4',
  Kind: 'trend',
  ProjectId: 7,
  DateLastSent: null,
  DateNextSend: '2026-12-01T08:00:00',
  FrequencyId: 1,
  FrequencyDescription: 'Daily',
};

beforeEach(() => {
  setToken('tok');
  reports = [];
  log = [];
  shown.mockReset();
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown(n.message);
    return '';
  });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => fakeApi(url, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderDialog(kind: 'stats-report' | 'trend-report' = 'trend-report') {
  installDomShims();
  const context = { clientId: 3, project } as unknown as ProjectContextValue;
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProjectContext.Provider value={context}>
          <ReportDialog kind={kind} clientId={3} projectId={7} onClose={onClose} />
        </ProjectContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const section = () => screen.getByTestId('report-section').textContent;
const rows = () => screen.queryAllByTestId('report-row');

describe('the report dialog', () => {
  it('lists saved reports 10 at a time with load more, show fewer and an end marker', async () => {
    reports = Array.from({ length: 12 }, (_, i) => report(i + 1));
    renderDialog();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(section()).toBe('Saved Reports');
    expect(screen.getAllByText(/by Listening Support/)).toHaveLength(10);
    expect(screen.queryByTestId('list-end')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(rows()).toHaveLength(12);
    expect(screen.getByTestId('list-end')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(rows()).toHaveLength(10);
    // The lists are this project's Trend Analysis reports.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/report/client/3?projectId=7&kind=trend')).toBe(true);
  });

  it('starts a new report on layout 3 with streams 7, 8 and 9, no LinkedIn for type 5, and applies the YouTube rule', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    expect(section()).toBe('Report Options');
    const streams = within(screen.getByRole('group', { name: 'Streams' }));
    expect(streams.queryByRole('checkbox', { name: 'LinkedIn' })).toBeNull();
    const checked = () =>
      streams
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.getAttribute('aria-label'));
    expect(checked()).toEqual(['X', 'Facebook', 'Instagram']);
    expect((screen.getByRole('checkbox', { name: 'Full Analysis' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /retired/ })).toBeNull();
    fireEvent.click(streams.getByRole('checkbox', { name: 'YouTube' }));
    expect(checked()).toEqual(['YouTube']);
    expect(screen.getByTestId('youtube-rule').textContent).toContain('Sorry Youtube cannot be selected alongside other streams');
    fireEvent.click(streams.getByRole('checkbox', { name: 'X' }));
    expect(checked()).toEqual(['X']);
  });

  it('saves options into Generate Report, generates the default window into the Request Log, and goes back', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Report name/ }), { target: { value: 'Weekly trend' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(section()).toBe('Generate Report'));
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/report/create')!;
    // The default draft, named: what its body is, the options' tests say.
    expect(JSON.parse(String((create[1] as RequestInit).body))).toEqual(bodyOf({ ...newDraft(REPORT_TEMPLATES), Name: 'Weekly trend' }, 7, 'trend'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(section()).toBe('Request Log'));
    expect(shown).toHaveBeenCalledWith('Report successfully generated');
    const generate = fetchMock.mock.calls.find(([url]) => url === '/api/report/generate')!;
    const body = JSON.parse(String((generate[1] as RequestInit).body));
    expect(body.ReportId).toBe(99);
    // Yesterday's start to today's end.
    expect(body.DateStart).toMatch(/T00:00:00$/);
    expect(body.DateEnd).toMatch(/T23:59:59$/);
    expect(new Date(`${body.DateEnd.slice(0, 10)}T00:00:00Z`).getTime() - new Date(`${body.DateStart.slice(0, 10)}T00:00:00Z`).getTime()).toBe(86_400_000);
    const entry = await screen.findByTestId('request-row');
    expect(entry.getAttribute('data-status')).toBe('generating');
    expect(within(entry).getByText('Generating...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(section()).toBe('Generate Report');
  });

  it('edits a saved report: its options come back and saving sends its Id', async () => {
    reports = [{ ...report(4), StreamIds: [10], LayoutId: 1, TemplateIds: [2] }];
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Report 4' }));
    expect((screen.getByRole('textbox', { name: /Report name/ }) as HTMLInputElement).value).toBe('Report 4');
    expect((screen.getByRole('checkbox', { name: 'YouTube' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Channel Summary' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Executive Summary' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(section()).toBe('Generate Report'));
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/report/create')!;
    expect(JSON.parse(String((create[1] as RequestInit).body))).toMatchObject({ Id: 4, LayoutId: 1, TemplateIds: [2], StreamIds: [10] });
  });

  it('regenerates, sends and deletes a complete request with the specification’s messages', async () => {
    log = [
      {
        Guid: '0b6f4c1e-2f4a-4b8e-9a43-5d1f7d0c2a11',
        ReportId: 4,
        ReportName: 'Report 4',
        Kind: 'trend',
        ProjectId: 7,
        LayoutId: 3,
        ContactId: null,
        DateRequested: '2026-11-26T09:00:00',
        DateStart: '2026-11-19T00:00:00',
        DateEnd: '2026-11-26T23:59:59',
        IsCompleted: true,
        IsListing: false,
        Error: null,
        FileName: 'r.pdf',
        FileSize: 2048,
      },
    ];
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Log' }));
    const entry = await screen.findByTestId('request-row');
    expect(entry.getAttribute('data-status')).toBe('complete');
    fireEvent.click(within(entry).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Report sent to 2 contact(s)'));
    fireEvent.click(within(entry).getByRole('button', { name: 'Regenerate Report 4' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Report regenerated'));
    await waitFor(() => expect(screen.getByTestId('request-row').getAttribute('data-status')).toBe('generating'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the request of Report 4' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you wish to delete this item?');
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Report request deleted'));
    await waitFor(() => expect(screen.queryByTestId('request-row')).toBeNull());
  });

  it("says 'Error generating report' when a schedule comes back without success, and stays on Add Schedule", async () => {
    reports = [{ ...report(4), RecipientIds: [21] }];
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(section()).toBe('Add Schedule');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Error generating report'));
    expect(section()).toBe('Add Schedule');
    const body = JSON.parse(String((fetchMock.mock.calls.find(([url]) => url === '/api/report/schedule')![1] as RequestInit).body));
    // Tomorrow 08:00 is the first pick, daily by default.
    expect(body).toMatchObject({ ReportId: 4, FrequencyId: 1 });
    expect(body.DateNextSend).toMatch(/T08:00:00$/);
    expect(screen.getByTestId('schedule-recipients').textContent).toContain('Thandi Analyst');
  });

  it('refuses to schedule a report without recipients, saying so beside them, and opens Report Options to choose some', async () => {
    reports = [report(4)];
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const field = screen.getByTestId('schedule-recipients');
    expect(field.textContent).toContain('Please select at least 1 recipient');
    expect((screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(field).getByRole('button', { name: 'Choose recipients' }));
    expect(section()).toBe('Report Options');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/report/schedule')).toBe(false);
  });

  it('asks before Done discards a filled-in new report: keep editing, discard, or save and close', async () => {
    const onClose = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Report name/ }), { target: { value: 'Board pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('Report Options has changes that are not saved. Save them before you leave?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText(/has changes that are not saved/)).toBeNull());
    expect((screen.getByRole('textbox', { name: /Report name/ }) as HTMLInputElement).value).toBe('Board pack');
    // A footer section asks as well; Discard goes on without saving.
    fireEvent.click(screen.getByRole('button', { name: 'Schedule List' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(section()).toBe('Schedule List'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/report/create')).toBe(false);
    // Save saves the report, then closes.
    fireEvent.click(screen.getByRole('button', { name: 'Saved Reports' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Report name/ }), { target: { value: 'Board pack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/report/create')!;
    expect(JSON.parse(String((create[1] as RequestInit).body))).toMatchObject({ Name: 'Board pack' });
  });

  it('closes a new report left untouched at once', async () => {
    const onClose = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'New report' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Done', async () => {
    const onClose = renderDialog('stats-report');
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
