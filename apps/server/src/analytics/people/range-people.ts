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
import { postsKeptPart, rollupInScope, type Scope } from '../scope.ts';
import { rangeAccounts, type RangeAccount } from './queries.ts';
import { postsIndex, type Accounts } from './posts-index.ts';
import { float64s, int32s, recycle } from './array-pool.ts';

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
  /** Gives its arrays back for reuse (array-pool.ts): nothing may use it afterwards. */
  release?(): void;
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
 * them alone ('a:' and its id), as rangeAccounts does in SQL. A person is its key's number
 * (acc.members(p) lists its accounts), so the grouping is a pass over typed arrays; only keys that
 * two accounts of one network have had (acc.shared, rare) are worked out account by account. A
 * page near the top is picked without sorting everyone; a full order is worked out once per sort,
 * when a page beyond PARTIAL_RANKS is asked for.
 */
export function countedPeople(acc: Accounts, counts: Int32Array, partialRanks = PARTIAL_RANKS): RangePeople {
  const P = acc.personKeys.length;
  const { person, shared } = acc;
  const accountFollowers = acc.followers;
  // Shared keys' accounts with posts, worked out below; every other account adds to its key's person.
  const sharedActive: number[] = [];
  const perPerson = int32s(P);
  const followersOf = float64s(P);
  let clips = 0;
  for (let a = 0; a < counts.length; a++) {
    const c = counts[a];
    if (c <= 0) continue;
    clips += c;
    const p = person[a];
    if (shared[p] === 1) sharedActive.push(a);
    else {
      perPerson[p] += c;
      followersOf[p] += accountFollowers[a];
    }
  }
  // A shared key is one person unless two of its accounts with posts are on one network; then each
  // of its accounts is a group of its own, numbered from P on.
  const onNetwork = new Map<number, number>();
  for (const a of sharedActive) {
    const k = person[a] * 64 + (acc.stream[a] & 63);
    onNetwork.set(k, (onNetwork.get(k) ?? 0) + 1);
  }
  const split = new Set<number>();
  for (const [k, n] of onNetwork) if (n > 1) split.add(Math.floor(k / 64));
  const alone: number[] = [];
  for (const a of sharedActive) {
    const p = person[a];
    if (split.has(p)) alone.push(a);
    else {
      perPerson[p] += counts[a];
      followersOf[p] += accountFollowers[a];
    }
  }
  // Per group (a person, or P + j for alone[j]): its posts and followers, and the groups with posts.
  const G = P + alone.length;
  const posts = alone.length ? int32s(G) : perPerson;
  const followers = alone.length ? float64s(G) : followersOf;
  if (alone.length) {
    posts.set(perPerson);
    followers.set(followersOf);
    alone.forEach((a, j) => {
      posts[P + j] = counts[a];
      followers[P + j] = accountFollowers[a];
    });
  }
  const everyGroup = int32s(G);
  let n = 0;
  for (let g = 0; g < G; g++) if (posts[g] > 0) everyGroup[n++] = g;
  const groups = everyGroup.subarray(0, n);
  const keyOf = (g: number) => (g < P ? acc.personKeys[g] : `a:${acc.id[alone[g - P]]}`);

  const personOf = (g: number): Person => {
    const key = keyOf(g);
    const members = g < P ? acc.members(g).filter((a) => counts[a] > 0) : [alone[g - P]];
    const accounts = members
      .map((a) => ({
        person: key,
        id: acc.id[a],
        name: acc.name.get(a) ?? '',
        handle: acc.handle.get(a),
        stream_id: acc.stream[a],
        followers: accountFollowers[a],
        clips: counts[a],
      }))
      .sort((x, y) => y.followers - x.followers || x.id - y.id);
    return { key, accounts, followers: followers[g], clips: posts[g] };
  };

  const orders = new Map<Sort, Int32Array>();
  return {
    count: n,
    clips,
    page(sort, offset, limit) {
      const [one, two]: [ArrayLike<number>, ArrayLike<number>] = sort === 'followers' ? [followers, posts] : [posts, followers];
      // Negative when g ranks before h.
      const cmp = (g: number, h: number) => {
        const d = one[h] - one[g] || two[h] - two[g];
        if (d !== 0) return d;
        const k1 = keyOf(g);
        const k2 = keyOf(h);
        return k1 < k2 ? -1 : k1 > k2 ? 1 : 0;
      };
      const end = Math.min(offset + limit, n);
      if (offset >= end) return [];
      let order = orders.get(sort);
      if (!order && end > partialRanks) {
        order = groups.slice().sort(cmp);
        orders.set(sort, order);
      }
      if (order) return [...order.subarray(offset, end)].map(personOf);
      // The best `end` people, kept in order: most are turned away by their first figure alone.
      const best: number[] = [];
      let floor = -Infinity;
      for (let i = 0; i < n; i++) {
        const g = groups[i];
        if (one[g] < floor) continue;
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
        if (best.length === end) floor = one[best[end - 1]];
      }
      return best.slice(offset).map(personOf);
    },
    release() {
      recycle([counts, perPerson, followersOf, posts, followers, everyGroup]);
    },
  };
}

