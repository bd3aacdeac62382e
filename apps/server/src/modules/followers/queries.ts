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

/** Records counts read at `at`: a snapshot each (one per profile and instant) and the profile's current count, in one transaction. */
export async function saveFollowerSnapshots(db: Db, counts: { profileId: number; followers: number }[], at: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('follower_snapshots')
      .values(counts.map((c) => ({ profile_id: c.profileId, taken_at: at, followers: c.followers })))
      .onConflict((oc) => oc.columns(['profile_id', 'taken_at']).doUpdateSet((eb) => ({ followers: eb.ref('excluded.followers') })))
      .execute();
    for (const c of counts) await tx.updateTable('profiles').set({ followers: c.followers }).where('id', '=', c.profileId).execute();
  });
}

/** Profiles with a token (still encrypted), of active projects of active clients. */
export function profilesWithToken(db: Db) {
  return db
    .selectFrom('profiles')
    .innerJoin('projects', 'projects.id', 'profiles.project_id')
    .innerJoin('clients', 'clients.id', 'projects.client_id')
    .select(['profiles.id', 'profiles.project_id', 'profiles.stream_id', 'profiles.external_id', 'profiles.access_token_enc'])
    .where('profiles.access_token_enc', 'is not', null)
    .where('projects.is_deleted', '=', false)
    .where('clients.is_active', '=', true)
    .where((eb) => eb.or([eb('projects.stop_date', 'is', null), eb('projects.stop_date', '>', sql<Date>`now()`)]))
    .orderBy('profiles.id')
    .execute();
}

/** Profiles without a token and without a snapshot taken after `since`: the simulator's due ones. */
export function untokenedProfilesWithoutSnapshotSince(db: Db, since: Date) {
  return db
    .selectFrom('profiles')
    .select(['profiles.id', 'profiles.followers'])
    .where('profiles.access_token_enc', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('follower_snapshots as f').select('f.profile_id').whereRef('f.profile_id', '=', 'profiles.id').where('f.taken_at', '>', since))),
    )
    .execute();
}
