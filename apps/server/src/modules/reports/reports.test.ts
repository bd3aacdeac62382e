import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRequest } from './generate.ts';
import { sendDueSchedules } from './schedules.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import { authHeader, contactIdOf, countRows, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('reports', () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let acmeClient: number;
  let analystContact: number;
  let viewerContact: number;
  let projectId: number;
  let otherProjectBin: number;

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    projectId = t.projects['acme-brand'];
    acmeClient = (await t.db.selectFrom('projects').select('client_id').where('id', '=', projectId).executeTakeFirstOrThrow()).client_id;
    analystContact = await contactIdOf(t.db, 'analyst@demo.example', acmeClient);
    viewerContact = await contactIdOf(t.db, 'viewer@demo.example');
    otherProjectBin = (await t.db.selectFrom('projects').select('bin_id').where('id', '=', t.projects['karoo-brand']).executeTakeFirstOrThrow()).bin_id!;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const body = (over: object = {}) => ({
    ProjectId: projectId,
    Name: 'Monthly brand report',
    Kind: 'trend',
    LayoutId: 3,
    TemplateIds: [3],
    StreamIds: [7, 8, 9],
    RecipientIds: [analystContact],
    ...over,
  });
  const create = async (over: object = {}) => {
    const res = await send('POST', '/api/report/create', analyst, body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Id: number; LayoutId: number };
  };
  const generate = async (reportId: number, path = '/api/report/generate') => {
    const res = await send('POST', path, analyst, { ReportId: reportId, DateStart: `${day(-30)}T00:00:00`, DateEnd: `${day(0)}T23:59:59` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Message: string; Request: { Guid: string; IsCompleted: boolean; IsListing: boolean; FileName: string | null } };
  };
  const count = (table: 'reports' | 'report_requests' | 'report_schedules' | 'mail_outbox') => countRows(t.db, table);

  it('answers the options: three layouts, every template with its layout, the frequencies', async () => {
    const res = await send('GET', '/api/report/options/all', analyst);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.LayoutOptions.map((l: { Id: number }) => l.Id)).toEqual([1, 2, 3]);
    expect(o.TemplateOptions).toContainEqual({ Id: 4, Name: expect.any(String), LayoutId: 3 });
    expect(o.FrequencyOptions[0]).toEqual({ Id: 1, Description: 'Daily' });
  });

  it('saves a report, lists it by client, project and kind, reads it, changes it and deletes it', async () => {
    const r = await create();
    const listed = await send('GET', `/api/report/client/${acmeClient}?projectId=${projectId}&kind=trend`, analyst);
    expect(listed.json().map((x: { Id: number }) => x.Id)).toContain(r.Id);
    const stats = await send('GET', `/api/report/client/${acmeClient}?kind=stats`, analyst);
    expect(stats.json().map((x: { Id: number }) => x.Id)).not.toContain(r.Id);
    const got = await send('GET', `/api/report/${r.Id}`, analyst);
    // It reads back as saved.
    expect(got.json()).toMatchObject(body());
    expect(got.json().CreatorName).toBe('Thandi Analyst');
    const changed = await send('POST', '/api/report/create', analyst, body({ Id: r.Id, Name: 'Renamed', RecipientIds: [] }));
    expect(changed.json()).toMatchObject({ Id: r.Id, Name: 'Renamed', RecipientIds: [] });
    const deleted = await send('DELETE', `/api/report/${r.Id}`, analyst);
    expect(deleted.json()).toEqual({ Success: true, Message: 'Successfully Deleted' });
    expect((await send('GET', `/api/report/${r.Id}`, analyst)).statusCode).toBe(404);
  });

  it('refuses bad options with a message naming the problem, and saves nothing', async () => {
    const before = await count('reports');
    const cases: [object, RegExp][] = [
      [{ LayoutId: 9 }, /LayoutId must be one of/],
      [{ TemplateIds: [6] }, /Template 6 \(Figures Workbook\) belongs to layout 2, not layout 3/],
      [{ TemplateIds: [4] }, /Template 4 is not offered/],
      [{ StreamIds: [10, 7] }, /Sorry Youtube cannot be selected alongside other streams/],
      [{ RecipientIds: [viewerContact] }, new RegExp(`RecipientIds: ${viewerContact} is not an active contact of this client`)],
      [{ BinIds: [otherProjectBin] }, new RegExp(`BinIds: ${otherProjectBin} is not a bin of project ${projectId}`)],
    ];
    for (const [over, message] of cases) {
      const res = await send('POST', '/api/report/create', analyst, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await count('reports')).toBe(before);
  });

  it("hides another client's reports, requests and schedules behind 404", async () => {
    const r = await create();
    const { Request } = await generate(r.Id);
    const sched = await send('POST', '/api/report/schedule', analyst, { ReportId: r.Id, DateNextSend: `${day(2)}T08:00:00`, FrequencyId: 1 });
    const scheduleId = sched.json().Schedule.Id;
    const requests = await count('report_requests');
    for (const [method, url, payload] of [
      ['GET', `/api/report/${r.Id}`],
      ['GET', `/api/report/client/${acmeClient}`],
      ['GET', `/api/report/log/client/${acmeClient}`],
      ['GET', `/api/report/log/project/${projectId}`],
      ['GET', `/api/report/log/contact/${analystContact}`],
      ['GET', `/api/report/download/${Request.Guid}`],
      ['POST', `/api/report/send/${Request.Guid}`],
      ['POST', `/api/report/regenerate/${Request.Guid}`],
      ['DELETE', `/api/report/log/${Request.Guid}`],
      ['DELETE', `/api/report/${r.Id}`],
      ['DELETE', `/api/report/schedule/${scheduleId}`],
      ['PUT', '/api/report/schedule/update', { Id: scheduleId, DateNextSend: `${day(3)}T08:00:00`, FrequencyId: 2 }],
      ['POST', '/api/report/generate', { ReportId: r.Id, DateStart: `${day(-1)}T00:00:00`, DateEnd: `${day(0)}T23:59:59` }],
      ['POST', '/api/report/schedule', { ReportId: r.Id, DateNextSend: `${day(2)}T08:00:00`, FrequencyId: 1 }],
    ] as const) {
      const res = await send(method, url, viewer, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of ['/api/report/all', '/api/report/log/all', '/api/report/schedule/all']) {
      const res = await send('GET', url, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json().filter((x: { ReportId?: number; Id?: number }) => (x.ReportId ?? x.Id) === r.Id)).toEqual([]);
    }
    expect(await count('report_requests')).toBe(requests);
    expect((await send('GET', `/api/report/${r.Id}`, analyst)).statusCode).toBe(200);
  });

  it('generates in the background: Generating..., then a PDF to download, send, regenerate and delete', async () => {
    const r = await create();
    const g = await generate(r.Id);
    expect(g.Message).toBe('Report successfully generated');
    expect(g.Request).toMatchObject({ IsCompleted: false, IsListing: false, FileName: null });
    const early = await send('GET', `/api/report/download/${g.Request.Guid}`, analyst);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still generating/);

    await generateRequest(t.db, g.Request.Guid, { publicUrl: 'http://localhost', smtp: false });
    const log = await send('GET', `/api/report/log/project/${projectId}?kind=trend`, analyst);
    const entry = log.json().find((x: { Guid: string }) => x.Guid === g.Request.Guid);
    expect(entry).toMatchObject({ IsCompleted: true, ReportId: r.Id, DateStart: `${day(-30)}T00:00:00`, DateEnd: `${day(0)}T23:59:59` });
    const file = await send('GET', `/api/report/download/${g.Request.Guid}`, analyst);
    expect(file.statusCode).toBe(200);
    expect(file.json().ContentType).toBe('application/pdf');
    expect(file.json().FileName).toMatch(/^Monthly-brand-report-.*\.pdf$/);
    const pdf = Buffer.from(file.json().Data, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A cover and at least one page of figures.
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(2);

    const mails = await count('mail_outbox');
    const sent = await send('POST', `/api/report/send/${g.Request.Guid}`, analyst);
    expect(sent.json()).toEqual({ Success: true, Message: 'Report sent to 1 contact(s)', Count: 1 });
    expect(await count('mail_outbox')).toBe(mails + 1);
    const mail = await t.db.selectFrom('mail_outbox').select(['id', 'to', 'subject', 'text']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to: 'analyst@demo.example', subject: 'Trend Analysis report: Monthly brand report' });
    // The recipient's own unsubscribe link (type 1, this report, this contact) opens the app's page.
    const token = mail.text.match(/\/unsubscribe#token=(\S+)/)?.[1];
    expect(await readUnsubscribeToken(t.db, token!)).toEqual({ type: 1, id: r.Id, contactId: analystContact });
    const attached = await t.db.selectFrom('mail_attachments').select('file_name').where('outbox_id', '=', mail.id).execute();
    expect(attached).toEqual([{ file_name: file.json().FileName }]);

    const again = await send('POST', `/api/report/regenerate/${g.Request.Guid}`, analyst);
    expect(again.json()).toMatchObject({ Success: true, Message: 'Report regenerated', Request: { IsCompleted: false } });
    const del = await send('DELETE', `/api/report/log/${g.Request.Guid}`, analyst);
    expect(del.json()).toEqual({ Success: true, Message: 'Report request deleted' });
    expect((await send('GET', `/api/report/download/${g.Request.Guid}`, analyst)).statusCode).toBe(404);
  });

  it('makes a spreadsheet for layout 2 and for a clip listing', async () => {
    const r = await create({ LayoutId: 2, TemplateIds: [8], Kind: 'stats' });
    const listing = await generate(r.Id, '/api/report/listing/generate');
    expect(listing.Request.IsListing).toBe(true);
    const full = await generate(r.Id);
    const project = await t.db.selectFrom('projects').select('description').where('id', '=', projectId).executeTakeFirstOrThrow();
    for (const [guid, name] of [
      [listing.Request.Guid, `Listing Report - ${project.description}.xlsx`],
      [full.Request.Guid, expect.stringMatching(/^Monthly-brand-report-.*\.xlsx$/)],
    ] as const) {
      await generateRequest(t.db, guid, { publicUrl: 'http://localhost', smtp: false });
      const file = (await send('GET', `/api/report/download/${guid}`, analyst)).json();
      expect(file.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(file.FileName).toEqual(name);
      // An .xlsx is a zip.
      expect(Buffer.from(file.Data, 'base64').subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('refuses a window that ends before it starts, a schedule in the past and a send without recipients', async () => {
    const r = await create({ RecipientIds: [] });
    const requests = await count('report_requests');
    const backwards = await send('POST', '/api/report/generate', analyst, { ReportId: r.Id, DateStart: `${day(0)}T00:00:00`, DateEnd: `${day(-1)}T00:00:00` });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/DateEnd is before DateStart/);
    expect(await count('report_requests')).toBe(requests);
    const past = await send('POST', '/api/report/schedule', analyst, { ReportId: r.Id, DateNextSend: `${day(-2)}T08:00:00`, FrequencyId: 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/DateNextSend is in the past/);
    const unknown = await send('POST', '/api/report/send/7a0c3a5e-3c1c-4a4e-9f4a-0d7c6f1e2b3a', analyst);
    expect(unknown.statusCode).toBe(404);
    const { Request } = await generate(r.Id);
    await generateRequest(t.db, Request.Guid, { publicUrl: 'http://localhost', smtp: false });
    const mails = await count('mail_outbox');
    const none = await send('POST', `/api/report/send/${Request.Guid}`, analyst);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/no recipients/);
    expect(await count('mail_outbox')).toBe(mails);
  });

  it('refuses to schedule a report without recipients, and to take the last recipient from a scheduled report', async () => {
    const r = await create({ RecipientIds: [] });
    const schedules = await count('report_schedules');
    const none = await send('POST', '/api/report/schedule', analyst, { ReportId: r.Id, DateNextSend: `${day(2)}T08:00:00`, FrequencyId: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^Please select at least 1 recipient: this report has none/);
    expect(await count('report_schedules')).toBe(schedules);

    const withOne = await create({ RecipientIds: [analystContact] });
    const ok = await send('POST', '/api/report/schedule', analyst, { ReportId: withOne.Id, DateNextSend: `${day(2)}T08:00:00`, FrequencyId: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    const emptied = await send('POST', '/api/report/create', analyst, body({ Id: withOne.Id, RecipientIds: [] }));
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().message).toMatch(/^Please select at least 1 recipient: this report is scheduled/);
    expect((await send('GET', `/api/report/${withOne.Id}`, analyst)).json().RecipientIds).toEqual([analystContact]);
    // Without a schedule, a report may have no recipients (it is generated and downloaded).
    expect((await send('DELETE', `/api/report/schedule/${ok.json().Schedule.Id}`, analyst)).statusCode).toBe(200);
    expect((await send('POST', '/api/report/create', analyst, body({ Id: withOne.Id, RecipientIds: [] }))).statusCode).toBe(200);
  });

  it('tells whoever asked, in the bell, that the file is ready, with the link to its download page', async () => {
    const r = await create({ Name: 'Bell report' });
    const { Request } = await generate(r.Id);
    const notices = () =>
      send('GET', '/api/notification/get/contact', analyst).then((res) =>
        (res.json() as { Description: string; Link: string | null }[]).filter((n) => n.Description.includes('"Bell report"')),
      );
    expect(await notices()).toEqual([]);
    await generateRequest(t.db, Request.Guid, { publicUrl: 'http://localhost', smtp: false });
    expect(await notices()).toEqual([
      expect.objectContaining({ Description: 'Report "Bell report" is ready: click to download it.', Link: `/report/3/${Request.Guid}` }),
    ]);
    // Nobody else's bell.
    const theirs = (await send('GET', '/api/notification/get/contact', viewer)).json() as { Description: string }[];
    expect(theirs.some((n) => n.Description.includes('"Bell report"'))).toBe(false);
  });

  it('schedules a report, lists, changes and deletes the schedule', async () => {
    const r = await create();
    const res = await send('POST', '/api/report/schedule', analyst, { ReportId: r.Id, DateNextSend: `${day(1)}T08:00:00`, FrequencyId: 2 });
    expect(res.json()).toMatchObject({
      Success: true,
      Message: 'Report successfully scheduled',
      Schedule: { ReportId: r.Id, DateNextSend: `${day(1)}T08:00:00`, FrequencyId: 2, FrequencyDescription: 'Weekly', DateLastSent: null },
    });
    const id = res.json().Schedule.Id;
    const list = await send('GET', `/api/report/schedule/${acmeClient}?projectId=${projectId}`, analyst);
    expect(list.json().map((s: { Id: number }) => s.Id)).toContain(id);
    const upd = await send('PUT', '/api/report/schedule/update', analyst, { Id: id, DateNextSend: `${day(3)}T09:30:00`, FrequencyId: 3 });
    expect(upd.json().Schedule).toMatchObject({ DateNextSend: `${day(3)}T09:30:00`, FrequencyDescription: 'Monthly' });
    expect((await send('DELETE', `/api/report/schedule/${id}`, analyst)).json().Message).toBe('Successfully Deleted');
    expect((await send('GET', '/api/report/schedule/all', analyst)).json().map((s: { Id: number }) => s.Id)).not.toContain(id);
  });

  it('sends a due schedule once: one request, one mail per recipient, next send a period later', async () => {
    const r = await create({ Kind: 'stats', LayoutId: 1, TemplateIds: [1] });
    const res = await send('POST', '/api/report/schedule', analyst, { ReportId: r.Id, DateNextSend: `${day(1)}T08:00:00`, FrequencyId: 1 });
    const id = res.json().Schedule.Id;
    const due = await t.db.selectFrom('report_schedules').select('date_next_send').where('id', '=', id).executeTakeFirstOrThrow();
    const at = new Date(due.date_next_send.getTime() + 60_000);
    const [a, b] = [await sendDueSchedules(t.db, at), await sendDueSchedules(t.db, at)];
    const mine = await t.db.selectFrom('report_requests').select(['guid', 'date_start', 'date_end']).where('schedule_id', '=', id).execute();
    expect(mine).toHaveLength(1);
    expect([...a, ...b].filter((g) => g === mine[0].guid)).toHaveLength(1);
    // Daily: the day before the send's day, whole.
    expect(mine[0].date_end.getTime() - mine[0].date_start.getTime()).toBe(DAY);
    const mails = await count('mail_outbox');
    expect((await generateRequest(t.db, mine[0].guid, { publicUrl: 'http://localhost', smtp: false, now: at }))?.mails).toBe(1);
    // Run again (a worker that lost its lease): nothing more is sent.
    expect(await generateRequest(t.db, mine[0].guid, { publicUrl: 'http://localhost', smtp: false, now: at })).toBeNull();
    expect(await count('mail_outbox')).toBe(mails + 1);
    const after = (await send('GET', `/api/report/schedule/${acmeClient}`, analyst)).json().find((s: { Id: number }) => s.Id === id);
    expect(after.DateNextSend).toBe(`${day(2)}T08:00:00`);
    expect(after.DateLastSent).not.toBeNull();
  });
});
