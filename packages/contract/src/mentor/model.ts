// Shapes of the mentor (tutorial) area, docs/spec/002_6c80e0f7cd09047f.txt sections 2.11 and 7.6: platforms, tutorials with
// their steps, documents and videos, a contact's registration (progress by step number), and the
// files the documents and videos point at. The specification leaves the field lists open; these are
// ours (docs/mentor.md). Every limit and rule is written once here and used by the server and the
// screens.
import { z } from 'zod';
import { quoteInput, zId } from '../common.ts';

/** Longest tutorial, step, document or video title. */
export const MENTOR_TITLE_MAX = 120;
/** Longest tutorial description. */
export const MENTOR_DESCRIPTION_MAX = 2000;
/** Longest step text. */
export const MENTOR_STEP_BODY_MAX = 4000;
/** Most steps one tutorial holds. */
export const MENTOR_STEPS_MAX = 30;
/** Most documents, and most videos, one tutorial holds. */
export const MENTOR_ATTACHMENTS_MAX = 10;
/** Longest page location pattern, and longest path asked about. */
export const MENTOR_PAGE_LOCATION_MAX = 200;
/** Longest file name. */
export const MENTOR_FILE_NAME_MAX = 120;
/** Largest document (PDF) an admin may upload, in bytes. */
export const MENTOR_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Largest video (MP4 or WebM) an admin may upload, in bytes. */
export const MENTOR_VIDEO_MAX_BYTES = 25 * 1024 * 1024;
/** The file types the mentor area keeps, read from a file's first bytes at upload, and what each is. */
export const MENTOR_FILE_TYPES = { 'application/pdf': 'document', 'video/mp4': 'video', 'video/webm': 'video' } as const;
export type MentorFileType = keyof typeof MENTOR_FILE_TYPES;
export type MentorFileKind = (typeof MENTOR_FILE_TYPES)[MentorFileType];

/** Plain text of at most `max` characters: no control characters (line breaks allowed where `multiline`). */
const plainText = (name: string, max: number, opts: { multiline?: boolean; optional?: boolean } = {}) =>
  z
    .string({ error: `${name} is required` })
    .transform((s) => (opts.multiline ? s.replace(/\r\n?/g, '\n').trim() : s.replace(/\s+/g, ' ').trim()))
    .pipe(
      z
        .string()
        .min(opts.optional ? 0 : 1, `${name} is required`)
        .max(max, `${name} is at most ${max} characters`)
        .refine((s) => ![...s].some((c) => (c.charCodeAt(0) < 32 && !(opts.multiline && c === '\n')) || c.charCodeAt(0) === 127), `${name} must be plain text`),
    );

/**
 * A file name as the document viewer and the download take it: one plain name like
 * user-guide.pdf. Anything with a folder in it (a slash, a backslash, '..') is refused by name, so
 * a file name can never reach outside the mentor's files.
 */
export const zMentorFileName = z
  .string({ error: 'fileName is required' })
  .min(1, 'fileName is required')
  .max(MENTOR_FILE_NAME_MAX, `fileName is at most ${MENTOR_FILE_NAME_MAX} characters`)
  .refine((s) => !/[/\\]/.test(s) && !s.includes('..'), {
    message: 'fileName must be a file name like user-guide.pdf, without a folder or path',
    abort: true,
  })
  .superRefine((s, ctx) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s))
      ctx.addIssue({ code: 'custom', message: `fileName may hold letters, digits, '.', '-' and '_' only, got ${quoteInput(s)}` });
  });

/** A path of the app as the browser shows it ('/client/3/project/5/reaction-lists'), asked about by the help entry. */
export const zPathName = z
  .string({ error: 'pathName is required' })
  .min(1, 'pathName is required')
  .max(MENTOR_PAGE_LOCATION_MAX, `pathName is at most ${MENTOR_PAGE_LOCATION_MAX} characters`)
  .refine((s) => s.startsWith('/'), "pathName must be a path of the app, starting with '/'")
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), 'pathName must be plain text');

/**
 * Where a tutorial helps: a path of the app where '*' stands for one part of it
 * ('/client/*\/project/*\/reaction-lists'), or null for a tutorial listed only in the Tutorials screen.
 */
