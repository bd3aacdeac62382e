import { z } from 'zod';
import { streamListError } from './rules.ts';

/** The largest id: ids are 32-bit integers in the database (a larger one could never name a row). */
export const MAX_ID = 2_147_483_647;
/** Dates are read within these years; anything outside is a typo or an attack, never data. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** Input quoted in a message, cut short: an answer never echoes a long input back. */
export const quoteInput = (s: string, max = 40) => `'${s.length > max ? `${s.slice(0, max)}…` : s}'`;

/** An id in a query string or path: a positive whole number, at most MAX_ID. */
export const zId = z.coerce
  // Typed as a number for callers; the query string's text is coerced on the server.
  .number<number>({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(MAX_ID, `must be at most ${MAX_ID}`);

/** The query of calls about one project. */
export const ProjectIdQuery = z.object({ projectId: zId });
/** The query of calls about one row by its id. */
export const IdQuery = z.object({ id: zId });

/** The answer of a call that only confirms it was done. */
export const OkResponse = z.object({ ok: z.boolean() });

/** A comma list of stream ids, as the specification sends them (streamIds=7,8,9). */
export const zStreamList = z.string({ error: 'streamIds is required' }).transform((s, ctx) => {
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const nums = parts.map(Number);
  if (nums.some((n) => !Number.isInteger(n))) {
    ctx.addIssue({ code: 'custom', message: `streamIds must be a comma list of stream ids, got ${quoteInput(s)}` });
    return z.NEVER;
  }
  const err = streamListError(nums);
  if (err) {
    ctx.addIssue({ code: 'custom', message: err });
    return z.NEVER;
  }
  return nums;
});

/** Longest range an analytic read accepts, in days. */
export const MAX_RANGE_DAYS = 400;

/** The issue of a date outside MIN_YEAR..MAX_YEAR, or null. */
const yearRangeError = (name: string, d: Date) => {
  const year = d.getUTCFullYear();
  return year < MIN_YEAR || year > MAX_YEAR ? `${name} must be a date between the years ${MIN_YEAR} and ${MAX_YEAR}` : null;
};

/**
 * A wall-clock date or date-time of the client's time zone ('2024-05-01', '2024-05-01T14:00:00'),
 * kept in the UTC fields whatever the server's own zone; an explicit offset is honoured. `what`
 * names it in the message ('date', 'date-time').
 */
const wallClock = (name: string, what: string) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    const bare = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00` : s;
    const d = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(bare) ? bare : `${bare}Z`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${name} is not a ${what}: ${quoteInput(s)}` });
      return z.NEVER;
    }
    const outOfRange = yearRangeError(name, d);
    if (outOfRange) {
      ctx.addIssue({ code: 'custom', message: outOfRange });
      return z.NEVER;
    }
    return d;
  });
/** A wall-clock date (or date-time) of the client's time zone, as analytic ranges take it. */
export const zWallDate = (name: string) => wallClock(name, 'date');

/** The range's own rules: in order, and at most MAX_RANGE_DAYS long. */
export function checkRange(q: { startDate: Date; endDate: Date }, ctx: z.RefinementCtx): void {
  if (q.endDate < q.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
  else if (q.endDate.getTime() - q.startDate.getTime() > MAX_RANGE_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `the range is longer than ${MAX_RANGE_DAYS} days` });
}

/**
 * The query every analytic read takes: projectId (or binId for a sub-bin),
 * startDate, endDate, streamIds. One parser for all of them.
 */
export const AnalyticQuery = z
  .object({
    projectId: zId.optional(),
    binId: zId.optional(),
    startDate: zWallDate('startDate'),
    endDate: zWallDate('endDate'),
    streamIds: zStreamList,
  })
  .superRefine((q, ctx) => {
    if (q.projectId === undefined && q.binId === undefined) ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'projectId or binId is required' });
    checkRange(q, ctx);
  });
export type AnalyticQuery = z.infer<typeof AnalyticQuery>;
export type AnalyticQueryInput = z.input<typeof AnalyticQuery>;

/** A true/false query parameter (showAll=true); false when absent. */
export const zBool = (name: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${name} must be true or false` })
    .default(false)
    .transform((v) => v === true || v === 'true');

/** A comma list of ids in a query string (clipIds=1,2,3), at most `max` of them. */
export const zIdList = (name: string, max: number) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a comma list of ids (whole numbers from 1 to ${MAX_ID}), got ${quoteInput(s)}` });
      return z.NEVER;
    }
    if (ids.length > max) {
      ctx.addIssue({ code: 'custom', message: `${name} has ${ids.length} ids; at most ${max} per call` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** A wall-clock date-time of the client's time zone (2024-05-01T14:00:00). */
export const zWallTime = (name: string) => wallClock(name, 'date-time');

/** Favourability 1 Positive, 2 Neutral, 3 Negative. */
export const zFavourabilityId = z.coerce
  .number({ error: 'favourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)' })
  .int()
  .refine((n) => n === 1 || n === 2 || n === 3, 'favourabilityId must be 1 (Positive), 2 (Neutral) or 3 (Negative)');
/** Brand association 1 Owned, 2 Earned, 3 Chatter (0: all). */
export const zBrandAssociationId = z.coerce
  .number({ error: 'brandAssociationId must be 1 (Owned), 2 (Earned) or 3 (Chatter)' })
  .int()
  .refine((n) => n >= 0 && n <= 3, 'brandAssociationId must be 1 (Owned), 2 (Earned) or 3 (Chatter)');

/**
 * A headline figure and the same figure over the previous range of equal length (rules.ts
 * previousRange): every analysis screen's cards show the change.
 */
export const Compared = z.object({ Value: z.number(), Previous: z.number() });
export type Compared = z.infer<typeof Compared>;
