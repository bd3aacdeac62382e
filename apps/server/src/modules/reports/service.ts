// Reports: a user reads and changes only the reports of the clients they belong to (404 for
// others, never revealing they exist) and changes them only while the client is not In-Active.
// Recipients must be active contacts of the report's client and bins must be the project's own
// (400 naming the id otherwise), so nothing is ever sent outside the client; a scheduled report keeps
// at least one recipient (a schedule of none is refused, not left to fail at send). Generation answers at
// once: the request is logged as 'Generating...' and the job (modules/reports/generate.ts) makes the file.
// Generating and sending are rate limited per user and per client (REPORT_RATE_LIMITS), counted
// after the access checks, so another tenant's calls spend nothing of a client's allowance.
import { randomUUID } from 'node:crypto';
import {
  REPORT_BASE64_MAX_BYTES,
  REPORT_FREQUENCIES,
  REPORT_LAYOUTS,
  REPORT_MESSAGES,
  REPORT_TEMPLATES,
  frequencyDescription,
  type ReportInput,
  type ReportKind,
  type ReportWindowInput,
  type ScheduleInput,
  type ScheduleUpdateInput,
} from '@listening/contract';
import type * as C from '@listening/contract';
import type { z } from 'zod';
import { assertClientAccess, assertClientWritable, projectForUser, projectForWrite, visibleClientIds } from '../../access/index.ts';
import { fromWall, toWall, wallRange, wallTime } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { enqueueGeneration } from './generate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { readFile, readWholeFile } from '../../reports/files.ts';
import { prepareReportMails, queueReportMails } from '../../reports/mail.ts';
import { spend } from './limits.ts';
import * as q from './queries.ts';

type Out<S extends z.ZodType> = z.input<S>;
type ListQuery = { projectId?: number; kind?: ReportKind };

const conflict = (msg: string) => new HttpError(409, msg);
const wall = (instant: Date, timeZone: string) => wallTime(toWall(instant, timeZone));

function toReport(r: q.ReportRow): Out<typeof C.Report> {
  return {
    Id: r.id,
    ClientId: r.client_id,
    ProjectId: r.project_id,
    ProjectName: r.project_name,
    ContactId: r.contact_id,
    CreatorName: r.creator_name ? `${r.creator_name} ${r.creator_surname ?? ''}`.trim() : q.PROVIDER_NAME,
    Name: r.name,
    Kind: r.kind as ReportKind,
    DateCreated: r.created_at.toISOString(),
    LayoutId: r.layout_id,
    TemplateIds: r.template_ids,
    StreamIds: r.stream_ids,
    BinIds: r.bin_ids,
    RecipientIds: (r.recipient_ids ?? []).map(Number),
  };
}

/** The report a request or a schedule is of, as both are listed. */
function reportOf(r: Pick<q.RequestRow & q.ScheduleRow, 'report_id' | 'report_name' | 'kind' | 'project_id'>) {
  return { ReportId: r.report_id, ReportName: r.report_name, Kind: r.kind as ReportKind, ProjectId: r.project_id };
}

function toRequest(r: q.RequestRow): Out<typeof C.ReportRequest> {
  return {
    Guid: r.guid,
    ...reportOf(r),
    LayoutId: r.layout_id,
    ContactId: r.contact_id,
    DateRequested: wall(r.requested_at, r.time_zone),
    DateStart: wall(r.date_start, r.time_zone),
    // Stored exclusive; shown as the last second of the window, as it was asked for.
    DateEnd: wall(new Date(r.date_end.getTime() - 1000), r.time_zone),
    IsCompleted: r.completed,
    IsListing: r.is_listing,
    Error: r.error,
    FileName: r.file_path,
    FileSize: r.file_size,
  };
}

function toSchedule(s: q.ScheduleRow): Out<typeof C.ReportSchedule> {
  return {
    Id: s.id,
    ...reportOf(s),
    DateLastSent: s.date_last_sent ? wall(s.date_last_sent, s.time_zone) : null,
    DateNextSend: wall(s.date_next_send, s.time_zone),
    FrequencyId: s.frequency_id,
    FrequencyDescription: frequencyDescription(s.frequency_id),
  };
}

