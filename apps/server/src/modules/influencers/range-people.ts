// The people of a scope for the Top Authors page: every account that posted in range with its
// posts, grouped into people, computed once and kept a short while. The posts per account come
// from the posts index (posts-index.ts, counted in memory), or from SQL (queries.ts rangeAccounts)
// while the bin's index loads; a user then pages, flips the sort and comes back to the same range,
// and each of those is answered from the kept people.
//
// An entry is used only while the scope's rollup totals are what they were when it was computed:
// every new post, rejection and restore moves them in the statement that changes bin_clips, so
// those show at once. What does not move them (an account's followers or name updated by
// ingestion, a rejection and a restore that cancel out) shows within PEOPLE_KEEP_MS.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';
import { rangeAccounts, type RangeAccount } from './queries.ts';
import { postsIndex, type Accounts } from './posts-index.ts';

/** How long people are kept for a scope, however unchanged its totals. */
export const PEOPLE_KEEP_MS = 60_000;
/** Scopes kept per database; the least recently used goes first (an entry of 200,000 accounts is tens of MB). */
const MAX_SCOPES = 4;

export interface Person {
  key: string;
  /** The person's accounts with posts in range, largest audience first (then by id). */
  accounts: RangeAccount[];
  followers: number;
  clips: number;
}

export interface RangePeople {
  /** People in range. */
  count: number;
  /** Their posts in range. */
  clips: number;
  /** People ranked, from `offset`, at most `limit` (ties: the other figure, then the person key, so pages never overlap). */
  page(sort: Sort, offset: number, limit: number): Person[];
}

type Sort = 'followers' | 'clips';

/** Groups a range's accounts into people and ranks them on demand (each order worked out once). */
export function groupPeople(rows: RangeAccount[]): RangePeople {
  const byKey = new Map<string, Person>();
  let clips = 0;
  for (const r of rows) {
    let p = byKey.get(r.person);
    if (!p) byKey.set(r.person, (p = { key: r.person, accounts: [], followers: 0, clips: 0 }));
    p.accounts.push(r);
    p.followers += r.followers;
    p.clips += r.clips;
    clips += r.clips;
  }
  const people = [...byKey.values()];
  for (const p of people) p.accounts.sort((a, b) => b.followers - a.followers || a.id - b.id);
  const orders = new Map<string, Person[]>();
  return {
    count: people.length,
    clips,
    page(sort, offset, limit) {
      let order = orders.get(sort);
      if (!order) {
        const [first, second] = sort === 'followers' ? (['followers', 'clips'] as const) : (['clips', 'followers'] as const);
        order = [...people].sort((a, b) => b[first] - a[first] || b[second] - a[second] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        orders.set(sort, order);
      }
      return order.slice(offset, offset + limit);
    },
  };
}

/** Ranks below this are found without sorting every person (a page near the top of a long list). */
const PARTIAL_RANKS = 2_000;

/**
 * The same people from the posts index's counts per account (posts-index.ts): accounts with posts
 * are grouped by person key, except that a key naming two accounts on one network leaves each of
 * them alone ('a:' and its id), as rangeAccounts does in SQL. Typed arrays throughout, and a page
 * near the top is picked without sorting everyone; a full order is worked out once per sort, when
 * a page beyond PARTIAL_RANKS is asked for.
 */
export function countedPeople(acc: Accounts, counts: Int32Array, partialRanks = PARTIAL_RANKS): RangePeople {
  const active: number[] = [];
  for (let a = 0; a < counts.length; a++) if (counts[a] > 0) active.push(a);
  // Networks seen per person key (a bit per stream id; ids are below 31), and keys seen twice on one.
  const seen = new Int32Array(acc.personKeys.length);
  const split = new Uint8Array(acc.personKeys.length);
  for (const a of active) {
    const p = acc.person[a];
    const bit = 1 << acc.stream[a];
    if (seen[p] & bit) split[p] = 1;
    seen[p] |= bit;
  }
  const groupOfPerson = new Int32Array(acc.personKeys.length).fill(-1);
  const groupOf = new Int32Array(active.length);
  const keys: string[] = [];
  const followers: number[] = [];
  const posts: number[] = [];
  let clips = 0;
  active.forEach((a, i) => {
    const p = acc.person[a];
    let g = split[p] ? -1 : groupOfPerson[p];
    if (g < 0) {
      g = keys.length;
      keys.push(split[p] ? `a:${acc.id[a]}` : acc.personKeys[p]);
      followers.push(0);
      posts.push(0);
      if (!split[p]) groupOfPerson[p] = g;
    }
    groupOf[i] = g;
    followers[g] += acc.followers[a];
    posts[g] += counts[a];
    clips += counts[a];
  });
  const n = keys.length;

  let members: number[][] | null = null;
  const person = (g: number): Person => {
    if (!members) {
      members = Array.from({ length: n }, () => []);
      groupOf.forEach((grp, i) => members![grp].push(active[i]));
    }
    const accounts = members[g]
      .map((a) => ({
        person: keys[g],
        id: acc.id[a],
        name: acc.name[a],
        handle: acc.handle[a],
        stream_id: acc.stream[a],
        followers: acc.followers[a],
        clips: counts[a],
      }))
      .sort((x, y) => y.followers - x.followers || x.id - y.id);
    return { key: keys[g], accounts, followers: followers[g], clips: posts[g] };
  };

  const orders = new Map<Sort, Int32Array>();
  return {
    count: n,
    clips,
    page(sort, offset, limit) {
      const [first, second] = sort === 'followers' ? [followers, posts] : [posts, followers];
      // Negative when g ranks before h.
      const cmp = (g: number, h: number) => first[h] - first[g] || second[h] - second[g] || (keys[g] < keys[h] ? -1 : keys[g] > keys[h] ? 1 : 0);
      const end = Math.min(offset + limit, n);
      if (offset >= end) return [];
      let order = orders.get(sort);
      if (!order && end > partialRanks) {
        order = Int32Array.from({ length: n }, (_, i) => i).sort(cmp);
        orders.set(sort, order);
      }
      if (order) return [...order.subarray(offset, end)].map(person);
      // The best `end` people, kept in order: most are turned away by one comparison with the last.
      const best: number[] = [];
      for (let g = 0; g < n; g++) {
        if (best.length === end && cmp(g, best[end - 1]) >= 0) continue;
        let lo = 0;
        let hi = best.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (cmp(best[mid], g) < 0) lo = mid + 1;
          else hi = mid;
        }
        best.splice(lo, 0, g);
        if (best.length > end) best.pop();
      }
      return best.slice(offset).map(person);
    },
  };
}

