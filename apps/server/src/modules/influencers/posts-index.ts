// Who posted when, per bin, kept in memory: the Top Authors page's answer to "every person who
// posted in this range, with their posts" without grouping millions of bin_clips rows in SQL on a
// range's first request (seconds at 10,000,000 posts; docs/authors-and-followers.md, "Speed").
//
// A bin's index holds three columns per bin_clips row, in posted_at order: the second it was
// posted, its account (a dense number, -1 for none) and its stream. Counting a range's posts per
// account is a binary search and a loop over typed arrays; the accounts (name, handle, network,
// followers, person key) are kept once per database beside it.
//
// Kept exact, and checked on every use, inside one repeatable-read transaction (one snapshot):
// - New rows are read by created_at (index bin_clips_bin_created) from OVERLAP_S before the last
//   read on; rows already read in that window are known by id and skipped.
// - Rejected rows stay in the index and are subtracted: the bin's rejected rows (partial index
//   bin_clips_rejected) are read again when older than REJECTED_KEEP_MS, or when the check fails.
// - The check: the range's count from the index must equal the hourly rollups' count of the same
//   range (whole hours, same snapshot). The rollups move in the statement that changes bin_clips,
//   so a row deleted, a late commit missed or a rejection not yet read shows as a difference:
//   the rejected rows are read again, then, if still different, the bin is dropped and loaded
//   again in the background.
// A bin not loaded (the first use, or after a drop) is loaded in the background and its ranges are
// answered from SQL meanwhile (queries.ts rangeAccounts, seconds at 10,000,000 posts), so no request
// waits for a load (about two minutes at 10,000,000 posts on a 2-core machine).
// What the check cannot see: changes that cancel out within the range (a rejection and a restore
// in the same range) until the rejected rows are read again, and an account's followers or name,
// read again from authors.updated_at every AUTHORS_KEEP_MS (ingestion sets it on every change).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { personKey } from '../../analytics/person-key.ts';
import type { Scope } from '../../analytics/scope.ts';

/** Rows created this many seconds before the last read are read again (commits land late). */
const OVERLAP_S = 60;
/** How long a bin's rejected rows and the accounts' followers and names are used before reading them again. */
const REJECTED_KEEP_MS = 60_000;
const AUTHORS_KEEP_MS = 60_000;
/** Unsorted new rows merged into the sorted columns beyond this many. */
const TAIL_MAX = 65_536;
/** Rows kept across a database's bins (10 bytes each); the least recently used bin goes first. */
const MAX_ROWS = 60_000_000;
/** Account ids read per statement. */
const ID_CHUNK = 10_000;

const num = (v: unknown) => Number(v);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** A row's author id, -1 for none. */
const authorOf = (r: { author_id: unknown }) => (r.author_id === null ? -1 : num(r.author_id));

/** Every account seen by a database's indexes: who it is and how many follow it. */
export class Accounts {
  readonly byId = new Map<number, number>();
  id: number[] = [];
  name: string[] = [];
  handle: (string | null)[] = [];
  stream: number[] = [];
  followers: number[] = [];
  person: number[] = [];
  readonly personKeys: string[] = [];
  private readonly personByKey = new Map<string, number>();
  private checkedAt = 0;
  private since: Date | null = null;

  get size(): number {
    return this.id.length;
  }

  /** The dense number of an author id; -1 for none, or for an id with no authors row (the SQL's join drops those too). */
  of(id: number): number {
    return this.byId.get(id) ?? -1;
  }

  private personOf(key: string): number {
    let p = this.personByKey.get(key);
    if (p === undefined) {
      p = this.personKeys.length;
      this.personKeys.push(key);
      this.personByKey.set(key, p);
    }
    return p;
  }

  private put(r: { id: unknown; name: string; handle: string | null; stream_id: unknown; followers: unknown; key: string }): void {
    const id = num(r.id);
    let a = this.byId.get(id);
    if (a === undefined) {
      a = this.id.length;
      this.byId.set(id, a);
      this.id.push(id);
    }
    this.name[a] = r.name;
    this.handle[a] = r.handle;
    this.stream[a] = num(r.stream_id);
    this.followers[a] = num(r.followers);
    this.person[a] = this.personOf(r.key);
  }

