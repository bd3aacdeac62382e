// Shapes of reports (docs/spec/002_6c80e0f7cd09047f.txt sections 2.2, 3, 5, 9): a saved report (what to show: layout, templates,
// streams, bins, recipients), the request log (one generated file per request, by its guid) and
// schedules (a report sent to its recipients at DateNextSend, then again by its frequency). Wire
// field names are the specification's own. The options (layouts, templates, frequencies) are
// constants here, read by the server and the dialog alike.
import { z } from 'zod';
import { MAX_ID, zId, zWallTime } from '../common.ts';
import { streamListError } from '../rules.ts';

/** Layouts: the document a report produces. Layout 2 is a spreadsheet, the others a PDF. */
export const REPORT_LAYOUTS = [
  { Id: 1, Description: 'Summary (PDF)' },
  { Id: 2, Description: 'Spreadsheet (Excel)' },
  { Id: 3, Description: 'Full report (PDF)' },
] as const;
export const SPREADSHEET_LAYOUT = 2;
export const DEFAULT_LAYOUT_ID = 3;

/**
 * Templates: the sections a document holds, per layout. A report names one or more; its document
 * holds their sections in order. Templates 4 and 7 are retired: listed, never offered or accepted.
 */
export const REPORT_TEMPLATES = [
  { Id: 1, Name: 'Executive Summary', LayoutId: 1 },
  { Id: 2, Name: 'Channel Summary', LayoutId: 1 },
  { Id: 3, Name: 'Full Analysis', LayoutId: 3 },
  { Id: 4, Name: 'Print Analysis (retired)', LayoutId: 3 },
  { Id: 5, Name: 'Audience and Content', LayoutId: 3 },
  { Id: 6, Name: 'Figures Workbook', LayoutId: 2 },
  { Id: 7, Name: 'Raw Export (retired)', LayoutId: 2 },
  { Id: 8, Name: 'Figures and Clip Listing', LayoutId: 2 },
] as const;
export const HIDDEN_TEMPLATE_IDS: readonly number[] = [4, 7];

/** Schedule frequencies: how far DateNextSend moves after each send, and the window each send covers. */
export const REPORT_FREQUENCIES = [
  { Id: 1, Description: 'Daily' },
  { Id: 2, Description: 'Weekly' },
  { Id: 3, Description: 'Monthly' },
] as const;
export const DEFAULT_FREQUENCY_ID = 1;
export const frequencyDescription = (id: number): string => REPORT_FREQUENCIES.find((f) => f.Id === id)?.Description ?? `Frequency ${id}`;

