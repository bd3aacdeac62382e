// The response queue (docs/responses.md): posts addressed to a project's own accounts that ask,
// complain or request, and whether an own account has answered.
import { z } from 'zod';
import { AnalyticQuery, zId } from '../common.ts';

export const RESPONSE_REASONS = ['question', 'complaint', 'request'] as const;
export type ResponseReason = (typeof RESPONSE_REASONS)[number];
export const RESPONSE_STATUSES = ['open', 'answered', 'no_reply'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
/** The wait a post may have before it counts as late, when the query names none (minutes). */
export const DEFAULT_RESPONSE_WAIT_MINUTES = 60;
/** Most posts the queue weighs at once (the range's newest addressed posts). */
export const RESPONSE_QUEUE_MAX = 5000;

/** The longest wait a figure or an alert may be given (minutes): a week. */
export const RESPONSE_WAIT_MAX_MINUTES = 10_080;

/** A wait in minutes, from 1 to a week, with messages that name the field. */
const zWaitMinutes = () =>
  z.coerce
    .number({ error: 'waitMinutes must be a number' })
    .int('waitMinutes must be a whole number')
    .min(1, 'waitMinutes must be at least 1')
    .max(RESPONSE_WAIT_MAX_MINUTES, 'waitMinutes is at most 10080 (a week)');

export const ResponseQueueQuery = AnalyticQuery.safeExtend({
  reason: z.enum(RESPONSE_REASONS, { error: 'reason must be question, complaint or request' }).optional(),
  waitMinutes: zWaitMinutes().default(DEFAULT_RESPONSE_WAIT_MINUTES),
});
export type ResponseQueueQuery = z.infer<typeof ResponseQueueQuery>;
export type ResponseQueueQueryInput = z.input<typeof ResponseQueueQuery>;

export const ResponseItem = z.object({
  /** The post's clip id: what a mark names. */
  ClipId: z.number(),
  StreamId: z.number(),
  Author: z.string().nullable(),
  Handle: z.string().nullable(),
  Text: z.string(),
  Link: z.string().nullable(),
  PostedAt: z.string(),
  Reasons: z.array(z.enum(RESPONSE_REASONS)),
  /** Why it needs a response, in words: "question to @acme, negative, unanswered 42 min". */
  Why: z.string(),
  Status: z.enum(RESPONSE_STATUSES),
  /** answered by an own account's reply (collected), or marked by a person. */
  ClosedBy: z.enum(['reply', 'person']).nullable(),
  ClosedAt: z.string().nullable(),
  /** Minutes from the post to the own account's first reply (replies only). */
  ResponseMinutes: z.number().nullable(),
});
export type ResponseItem = z.infer<typeof ResponseItem>;

export const ResponseFigures = z.object({
  Open: z.number(),
  Answered: z.number(),
  NoReplyNeeded: z.number(),
  /** Of the posts answered by a reply: median and 90th percentile of the minutes to it. */
  MedianMinutes: z.number().nullable(),
  P90Minutes: z.number().nullable(),
  /** Share of the posts needing a response that a reply answered within the wait (0 to 1). */
  AnsweredWithinWait: z.number().nullable(),
  ByNetwork: z.array(z.object({ StreamId: z.number(), Open: z.number(), Answered: z.number(), MedianMinutes: z.number().nullable() })),
});

export const ResponseQueue = z.object({
  Items: z.array(ResponseItem),
  Figures: ResponseFigures,
  WaitMinutes: z.number(),
  /** True when the range held more addressed posts than the queue weighs (the newest were kept). */
  Truncated: z.boolean(),
});
export type ResponseQueue = z.infer<typeof ResponseQueue>;

export const MarkResponseBody = z.object({
  projectId: zId,
  clipId: zId,
  status: z.enum(RESPONSE_STATUSES, { error: 'status must be open, answered or no_reply' }),
});
export type MarkResponseBody = z.infer<typeof MarkResponseBody>;

/** A contact the project's Response alert tells. */
export const ResponseAlertRecipient = z.object({ ContactId: z.number(), Name: z.string(), Surname: z.string(), Email: z.string() });

/**
 * A project's Response alert setting: when Active, each post of its response queue still open
 * WaitMinutes after it was posted is mailed (one mail per run, listing them) and belled to the
 * Recipients, as well as to the word bins' Response Contacts, who then use this wait too.
 */
export const ResponseAlertSetting = z.object({
  ProjectId: z.number(),
  Active: z.boolean(),
  WaitMinutes: z.number(),
  Recipients: z.array(ResponseAlertRecipient),
  /** Contacts named as Response Contacts (recipient type 3) on the project's active word bins: told as well. */
  WordBinContacts: z.number(),
});
export type ResponseAlertSetting = z.infer<typeof ResponseAlertSetting>;

export const ResponseAlertBody = z.object({
  projectId: zId,
  active: z.boolean({ error: 'active must be true or false' }),
  waitMinutes: zWaitMinutes(),
  /** Contact ids (client_contacts) of the project's client; active ones only. */
  recipientIds: z.array(zId, { error: 'recipientIds must be a list of contact ids' }).max(100, 'recipientIds holds at most 100 contacts'),
});
export type ResponseAlertBody = z.infer<typeof ResponseAlertBody>;

/** Response-time figures of some posts needing a response (docs/responses.md, "Figures"). */
export const ResponseTimeRow = z.object({
  /** Posts needing a response: all the queue's items but those marked "no reply needed". */
  Needing: z.number(),
  /** Of those, the ones an own account's reply answered (collected). */
  Answered: z.number(),
  /** Median and 90th percentile of the minutes from the post to that reply; null without one. */
  MedianMinutes: z.number().nullable(),
  P90Minutes: z.number().nullable(),
  /** Share of the posts needing a response that a reply answered within the wait (0 to 1); null without any. */
  AnsweredWithinWait: z.number().nullable(),
});
export type ResponseTimeRow = z.infer<typeof ResponseTimeRow>;

export const ResponseTimesQuery = AnalyticQuery.safeExtend({
  /** The wait of the share answered; the project's Response alert wait (an hour without one) when not given. */
  waitMinutes: zWaitMinutes().optional(),
});
export type ResponseTimesQuery = z.infer<typeof ResponseTimesQuery>;

/** The same figures in total, per network of the scope and per week of the range (client's clock, weeks from Monday). */
export const ResponseTimes = z.object({
  WaitMinutes: z.number(),
  Total: ResponseTimeRow,
  ByNetwork: z.array(ResponseTimeRow.extend({ StreamId: z.number() })),
  /** Week: its Monday, YYYY-MM-DD. */
  ByWeek: z.array(ResponseTimeRow.extend({ Week: z.string() })),
  /** True when the range held more posts to the brand than the figures weigh (the newest were kept). */
  Truncated: z.boolean(),
});
export type ResponseTimes = z.infer<typeof ResponseTimes>;
