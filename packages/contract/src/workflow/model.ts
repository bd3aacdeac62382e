// Shapes of the workflow board (a word bin's kanban): the workflow, its groups (the columns) with
// their tickets (the bin's matched clips), and the board's background image. Each limit and rule
// is written once here and used by the server and the screens.
import { z } from 'zod';
import { MAX_ID, quoteInput } from '../common.ts';

/** The placeholder group id of the specification: never a real group, never deletable. */
export const WORKFLOW_PLACEHOLDER_GROUP_ID = 999_999_999_999;
/** The group a new workflow starts with, its default: matched clips arrive there. */
export const WORKFLOW_DEFAULT_GROUP_NAME = 'New';
/** Longest group name. */
export const WORKFLOW_GROUP_NAME_MAX = 100;
/** Most live groups (columns) one workflow holds. */
export const WORKFLOW_GROUPS_MAX = 20;
/** Most tickets a column shows, newest first; the column also says how many it holds. */
export const WORKFLOW_TICKETS_PER_GROUP = 200;
/** Longest ticket text the board receives (the preview is cut far sooner; the full post is a link away). */
export const WORKFLOW_TICKET_BODY_MAX = 2000;
/** Largest board background image, in bytes. */
export const BOARD_BACKGROUND_MAX_BYTES = 2 * 1024 * 1024;
/** Image types a board background may have, sniffed from the file's first bytes. */
export const BOARD_BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BoardBackgroundType = (typeof BOARD_BACKGROUND_TYPES)[number];
/** The dates the original board sent to workflow/clip/getall (the specification's fixed window). */
export const WORKFLOW_CLIP_WINDOW = { from: '2020/01/01', to: '2023/01/01' } as const;

/** The longest preview before the ellipsis, when a post has no full stop early on. */
const PREVIEW_MAX = 160;

/**
 * A ticket's text on the board: the post up to its first full stop (one ending a sentence, so
 * 'acme.co.za' or '3.5' do not cut it), at most PREVIEW_MAX characters.
 */
export function ticketPreview(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const stop = /\.(\s|$)/.exec(text);
  const sentence = stop ? text.slice(0, stop.index + 1) : text;
  return sentence.length > PREVIEW_MAX ? `${sentence.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : sentence;
}

/** A group's name: trimmed, not empty, at most WORKFLOW_GROUP_NAME_MAX characters. */
export const zWorkflowGroupName = z
  .string({ error: 'Please enter a group name' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'Please enter a group name')
      .max(WORKFLOW_GROUP_NAME_MAX, `A group name is at most ${WORKFLOW_GROUP_NAME_MAX} characters`)
      .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), 'A group name must be plain text'),
  );

/** A group id as the delete call takes it: a real group's id, or the placeholder (which it refuses by name). */
export const zWorkflowGroupIdOrPlaceholder = z.coerce
  .number<number>({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .refine((n) => n <= MAX_ID || n === WORKFLOW_PLACEHOLDER_GROUP_ID, `must be at most ${MAX_ID}`);

/** A day as the board's clip fetch sends it: 2020/01/01 (or 2020-01-01), read as UTC midnight. */
export const zWorkflowDay = (name: string) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    const m = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(s.trim());
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a day like 2020/01/01, got ${quoteInput(s)}` });
      return z.NEVER;
    }
    return d;
  });

export const Workflow = z.object({
  Id: z.number(),
  Description: z.string(),
  WordBinId: z.number(),
  ProjectId: z.number(),
});
export type Workflow = z.infer<typeof Workflow>;

/** A ticket: one of the word bin's matched clips, in its group. Id is the match's id (workflowClipId). */
export const WorkflowClip = z.object({
  Id: z.number(),
  ClipId: z.number(),
  WorkflowGroupId: z.number(),
  DatePosted: z.string(),
  AuthorId: z.number().nullable(),
  AuthorName: z.string(),
  StreamId: z.number(),
  Link: z.string().nullable(),
  Clip: z.object({ Body: z.string() }),
});
export type WorkflowClip = z.infer<typeof WorkflowClip>;

export const WorkflowGroup = z.object({
  Id: z.number(),
  Description: z.string(),
  IsDefault: z.boolean(),
  IsDeleted: z.boolean(),
  /** Every ticket of the group; Tickets holds the newest WORKFLOW_TICKETS_PER_GROUP of them. */
  TicketCount: z.number(),
  Tickets: z.array(WorkflowClip),
});
export type WorkflowGroup = z.infer<typeof WorkflowGroup>;

export const Board = z.object({
  Id: z.number(),
  Description: z.string(),
  /** Where the background image is read (GET, with the session's token), or null when none is set. */
  Background: z.string().nullable(),
  /** Who works the board: every contact of the client, so the list is not kept per board. */
  Members: z.array(z.object({ Id: z.number(), Name: z.string() })),
});
export type Board = z.infer<typeof Board>;
