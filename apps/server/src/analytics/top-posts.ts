// Top posts, one ranking for the dashboard's widget, the PDF report and the workbook: impact score,
// then engagement (likes + comments + shares), then AVE, then the newest, then the bin_clips id, so
// the order is total and every read gives the same one. An author holds at most `perAuthor` places;
// an author is a person as Top authors counts them (docs/dashboard.md): the accounts sharing a
// person key, unless the key names two accounts on one network with posts in scope (then each
// account is its own author); each post without an author is its own. Impact is capped at 10.0, so
// many posts may tie at the top: the posts are read in bands of whole impact levels, from the
// highest, walking the impact index (bin_clips_bin_impact) for where a band ends; a band is ranked
// from that index alone, and a page of the first band is usually enough.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { toTopPost, type ClipRow } from './clip-rows.ts';
import { personKey, personKeyOf } from './person-key.ts';
import { clipsInScope, type Scope } from './scope.ts';

export type RankedRow = ClipRow & { engagement: number | string; who: string };

/** Who holds a post for the cap: a person key, an account, or (no author) the post; `p` the post (a page row), `authors` its author. */
const who = (s: Scope) => sql<string>`case
  when p.author_id is null then 'post:' || p.id
  when exists (
    select 1 from authors other
     where ${personKeyOf('other')} = ${personKey} and other.stream_id = authors.stream_id and other.id <> authors.id
       and exists (select 1 from bin_clips theirs
                    where theirs.author_id = other.id and theirs.bin_id = ${s.binId} and theirs.stream_id in (${sql.join(s.streams)})
                      and theirs.posted_at >= ${s.from} and theirs.posted_at < ${s.to} and not theirs.rejected))
    then 'account:' || p.author_id
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
 * One page of the band's posts (impact in [floor, below)) in ranking order, each author
 * account's first `perAuthor` of the band only (so one prolific account cannot fill a page), each
 * with who holds it. The band is read from the month partitions' impact indexes alone: they carry
 * every column the ranking reads (the row's engagement, kept by filing, its AVE, author and
 * posting time; migration 0053), so no post of the band is probed elsewhere; only the page's rows
 * are joined to their clip for the text and the link, and to their author. Serial: a band is a few
 * hundred index entries, which a parallel plan (chosen by cost across the month partitions) only
 * slows by starting its workers (docs/dashboard.md, "Bench").
 */
function bandPage(
  db: Db,
  s: Scope,
  band: { floor: number | null; below: number | null },
  perAuthor: number,
  offset: number,
  limit: number,
): Promise<RankedRow[]> {
  const posts = db
    .selectFrom('bin_clips')
    .select([
      'bin_clips.id',
      'bin_clips.author_id',
      'bin_clips.impact_score',
      'bin_clips.engagement',
      'bin_clips.ave',
      'bin_clips.posted_at',
      sql<number>`row_number() over (partition by coalesce(bin_clips.author_id, -bin_clips.id)
        order by bin_clips.impact_score desc, bin_clips.engagement desc, bin_clips.ave desc, bin_clips.posted_at desc, bin_clips.id desc)`.as('nth'),
    ])
    .$call(clipsInScope(s))
    .$if(band.floor !== null, (qb) => qb.where('bin_clips.impact_score', '>=', band.floor!))
    .$if(band.below !== null, (qb) => qb.where('bin_clips.impact_score', '<', band.below!));
  const page = db
    .selectFrom(posts.as('r'))
    .select(['r.id', 'r.posted_at'])
    .where('r.nth', '<=', perAuthor)
    .orderBy('r.impact_score', 'desc')
    .orderBy('r.engagement', 'desc')
    .orderBy('r.ave', 'desc')
    .orderBy('r.posted_at', 'desc')
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit);
  return db.transaction().execute(async (tx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(tx);
    return tx
      .selectFrom(page.as('pg'))
      .innerJoin('bin_clips as p', (j) => j.onRef('p.id', '=', 'pg.id').onRef('p.posted_at', '=', 'pg.posted_at'))
      .innerJoin('clips', 'clips.id', 'p.clip_id')
      .leftJoin('authors', 'authors.id', 'p.author_id')
      .select([
        'p.id',
        'p.clip_id',
        'p.stream_id',
        'p.author_id',
        'authors.name as author_name',
        'clips.body',
        'p.posted_at',
        'clips.link',
        'p.ave',
        'p.impact_score',
        'p.favourability_id',
        'p.brand_association_id',
        'p.bin_id',
        'p.classification_id',
        'p.engagement',
        who(s).as('who'),
      ])
      .orderBy('p.impact_score', 'desc')
      .orderBy('p.engagement', 'desc')
      .orderBy('p.ave', 'desc')
      .orderBy('p.posted_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  });
}

/** The scope's top `limit` posts, in ranking order, at most `perAuthor` per author. */
export async function rankTopPosts(db: Db, s: Scope, { limit, perAuthor }: { limit: number; perAuthor: number }): Promise<RankedRow[]> {
  const picked: RankedRow[] = [];
  const held = new Map<string, number>();
  for (let below: number | null = null; picked.length < limit;) {
    const floor = await bandFloor(db, s, below, limit - picked.length);
    // Posts in turn, skipping an author who holds their places: a page holds the places open and
    // the cap's worth for each author already placed (or met under another account), so one is
    // usually enough; the band is read further only when it is not.
    const size = limit - picked.length + perAuthor * (held.size + limit);
    for (let offset = 0; picked.length < limit; offset += size) {
      const rows = await bandPage(db, s, { floor, below }, perAuthor, offset, size);
      for (const r of rows) {
        const n = held.get(r.who) ?? 0;
        if (n >= perAuthor) continue;
        held.set(r.who, n + 1);
        picked.push(r);
        if (picked.length === limit) break;
      }
      if (rows.length < size) break;
    }
    if (floor === null) break;
    below = floor;
  }
  return picked;
}

/** A ranked row as the contract's top post (RankedPost). */
export const toRankedPost = (r: RankedRow) => ({ ...toTopPost(r), Engagement: Number(r.engagement) });
