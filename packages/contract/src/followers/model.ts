// Performance measurement (Follower Growth): the follower counts of a project's owned profiles
// over a fixed 8-week lookback, week by week. Field names are the wire's own.
import { z } from 'zod';
import { Compared } from '../common.ts';
import { PartialBucket } from '../dashboard/model.ts';

/** The lookback of the screen, in weeks (docs/spec/001_57268dddd5f58f8a.txt section 9: fixed 8-week lookback). */
export const FOLLOWER_GROWTH_WEEKS = 8;

/** A profile's followers at the end of one week: the last snapshot taken before the week ended (null: none yet). */
export const FollowerWeek = z.object({
  /** The week's first day (YYYY-MM-DD, client time). */
  Date: z.string(),
  FollowerCount: z.number().nullable(),
  /** Followers gained in the week (negative: lost); null when either end has no snapshot. */
  Change: z.number().nullable(),
});

/** An owned profile of the project and its weekly counts, oldest week first. */
export const FollowerProfile = z.object({
  Id: z.number(),
  StreamId: z.number(),
  Name: z.string(),
  Handle: z.string().nullable(),
  /** Followers at the end of the lookback (the last week's count; 0 when none). */
  FollowerCount: z.number(),
  Weeks: z.array(FollowerWeek),
});

/** A snapshot as the specification names it: the one closing each week, per profile. */
export const FollowerSnapshot = z.object({
  ProfileId: z.number(),
  StreamId: z.number(),
  DateCaptured: z.string(),
  FollowerCount: z.number(),
});

export const FollowerGrowth = z.object({
  /** The first day of each of the 8 weeks, oldest first; the last week ends on the range's end day. */
  Weeks: z.array(z.string()),
  /** Each week's coverage (contract periods.ts), in Weeks' order: the last week, ending on today, is partial so far; null for a whole week. */
  Partial: z.array(PartialBucket.nullable()),
  Profiles: z.array(FollowerProfile),
  Snapshots: z.array(FollowerSnapshot),
  /** Followers of every profile shown at the end of the lookback, and at the end of the 8 weeks before. */
  Followers: Compared,
  /** Followers gained over the 8 weeks, and over the 8 weeks before. */
  Gained: Compared,
});
export type FollowerGrowth = z.infer<typeof FollowerGrowth>;