/** Stats Analysis reports show the window; Trend Analysis reports set it against the previous window of equal length. */
export const REPORT_KINDS = ['stats', 'trend'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Templates the dialog offers for a layout (4 and 7 never). */
export const visibleTemplates = (layoutId: number) => REPORT_TEMPLATES.filter((t) => t.LayoutId === layoutId && !HIDDEN_TEMPLATE_IDS.includes(t.Id));
/** The file a layout produces. */
export const isSpreadsheetLayout = (layoutId: number) => layoutId === SPREADSHEET_LAYOUT;

export const REPORT_NAME_MAX = 200;
export const REPORT_RECIPIENTS_MAX = 100;
export const REPORT_BINS_MAX = 100;
/** Longest window a report covers, in days. */
export const REPORT_MAX_DAYS = 400;
/** Most clips a report's listing (template 8, a clip listing) holds: about 5 MB, a file small enough to mail (docs/reports.md). */
export const REPORT_LISTING_MAX_ROWS = 25_000;
/** The last row of a listing cut at `max` clips. */
export const reportListingTruncatedNote = (max: number) =>
  `The listing stopped at ${max.toLocaleString('en-US')} clips: generate the report for a shorter date range to list the rest.`;
/** Largest file report/download/{guid} answers as base64 in JSON; the web app and larger files use report/download/{guid}/file. */
export const REPORT_BASE64_MAX_BYTES = 8 * 1024 * 1024;
/** Generations (generate, listing, regenerate) and sends allowed in any `windowMinutes`, per user and per client. */
export const REPORT_RATE_LIMITS = { generatePerUser: 20, generatePerClient: 60, sendPerUser: 10, sendPerClient: 30, windowMinutes: 60 } as const;

/** The messages of the report dialog and download screen (docs/spec/002_6c80e0f7cd09047f.txt section 8), quoted exactly, and the server's own. */
export const REPORT_MESSAGES = {
  generated: 'Report successfully generated',
  regenerated: 'Report regenerated',
  downloaded: 'Downloaded',
  sent: (n: number) => ['Report sent to', n, 'contact(s)'].join(' '),
  requestDeleted: 'Report request deleted',
  deleted: 'Successfully Deleted',
  scheduled: 'Report successfully scheduled',
  scheduleFailed: 'Error generating report',
  confirmDelete: 'Are you sure you wish to delete this item?',
  youtubeAlone: 'Sorry Youtube cannot be selected alongside other streams',
  noRecipient: 'Please select at least 1 recipient',
  // The server's own answers (not in the specification).
  scheduleUpdated: 'Schedule updated',
  stillGenerating: 'The report is still generating; try again in a moment',
  generationFailed: 'The report could not be generated; regenerate it to try again',
  noRecipients: 'This report has no recipients: add them in Report Options',
  /** A schedule sends to the report's recipients, so a report without any is not scheduled. */
  scheduleNoRecipients: 'Please select at least 1 recipient: this report has none, so a schedule would send to nobody. Add them in Report Options',
  /** Report Options of a scheduled report keep at least one recipient. */
  scheduledNoRecipients: 'Please select at least 1 recipient: this report is scheduled and a schedule sends to its recipients',
  scheduleInPast: 'DateNextSend is in the past: choose a later date and time',
  endBeforeStart: 'DateEnd is before DateStart',
  tooLargeForBase64: (guid: string) =>
    `This file is larger than ${REPORT_BASE64_MAX_BYTES / 1024 / 1024} MB, too large to answer as base64: download it from /api/report/download/${guid}/file`,
  tooMany: (what: 'generate' | 'send', per: 'user' | 'client', limit: number, minutes: number) =>
    [
      what === 'generate' ? 'Too many reports generated' : 'Too many reports sent',
      per === 'client' ? ' for this client' : '',
      `: at most ${limit}${what === 'send' ? ' sends' : ''} an hour per ${per}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    ].join(''),
} as const;

const idList = (name: string, max: number) =>
  z
    .array(
      z
        .number({ error: `${name} must be a list of ids` })
        .int(`${name} must be a list of ids`)
        .positive(`${name} must be a list of ids`)
        .max(MAX_ID),
      {
        error: `${name} must be a list of ids`,
      },
    )
    .max(max, `${name} has more than ${max} ids`)
    .transform((ids) => [...new Set(ids)]);

const layoutMessage = `LayoutId must be one of ${REPORT_LAYOUTS.map((l) => `${l.Id} (${l.Description})`).join(', ')}`;
const frequencyMessage = `FrequencyId must be one of ${REPORT_FREQUENCIES.map((f) => `${f.Id} (${f.Description})`).join(', ')}`;
export const zFrequencyId = z
  .number({ error: frequencyMessage })
  .int(frequencyMessage)
  .refine((n) => REPORT_FREQUENCIES.some((f) => f.Id === n), frequencyMessage);

/** What report/create takes: a new report, or with Id the changed settings of an existing one. */
export const ReportInput = z
  .object({
    /** Set to change an existing report (Report Options in edit). */
    Id: zId.optional(),
    ProjectId: zId,
    Name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Please enter a name for the report')
      .max(REPORT_NAME_MAX, `The name is longer than ${REPORT_NAME_MAX} characters`),
    Kind: z.enum(REPORT_KINDS, { error: "Kind must be 'stats' (Stats Analysis) or 'trend' (Trend Analysis)" }).default('stats'),
    LayoutId: z
      .number({ error: layoutMessage })
      .int(layoutMessage)
      .refine((n) => REPORT_LAYOUTS.some((l) => l.Id === n), layoutMessage)
      .default(DEFAULT_LAYOUT_ID),
    TemplateIds: idList('TemplateIds', 10).refine((ids) => ids.length > 0, 'Choose at least one template'),
    StreamIds: z
      .array(z.number({ error: 'StreamIds must be a list of stream ids' }).int(), { error: 'StreamIds must be a list of stream ids' })
      .default([7, 8, 9]),
    BinIds: idList('BinIds', REPORT_BINS_MAX).default([]),
    RecipientIds: idList('RecipientIds', REPORT_RECIPIENTS_MAX).default([]),
  })
  .superRefine((r, ctx) => {
    for (const id of r.TemplateIds) {
      const t = REPORT_TEMPLATES.find((x) => x.Id === id);
      if (!t || HIDDEN_TEMPLATE_IDS.includes(id)) ctx.addIssue({ code: 'custom', path: ['TemplateIds'], message: `Template ${id} is not offered` });
      else if (t.LayoutId !== r.LayoutId)
        ctx.addIssue({
          code: 'custom',
          path: ['TemplateIds'],
          message: `Template ${id} (${t.Name}) belongs to layout ${t.LayoutId}, not layout ${r.LayoutId}`,
        });
    }
    const streams = [...new Set(r.StreamIds)];
    if (streams.includes(10) && streams.length > 1) ctx.addIssue({ code: 'custom', path: ['StreamIds'], message: REPORT_MESSAGES.youtubeAlone });
    else {
      const err = streamListError(streams);
      if (err) ctx.addIssue({ code: 'custom', path: ['StreamIds'], message: err.replace('streamIds', 'StreamIds') });
    }
  });
export type ReportInput = z.input<typeof ReportInput>;

export const Report = z.object({
  Id: z.number(),
  ClientId: z.number(),
  ProjectId: z.number(),
  ProjectName: z.string(),
  /** The creator; null when the provider's own staff made it. */
  ContactId: z.number().nullable(),
  /** The creator's name, or the provider's own name when the creator is not a client contact. */
  CreatorName: z.string(),
  Name: z.string(),
  Kind: z.enum(REPORT_KINDS),
  DateCreated: z.string(),
  LayoutId: z.number(),
  TemplateIds: z.array(z.number()),
  StreamIds: z.array(z.number()),
  BinIds: z.array(z.number()),
  RecipientIds: z.array(z.number()),
});
export type Report = z.infer<typeof Report>;

/** One request of the log: a generated (or generating) file. */
export const ReportRequest = z.object({
  Guid: z.string(),
  ReportId: z.number(),
  ReportName: z.string(),
  Kind: z.enum(REPORT_KINDS),
  ProjectId: z.number(),
  LayoutId: z.number(),
  ContactId: z.number().nullable(),
  /** Client wall clock, ISO without offset (as every date of the API). */
  DateRequested: z.string(),
  DateStart: z.string(),
  DateEnd: z.string(),
  IsCompleted: z.boolean(),
  /** True for a clip listing (report/listing/generate): a spreadsheet whatever the layout. */
  IsListing: z.boolean(),
  /** Set when generation failed for good; IsCompleted stays false. */
  Error: z.string().nullable(),
  FileName: z.string().nullable(),
  FileSize: z.number().nullable(),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

export const ReportSchedule = z.object({
  Id: z.number(),
  ReportId: z.number(),
  ReportName: z.string(),
  Kind: z.enum(REPORT_KINDS),
  ProjectId: z.number(),
  /** Client wall clock, ISO without offset; null before the first send. */
  DateLastSent: z.string().nullable(),
  DateNextSend: z.string(),
  FrequencyId: z.number(),
  FrequencyDescription: z.string(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const ReportOptions = z.object({
  LayoutOptions: z.array(z.object({ Id: z.number(), Description: z.string() })),
  TemplateOptions: z.array(z.object({ Id: z.number(), Name: z.string(), LayoutId: z.number() })),
  FrequencyOptions: z.array(z.object({ Id: z.number(), Description: z.string() })),
});
export type ReportOptions = z.infer<typeof ReportOptions>;

/** A window of a report, as the client's wall clock ('2024-05-01T00:00:00'). */
export const ReportWindowInput = z.object({ ReportId: zId, DateStart: zWallTime('DateStart'), DateEnd: zWallTime('DateEnd') }).superRefine((w, ctx) => {
  if (w.DateEnd < w.DateStart) ctx.addIssue({ code: 'custom', path: ['DateEnd'], message: REPORT_MESSAGES.endBeforeStart });
  else if (w.DateEnd.getTime() - w.DateStart.getTime() > REPORT_MAX_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['DateEnd'], message: `A report covers at most ${REPORT_MAX_DAYS} days` });
});
export type ReportWindowInput = z.input<typeof ReportWindowInput>;

export const ScheduleInput = z.object({ ReportId: zId, DateNextSend: zWallTime('DateNextSend'), FrequencyId: zFrequencyId.default(DEFAULT_FREQUENCY_ID) });
export type ScheduleInput = z.input<typeof ScheduleInput>;
export const ScheduleUpdateInput = z.object({ Id: zId, DateNextSend: zWallTime('DateNextSend'), FrequencyId: zFrequencyId });
export type ScheduleUpdateInput = z.input<typeof ScheduleUpdateInput>;

/** The answer of calls that change something: Success and the message the dialog shows. */
export const ReportResult = z.object({ Success: z.boolean(), Message: z.string() });
export const ReportRequestResult = ReportResult.extend({ Request: ReportRequest });
export const ReportScheduleResult = ReportResult.extend({ Schedule: ReportSchedule });
export const ReportSendResult = ReportResult.extend({ Count: z.number() });

/** report/download/{guid}: the file as base64, its name and media type. */
export const ReportDownload = z.object({ Data: z.string(), FileName: z.string(), ContentType: z.string() });
export type ReportDownload = z.infer<typeof ReportDownload>;

export const GuidParams = z.object({
  guid: z.uuid({ error: 'guid must be a report request id (a UUID)' }),
});
export const ReportIdParams = z.object({ id: zId });
/** Optional narrowing of the lists to one project and one kind (the dialog of one project's Stats or Trend Analysis). */
export const ReportListQuery = z.object({
  projectId: zId.optional(),
  kind: z.enum(REPORT_KINDS, { error: "kind must be 'stats' or 'trend'" }).optional(),
});
