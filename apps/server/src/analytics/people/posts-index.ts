// Who posted when, per bin, kept in memory: the Top Authors page's answer to "every person who
// posted in this range, with their posts" without grouping millions of bin_clips rows in SQL on a
// range's first request (seconds at 10,000,000 posts; docs/authors-and-followers.md, "Speed").
//
// A bin's index holds two columns per bin_clips row, in posted_at order: the second it was posted
// and its pair (a dense number for its account, -1 for none, and its stream). Every block of rows
// a checkpoint holds the posts per pair of all rows before it, so a range's posts per account are
// the difference of two checkpoints, corrected by the rows between each end and its nearer
// checkpoint: a few milliseconds whatever the range's length. The accounts (name, handle, network,
// followers, person key, and each key's accounts) are kept once per database beside it.
//
// Kept exact, and checked on every use, inside one repeatable-read transaction (one snapshot):
// - New rows are read by created_at (index bin_clips_bin_created) from OVERLAP_S before the last
//   read on; rows already read in that window are known by id and skipped.
// - Rejected rows stay in the index and are subtracted: the bin's rejected rows (partial index
//   bin_clips_rejected) are read again in the background once older than REJECTED_KEEP_MS, and
//   in the request when the check fails.
// - The check: the range's count from the index must equal the hourly rollups' count of the same
//   range (whole hours, same snapshot). The rollups move in the statement that changes bin_clips,
//   so a row deleted, a late commit missed or a rejection not yet read shows as a difference:
//   the rejected rows are read again, then, if still different, the bin is dropped and loaded
//   again in the background.
// A bin not loaded (the first use, or after a drop) is loaded in the background and its ranges are
// answered from SQL meanwhile (queries.ts rangeAccounts, seconds at 10,000,000 posts), so no request
// waits for a load (one to two minutes at 10,000,000 posts on a 2-core machine).
// What the check cannot see: changes that cancel out within the range (a rejection and a restore
// in the same range) until the rejected rows are read again, and an account's followers or name,
// read again from authors.updated_at in the background every AUTHORS_KEEP_MS (ingestion sets it
// on every change).
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { personKey } from '../person-key.ts';
import type { Scope } from '../scope.ts';
import { onRejectionsMoved } from '../rejections.ts';
import { yieldToRequests } from '../../jobs/yield.ts';
import { int32s } from './array-pool.ts';

/** Rows created this many seconds before the last read are read again (commits land late). */
const OVERLAP_S = 60;
/**
 * How long the accounts' followers and names, and a bin's rejected rows, are used before a use
 * reads them again in the background. Rejections made through this server are read at once
 * (rejectionsMoved); the longer keep of rejected rows bounds those made elsewhere that the
 * rollups check cannot see (a rejection and a restore that cancel out in a range).
 */
const AUTHORS_KEEP_MS = 60_000;
const REJECTED_KEEP_MS = 10 * 60_000;
/** Unsorted new rows merged into the sorted columns beyond this many. */
const TAIL_MAX = 65_536;
/** Rows kept across a database's bins (8 bytes each, and the checkpoints); the least recently used bin goes first. */
const MAX_ROWS = 60_000_000;
/** Account ids read per statement. */
const ID_CHUNK = 10_000;
/** Rows of a load worked through between two chances for requests to run (a power of two). */
const LOAD_SLICE = 1 << 18;

const num = (v: unknown) => Number(v);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** A bin_clips row packed in 14 bytes: the second posted (int4), the author id (int8, -1 for none), the stream (int2). */
const PACKED_ROW = sql`int4send(floor(extract(epoch from posted_at))::int) || int8send(coalesce(author_id, -1)) || int2send(stream_id)`;
/** The author id of the packed row at byte o, from its two 32-bit halves (ids stay below 2^53); -1 for none. */
const authorAt = (view: DataView, o: number) => view.getInt32(o + 4) * 4_294_967_296 + view.getUint32(o + 8);
/** A row's author id, -1 for none. */
const authorOf = (r: { author_id: unknown }) => (r.author_id === null ? -1 : num(r.author_id));

