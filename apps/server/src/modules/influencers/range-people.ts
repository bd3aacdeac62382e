// The people of a scope for the Top Authors page: every account that posted in range with its
// posts, grouped into people (queries.ts rangeAccounts), computed once and kept a short while.
// Grouping every post of a long range by author is the page's whole cost (seconds at millions of
// posts); a user then pages, flips the sort and comes back to the same range, and each of those
// is answered from the kept people instead of grouping the posts again.
//
// An entry is used only while the scope's rollup totals are what they were when it was computed:
// every new post, rejection and restore moves them in the statement that changes bin_clips, so
// those show at once. What does not move them (an account's followers or name updated by
// ingestion, a rejection and a restore that cancel out) shows within PEOPLE_KEEP_MS.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { rollupInScope, type Scope } from '../../analytics/scope.ts';
import { rangeAccounts, type RangeAccount } from './queries.ts';

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
  /** Every person, ranked (ties: the other figure, then the person key, so pages never overlap). */
  ranked(sort: 'followers' | 'clips'): Person[];
}

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
    ranked(sort) {
      let order = orders.get(sort);
      if (!order) {
        const [first, second] = sort === 'followers' ? (['followers', 'clips'] as const) : (['clips', 'followers'] as const);
        order = [...people].sort((a, b) => b[first] - a[first] || b[second] - a[second] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        orders.set(sort, order);
      }
      return order;
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
async function marker(db: Db, s: Scope): Promise<string> {
  const t = await db
    .selectFrom('bin_hourly')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('clips'), sql<number>`0`).as('clips'), eb.fn.countAll<number>().as('hours')])
    .$call(rollupInScope(s))
    .executeTakeFirstOrThrow();
  return `${t.clips}:${t.hours}`;
}

/** The scope's people, from the kept entry when it still holds. */
export async function rangePeople(db: Db, s: Scope): Promise<RangePeople> {
  let results = kept.get(db);
  if (!results) kept.set(db, (results = new KeptResults<RangePeople>({ keepMs: PEOPLE_KEEP_MS, max: MAX_SCOPES })));
  const key = `${s.binId}|${s.from.toISOString()}|${s.to.toISOString()}|${[...s.streams].sort((a, b) => a - b).join(',')}`;
  return results.get(key, await marker(db, s), async () => groupPeople(await rangeAccounts(db, s)));
}

/** Forgets every kept scope of a database (the bench, to time the first request of a scope). */
export function forgetRangePeople(db: Db): void {
  kept.get(db)?.clear();
}
