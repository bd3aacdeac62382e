// SQL of a report's figures besides the runner's: the totals, streams, sentiment and days come from
// analytics/query.ts (the hourly rollups, so a 30-day report of a million-clip project costs a few
// thousand rollup rows), as the screens' do; top posts and top authors are the
// dashboard's rankings (analytics/top-posts.ts, analytics/top-authors.ts); the word cloud
// reads the latest WORDCLOUD_SAMPLE clips; the clip listing walks the window by (posted_at, id) in
// batches, so memory stays flat however long it is.
import { WORDCLOUD_SAMPLE } from '@listening/contract';
import { sql } from 'kysely';
import { clipRows } from '../analytics/clip-rows.ts';
import { clipsInScope, type Scope } from '../analytics/scope.ts';
import type { Db } from '../db/connection.ts';

/** Words of the window's latest clips, by how many of them carry each, without the project's excluded phrases. */
export async function words(db: Db, s: Scope, limit: number) {
  const sample = db.selectFrom('bin_clips').select('bin_clips.clip_id').$call(clipsInScope(s)).orderBy('bin_clips.posted_at', 'desc').limit(WORDCLOUD_SAMPLE);
  const r = await sql<{ value: string; count: number }>`
    with sample as (${sample})
    select t.value, count(distinct sample.clip_id)::int as count
      from sample
      join clip_enrichment e on e.clip_id = sample.clip_id
      cross join lateral unnest(e.terms) as t(value)
     where lower(t.value) not in (select phrase from wordcloud_phrases where project_id = ${s.project.id} and kind = 'exclude')
     group by t.value
     order by 2 desc, 1
     limit ${limit}`.execute(db);
  return r.rows;
}

export function binNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('bins').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
}

/** One batch of the window's clips after a (posted_at, id) position, oldest first (index bin_clips_bin_posted). */
export function listingBatch(db: Db, s: Scope, after: { postedAt: Date; id: number } | null, limit: number) {
  return (
    clipRows(db)
      .select(['authors.handle as author_handle'])
      .$call(clipsInScope(s))
      // The first bound lets the index start at the position; the second skips the rows of that instant already read.
      .$if(after !== null, (qb) =>
        qb
          .where('bin_clips.posted_at', '>=', after!.postedAt)
          .where((eb) => eb.or([eb('bin_clips.posted_at', '>', after!.postedAt), eb('bin_clips.id', '>', after!.id)])),
      )
      .orderBy('bin_clips.posted_at')
      .orderBy('bin_clips.id')
      .limit(limit)
      .execute()
  );
}