type AccountRow = { id: unknown; name: string; handle: string | null; stream_id: unknown; followers: unknown; key: string };
/** Accounts changed since `since`, read at `now`. */
type Changed = { since: Date; now: Date; rows: AccountRow[] };

/**
 * Strings kept packed as UTF-8 in one buffer, by number: hundreds of thousands of names and handles
 * held as a few objects instead of as many strings, which a full garbage collection would mark one
 * by one (the Top Authors page's slowest requests were those a collection ran through).
 */
export class PackedStrings {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Bytes of strings replaced since the last compaction. */
  private dead = 0;
  private at = new Int32Array(1024);
  /** Byte length of each string, -1 for null. */
  private len = new Int32Array(1024).fill(-1);
  private count = 0;

  get(i: number): string | null {
    const n = i < this.count ? this.len[i] : -1;
    return n < 0 ? null : this.bytes.toString('utf8', this.at[i], this.at[i] + n);
  }

  set(i: number, s: string | null): void {
    if (i >= this.at.length) {
      const size = Math.max(i + 1, this.at.length * 2);
      const at = new Int32Array(size);
      at.set(this.at);
      const len = new Int32Array(size).fill(-1);
      len.set(this.len);
      [this.at, this.len] = [at, len];
    }
    this.count = Math.max(this.count, i + 1);
    if (this.len[i] > 0) this.dead += this.len[i];
    this.len[i] = -1;
    if (s === null) return;
    const need = Buffer.byteLength(s);
    if (this.used + need > this.bytes.length) this.makeRoom(need);
    this.at[i] = this.used;
    this.len[i] = this.bytes.write(s, this.used);
    this.used += need;
  }

  /** A larger buffer (or the same size once compacted) holding the live strings from its start. */
  private makeRoom(need: number): void {
    const live = this.used - this.dead;
    const b = Buffer.allocUnsafe(Math.max(this.bytes.length, 2 * (live + need)));
    let o = 0;
    for (let i = 0; i < this.count; i++) {
      const n = this.len[i];
      if (n <= 0) continue;
      this.bytes.copy(b, o, this.at[i], this.at[i] + n);
      this.at[i] = o;
      o += n;
    }
    [this.bytes, this.used, this.dead] = [b, o, 0];
  }
}

