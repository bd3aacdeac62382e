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

export const ResponseQueueQuery = AnalyticQuery.safeExtend({
  reason: z.enum(RESPONSE_REASONS, { error: 'reason must be question, complaint or request' }).optional(),
  waitMinutes: z.coerce
    .number({ error: 'waitMinutes must be a number' })
    .int('waitMinutes must be a whole number')
    .min(1, 'waitMinutes must be at least 1')
    .max(10_080, 'waitMinutes is at most 10080 (a week)')
    .default(DEFAULT_RESPONSE_WAIT_MINUTES),
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