export const options = (): Out<typeof C.ReportOptions> => ({
  LayoutOptions: REPORT_LAYOUTS.map((l) => ({ ...l })),
  TemplateOptions: REPORT_TEMPLATES.map((t) => ({ ...t })),
  FrequencyOptions: REPORT_FREQUENCIES.map((f) => ({ ...f })),
});

/** The row (a report, request, schedule, project or contact), if the user may see its client; 404 `missing` otherwise, whether it exists or not. */
async function visibleRow<R extends { client_id: number }>(db: Db, user: AuthUser, row: R | undefined, missing: string): Promise<R> {
  if (!row) throw notFound(missing);
  await assertClientAccess(db, user, row.client_id).catch(() => {
    throw notFound(missing);
  });
  return row;
}

/** The report, if the user may see it; 404 otherwise, whether it exists or not. */
async function reportForUser(db: Db, user: AuthUser, id: number): Promise<q.ReportRow> {
  return visibleRow(db, user, await q.report(db, id), `Report ${id} not found`);
}

async function reportForWrite(db: Db, user: AuthUser, id: number): Promise<q.ReportRow> {
  const r = await reportForUser(db, user, id);
  await assertClientWritable(db, user, r.client_id);
  return r;
}

async function requestForUser(db: Db, user: AuthUser, guid: string, write = false): Promise<q.RequestRow> {
  const r = await visibleRow(db, user, await q.request(db, guid), `Report request ${guid} not found`);
  if (write) await assertClientWritable(db, user, r.client_id);
  return r;
}

async function scheduleForUser(db: Db, user: AuthUser, id: number): Promise<q.ScheduleRow> {
  const s = await visibleRow(db, user, await q.scheduleById(db, id), `Report schedule ${id} not found`);
  await assertClientWritable(db, user, s.client_id);
  return s;
}

export async function getReport(db: Db, user: AuthUser, id: number) {
  return toReport(await reportForUser(db, user, id));
}

/** A list's narrowing: 404 for a client or project the user may not see, as for any other read. */
async function assertListAccess(db: Db, user: AuthUser, list: ListQuery & { clientId?: number }) {
  if (list.clientId !== undefined) await assertClientAccess(db, user, list.clientId);
  if (list.projectId !== undefined) await projectForUser(db, user, list.projectId);
}

export async function listReports(db: Db, user: AuthUser, list: ListQuery & { clientId?: number }) {
  await assertListAccess(db, user, list);
  return (await q.listReports(db, { clientIds: await visibleClientIds(db, user), ...list })).map(toReport);
}

export async function saveReport(db: Db, user: AuthUser, input: z.output<typeof ReportInput>) {
  const project = await projectForWrite(db, user, input.ProjectId);
  if (input.Id !== undefined) {
    const existing = await reportForWrite(db, user, input.Id);
    if (existing.client_id !== project.client_id) throw badRequest(`Report ${input.Id} belongs to another client than project ${project.id}`);
  }
  const contacts = await q.clientContactIds(db, project.client_id, input.RecipientIds);
  const foreign = input.RecipientIds.filter((id) => !contacts.has(id));
  if (foreign.length)
    throw badRequest(`RecipientIds: ${foreign.join(', ')} ${foreign.length === 1 ? 'is not an active contact' : 'are not active contacts'} of this client`);
  if (input.Id !== undefined && input.RecipientIds.length === 0 && (await q.isScheduled(db, input.Id))) throw badRequest(REPORT_MESSAGES.scheduledNoRecipients);
  const bins = await q.projectBinIds(db, project.id, input.BinIds);
  const strayBins = input.BinIds.filter((id) => !bins.has(id));
  if (strayBins.length)
    throw badRequest(`BinIds: ${strayBins.join(', ')} ${strayBins.length === 1 ? 'is not a bin' : 'are not bins'} of project ${project.id}`);
  const id = await q.saveReport(
    db,
    input.Id,
    {
      client_id: project.client_id,
      project_id: project.id,
      contact_id: await q.contactOf(db, user.id, project.client_id),
      name: input.Name,
      kind: input.Kind,
      layout_id: input.LayoutId,
      template_ids: input.TemplateIds,
      stream_ids: [...new Set(input.StreamIds)].sort((a, b) => a - b),
      bin_ids: input.BinIds,
    },
    input.RecipientIds,
  );
  return toReport((await q.report(db, id))!);
}

