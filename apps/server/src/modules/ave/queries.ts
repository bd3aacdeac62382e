// The SQL of Ave calc's: a client's CPM table, a project's post to work through the formula, and
// revaluing a client's stored posts when its CPM changes.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { rollupUpserts } from '../../ingest/rollups.ts';

export function clientCpm(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['id', 'name', 'cpm']).where('id', '=', clientId).executeTakeFirst();
}

/** The bin's most recent post (not rejected) with an AVE, with what the formula reads. */
export function latestValuedPost(db: Db, binId: number) {
  return db
    .selectFrom('bin_clips')
    .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
    .leftJoin('authors', 'authors.id', 'clips.author_id')
    .select([
      'clips.id',
      'clips.stream_id',
      'clips.body',
      'clips.posted_at',
      'clips.likes',
      'clips.comments',
      'clips.shares',
      'clips.views',
      'clips.impressions',
      'authors.name as author_name',
      'authors.followers',
      'bin_clips.ave',
    ])
    .where('bin_clips.bin_id', '=', binId)
    .where('bin_clips.rejected', '=', false)
    .where('bin_clips.ave', '>', 0)
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setClientCpm(trx: Db, clientId: number, cpm: Record<string, number> | null): Promise<void> {
  await trx
    .updateTable('clients')
    .set({ cpm: cpm === null ? null : JSON.stringify(cpm) })
    .where('id', '=', clientId)
    .execute();
}

/**
 * Revalues every stored post of the client's projects on the given streams at the new CPM, and
 * moves both rollups by exactly the AVE that changed, in one statement (as ingestion refreshes a
 * post seen again, store.ts): AVE = impressions / 1000 × CPM, to the cent, the same arithmetic as
 * ingest/ave.ts computeAve (floor(x + 0.5) is Math.round for these non-negative values). Rows are
 * locked in id order, as every writer of bin_clips locks them. Returns the rows changed.
 */
export async function revalueClientPosts(trx: Db, clientId: number, rates: { streamId: number; cpm: number }[]): Promise<number> {
  if (rates.length === 0) return 0;
  const res = await sql<{ n: number }>`
    with rate as (
      select * from unnest(${rates.map((r) => r.streamId)}::smallint[], ${rates.map((r) => r.cpm)}::float8[]) as r(stream_id, cpm)
    ), old as (
      select bc.id, bc.ave as old_ave, v.ave
        from bin_clips bc
        join rate on rate.stream_id = bc.stream_id
        join clips c on c.id = bc.clip_id
        cross join lateral (select floor(c.impressions::float8 / 1000 * rate.cpm * 100 + 0.5) / 100 as ave) v
       where bc.project_id in (select id from projects where client_id = ${clientId})
         and bc.ave <> v.ave
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave from old where bc.id = old.id
      returning bc.bin_id, bc.stream_id, bc.posted_at, bc.ave - old.old_ave as ave, bc.favourability_id, bc.brand_association_id, bc.rejected
    ), moved as (
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 0 as sign from upd where not rejected
    ), ${rollupUpserts('moved')}
    select count(*)::int as n from upd`.execute(trx);
  return Number(res.rows[0]?.n ?? 0);
}