/**
 * Kept results by key, valid while younger than keepMs and while their marker (read again by the
 * caller's `marker()`) is what the computation read; the least recently used beyond `max` is
 * dropped. A first request of a key asks for no marker: the computation answers its own, read with
 * the value. Callers asking for one key at once share one computation, and a failed computation is
 * not kept. `onDrop` is told of each computed value dropped (lapsed and replaced, beyond `max`, or
 * cleared), once the callers handed it have used it: `use` hands a value to a function that must
 * use it at once (synchronously), and onDrop runs no sooner than the next turn of the event loop.
 */
export class KeptResults<T> {
  private entries = new Map<string, { at: number; value: Promise<{ value: T; marker: string }>; settled: { value: T; marker: string } | null }>();
  constructor(private readonly opts: { keepMs: number; max: number; now?: () => number; onDrop?: (value: T) => void }) {}

  private fresh(key: string) {
    const hit = this.entries.get(key);
    return hit && (this.opts.now ?? Date.now)() - hit.at < this.opts.keepMs ? hit : undefined;
  }

  /** Takes an entry out; a computed value is told to onDrop (toldLater). */
  private drop(key: string): void {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry?.settled) this.toldLater(entry.settled.value);
  }

  /** Tells onDrop of a dropped value after this turn: the callers handed it use it within the turn. */
  private toldLater(value: T): void {
    const { onDrop } = this.opts;
    if (onDrop) setImmediate(() => onDrop(value));
  }

  async get(key: string, marker: () => Promise<string>, compute: () => Promise<{ value: T; marker: string }>): Promise<T> {
    return this.use(key, marker, compute, (v) => v);
  }

  /** The key's value, kept or computed, handed to `f` at once: what f answers is the answer. */
  async use<R>(key: string, marker: () => Promise<string>, compute: () => Promise<{ value: T; marker: string }>, f: (value: T) => R): Promise<R> {
    let hit = this.fresh(key);
    if (hit && !hit.settled) return f((await hit.value).value);
    if (hit) {
      const current = await marker();
      hit = this.fresh(key);
      if (hit && !hit.settled) return f((await hit.value).value); // computed again meanwhile: share it
      if (hit && hit.settled!.marker === current) {
        this.entries.delete(key);
        this.entries.set(key, hit); // most recently used last
        return f(hit.settled!.value);
      }
    }
    const value = compute();
    const entry = { at: (this.opts.now ?? Date.now)(), value, settled: null as { value: T; marker: string } | null };
    this.drop(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.opts.max) this.drop(this.entries.keys().next().value!);
    try {
      entry.settled = await value;
    } catch (err) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw err;
    }
    // Dropped while it was computed: told after its callers used it, like any other.
    if (this.entries.get(key) !== entry) this.toldLater(entry.settled.value);
    return f(entry.settled.value);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.drop(key);
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

/** A scope's totals as a kept entry's marker. */
const markerOf = (t: { clips: number; hours: number }) => `${t.clips}:${t.hours}`;

/**
 * The scope's people from the posts index, in one snapshot with the rollups' count of the range
 * that checks it (and is the kept entry's marker); from SQL while the bin's index loads in the
 * background (posts-index.ts).
 */
async function computePeople(db: Db, s: Scope): Promise<{ value: RangePeople; marker: string }> {
  const index = postsIndex(db);
  if (index.ready(s.binId)) {
    const people = await index.exclusive(() =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const t = await totals(trx, s);
          const c = await index.counts(trx, s, t.clips);
          return c && { value: c.total === 0 ? groupPeople([]) : countedPeople(index.accounts, c.counts), marker: markerOf(t) };
        }),
    );
    if (people) return people;
  }
  void index.warm(db, s.binId).catch(() => undefined);
  const marker = markerOf(await totals(db, s));
  return { value: groupPeople(await rangeAccounts(db, s)), marker };
}

/**
 * The scope's people, from the kept entry when it still holds, handed to `f`, which must take what
 * it needs at once (synchronously): a dropped entry's arrays are reused (array-pool.ts).
 */
export async function rangePeople<R>(db: Db, scope: Scope, f: (people: RangePeople) => R): Promise<R> {
  // Only the posts kept are counted, and checked against the rollups of the same hours.
  const s = postsKeptPart(scope);
  let results = kept.get(db);
  if (!results) kept.set(db, (results = new KeptResults<RangePeople>({ keepMs: PEOPLE_KEEP_MS, max: MAX_SCOPES, onDrop: (people) => people.release?.() })));
  const key = `${s.binId}|${s.from.toISOString()}|${s.to.toISOString()}|${[...s.streams].sort((a, b) => a - b).join(',')}`;
  return results.use(
    key,
    async () => markerOf(await totals(db, s)),
    () => computePeople(db, s),
    f,
  );
}

/**
 * Forgets every kept scope of a database (the bench, to time the first request of a scope), and
 * with `index` the posts index too (its next use loads the bin and reads every account again).
 */
export function forgetRangePeople(db: Db, { index = false }: { index?: boolean } = {}): void {
  kept.get(db)?.clear();
  if (index) postsIndex(db).forget();
}
