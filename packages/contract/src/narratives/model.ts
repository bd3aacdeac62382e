// Shapes of Narrative Analysis: the storylines among a query's posts (docs/narratives.md).
import { z } from 'zod';
import { AnalyticQuery } from '../common.ts';

/** Posts a narrative search reads while the caller waits; a range with more runs as a background job. */
export const NARRATIVE_MAX_POSTS = 20000;
/** Longest query, in characters. */
export const NARRATIVE_QUERY_MAX = 500;

/** A query in the rule syntax (AND, OR, NOT, "phrases", brackets) or plain words; empty: every post in range. */
export const FindNarrativesBody = AnalyticQuery.safeExtend({
  query: z.string({ error: 'query must be text' }).trim().max(NARRATIVE_QUERY_MAX, `query is longer than ${NARRATIVE_QUERY_MAX} characters`).default(''),
  /** Search again: a kept answer of a background search is recomputed even while it is fresh. */
  refresh: z.boolean({ error: 'refresh must be true or false' }).default(false),
});
export type FindNarrativesBody = z.infer<typeof FindNarrativesBody>;

export const NarrativeState = z.enum(['emerging', 'growing', 'steady', 'fading']);
const Split = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);

export const Narrative = z.object({
  /** Two to four phrases that set it apart, with their weight (share in it less share elsewhere). */
  Label: z.array(z.object({ Phrase: z.string(), Weight: z.number() })),
  Posts: z.number(),
  Reach: z.number(),
  AVE: z.number(),
  /** Its posts as a share of the query's posts read, 0–1. */
  Share: z.number(),
  Sentiment: Split(['Positive', 'Neutral', 'Negative'] as const),
  Association: Split(['Owned', 'Earned', 'Chatter'] as const),
  Trend: z.array(z.object({ Day: z.string(), Posts: z.number() })),
  State: NarrativeState,
  FirstSeen: z.string(),
  TopAuthors: z.array(z.object({ Name: z.string(), Posts: z.number() })),
  /** The three posts nearest its centre. */
  Representative: z.array(z.object({ Id: z.number(), Body: z.string() })),
  /** Copied texts (two or more posts), each with how many posts and accounts, and whether coordinated. */
  Copies: z.array(z.object({ Body: z.string(), Posts: z.number(), Accounts: z.number(), Coordinated: z.boolean() })),
  /** Its posts' ids (bin clip ids, as the clip tray takes them). */
  PostIds: z.array(z.number()),
});
export type Narrative = z.infer<typeof Narrative>;

export const NarrativesAnswer = z.object({
  /** Posts of the query in range that were read. */
  Posts: z.number(),
  /** True when only part of the range's posts were read (never since large ranges run as a job; kept for callers that read it). */
  Sampled: z.boolean(),
  Narratives: z.array(Narrative),
});
export type NarrativesAnswer = z.infer<typeof NarrativesAnswer>;

export const NarrativeJobState = z.enum(['running', 'done', 'failed']);
/** A search over more than NARRATIVE_MAX_POSTS posts: its background job, then its kept answer. */
export const NarrativeJob = z.object({
  Id: z.number(),
  State: NarrativeJobState,
  /** 0–1. */
  Progress: z.number(),
  /** When done: the answer, kept for the same query, range and streams. */
  Answer: NarrativesAnswer.nullable(),
  /** When it was asked first, and when it finished (ISO). */
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
  Error: z.string().nullable(),
});
export type NarrativeJob = z.infer<typeof NarrativeJob>;

/** What a search answers: the narratives at once, or (above NARRATIVE_MAX_POSTS posts) its job, running or done. */
export const FindNarrativesAnswer = NarrativesAnswer.extend({ Job: NarrativeJob.nullable() });
export type FindNarrativesAnswer = z.infer<typeof FindNarrativesAnswer>;
