// Revaluing filed posts: a client's CPM changed (Ave calc's), so the AVE of its projects' bin_clips
// rows and the rollups that sum it move together (rollups.ts).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { rollupUpserts } from './rollups.ts';

/**
 * Revalues every stored post of the client's projects on the given streams at the new CPM, and
 * moves both rollups by exactly the AVE that changed, in one statement (as ingestion refreshes a
 * post seen again, file-posts.ts): AVE = impressions / 1000 × CPM, to the cent, the same arithmetic as
 * ingest/ave.ts computeAve (floor(x + 0.5) is Math.round for these non-negative values). Rows are
 * locked in id order, as every writer of bin_clips locks them. Returns the rows changed.
 */
export async function revalueClientPosts(trx: Db, clientId: number, rates: { streamId: number; cpm: number }[]): Promise<number> {
  if (rates.length === 0) return 0;
  const res = await sql<{ n: number }>`
    with rate as (
      select * from unnest(${rates.map((r) => r.streamId)}::smallint[], ${rates.map((r) => r.cpm)}::float8[]) as r(stream_id, cpm)
    ), old as (
      select bc.id, bc.posted_at, bc.ave as old_ave, v.ave
        from bin_clips bc
        join rate on rate.stream_id = bc.stream_id
        join clips c on c.id = bc.clip_id
        cross join lateral (select floor(c.impressions::float8 / 1000 * rate.cpm * 100 + 0.5) / 100 as ave) v
       where bc.project_id in (select id from projects where client_id = ${clientId})
         and bc.ave <> v.ave
       order by bc.id
         for update of bc
    ), upd as (
      update bin_clips bc set ave = old.ave from old where bc.id = old.id and bc.posted_at = old.posted_at
      returning bc.bin_id, bc.stream_id, bc.posted_at, bc.ave - old.old_ave as ave, bc.favourability_id, bc.brand_association_id, bc.rejected
    ), moved as (
      select bin_id, stream_id, posted_at, ave, favourability_id, brand_association_id, 0 as sign from upd where not rejected
    ), ${rollupUpserts('moved')}
    select count(*)::int as n from upd`.execute(trx);
  return Number(res.rows[0]?.n ?? 0);
}
