import { z } from 'zod';
import { streamListError } from './rules.ts';

/** An id in a query string or path: a positive whole number. */
export const zId = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive');

export const ErrorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A comma list of stream ids, as the specification sends them (streamIds=7,8,9). */
export const zStreamList = z
  .string({ error: 'streamIds is required' })
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
    const nums = parts.map(Number);
    if (nums.some((n) => !Number.isInteger(n))) {
      ctx.addIssue({ code: 'custom', message: `streamIds must be a comma list of stream ids, got '${s}'` });
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

const zDate = (name: string) =>
  z.string({ error: `${name} is required` }).transform((s, ctx) => {
    // Dates are the client's wall clock: kept in the UTC fields whatever the server's own zone.
    const bare = /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00` : s;
    const d = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(bare) ? bare : `${bare}Z`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${name} is not a date: '${s}'` });
      return z.NEVER;
    }
    return d;
  });

/**
 * The query every analytic read takes (DESIGN §5): projectId (or binId for a sub-bin),
 * startDate, endDate, streamIds. One parser for all of them.
 */
export const AnalyticQuery = z
  .object({
    projectId: zId.optional(),
    binId: zId.optional(),
    startDate: zDate('startDate'),
    endDate: zDate('endDate'),
    streamIds: zStreamList,
  })
  .superRefine((q, ctx) => {
    if (q.projectId === undefined && q.binId === undefined) ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'projectId or binId is required' });
    if (q.endDate < q.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is before startDate' });
    else if (q.endDate.getTime() - q.startDate.getTime() > MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `the range is longer than ${MAX_RANGE_DAYS} days` });
  });
export type AnalyticQuery = z.infer<typeof AnalyticQuery>;
export type AnalyticQueryInput = z.input<typeof AnalyticQuery>;