export async function deleteReport(db: Db, user: AuthUser, id: number) {
  await reportForWrite(db, user, id);
  await q.deleteReport(db, id);
  return { Success: true, Message: REPORT_MESSAGES.deleted };
}

/** Logs a request for the window and queues its generation; answers at once. */
export async function generate(db: Db, user: AuthUser, input: z.output<typeof ReportWindowInput>, listing: boolean) {
  const report = await reportForWrite(db, user, input.ReportId);
  await spend(db, user, report.client_id, 'generate');
  const timeZone = await q.clientTimeZoneOf(db, report.client_id);
  const { startWall, endWallExclusive } = wallRange(input.DateStart, input.DateEnd);
  const guid = randomUUID();
  await q.insertRequest(db, {
    guid,
    report_id: report.id,
    contact_id: await q.contactOf(db, user.id, report.client_id),
    date_start: fromWall(startWall, timeZone),
    date_end: fromWall(endWallExclusive, timeZone),
    is_listing: listing,
  });
  await enqueueGeneration(db, guid);
  return { Success: true, Message: REPORT_MESSAGES.generated, Request: toRequest((await q.request(db, guid))!) };
}

export async function regenerate(db: Db, user: AuthUser, guid: string) {
  const r = await requestForUser(db, user, guid, true);
  await spend(db, user, r.client_id, 'generate');
  await q.resetRequest(db, guid);
  await enqueueGeneration(db, guid);
  return { Success: true, Message: REPORT_MESSAGES.regenerated, Request: toRequest((await q.request(db, guid))!) };
}

/** The request's stored file; 409 while it is generating or after generation failed. */
function readyFile(r: Pick<q.RequestRow, 'error' | 'completed' | 'file_id'>): string {
  if (r.error) throw conflict(`${REPORT_MESSAGES.generationFailed} (${r.error})`);
  if (!r.completed || !r.file_id) throw conflict(REPORT_MESSAGES.stillGenerating);
  return r.file_id;
}

/** The file as base64 in JSON, as the specification's call answers: bounded, the web app downloads the bytes (downloadFile). */
export async function download(db: Db, user: AuthUser, guid: string) {
  const r = await requestForUser(db, user, guid);
  const fileId = readyFile(r);
  if ((r.file_size ?? 0) > REPORT_BASE64_MAX_BYTES) throw new HttpError(413, REPORT_MESSAGES.tooLargeForBase64(guid));
  const data = await readWholeFile(db, fileId);
  return { Data: data.toString('base64'), FileName: r.file_path!, ContentType: r.content_type! };
}

/** The file itself, to answer as a download: read from storage piece by piece as it is sent. */
export async function downloadFile(db: Db, user: AuthUser, guid: string) {
  const r = await requestForUser(db, user, guid);
  const fileId = readyFile(r);
  return { fileName: r.file_path!, contentType: r.content_type!, size: r.file_size!, body: readFile(db, fileId) };
}

/** Mails the generated file to the report's recipients now; each call sends again (a user's deliberate resend). */
export async function send(db: Db, user: AuthUser, guid: string, deps: { mailer: Mailer; publicUrl: string; smtp: boolean }) {
  const r = await requestForUser(db, user, guid, true);
  readyFile(r);
  const recipients = await q.recipients(db, r.report_id);
  if (recipients.length === 0) throw badRequest(REPORT_MESSAGES.noRecipients);
  await spend(db, user, r.client_id, 'send');
  const sendId = randomUUID();
  await prepareReportMails(db);
  const n = await db.transaction().execute(async (trx) => {
    // The file as it is now, held against a regenerate until the mails refer to it.
    const file = await q.lockedFile(trx, r.guid);
    if (!file?.file_id) throw conflict(REPORT_MESSAGES.stillGenerating);
    return queueReportMails(trx, {
      request: {
        guid: r.guid,
        reportId: r.report_id,
        reportName: r.report_name,
        kind: r.kind as ReportKind,
        start: r.date_start,
        end: r.date_end,
        timeZone: r.time_zone,
      },
      file: { id: file.file_id, name: file.file_path!, contentType: file.content_type! },
      recipients,
      keyOf: (contactId) => `report-send:${r.guid}:${sendId}:${contactId}`,
      publicUrl: deps.publicUrl,
      smtp: deps.smtp,
      db,
    });
  });
  if (deps.smtp) void deps.mailer.flush().catch(() => undefined);
  return { Success: true, Message: REPORT_MESSAGES.sent(n), Count: n };
}