/** Every account seen by a database's indexes: who it is and how many follow it. */
export class Accounts {
  readonly byId = new Map<number, number>();
  id: number[] = [];
  readonly name = new PackedStrings();
  readonly handle = new PackedStrings();
  stream: number[] = [];
  followers: number[] = [];
  person: number[] = [];
  readonly personKeys: string[] = [];
  /** Each person key's accounts as a linked list (numbers, not an array per key): its first account, -1 for none, and each account's next. */
  private readonly firstMember: number[] = [];
  private readonly nextMember: number[] = [];
  /**
   * 1 for a person key that two accounts of one network have had (or a network id beyond 30):
   * whether it is one person or each account alone depends on the accounts with posts in a range.
   */
  readonly shared: number[] = [];
  /** The networks each person key's accounts are on, a bit per stream id. */
  private readonly networks: number[] = [];
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
      this.firstMember.push(-1);
      this.shared.push(0);
      this.networks.push(0);
    }
    return p;
  }

  private put(r: AccountRow): void {
    const id = num(r.id);
    let a = this.byId.get(id);
    if (a === undefined) {
      a = this.id.length;
      this.byId.set(id, a);
      this.id.push(id);
    }
    this.name.set(a, r.name);
    this.handle.set(a, r.handle);
    this.followers[a] = num(r.followers);
    const p = this.personOf(r.key);
    const stream = num(r.stream_id);
    const before = this.person[a] as number | undefined;
    if (before !== p || this.stream[a] !== stream) {
      // A key's networks only gain bits: a key once shared on a network stays shared (it is then worked out per range).
      if (before !== undefined) this.unlink(before, a);
      const bit = stream >= 0 && stream < 31 ? 1 << stream : 0;
      if (bit === 0 || this.networks[p] & bit) this.shared[p] = 1;
      this.networks[p] |= bit;
      this.nextMember[a] = this.firstMember[p];
      this.firstMember[p] = a;
    }
    this.stream[a] = stream;
    this.person[a] = p;
  }

  /** Takes account a out of person p's list. */
  private unlink(p: number, a: number): void {
    if (this.firstMember[p] === a) {
      this.firstMember[p] = this.nextMember[a];
      return;
    }
    for (let x = this.firstMember[p]; x !== -1; x = this.nextMember[x])
      if (this.nextMember[x] === a) {
        this.nextMember[x] = this.nextMember[a];
        return;
      }
  }

  /** The accounts of person key p. */
  members(p: number): number[] {
    const out: number[] = [];
    for (let a = this.firstMember[p]; a !== -1; a = this.nextMember[a]) out.push(a);
    return out;
  }

  private select(db: Db) {
    return db.selectFrom('authors').select(['id', 'name', 'handle', 'stream_id', 'followers', personKey.as('key')]);
  }

  /** Reads the accounts of these ids not known yet. */
  async add(db: Db, ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => id >= 0 && !this.byId.has(id));
    if (this.since === null && missing.length) {
      // The accounts read from here on are current: the first refresh is due AUTHORS_KEEP_MS later.
      this.since = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0].now;
      this.checkedAt = Date.now();
    }
    for (let i = 0; i < missing.length; i += ID_CHUNK) {
      const rows = await this.select(db)
        .where(sql<boolean>`id = any(${missing.slice(i, i + ID_CHUNK)}::bigint[])`)
        .execute();
      for (const r of rows) this.put(r);
    }
  }

  /** Whether the accounts are due to be read again (older than keepMs). */
  due(keepMs = AUTHORS_KEEP_MS): boolean {
    return this.since !== null && Date.now() - this.checkedAt >= keepMs;
  }

  /** Whether the accounts were marked stale, to be read again before the next answer. */
  forced(): boolean {
    return this.since !== null && this.checkedAt === 0;
  }

  /** Reads again the known accounts changed since the last look, at most every AUTHORS_KEEP_MS. */
  async refresh(db: Db): Promise<void> {
    if (this.since === null || !this.due()) return;
    this.applyChanged(await this.fetchChanged(db));
  }

  /** Reads the accounts changed since the last look without touching them: outside the index's queue. */
  async fetchChanged(db: Db): Promise<Changed | null> {
    const since = this.since;
    if (since === null) return null;
    const now = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0].now;
    const rows = await this.select(db)
      .where('updated_at', '>=', new Date(since.getTime() - OVERLAP_S * 1000))
      .execute();
    return { since, now, rows };
  }

  /** Takes in what fetchChanged read, unless a later look was taken in since it began. */
  applyChanged(changed: Changed | null): void {
    if (!changed || changed.since !== this.since) return;
    for (const r of changed.rows) if (this.byId.has(num(r.id))) this.put(r);
    this.since = changed.now;
    this.checkedAt = Date.now();
  }

  /** The next use reads the accounts again before answering, whatever its time. */
  stale(): void {
    this.checkedAt = 0;
  }
}

/** Posts of a range per account: counts[account] (0 beyond its length), and every post in range (with or without an author). */
export interface RangeCounts {
  counts: Int32Array;
  total: number;
}

interface Rejected {
  time: Int32Array;
  pair: Int32Array;
  at: number;
}

/** The streams asked for, a byte per stream id: set and cleared by each count (one array, not one per request). */
const WANTED = new Uint8Array(1 << 15);

/** Checkpoints kept per bin at most (each holds a count per account and stream); blocks are at least MIN_BLOCK rows. */
const MAX_CHECKPOINTS = 16;
const MIN_BLOCK = 65_536;