  private select(db: Db) {
    return db.selectFrom('authors').select(['id', 'name', 'handle', 'stream_id', 'followers', personKey.as('key')]);
  }

  /** Reads the accounts of these ids not known yet. */
  async add(db: Db, ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => id >= 0 && !this.byId.has(id));
    if (this.since === null && missing.length) this.since = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0].now;
    for (let i = 0; i < missing.length; i += ID_CHUNK) {
      const rows = await this.select(db)
        .where(sql<boolean>`id = any(${missing.slice(i, i + ID_CHUNK)}::bigint[])`)
        .execute();
      for (const r of rows) this.put(r);
    }
  }

  /** Reads again the known accounts changed since the last look, at most every AUTHORS_KEEP_MS. */
  async refresh(db: Db): Promise<void> {
    if (this.since === null || Date.now() - this.checkedAt < AUTHORS_KEEP_MS) return;
    const now = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0].now;
    const rows = await this.select(db)
      .where('updated_at', '>=', new Date(this.since.getTime() - OVERLAP_S * 1000))
      .execute();
    for (const r of rows) if (this.byId.has(num(r.id))) this.put(r);
    this.since = now;
    this.checkedAt = Date.now();
  }

  /** The next refresh reads again whatever its time. */
  stale(): void {
    this.checkedAt = 0;
  }
}

/** Posts of a range per account: counts[account], and every post in range (with or without an author). */
export interface RangeCounts {
  counts: Int32Array;
  total: number;
}

interface Rejected {
  time: Int32Array;
  account: Int32Array;
  stream: Int16Array;
  at: number;
}

/** One bin's posts in posted_at order (plus a short unsorted tail of new ones). */
export class BinPosts {
  time = new Int32Array(0);
  account = new Int32Array(0);
  stream = new Int16Array(0);
  n = 0;
  private tailTime: number[] = [];
  private tailAccount: number[] = [];
  private tailStream: number[] = [];
  /** bin_clips ids read with created_at at or after `cutoff`, and when they were created. */
  private recent = new Map<number, number>();
  private cutoff = 0;
  private rejected: Rejected | null = null;

  constructor(readonly binId: number) {}

  get rows(): number {
    return this.n + this.tailTime.length;
  }

  private grow(need: number): void {
    if (need <= this.time.length) return;
    const size = Math.max(need, Math.ceil(this.time.length * 1.5), 1024);
    const t = new Int32Array(size);
    t.set(this.time.subarray(0, this.n));
    const a = new Int32Array(size);
    a.set(this.account.subarray(0, this.n));
    const s = new Int16Array(size);
    s.set(this.stream.subarray(0, this.n));
    [this.time, this.account, this.stream] = [t, a, s];
  }

  /** Reads every row of the bin (in day chunks, each one bytea of 14-byte rows), replacing what was held. */
  async load(db: Db, accounts: Accounts): Promise<void> {
    const head = (
      await sql<{ now: Date; lo: Date | null; hi: Date | null }>`
        select now() as now, min(posted_at) as lo, max(posted_at) as hi from bin_clips where bin_id = ${this.binId}`.execute(db)
    ).rows[0];
    const cutoff = new Date(head.now.getTime() - OVERLAP_S * 1000);
    this.n = 0;
    this.tailTime = [];
    this.tailAccount = [];
    this.tailStream = [];
    this.recent = new Map();
    this.cutoff = cutoff.getTime();
    this.rejected = null;
    const ids: number[] = [];
    if (head.lo && head.hi) {
      const DAY = 86_400_000;
      for (let d = Math.floor(head.lo.getTime() / DAY) * DAY; d <= head.hi.getTime(); d += DAY) {
        const { rows } = await sql<{ buf: Uint8Array | null }>`
          select string_agg(int4send(floor(extract(epoch from posted_at))::int) || int8send(coalesce(author_id, -1)) || int2send(stream_id), ''::bytea
                            order by posted_at) as buf
            from bin_clips
           where bin_id = ${this.binId} and posted_at >= ${new Date(d)} and posted_at < ${new Date(d + DAY)} and created_at < ${cutoff}`.execute(db);
        const buf = rows[0].buf;
        if (!buf) continue;
        const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
        const count = buf.byteLength / 14;
        this.grow(this.n + count);
        for (let i = 0, o = 0; i < count; i++, o += 14) {
          this.time[this.n] = view.getInt32(o);
          // An author id as two 32-bit halves (ids stay below 2^53); -1 for no author.
          ids.push(view.getInt32(o + 4) * 4_294_967_296 + view.getUint32(o + 8));
          this.stream[this.n] = view.getInt16(o + 12);
          this.n++;
        }
      }
    }
    await accounts.add(db, ids);
    for (let i = 0; i < this.n; i++) this.account[i] = accounts.of(ids[i]);
    await this.readNew(db, accounts, cutoff);
  }

