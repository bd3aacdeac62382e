// Follower Growth (performance measurement, every project type): the owned profiles' followers
// over a fixed 8-week lookback ending on the range's end day, week by week, from the snapshots
// the follower-snapshot job, the simulator and the demo corpus record. A week's count is the last
// snapshot taken before the week ended; a week without one is null, never guessed.
import { FOLLOWER_GROWTH_WEEKS, periodCoverage, type AnalyticQuery, type FollowerGrowth } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { fromWall, resolveScope, toWall, wallDay } from '../../analytics/scope.ts';
import * as q from './queries.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/**
 * The week boundaries (wall clock midnights) from 16 weeks before the lookback's end to its end:
 * index 8 is the lookback's start, 16 its end (the midnight after the end day).
 */
export function weekBoundaries(endWall: Date): Date[] {
  const end = Date.UTC(endWall.getUTCFullYear(), endWall.getUTCMonth(), endWall.getUTCDate()) + DAY;
  return Array.from({ length: 2 * FOLLOWER_GROWTH_WEEKS + 1 }, (_, j) => new Date(end - (2 * FOLLOWER_GROWTH_WEEKS - j) * WEEK));
}

export async function followerGrowth(db: Db, user: AuthUser, query: AnalyticQuery): Promise<FollowerGrowth> {
  const s = await resolveScope(db, user, query);
  const walls = weekBoundaries(s.endWall);
  const weeks = walls.slice(FOLLOWER_GROWTH_WEEKS, -1).map(wallDay);
  const profiles = await q.ownedProfiles(db, s.project.id, s.streams);
  const rows = await q.followersBefore(
    db,
    profiles.map((p) => p.id),
    walls.map((w) => fromWall(w, s.timeZone)),
  );
  const at = new Map(rows.map((r) => [`${r.profile_id}:${r.i}`, r]));
  const count = (profileId: number, i: number) => at.get(`${profileId}:${i}`)?.followers ?? null;
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

  const start = FOLLOWER_GROWTH_WEEKS;
  const last = 2 * FOLLOWER_GROWTH_WEEKS;
  const sum = (xs: (number | null)[]) => xs.reduce<number>((n, x) => n + (x ?? 0), 0);
  // A week is partial by the screens' rule: here only now can cut one (the last, when the range
  // ends today); the weeks before a profile's first snapshot are already empty, never zero.
  const cuts = {
    startWall: walls[FOLLOWER_GROWTH_WEEKS],
    endWall: new Date(walls[2 * FOLLOWER_GROWTH_WEEKS].getTime() - 1),
    nowWall: toWall(new Date(), s.timeZone),
  };
  const out: FollowerGrowth = {
    Weeks: weeks,
    Partial: walls.slice(FOLLOWER_GROWTH_WEEKS, -1).map((w, k) => periodCoverage(w, walls[FOLLOWER_GROWTH_WEEKS + k + 1], cuts)),
    Profiles: profiles.map((p) => ({
      Id: p.id,
      StreamId: p.stream_id,
      Name: p.name,
      Handle: p.handle,
      FollowerCount: count(p.id, last) ?? 0,
      Weeks: weeks.map((day, k) => ({
        Date: day,
        FollowerCount: count(p.id, start + k + 1),
        Change: diff(count(p.id, start + k + 1), count(p.id, start + k)),
      })),
    })),
    Snapshots: profiles.flatMap((p) =>
      weeks.flatMap((_, k) => {
        const r = at.get(`${p.id}:${start + k + 1}`);
        return r ? [{ ProfileId: p.id, StreamId: p.stream_id, DateCaptured: r.taken_at.toISOString(), FollowerCount: r.followers }] : [];
      }),
    ),
    Followers: { Value: sum(profiles.map((p) => count(p.id, last))), Previous: sum(profiles.map((p) => count(p.id, start))) },
    Gained: {
      Value: sum(profiles.map((p) => diff(count(p.id, last), count(p.id, start)))),
      Previous: sum(profiles.map((p) => diff(count(p.id, start), count(p.id, 0)))),
    },
  };
  return out;
}
