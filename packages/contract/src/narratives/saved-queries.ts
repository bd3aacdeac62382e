// Shapes of Narrative Analysis's saved queries (docs/narratives.md, "Saved queries"): a project's
// named query with its streams and range kind, and its optional alert on a new narrative.
import { z } from 'zod';
import { zId, zStreamList } from '../common.ts';
import { NARRATIVE_QUERY_MAX } from './model.ts';

/** A saved query's range, counted back from today in the client's time zone. */
export const NARRATIVE_RANGE_KINDS = { last7: 7, last30: 30, last90: 90 } as const;
export type NarrativeRangeKind = keyof typeof NARRATIVE_RANGE_KINDS;
export const NARRATIVE_RANGE_LABELS: Record<NarrativeRangeKind, string> = { last7: 'Last 7 days', last30: 'Last 30 days', last90: 'Last 90 days' };
export const NARRATIVE_QUERY_NAME_MAX = 100;
export const NARRATIVE_QUERY_RECIPIENTS_MAX = 100;
/** The smallest narrative an alert may be set to tell about (a narrative has at least 3 posts). */
export const NARRATIVE_ALERT_MIN_POSTS = 3;
/** Growth an alert takes by default: the latest quarter of the range's days at twice the earlier days' daily posts. */
export const NARRATIVE_ALERT_GROWTH = 2;

export const NARRATIVE_QUERY_MESSAGES = {
  noName: 'Please enter a name for the query',
  noRecipient: 'Please select at least 1 recipient',
  nameTaken: (name: string) => `A saved query named '${name}' already exists in this project`,
} as const;

const rangeMessage = `RangeKind must be one of ${Object.keys(NARRATIVE_RANGE_KINDS).join(', ')}`;

const fields = {
  Name: z
    .string({ error: NARRATIVE_QUERY_MESSAGES.noName })
    .trim()
    .min(1, NARRATIVE_QUERY_MESSAGES.noName)
    .max(NARRATIVE_QUERY_NAME_MAX, `The name is longer than ${NARRATIVE_QUERY_NAME_MAX} characters`),
  Query: z.string({ error: 'Query must be text' }).trim().max(NARRATIVE_QUERY_MAX, `Query is longer than ${NARRATIVE_QUERY_MAX} characters`).default(''),
  /** A comma list of stream ids ('7,8'), as the analytic reads take them. */
  StreamIds: zStreamList,
  RangeKind: z.enum(Object.keys(NARRATIVE_RANGE_KINDS) as [NarrativeRangeKind, ...NarrativeRangeKind[]], { error: rangeMessage }).default('last30'),
  /** The alert tells about a new narrative of at least this many posts; null: no alert. */
  AlertMinPosts: z
    .number({ error: 'AlertMinPosts must be a whole number or null' })
    .int('AlertMinPosts must be a whole number or null')
    .min(NARRATIVE_ALERT_MIN_POSTS, `AlertMinPosts must be at least ${NARRATIVE_ALERT_MIN_POSTS} (a narrative has at least 3 posts)`)
    .max(1_000_000, 'AlertMinPosts must be at most 1,000,000')
    .nullable()
    .default(null),
  /** ... that is emerging, or whose latest days' daily posts are at least this many times the earlier days'. */
  AlertGrowth: z
    .number({ error: 'AlertGrowth must be a number' })
    .min(1, 'AlertGrowth must be at least 1 (no growth)')
    .max(100, 'AlertGrowth must be at most 100')
    .default(NARRATIVE_ALERT_GROWTH),
  /** Contacts of the project's client (client contact ids) the alert tells. */
  RecipientIds: z
    .array(zId, { error: 'RecipientIds must be a list of contact ids' })
    .max(NARRATIVE_QUERY_RECIPIENTS_MAX, `A query has at most ${NARRATIVE_QUERY_RECIPIENTS_MAX} recipients`)
    .default([]),
};

function alertNeedsRecipient(b: { AlertMinPosts: number | null; RecipientIds: number[] }, ctx: z.RefinementCtx) {
  if (b.AlertMinPosts !== null && b.RecipientIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['RecipientIds'], message: NARRATIVE_QUERY_MESSAGES.noRecipient });
}

/** What saving a query takes. */
export const NarrativeQueryInput = z.object({ ProjectId: zId, ...fields }).superRefine(alertNeedsRecipient);
export type NarrativeQueryInput = z.input<typeof NarrativeQueryInput>;
/** What changing one takes (its project stays). */
export const NarrativeQueryChange = z.object(fields).superRefine(alertNeedsRecipient);
export type NarrativeQueryChange = z.input<typeof NarrativeQueryChange>;

export const NarrativeQuery = z.object({
  Id: z.number(),
  ProjectId: z.number(),
  Name: z.string(),
  Query: z.string(),
  StreamIds: z.array(z.number()),
  RangeKind: z.enum(Object.keys(NARRATIVE_RANGE_KINDS) as [NarrativeRangeKind, ...NarrativeRangeKind[]]),
  AlertMinPosts: z.number().nullable(),
  AlertGrowth: z.number(),
  Recipients: z.array(z.object({ ContactId: z.number(), Name: z.string(), Surname: z.string(), Email: z.string() })),
  CreatedAt: z.string(),
});
export type NarrativeQuery = z.infer<typeof NarrativeQuery>;