export const zPageLocation = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(MENTOR_PAGE_LOCATION_MAX, `PageLocation is at most ${MENTOR_PAGE_LOCATION_MAX} characters`)
      .refine(
        (s) => s === '' || /^(\/([A-Za-z0-9._-]+|\*))+\/?$|^\/$/.test(s),
        "PageLocation must be a path of the app like /client/*/project/*/reaction-lists ('*' stands for one part)",
      ),
  )
  .nullable()
  .transform((s) => (s ? s : null));

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether a page location pattern covers a path: the same number of parts, each equal or '*'. */
export function matchesPageLocation(pattern: string, pathName: string): boolean {
  const want = segments(pattern);
  const have = segments(pathName.split(/[?#]/)[0]);
  return want.length === have.length && want.every((w, i) => w === '*' || w === have[i]);
}

export const Platform = z.object({ Id: z.number(), Name: z.string() });
export type Platform = z.infer<typeof Platform>;

export const Tutorial = z.object({
  Id: z.number(),
  PlatformId: z.number(),
  PlatformName: z.string(),
  Title: z.string(),
  Description: z.string(),
  /** The screens it helps on (see zPageLocation), or null. */
  PageLocation: z.string().nullable(),
  /** Inactive tutorials are drafts: only admins see them. */
  IsActive: z.boolean(),
  StepCount: z.number(),
});
export type Tutorial = z.infer<typeof Tutorial>;

export const TutorialStep = z.object({ Id: z.number(), TutorialId: z.number(), StepNumber: z.number(), Title: z.string(), Body: z.string() });
export type TutorialStep = z.infer<typeof TutorialStep>;

/** A document or a video of a tutorial; Url is where the browser reads the file (no session needed, see docs/mentor.md). */
export const TutorialAttachment = z.object({
  Id: z.number(),
  TutorialId: z.number(),
  Title: z.string(),
  FileName: z.string(),
  MediaType: z.string(),
  Url: z.string(),
});
export type TutorialAttachment = z.infer<typeof TutorialAttachment>;
export const TutorialDocument = TutorialAttachment;
export type TutorialDocument = TutorialAttachment;
export const TutorialVideo = TutorialAttachment;
export type TutorialVideo = TutorialAttachment;

export const TutorialDetail = Tutorial.extend({
  Steps: z.array(TutorialStep),
  Documents: z.array(TutorialDocument),
  Videos: z.array(TutorialVideo),
});
export type TutorialDetail = z.infer<typeof TutorialDetail>;

/** A contact's registration for a tutorial: where they are (StepNumber, from 1) and whether they completed it. */
export const TutorialContact = z.object({
  Id: z.number(),
  TutorialId: z.number(),
  TutorialTitle: z.string(),
  ContactId: z.number(),
  StepNumber: z.number(),
  StepCount: z.number(),
  IsCompleted: z.boolean(),
  DateRegistered: z.string(),
  DateCompleted: z.string().nullable(),
});
export type TutorialContact = z.infer<typeof TutorialContact>;

/** A file of the mentor area: a PDF document or a video, named by the server. */
export const MentorFile = z.object({
  FileName: z.string(),
  MediaType: z.string(),
  Kind: z.enum(['document', 'video']),
  Size: z.number(),
  DateCreated: z.string(),
  Url: z.string(),
});
export type MentorFile = z.infer<typeof MentorFile>;

const Attachment = z.object({
  Title: plainText('Title', MENTOR_TITLE_MAX),
  FileName: zMentorFileName,
});

/** A whole tutorial as an admin saves it: steps, documents and videos are replaced together, or nothing is saved. */
export const SaveTutorialBody = z.object({
  /** The tutorial changed, or null to create one. */
  Id: zId.nullable(),
  PlatformId: zId,
  Title: plainText('Title', MENTOR_TITLE_MAX),
  Description: plainText('Description', MENTOR_DESCRIPTION_MAX, { multiline: true, optional: true }),
  PageLocation: zPageLocation,
  IsActive: z.boolean({ error: 'IsActive must be true or false' }),
  Steps: z
    .array(
      z.object({
        Title: plainText('A step title', MENTOR_TITLE_MAX),
        Body: plainText('A step text', MENTOR_STEP_BODY_MAX, { multiline: true, optional: true }),
      }),
      {
        error: 'Steps must be a list of steps',
      },
    )
    .min(1, 'A tutorial needs at least one step')
    .max(MENTOR_STEPS_MAX, `A tutorial has at most ${MENTOR_STEPS_MAX} steps`),
  Documents: z
    .array(Attachment, { error: 'Documents must be a list' })
    .max(MENTOR_ATTACHMENTS_MAX, `A tutorial has at most ${MENTOR_ATTACHMENTS_MAX} documents`),
  Videos: z.array(Attachment, { error: 'Videos must be a list' }).max(MENTOR_ATTACHMENTS_MAX, `A tutorial has at most ${MENTOR_ATTACHMENTS_MAX} videos`),
});
export type SaveTutorialBody = z.infer<typeof SaveTutorialBody>;
