// Shapes of sub-bin management (Sort Bins and Input Bins in the project side menu): a project's
// sort bins and input bins with their rules, and the posts added to an input bin by hand or from
// a CSV file. Each limit is written once here and used by the server and the screens.
import { z } from 'zod';
import { quoteInput } from '../common.ts';
import { BIN_TYPE, INGEST_STREAM_IDS, LISTING_BODY_MAX } from '../constants.ts';

/** Longest bin name (the same as a project's). */
export const BIN_NAME_MAX = 200;
/** Most rules one bin holds. */
export const BIN_RULES_MAX = 20;
/** Longest rule expression. */
export const RULE_EXPRESSION_MAX = 1000;
/** Most live sub-bins one project holds (sort and input bins together). */
export const PROJECT_SUB_BINS_MAX = 200;
/** Deepest nesting below the project: a bin, its child, … (4 levels). */
export const SUB_BIN_DEPTH_MAX = 4;

/** What a rule tracks, as the matcher reads it (docs/ingestion.md, "Matching"). */
export const RULE_KINDS = ['phrase', 'topic', 'hashtag', 'handle', 'url', 'profile'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  phrase: 'Phrase',
  topic: 'Topic',
  hashtag: 'Hashtag',
  handle: 'Handle',
  url: 'Link (url)',
  profile: 'Profile',
};

/** The two kinds of sub-bin the screens manage: 2 sort bin, 6 input bin. */
export const zSubBinTypeId = z.coerce
  .number({ error: 'binTypeId must be 2 (sort bin) or 6 (input bin)' })
  .int('binTypeId must be 2 (sort bin) or 6 (input bin)')
  .refine((n) => n === BIN_TYPE.SortBin || n === BIN_TYPE.InputBin, 'binTypeId must be 2 (sort bin) or 6 (input bin)');

export const zBinName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'Please enter a name for the bin')
  .max(BIN_NAME_MAX, `The bin name is longer than ${BIN_NAME_MAX} characters`);

const streamMessage = `streamId must be one of ${INGEST_STREAM_IDS.join(', ')}`;
const zStreamId = z
  .number({ error: streamMessage })
  .int(streamMessage)
  .refine((n) => INGEST_STREAM_IDS.includes(n), streamMessage);

export const BinRuleInput = z.object({
  kind: z.enum(RULE_KINDS, { error: `kind must be one of ${RULE_KINDS.join(', ')}` }),
  expression: z
    .string({ error: 'expression is required' })
    .trim()
    .min(1, 'Please enter the rule')
    .max(RULE_EXPRESSION_MAX, `A rule is longer than ${RULE_EXPRESSION_MAX} characters`),
  /** Only posts of this stream (null: every stream of the project). */
  streamId: zStreamId.nullable().optional(),
});
export type BinRuleInput = z.input<typeof BinRuleInput>;
export const zBinRules = z.array(BinRuleInput, { error: 'rules must be a list' }).max(BIN_RULES_MAX, `A bin has at most ${BIN_RULES_MAX} rules`);

export const BinRule = z.object({ Id: z.number(), Kind: z.string(), Expression: z.string(), StreamId: z.number().nullable() });

/** A sub-bin as the management screens list it: flat, parents before children, with its depth. */
export const SubBin = z.object({
  Id: z.number(),
  Name: z.string(),
  /** The parent sub-bin, or null directly under the project. */
  ParentId: z.number().nullable(),
  BinTypeId: z.number(),
  /** 1 directly under the project. */
  Depth: z.number(),
  /** Posts in the bin (not rejected) over the range and streams asked: the dashboard's sort-bin tree's count. */
  ClipCount: z.number(),
  Rules: z.array(BinRule),
  DateCreated: z.string(),
  DateModified: z.string(),
});
export type SubBin = z.infer<typeof SubBin>;

export const SubBinList = z.object({
  Bins: z.array(SubBin),
  /** False when the caller may only read: the client is In-Active (ReadOnlyReason says so). */
  CanEdit: z.boolean(),
  ReadOnlyReason: z.string().nullable(),
});
export type SubBinList = z.infer<typeof SubBinList>;

// ---- posts added to an input bin --------------------------------------------------------------

/** Longest author name of a post added by hand. */
export const MANUAL_AUTHOR_MAX = 200;
/** Largest engagement count (likes, comments, shares, views, followers) a post added by hand may carry. */
export const MANUAL_COUNT_MAX = 2_000_000_000;

const countOf = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(MANUAL_COUNT_MAX, `${name} is larger than ${MANUAL_COUNT_MAX.toLocaleString('en-US')}`)
    .optional();

/** An absolute http(s) address (the only links the product stores), or the message saying why not. */
export function linkProblem(link: string): string | null {
  if (!/^https?:\/\/[^/\s]/i.test(link)) return `The link must start with http:// or https://, got ${quoteInput(link)}`;
  try {
    const u = new URL(link);
    return u.hostname ? null : `The link is not a web address: ${quoteInput(link)}`;
  } catch {
    return `The link is not a web address: ${quoteInput(link)}`;
  }
}

/** A wall-clock date and time of the client's zone: 2024-05-01, 2024-05-01 14:30 or 2024-05-01T14:30:00. */
export function parsePostDate(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1);
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec));
  // 2024-02-30 rolls over to March: not a date anyone meant.
  if (date.getUTCFullYear() !== +y || date.getUTCMonth() !== +mo - 1 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +sec > 59) return null;
  if (+y < 2000) return null;
  return date;
}

/** One post to add to an input bin, as the form sends it (the CSV's rows become the same). */
export const ManualPost = z.object({
  streamId: zStreamId,
  author: z
    .string({ error: 'author is required' })
    .trim()
    .min(1, 'Please enter the author')
    .max(MANUAL_AUTHOR_MAX, `The author is longer than ${MANUAL_AUTHOR_MAX} characters`),
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'Please enter the text of the post')
    .max(LISTING_BODY_MAX, `The text is longer than ${LISTING_BODY_MAX} characters`),
  /** Client wall clock, as parsePostDate reads it. */
  datePosted: z.string({ error: 'datePosted is required' }).refine((s) => parsePostDate(s) !== null, {
    error: (i) => `The date must be a date from 2000 on, like 2024-05-01 14:30, got ${quoteInput(String(i.input))}`,
  }),
  link: z
    .string({ error: 'link must be text' })
    .trim()
    .max(2000, 'The link is longer than 2000 characters')
    .refine((s) => s === '' || linkProblem(s) === null, { error: (i) => linkProblem(String(i.input).trim()) ?? 'The link is not a web address' })
    .optional(),
  likes: countOf('likes'),
  comments: countOf('comments'),
  shares: countOf('shares'),
  views: countOf('views'),
  followers: countOf('followers'),
});
export type ManualPost = z.infer<typeof ManualPost>;

/** What adding posts did: how many were new to the bin, how many it held already (same post again). */
export const AddPostsResult = z.object({ Received: z.number(), Added: z.number(), AlreadyInBin: z.number() });
export type AddPostsResult = z.infer<typeof AddPostsResult>;