  /** Reads the rows created since the last read (with the overlap), skipping those already held. */
  async refresh(db: Db, accounts: Accounts): Promise<void> {
    const now = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0].now;
    await this.readNew(db, accounts, new Date(this.cutoff));
    const cutoff = now.getTime() - OVERLAP_S * 1000;
    if (cutoff > this.cutoff) {
      this.cutoff = cutoff;
      for (const [id, at] of this.recent) if (at < cutoff) this.recent.delete(id);
    }
    if (this.tailTime.length > TAIL_MAX) this.mergeTail();
  }

  private async readNew(db: Db, accounts: Accounts, since: Date): Promise<void> {
    const rows = await db
      .selectFrom('bin_clips')
      .select(['id', 'created_at', 'posted_at', 'author_id', 'stream_id'])
      .where('bin_id', '=', this.binId)
      .where('created_at', '>=', since)
      .execute();
    const fresh = rows.filter((r) => !this.recent.has(num(r.id)));
    await accounts.add(db, fresh.map(authorOf));
    for (const r of fresh) {
      this.recent.set(num(r.id), new Date(r.created_at).getTime());
      this.tailTime.push(seconds(new Date(r.posted_at)));
      this.tailAccount.push(accounts.of(authorOf(r)));
      this.tailStream.push(num(r.stream_id));
    }
  }

  /** Sorts the tail into the columns. */
  private mergeTail(): void {
    const m = this.tailTime.length;
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => this.tailTime[a] - this.tailTime[b]);
    const size = this.n + m;
    const t = new Int32Array(Math.max(size, this.time.length));
    const a = new Int32Array(t.length);
    const s = new Int16Array(t.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < size; k++) {
      if (j >= m || (i < this.n && this.time[i] <= this.tailTime[order[j]])) {
        t[k] = this.time[i];
        a[k] = this.account[i];
        s[k] = this.stream[i++];
      } else {
        const o = order[j++];
        t[k] = this.tailTime[o];
        a[k] = this.tailAccount[o];
        s[k] = this.tailStream[o];
      }
    }
    [this.time, this.account, this.stream, this.n] = [t, a, s, size];
    this.tailTime = [];
    this.tailAccount = [];
    this.tailStream = [];
  }

  /** The bin's rejected rows, read again when older than REJECTED_KEEP_MS or when forced. */
  async readRejected(db: Db, accounts: Accounts, force = false): Promise<void> {
    if (!force && this.rejected && Date.now() - this.rejected.at < REJECTED_KEEP_MS) return;
    const rows = await db
      .selectFrom('bin_clips')
      .select(['posted_at', 'author_id', 'stream_id'])
      .where('bin_id', '=', this.binId)
      .where('rejected', '=', true)
      .execute();
    await accounts.add(db, rows.map(authorOf));
    this.rejected = {
      time: Int32Array.from(rows, (r) => seconds(new Date(r.posted_at))),
      account: Int32Array.from(rows, (r) => accounts.of(authorOf(r))),
      stream: Int16Array.from(rows, (r) => num(r.stream_id)),
      at: Date.now(),
    };
  }

  /** First row at or after second t. */
  private lowerBound(t: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.time[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The scope's posts per account, rejected ones left out (readRejected first). */
  count(s: Pick<Scope, 'from' | 'to' | 'streams'>, accounts: number): RangeCounts {
    const from = seconds(s.from);
    const to = seconds(s.to);
    const wanted = new Uint8Array(1 << 15);
    for (const id of s.streams) if (id >= 0 && id < wanted.length) wanted[id] = 1;
    const counts = new Int32Array(accounts);
    let total = 0;
    const { account, stream } = this;
    for (let i = this.lowerBound(from), end = this.lowerBound(to); i < end; i++) {
      if (wanted[stream[i]] === 0) continue;
      total++;
      if (account[i] >= 0) counts[account[i]]++;
    }
    for (let i = 0; i < this.tailTime.length; i++) {
      const t = this.tailTime[i];
      if (t < from || t >= to || wanted[this.tailStream[i]] === 0) continue;
      total++;
      if (this.tailAccount[i] >= 0) counts[this.tailAccount[i]]++;
    }
    const r = this.rejected;
    if (r)
      for (let i = 0; i < r.time.length; i++) {
        if (r.time[i] < from || r.time[i] >= to || wanted[r.stream[i]] === 0) continue;
        total--;
        if (r.account[i] >= 0) counts[r.account[i]]--;
      }
    return { counts, total };
  }
}

/** A database's indexes: the accounts, and the bins asked about, least recently used first. */
export class PostsIndex {
  readonly accounts = new Accounts();
  private readonly bins = new Map<number, BinPosts>();
  private queue: Promise<unknown> = Promise.resolve();

  /** Runs one use of the index at a time (uses share its columns and its reads). */
  exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Loads in progress, by bin. */
  private readonly loading = new Map<number, Promise<void>>();
  /** Whole-bin loads done, and ranges answered from the index (the tests and the bench read them). */
  loads = 0;
  answered = 0;

  /**
   * Loads the bin's index in the background (its own snapshot), unless it is loading already; the
   * promise settles when it is usable. Uses of the index wait meanwhile, so callers answer from SQL
   * while a bin loads (minutes at 10,000,000 posts) instead of waiting for it.
   */
  warm(db: Db, binId: number): Promise<void> {
    let p = this.loading.get(binId);
    if (!p) {
      p = this.exclusive(() =>
        db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const b = new BinPosts(binId);
            await b.load(trx, this.accounts);
            await b.readRejected(trx, this.accounts, true);
            this.loads++;
            this.keep(b);
          }),
      ).finally(() => this.loading.delete(binId));
      this.loading.set(binId, p);
      p.catch((err: Error) => console.warn(`posts index of bin ${binId} not loaded: ${err.message}`));
    }
    return p;
  }

  /** Settles when every use and load of the index queued so far has. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Whether a range of the bin can be answered now (loaded, and no load waiting in line). */
  ready(binId: number): boolean {
    return this.bins.has(binId) && this.loading.size === 0;
  }

  /** Keeps a bin as the most recently used; the least recently used beyond MAX_ROWS go. */
  private keep(b: BinPosts): void {
    this.bins.delete(b.binId);
    this.bins.set(b.binId, b);
    let rows = 0;
    for (const x of this.bins.values()) rows += x.rows;
    for (const [id, x] of this.bins) {
      if (rows <= MAX_ROWS || x === b) break;
      rows -= x.rows;
      this.bins.delete(id);
    }
  }

  /**
   * The scope's posts per account, brought up to date and checked against `expected` (the
   * rollups' count of the range in the same snapshot). Null when the bin is not loaded, or when
   * the difference is not explained by the rejected rows read again: the bin is then dropped, to
   * be loaded again by warm().
   */
  async counts(db: Db, s: Scope, expected: number): Promise<RangeCounts | null> {
    const b = this.bins.get(s.binId);
    if (!b) return null;
    await b.refresh(db, this.accounts);
    this.keep(b);
    await b.readRejected(db, this.accounts);
    await this.accounts.refresh(db);
    let c = b.count(s, this.accounts.size);
    if (c.total !== expected) {
      await b.readRejected(db, this.accounts, true);
      c = b.count(s, this.accounts.size);
    }
    if (c.total !== expected) {
      this.bins.delete(s.binId);
      return null;
    }
    this.answered++;
    return c;
  }

  forget(): void {
    this.bins.clear();
    this.accounts.stale();
  }
}

const indexes = new WeakMap<Db, PostsIndex>();

export function postsIndex(db: Db): PostsIndex {
  let x = indexes.get(db);
  if (!x) indexes.set(db, (x = new PostsIndex()));
  return x;
}