/**
 * One bin's posts in posted_at order (plus a short unsorted tail of new ones): the second each was
 * posted and its pair (a dense number for its account and stream). Every `block` rows a checkpoint
 * holds the posts per pair of all rows before it, so a range's counts are the difference of two
 * checkpoints, corrected by the rows between each end and its nearer checkpoint: at most one
 * block of rows is read whatever the range's length.
 */
export class BinPosts {
  time = new Int32Array(0);
  pair = new Int32Array(0);
  n = 0;
  /** Each pair's account (-1 for none) and stream. */
  private pairAccount: number[] = [];
  private pairStream: number[] = [];
  private pairByKey = new Map<number, number>();
  /** checkpoints[k]: posts per pair of rows [0, k * block); shorter than the pairs when pairs came later (theirs are 0). */
  private checkpoints: Int32Array[] = [];
  private tailTime: number[] = [];
  private tailPair: number[] = [];
  /** bin_clips ids read with created_at at or after `cutoff`, and when they were created. */
  private recent = new Map<number, number>();
  private cutoff = 0;
  private rejected: Rejected | null = null;
  private scratch = new Int32Array(0);
  /** Moves each time rejected rows are taken in (a read begun before is then dropped). */
  private rejectedEpoch = 0;
  private rejectedDue = false;

  /** `block`: rows per checkpoint (0: worked out from the bin's size); `tailMax`: new rows kept unsorted at most. */
  constructor(
    readonly binId: number,
    private block = 0,
    private readonly tailMax = TAIL_MAX,
  ) {}

  get rows(): number {
    return this.n + this.tailTime.length;
  }

  get pairs(): number {
    return this.pairAccount.length;
  }

  private pairOf(account: number, stream: number): number {
    // A small integer for the usual streams (a number V8 keeps unboxed, not an object per key).
    const key = stream >= 0 && stream < 64 ? (account + 1) * 64 + stream : -((account + 1) * 65_536 + stream) - 1;
    let p = this.pairByKey.get(key);
    if (p === undefined) {
      p = this.pairAccount.length;
      this.pairByKey.set(key, p);
      this.pairAccount.push(account);
      this.pairStream.push(stream);
    }
    return p;
  }

  private grow(need: number): void {
    if (need <= this.time.length) return;
    const size = Math.max(need, Math.ceil(this.time.length * 1.5), 1024);
    const t = new Int32Array(size);
    t.set(this.time.subarray(0, this.n));
    const p = new Int32Array(size);
    p.set(this.pair.subarray(0, this.n));
    [this.time, this.pair] = [t, p];
  }

  /** Reads every row of the bin (in day chunks, each one bytea of 14-byte rows), replacing what was held. */
  async load(db: Db, accounts: Accounts): Promise<void> {
    const head = (
      await sql<{ now: Date; lo: Date | null; hi: Date | null }>`
        select now() as now, min(posted_at) as lo, max(posted_at) as hi from bin_clips where bin_id = ${this.binId}`.execute(db)
    ).rows[0];
    const cutoff = new Date(head.now.getTime() - OVERLAP_S * 1000);
    this.n = 0;
    this.pairAccount = [];
    this.pairStream = [];
    this.pairByKey = new Map();
    this.tailTime = [];
    this.tailPair = [];
    this.recent = new Map();
    this.cutoff = cutoff.getTime();
    this.rejected = null;
    const ids: number[] = [];
    const streams: number[] = [];
    if (head.lo && head.hi) {
      const DAY = 86_400_000;
      for (let d = Math.floor(head.lo.getTime() / DAY) * DAY; d <= head.hi.getTime(); d += DAY) {
        const { rows } = await sql<{ buf: Uint8Array | null }>`
          select string_agg(${PACKED_ROW}, ''::bytea
                            order by posted_at) as buf
            from bin_clips
           where bin_id = ${this.binId} and posted_at >= ${new Date(d)} and posted_at < ${new Date(d + DAY)} and created_at < ${cutoff}`.execute(db);
        const buf = rows[0].buf;
        if (!buf) continue;
        const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
        const count = buf.byteLength / 14;
        this.grow(this.n + count);
        for (let i = 0, o = 0; i < count; i++, o += 14) {
          this.time[this.n++] = view.getInt32(o);
          ids.push(authorAt(view, o));
          streams.push(view.getInt16(o + 12));
        }
      }
    }
    await accounts.add(db, ids);
    // In slices that give way to requests: millions of rows are seconds of work on the request thread.
    for (let i = 0; i < this.n; i++) {
      this.pair[i] = this.pairOf(accounts.of(ids[i]), streams[i]);
      if ((i & (LOAD_SLICE - 1)) === LOAD_SLICE - 1) await yieldToRequests();
    }
    if (!this.block) this.block = Math.max(MIN_BLOCK, Math.ceil(this.n / MAX_CHECKPOINTS));
    this.checkpointFrom(0);
    await this.readNew(db, accounts, cutoff);
  }

