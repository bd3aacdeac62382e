// Top authors, one ranking for the dashboard's widget, the Top Authors page's people and the
// reports' tables (docs/dashboard.md, "Top authors"). A person is their accounts on several
// networks sharing a person key (person-key.ts: the handle, else the name), at most one per
// network: a key naming two accounts on one network is not known to be one person, so each of its
// accounts stands alone. People are picked by their largest account (the walk by followers that
// index bin_clips_author_bin_posted allows: the first `limit` distinct people it meets), completed
// with their other accounts in range, and shown by their followers summed over those accounts.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { DB } from '../db/tables.generated.ts';
import { personKey } from './person-key.ts';
import { clipsInScope, type Scope } from './scope.ts';

/** Some post of the author's in range (index bin_clips_author_bin_posted). */
const hasPostInScope =
  (s: Scope) =>
  ({ exists, selectFrom }: ExpressionBuilder<DB, 'authors'>) =>
    exists(
      selectFrom('bin_clips')
        .select(sql`1`.as('one'))
        .whereRef('bin_clips.author_id', '=', 'authors.id')
        .$call(clipsInScope(s)),
    );

/** An account at a place in the walk: (followers, id), most followed first. */
interface AuthorCursor {
  followers: number;
  id: number;
}

/**
 * Author accounts with a post in range, by followers: walks authors from the most followed and
 * probes each one's posts in the bin (index bin_clips_author_bin_posted), stopping at `limit`;
 * `after` continues a walk. Each row carries its person key.
 */
function topAuthorsByFollowers(db: Db, s: Scope, limit: number, after?: AuthorCursor) {
  return db
    .selectFrom('authors')
    .select(['authors.id', 'authors.name', 'authors.handle', 'authors.stream_id', 'authors.followers', personKey.as('person_key')])
    .where('authors.stream_id', 'in', s.streams)
    .where(hasPostInScope(s))
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([eb('authors.followers', '<', after!.followers), eb.and([eb('authors.followers', '=', after!.followers), eb('authors.id', '>', after!.id)])]),
      ),
    )
    .orderBy('authors.followers', 'desc')
    .orderBy('authors.id')
    .limit(limit)
    .execute();
}

/**
 * Every account in the scope's streams with a post in range whose person key is one of `keys` (the
 * shown people's other networks). The key has no index: this reads the authors of those streams,
 * probing only the ones whose key matches.
 */
async function authorsByPersonKey(db: Db, s: Scope, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('authors')
    .select(['authors.id', 'authors.name', 'authors.handle', 'authors.stream_id', 'authors.followers', personKey.as('person_key')])
    .where('authors.stream_id', 'in', s.streams)
    .where(sql<boolean>`${personKey} in (${sql.join(keys)})`)
    .where(hasPostInScope(s))
    .orderBy('authors.followers', 'desc')
    .orderBy('authors.id')
    .execute();
}

/** Posts in range per author and their AVE, for the few authors shown. */
async function clipCountsByAuthor(db: Db, s: Scope, authorIds: number[]): Promise<Map<number, { clips: number; ave: number }>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bin_clips')
    .select((eb) => ['bin_clips.author_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('bin_clips.ave').as('ave')])
    .where('bin_clips.author_id', 'in', authorIds)
    .$call(clipsInScope(s))
    .groupBy('bin_clips.author_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.author_id), { clips: Number(r.count), ave: Number(r.ave ?? 0) }]));
}

/** One account of a person, with its posts and AVE in range. */
export interface AuthorAccount {
  id: number;
  name: string;
  handle: string | null;
  streamId: number;
  followers: number;
  clips: number;
  ave: number;
}

/** A person: their accounts, largest audience first, and the sums over them. */
export interface TopAuthor {
  accounts: AuthorAccount[];
  followers: number;
  clips: number;
  ave: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** The scope's top `limit` people, most followed first. */
export async function rankTopAuthors(db: Db, s: Scope, limit: number): Promise<TopAuthor[]> {
  type Row = Awaited<ReturnType<typeof topAuthorsByFollowers>>[number];
  // 1. Walk accounts by followers until `limit` distinct person keys are met (or none are left).
  const walked: Row[] = [];
  const keys = new Set<string>();
  const batch = Math.max(limit * 2, 50);
  for (let after: AuthorCursor | undefined; ;) {
    const rows = await topAuthorsByFollowers(db, s, batch, after);
    for (const r of rows) {
      if (keys.size >= limit && !keys.has(r.person_key)) break;
      keys.add(r.person_key);
      walked.push(r);
    }
    const last = rows.at(-1);
    if (rows.length < batch || keys.size >= limit || !last) break;
    after = { followers: num(last.followers), id: num(last.id) };
  }

  // 2. Complete each key with its accounts the walk did not reach, and split the keys that name two
  //    accounts on one network (each of those accounts the walk met becomes a person of its own).
  const byKey = new Map<string, Row[]>();
  for (const r of await authorsByPersonKey(db, s, [...keys])) byKey.set(r.person_key, [...(byKey.get(r.person_key) ?? []), r]);
  const people: Row[][] = [];
  const placed = new Set<string>();
  for (const r of walked) {
    // Largest audience first (the lookup's order), so accounts[0] is the account the walk met first.
    const accounts = byKey.get(r.person_key) ?? [r];
    if (new Set(accounts.map((a) => a.stream_id)).size < accounts.length) people.push([r]);
    else if (!placed.has(r.person_key)) people.push(accounts);
    placed.add(r.person_key);
  }
  const shown = people.slice(0, limit);

  const counts = await clipCountsByAuthor(
    db,
    s,
    shown.flatMap((p) => p.map((a) => num(a.id))),
  );
  return shown
    .map((rows): TopAuthor => {
      const accounts = rows.map((a) => ({
        id: num(a.id),
        name: a.name,
        handle: a.handle,
        streamId: a.stream_id,
        followers: num(a.followers),
        clips: counts.get(num(a.id))?.clips ?? 0,
        ave: counts.get(num(a.id))?.ave ?? 0,
      }));
      const sum = (k: 'followers' | 'clips' | 'ave') => accounts.reduce((n, a) => n + a[k], 0);
      return { accounts, followers: sum('followers'), clips: sum('clips'), ave: sum('ave') };
    })
    .sort((a, b) => b.followers - a.followers);
}