export async function deleteRequest(db: Db, user: AuthUser, guid: string) {
  await requestForUser(db, user, guid, true);
  await q.deleteRequest(db, guid);
  return { Success: true, Message: REPORT_MESSAGES.requestDeleted };
}

export type LogScope = { kind: 'client' | 'project' | 'contact'; id: number } | { kind: 'all' };

export async function log(db: Db, user: AuthUser, scope: LogScope, list: ListQuery) {
  await assertListAccess(db, user, list);
  const f: q.ListFilter = { clientIds: await visibleClientIds(db, user), ...list };
  if (scope.kind === 'client') {
    await assertClientAccess(db, user, scope.id);
    f.clientId = scope.id;
  } else if (scope.kind === 'project') {
    await visibleRow(db, user, await q.liveProjectClient(db, scope.id), `Project ${scope.id} not found`);
    f.projectId = scope.id;
  } else if (scope.kind === 'contact') {
    const contact = await visibleRow(db, user, await q.contactClient(db, scope.id), `Contact ${scope.id} not found`);
    f.contactId = scope.id;
    f.clientId = contact.client_id;
  }
  return (await q.listRequests(db, f)).map(toRequest);
}

/** The instant of a wall-clock DateNextSend; 400 when it has passed (a minute's grace for the clock of the form). */
function nextSendInstant(wallDate: Date, timeZone: string, now = new Date()): Date {
  const at = fromWall(wallDate, timeZone);
  if (at.getTime() < now.getTime() - 60_000) throw badRequest(REPORT_MESSAGES.scheduleInPast);
  return at;
}

/** A schedule sends to the report's recipients: 400 when it has no active one, rather than a send that fails later. */
async function assertRecipients(db: Db, reportId: number): Promise<void> {
  if ((await q.recipients(db, reportId)).length === 0) throw badRequest(REPORT_MESSAGES.scheduleNoRecipients);
}

export async function schedule(db: Db, user: AuthUser, input: z.output<typeof ScheduleInput>) {
  const report = await reportForWrite(db, user, input.ReportId);
  const at = nextSendInstant(input.DateNextSend, await q.clientTimeZoneOf(db, report.client_id));
  await assertRecipients(db, report.id);
  const id = await q.insertSchedule(db, { report_id: report.id, date_next_send: at, frequency_id: input.FrequencyId });
  return { Success: true, Message: REPORT_MESSAGES.scheduled, Schedule: toSchedule((await q.scheduleById(db, id))!) };
}

export async function updateSchedule(db: Db, user: AuthUser, input: z.output<typeof ScheduleUpdateInput>) {
  const s = await scheduleForUser(db, user, input.Id);
  const at = nextSendInstant(input.DateNextSend, s.time_zone);
  await assertRecipients(db, s.report_id);
  await q.updateSchedule(db, s.id, { date_next_send: at, frequency_id: input.FrequencyId });
  return { Success: true, Message: REPORT_MESSAGES.scheduleUpdated, Schedule: toSchedule((await q.scheduleById(db, s.id))!) };
}

export async function deleteSchedule(db: Db, user: AuthUser, id: number) {
  await scheduleForUser(db, user, id);
  await q.deleteSchedule(db, id);
  return { Success: true, Message: REPORT_MESSAGES.deleted };
}

export async function listSchedules(db: Db, user: AuthUser, list: ListQuery & { clientId?: number }) {
  await assertListAccess(db, user, list);
  return (await q.listSchedules(db, { clientIds: await visibleClientIds(db, user), ...list })).map(toSchedule);
}