  /** Works out the checkpoints from the k-th on (those before it hold rows that did not move). */
  private checkpointFrom(k: number): void {
    const P = this.pairs;
    const running = new Int32Array(P);
    if (k > 0) running.set(this.checkpoints[k]);
    this.checkpoints.length = k;
    for (let at = k * this.block; at <= this.n; at += this.block) {
      this.checkpoints.push(running.slice());
      const end = Math.min(at + this.block, this.n);
      for (let i = at; i < end; i++) running[this.pair[i]]++;
    }
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
    if (this.tailTime.length > this.tailMax) this.mergeTail();
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
      this.tailPair.push(this.pairOf(accounts.of(authorOf(r)), num(r.stream_id)));
    }
  }

  /** Sorts the tail into the columns; the checkpoints from the first row moved on are worked out again. */
  private mergeTail(): void {
    const m = this.tailTime.length;
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => this.tailTime[a] - this.tailTime[b]);
    const first = this.lowerBound(this.tailTime[order[0]]);
    const size = this.n + m;
    const t = new Int32Array(Math.max(size, this.time.length));
    const p = new Int32Array(t.length);
    t.set(this.time.subarray(0, first));
    p.set(this.pair.subarray(0, first));
    let i = first;
    let j = 0;
    for (let k = first; k < size; k++) {
      if (j >= m || (i < this.n && this.time[i] <= this.tailTime[order[j]])) {
        t[k] = this.time[i];
        p[k] = this.pair[i++];
      } else {
        const o = order[j++];
        t[k] = this.tailTime[o];
        p[k] = this.tailPair[o];
      }
    }
    [this.time, this.pair, this.n] = [t, p, size];
    this.tailTime = [];
    this.tailPair = [];
    this.checkpointFrom(Math.floor(first / this.block));
  }

  /** The bin's rejected rows, read again when older than REJECTED_KEEP_MS or when forced. */
  async readRejected(db: Db, accounts: Accounts, force = false): Promise<void> {
    if (!force && !this.rejectedStale()) return;
    await this.applyRejected(db, accounts, await this.fetchRejected(db));
  }

  /** Reads the bin's rejected rows (one bytea of 14-byte rows) without touching the index: outside its queue. */
  async fetchRejected(db: Db): Promise<{ buf: Uint8Array; epoch: number }> {
    const epoch = this.rejectedEpoch;
    this.rejectedDue = false; // a move from now on marks them again
    const { rows } = await sql<{ buf: Uint8Array | null }>`
      select string_agg(${PACKED_ROW}, ''::bytea) as buf
        from bin_clips
       where bin_id = ${this.binId} and rejected`.execute(db);
    return { buf: rows[0].buf ?? new Uint8Array(0), epoch };
  }

  /** Takes in rejected rows read by fetchRejected, unless newer ones were taken in since it began. */
  async applyRejected(db: Db, accounts: Accounts, { buf, epoch }: { buf: Uint8Array; epoch: number }): Promise<void> {
    if (epoch !== this.rejectedEpoch) return;
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const count = buf.byteLength / 14;
    const ids: number[] = [];
    for (let o = 0; o < buf.byteLength; o += 14) ids.push(authorAt(view, o));
    await accounts.add(db, ids);
    const time = new Int32Array(count);
    const pair = new Int32Array(count);
    for (let i = 0, o = 0; i < count; i++, o += 14) {
      time[i] = view.getInt32(o);
      pair[i] = this.pairOf(accounts.of(ids[i]), view.getInt16(o + 12));
    }
    this.rejected = { time, pair, at: Date.now() };
    this.rejectedEpoch++;
  }

  /** Whether the rejected rows are due to be read again (older than keepMs, or marked by rejectedMoved). */
  rejectedStale(keepMs = REJECTED_KEEP_MS): boolean {
    return !this.rejected || this.rejectedDue || Date.now() - this.rejected.at >= keepMs;
  }

  /** Rejected rows moved since they were read: the next look reads them again. */
  rejectedMoved(): void {
    this.rejectedDue = true;
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

  /** The checkpoint nearer to row `at`, and whether the rows between are added to it (after it) or taken away (before it). */
  private nearest(at: number): { k: number; add: boolean } {
    const k = Math.floor(at / this.block);
    if (k + 1 < this.checkpoints.length && (k + 1) * this.block - at < at - k * this.block) return { k: k + 1, add: false };
    return { k, add: true };
  }

  /** Adds sign times the rows between checkpoint `near` and row `at` to out. */
  private edge(out: Int32Array, at: number, near: { k: number; add: boolean }, sign: number): void {
    const { pair } = this;
    const start = near.k * this.block;
    const [lo, hi, by] = near.add ? [start, at, sign] : [at, start, -sign];
    if (by > 0) for (let i = lo; i < hi; i++) out[pair[i]]++;
    else for (let i = lo; i < hi; i++) out[pair[i]]--;
  }

  /** The scope's posts per account, rejected ones left out (readRejected first). */
  count(s: Pick<Scope, 'from' | 'to' | 'streams'>, accounts: number): RangeCounts {
    const from = seconds(s.from);
    const to = seconds(s.to);
    const lo = this.lowerBound(from);
    const hi = this.lowerBound(to);
    // Posts per pair: a scratch array kept by the bin (allocating megabytes per request makes
    // V8 collect its old space several times a second).
    const P = this.pairs;
    if (this.scratch.length < P) this.scratch = new Int32Array(Math.ceil(P * 1.25));
    const perPair = this.scratch;
    perPair.fill(0, 0, P);
    let any = hi > lo;
    if (hi - lo <= this.block) for (let i = lo; i < hi; i++) perPair[this.pair[i]]++;
    else {
      // Checkpoint at the end less checkpoint at the start (a later checkpoint is never shorter), then the edges.
      const [nh, nl] = [this.nearest(hi), this.nearest(lo)];
      const [top, bottom] = [this.checkpoints[nh.k], this.checkpoints[nl.k]];
      for (let p = 0; p < bottom.length; p++) perPair[p] = top[p] - bottom[p];
      for (let p = bottom.length; p < top.length; p++) perPair[p] = top[p];
      this.edge(perPair, hi, nh, 1);
      this.edge(perPair, lo, nl, -1);
    }
    for (let i = 0; i < this.tailTime.length; i++) {
      const t = this.tailTime[i];
      if (t >= from && t < to) {
        perPair[this.tailPair[i]]++;
        any = true;
      }
    }
    const r = this.rejected;
    if (r)
      for (let i = 0; i < r.time.length; i++)
        if (r.time[i] >= from && r.time[i] < to) {
          perPair[r.pair[i]]--;
          any = true;
        }
    // A range with no rows (a previous period before the bin's first post, say) has nothing to fold.
    if (!any) return { counts: new Int32Array(0), total: 0 };

    const wanted = WANTED;
    for (const id of s.streams) if (id >= 0 && id < wanted.length) wanted[id] = 1;
    let total = 0;
    const counts = int32s(accounts);
    const { pairStream, pairAccount } = this;
    for (let p = 0; p < P; p++) {
      const c = perPair[p];
      if (c === 0 || wanted[pairStream[p]] === 0) continue;
      total += c;
      const a = pairAccount[p];
      if (a >= 0) counts[a] += c;
    }
    for (const id of s.streams) if (id >= 0 && id < wanted.length) wanted[id] = 0;
    return { counts, total };
  }
}

