// SQL of the people index's fallback: a range's accounts and the person each is taken to be,
// grouped in SQL while a bin's posts index is not loaded yet (posts-index.ts, range-people.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { clipsInScope, type Scope } from '../scope.ts';
import { personKey } from '../person-key.ts';

/** An account with posts in range, and the person it is taken to be. */
export interface RangeAccount {
  person: string;
  id: number;
  name: string;
  handle: string | null;
  stream_id: number;
  followers: number;
  clips: number;
}

/** Posts in range per author. */
const postedByAuthor = (db: Db, s: Scope) =>
  db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', eb.fn.countAll<number>().as('clips')])
    .where('bin_clips.author_id', 'is not', null)
    .$call(clipsInScope(s))
    .groupBy('bin_clips.author_id');

/**
 * The range's accounts with their person: the person key, unless the key names two accounts on
 * one network (not known to be one person: each stands alone, 'a:' and its id), as on the
 * dashboard. Window functions only, no self-join, so the plan stays one pass whatever the
 * planner guesses of the row counts.
 */
const people = (db: Db, s: Scope) => sql`
  with acc as (
    select authors.id, authors.name, authors.handle, authors.stream_id, authors.followers, p.clips, ${personKey} as key
      from (${postedByAuthor(db, s)}) p join authors on authors.id = p.author_id),
  counted as (select acc.*, count(*) over (partition by key, stream_id) as on_network from acc)
  select counted.*, case when max(on_network) over (partition by key) > 1 then 'a:' || id else key end as person from counted`;

/** Every account with posts in range, with its posts and its person (range-people.ts groups and ranks them). */
export async function rangeAccounts(db: Db, s: Scope): Promise<RangeAccount[]> {
  const { rows } = await sql<RangeAccount>`
    select person, id, name, handle, stream_id, followers, clips from (${people(db, s)}) p`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), stream_id: Number(r.stream_id), followers: Number(r.followers), clips: Number(r.clips) }));
}