/**
 * Kept results by key, valid while their marker is unchanged and younger than keepMs; the least
 * recently used beyond `max` is dropped. Callers asking for one key at once share one computation,
 * and a failed computation is not kept.
 */
export class KeptResults<T> {
  private entries = new Map<string, { marker: string; at: number; value: Promise<T> }>();
  constructor(private readonly opts: { keepMs: number; max: number; now?: () => number }) {}

  get(key: string, marker: string, compute: () => Promise<T>): Promise<T> {
    const now = (this.opts.now ?? Date.now)();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.marker === marker && now - hit.at < this.opts.keepMs) {
      this.entries.set(key, hit); // most recently used last
      return hit.value;
    }
    const value = compute();
    const entry = { marker, at: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.opts.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const kept = new WeakMap<Db, KeptResults<RangePeople>>();

/** The scope's totals in the hourly rollups (the shared rollup filter): what every writer of bin_clips moves. */
async function totals(db: Db, s: Scope): Promise<{ clips: number; hours: number }> {
  const t = await db
    .selectFrom('bin_hourly')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('clips'), sql<number>`0`).as('clips'), eb.fn.countAll<number>().as('hours')])
    .$call(rollupInScope(s))
    .executeTakeFirstOrThrow();
  return { clips: Number(t.clips), hours: Number(t.hours) };
}

/**
 * The scope's people from the posts index, in one snapshot with the rollups' count of the range
 * that checks it; from SQL while the bin's index loads in the background (posts-index.ts).
 */
async function computePeople(db: Db, s: Scope): Promise<RangePeople> {
  const index = postsIndex(db);
  if (index.ready(s.binId)) {
    const people = await index.exclusive(() =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const c = await index.counts(trx, s, (await totals(trx, s)).clips);
          return c && countedPeople(index.accounts, c.counts);
        }),
    );
    if (people) return people;
  }
  void index.warm(db, s.binId).catch(() => undefined);
  return groupPeople(await rangeAccounts(db, s));
}

/** The scope's people, from the kept entry when it still holds. */
export async function rangePeople(db: Db, s: Scope): Promise<RangePeople> {
  let results = kept.get(db);
  if (!results) kept.set(db, (results = new KeptResults<RangePeople>({ keepMs: PEOPLE_KEEP_MS, max: MAX_SCOPES })));
  const key = `${s.binId}|${s.from.toISOString()}|${s.to.toISOString()}|${[...s.streams].sort((a, b) => a - b).join(',')}`;
  const t = await totals(db, s);
  return results.get(key, `${t.clips}:${t.hours}`, () => computePeople(db, s));
}

/**
 * Forgets every kept scope of a database (the bench, to time the first request of a scope), and
 * with `index` the posts index too (its next use loads the bin and reads every account again).
 */
export function forgetRangePeople(db: Db, { index = false }: { index?: boolean } = {}): void {
  kept.get(db)?.clear();
  if (index) postsIndex(db).forget();
}
