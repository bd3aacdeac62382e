// Top posts, one ranking for the dashboard's widget, the PDF report and the workbook: impact score,
// then engagement (likes + comments + shares), then AVE, then the newest, then the bin_clips id, so
// the order is total and every read gives the same one. An author holds at most `perAuthor` places;
// an author is a person as Top authors counts them (docs/dashboard.md): the accounts sharing a
// person key, unless the key names two accounts on one network with posts in scope (then each
// account is its own author); each post without an author is its own. Impact is capped at 10.0, so
// many posts may tie at the top: the posts are read in bands of whole impact levels, from the
// highest, walking the impact index (bin_clips_bin_impact) for where a band ends, and only a band's
// posts are joined to their clips and sorted; a band is usually enough.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { clipRows, toTopPost, type ClipRow } from './clip-rows.ts';
import { personKey, personKeyOf } from './person-key.ts';
import { clipsInScope, type Scope } from './scope.ts';

export type RankedRow = ClipRow & { engagement: number | string; who: string };

/** Who a post's author is, for the cap: a person key, an account, or (no author) the post itself. */
const who = (s: Scope) => sql<string>`case
  when bin_clips.author_id is null then 'post:' || bin_clips.id
  when exists (
    select 1 from authors other
     where ${personKeyOf('other')} = ${personKey} and other.stream_id = authors.stream_id and other.id <> authors.id
       and exists (select 1 from bin_clips theirs
                    where theirs.author_id = other.id and theirs.bin_id = ${s.binId} and theirs.stream_id in (${sql.join(s.streams)})
                      and theirs.posted_at >= ${s.from} and theirs.posted_at < ${s.to} and not theirs.rejected))
    then 'account:' || bin_clips.author_id
  else ${personKey} end`;

/** The impact score of the `n`th post below `below` (impact order), or null when there are fewer. */
async function bandFloor(db: Db, s: Scope, below: number | null, n: number): Promise<number | null> {
  const row = await db
    .selectFrom('bin_clips')
    .select('bin_clips.impact_score')
    .$call(clipsInScope(s))
    .$if(below !== null, (qb) => qb.where('bin_clips.impact_score', '<', below!))
    .orderBy('bin_clips.impact_score', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.impact_score) : null;
}

/**
 * The band's posts (impact in [floor, below)) in ranking order, each author's first `perAuthor` of
 * the band only, `limit` at most.
 */
function band(db: Db, s: Scope, floor: number | null, below: number | null, perAuthor: number, limit: number) {
  const posts = clipRows(db)
    .select([sql<string>`clips.likes::bigint + clips.comments + clips.shares`.as('engagement'), who(s).as('who')])
    .$call(clipsInScope(s))
    .$if(floor !== null, (qb) => qb.where('bin_clips.impact_score', '>=', floor!))
    .$if(below !== null, (qb) => qb.where('bin_clips.impact_score', '<', below!));
  const ranked = db
    .selectFrom(posts.as('p'))
    .selectAll()
    .select(
      sql<number>`row_number() over (partition by p.who order by p.impact_score desc, p.engagement desc, p.ave desc, p.posted_at desc, p.id desc)`.as('nth'),
    );
  return db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('r.nth', '<=', perAuthor)
    .orderBy('r.impact_score', 'desc')
    .orderBy('r.engagement', 'desc')
    .orderBy('r.ave', 'desc')
    .orderBy('r.posted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The scope's top `limit` posts, in ranking order, at most `perAuthor` per author. */
export async function rankTopPosts(db: Db, s: Scope, { limit, perAuthor }: { limit: number; perAuthor: number }): Promise<RankedRow[]> {
  const picked: RankedRow[] = [];
  const held = new Map<string, number>();
  let below: number | null = null;
  while (picked.length < limit) {
    // A band's authors already placed may each lose up to perAuthor of its rows: ask for that many more.
    const want = limit - picked.length + perAuthor * held.size;
    const floor = await bandFloor(db, s, below, want);
    const rows = await band(db, s, floor, below, perAuthor, want);
    for (const r of rows) {
      const n = held.get(r.who) ?? 0;
      if (n >= perAuthor) continue;
      held.set(r.who, n + 1);
      picked.push(r);
      if (picked.length === limit) break;
    }
    if (floor === null) break;
    below = floor;
  }
  return picked;
}

/** A ranked row as the contract's top post (RankedPost). */
export const toRankedPost = (r: RankedRow) => ({ ...toTopPost(r), Engagement: Number(r.engagement) });
