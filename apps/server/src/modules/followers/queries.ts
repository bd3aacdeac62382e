// SQL of Follower Growth: a project's owned profiles, and each one's followers at given instants
// (the last snapshot before each, read through the snapshots' primary key: one probe per
// profile and instant).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export function ownedProfiles(db: Db, projectId: number, streams: number[]) {
  return db
    .selectFrom('profiles')
    .select(['id', 'stream_id', 'name', 'handle'])
    .where('project_id', '=', projectId)
    .where('stream_id', 'in', streams)
    .orderBy('stream_id')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface FollowersAt {
  profile_id: number;
  /** Index of the instant in the list asked for. */
  i: number;
  taken_at: Date;
  followers: number;
}

/** For each profile and instant, the last snapshot taken before the instant (none: no row). */
export async function followersBefore(db: Db, profileIds: number[], instants: Date[]): Promise<FollowersAt[]> {
  if (profileIds.length === 0 || instants.length === 0) return [];
  const { rows } = await sql<FollowersAt>`
    select p.id as profile_id, (b.n - 1)::int as i, s.taken_at, s.followers
      from unnest(${instants.map((d) => d.toISOString())}::timestamptz[]) with ordinality as b(at, n)
     cross join unnest(${profileIds}::int[]) as p(id)
     cross join lateral (
       select f.taken_at, f.followers from follower_snapshots f
        where f.profile_id = p.id and f.taken_at < b.at
        order by f.taken_at desc limit 1) s`.execute(db);
  return rows.map((r) => ({ ...r, i: Number(r.i), followers: Number(r.followers), taken_at: new Date(r.taken_at) }));
}
