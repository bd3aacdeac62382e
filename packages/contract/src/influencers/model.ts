// Influencer discovery entries: an author a project keeps an eye on for a year.
import { z } from 'zod';
import { zId } from '../common.ts';
import { INGEST_STREAM_IDS } from '../constants.ts';

export const Influencer = z.object({
  Id: z.number(),
  AuthorId: z.number(),
  AuthorName: z.string(),
  StreamId: z.number(),
  DateCreated: z.string(),
  /** Days left of the one year an entry lasts. */
  DaysRemaining: z.number(),
});
export const InfluencerList = z.array(Influencer);
export const InfluencerCreateQuery = z.object({
  projectId: zId,
  authorId: zId,
  authorName: z.string({ error: 'authorName is required' }).trim().min(1, 'authorName is required').max(200, 'authorName is longer than 200 characters'),
  streamId: z.coerce
    .number({ error: 'streamId must be a stream id' })
    .int()
    .refine((n) => INGEST_STREAM_IDS.includes(n), 'streamId must be a stream id'),
});