/** A database's indexes: the accounts, and the bins asked about, least recently used first. */
export class PostsIndex {
  readonly accounts = new Accounts();
  private readonly bins = new Map<number, BinPosts>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Rows per checkpoint block, and unsorted new rows at most, of bins loaded from now on (the tests set them small). */
  blockRows = 0;
  tailRows = TAIL_MAX;
  /** How old the rejected rows and the accounts may be before a use reads them again in the background: REJECTED_KEEP_MS and AUTHORS_KEEP_MS unless set (the tests set 0). */
  keepMs: number | undefined = undefined;

  constructor(private readonly db: Db) {}

  /** Runs one use of the index at a time (uses share its columns and its reads). */
  exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Loads in progress, by bin. */
  private readonly loading = new Map<number, Promise<void>>();
  /** A background read of rejected rows and changed accounts, while one runs. */
  private upkeep: Promise<void> | null = null;
  /** Whole-bin loads done, and ranges answered from the index (the tests and the bench read them). */
  loads = 0;
  answered = 0;
  /** Reads of a bin's rejected rows in the background. */
  rejectedReads = 0;

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
            const b = new BinPosts(binId, this.blockRows, this.tailRows);
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

  /** Settles when every use, load and background read of the index started so far has. */
  async idle(): Promise<void> {
    await this.upkeep;
    await this.queue;
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
   * Reads the bin's rejected rows and the changed accounts again when they are due, in the
   * background: a request does not wait for them (the rejected rows of a large bin take a second).
   */
  private keepUp(b: BinPosts): void {
    if (this.upkeep || !(b.rejectedStale(this.keepMs) || this.accounts.due(this.keepMs))) return;
    this.upkeep = (async () => {
      // The reads run beside requests; only taking them in waits its turn.
      const rejected = b.rejectedStale(this.keepMs) ? await b.fetchRejected(this.db) : null;
      const changed = this.accounts.due(this.keepMs) ? await this.accounts.fetchChanged(this.db) : null;
      await this.exclusive(async () => {
        this.accounts.applyChanged(changed);
        if (rejected && this.bins.get(b.binId) === b) await b.applyRejected(this.db, this.accounts, rejected);
        if (rejected) this.rejectedReads++;
      });
    })()
      .catch((err: Error) => console.warn(`posts index of bin ${b.binId}: rejected rows and accounts not read again: ${err.message}`))
      .finally(() => (this.upkeep = null));
  }

  /**
   * Rejected rows of these bins moved (a reject or restore committed): those loaded read them again
   * in the background now, so the next request finds them current.
   */
  rejectionsMoved(binIds: number[]): void {
    for (const id of binIds) {
      const b = this.bins.get(id);
      if (!b) continue;
      b.rejectedMoved();
      this.keepUp(b);
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
    // Accounts marked stale (forget()) are read before answering; otherwise in the background.
    if (this.accounts.forced()) await this.accounts.refresh(db);
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
    this.keepUp(b);
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
  if (!x) {
    const index = (x = new PostsIndex(db));
    indexes.set(db, index);
    onRejectionsMoved(db, (binIds) => index.rejectionsMoved(binIds));
  }
  return x;
}
