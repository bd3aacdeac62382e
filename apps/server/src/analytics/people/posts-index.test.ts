// The posts index (posts-index.ts) answers the Top Authors page's people exactly as the SQL grouping
// does (queries.ts rangeAccounts), on generated posts with shared handles, one handle on two
// accounts of a network, posts without an author and rejected posts; and stays exact as posts
// arrive, are rejected or restored, are deleted, or commit late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { changeBinClips, rebuildRollups } from '../../ledger/index.ts';
import type { ProjectRow } from '../../db/schema.ts';
import type { Scope } from '../scope.ts';
import { rangeAccounts } from './queries.ts';
import { countedPeople, forgetRangePeople, groupPeople, rangePeople, type RangePeople } from './range-people.ts';
import { postsIndex } from './posts-index.ts';
import { arrayPool } from './array-pool.ts';
import { rejectionsMoved } from '../rejections.ts';

/** A small seeded generator, so a failure can be run again. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

const DAY = 86_400_000;
const START = Date.parse('2024-05-01T00:00:00Z');

describe('posts index', () => {
  let t: TestContext;
  let project: ProjectRow;
  let binId: number;
  const authorIds: number[] = [];
  const rand = prng(7);
  let clipSeq = 0;

  const scope = (fromDay: number, toDay: number, streams = [7, 8, 9]): Scope => ({
    project,
    binId,
    streams,
    timeZone: 'UTC',
    from: new Date(START + fromDay * DAY),
    to: new Date(START + toDay * DAY),
    startWall: new Date(START + fromDay * DAY),
    endWall: new Date(START + toDay * DAY - 1),
  });

  /** Posts at random instants of the first ten days (or of `days`); some without an author. */
  async function post(n: number, createdAt?: Date, days: [number, number] = [0, 10]): Promise<number[]> {
    const clips = [];
    for (let i = 0; i < n; i++) {
      const author = rand() < 0.05 ? null : authorIds[Math.floor(rand() * authorIds.length)];
      const stream = 7 + Math.floor(rand() * 3);
      const at = new Date(START + days[0] * DAY + Math.floor(rand() * (days[1] - days[0]) * DAY));
      clips.push({ stream, author, at });
    }
    const rows = await t.db
      .insertInto('clips')
      .values(clips.map((c) => ({ stream_id: c.stream, external_id: `pi-${++clipSeq}`, author_id: c.author, body: 'acme', posted_at: c.at })))
      .returning('id')
      .execute();
    const bc = await t.db
      .insertInto('bin_clips')
      .values(
        clips.map((c, i) => ({
          bin_id: binId,
          project_id: project.id,
          clip_id: rows[i].id,
          stream_id: c.stream,
          posted_at: c.at,
          author_id: c.author,
          ...(createdAt ? { created_at: createdAt } : {}),
        })),
      )
      .returning('id')
      .execute();
    await rebuildRollups(t.db, [binId]);
    return bc.map((r) => Number(r.id));
  }

  const everyone = (p: RangePeople, sort: 'followers' | 'clips') =>
    p.page(sort, 0, 10_000).map((x) => [x.key, x.followers, x.clips, x.accounts.map((a) => [a.id, a.clips])]);
  /** What a range's people answer: totals, everyone in both orders, and a middle page's keys. */
  const view = (p: RangePeople) => ({
    count: p.count,
    clips: p.clips,
    byFollowers: everyone(p, 'followers'),
    byClips: everyone(p, 'clips'),
    middle: (['followers', 'clips'] as const).map((sort) => p.page(sort, 3, 5).map((x) => x.key)),
  });

  /**
   * The index's people against SQL's, for several ranges and networks, both sorts and a middle
   * page; a first request that finds the bin unloaded (answered from SQL) waits for its load.
   */
  async function expectSameAsSql(): Promise<void> {
    const index = postsIndex(t.db);
    forgetRangePeople(t.db);
    await rangePeople(t.db, scope(0, 10), view);
    await index.idle();
    const answered = index.answered;
    const reused = arrayPool.reused;
    const scopes = [scope(0, 10), scope(2, 5), scope(3, 4, [8]), scope(0, 10, [7, 9]), scope(20, 30), scope(12, 14)];
    for (const s of scopes) {
      forgetRangePeople(t.db);
      await new Promise((resolve) => setImmediate(resolve)); // the dropped ranges' arrays given back (a turn later)
      const viaIndex = await rangePeople(t.db, s, view);
      const viaSql = view(groupPeople(await rangeAccounts(t.db, s)));
      expect(viaIndex).toEqual(viaSql);
    }
    expect(index.answered - answered).toBe(scopes.length); // every range answered by the index
    expect(arrayPool.reused).toBeGreaterThan(reused); // with arrays of ranges dropped before
  }

  beforeAll(async () => {
    // Arrays of any size reused (array-pool.ts), so that every range here counts in reused arrays.
    arrayPool.minBytes = 0;
    t = await createTestApp();
    project = await t.db.selectFrom('projects').selectAll().where('id', '=', t.projects['acme-brand']).executeTakeFirstOrThrow();
    binId = project.bin_id!;
    // 60 accounts over three networks and 25 handles: people with accounts on several networks,
    // handles held by two accounts of one network, ties in followers, and a few without handle.
    for (let i = 0; i < 60; i++) {
      // The last six share the handle of the account three before them, on the same network.
      const handle = i % 12 === 5 ? null : `@Person${(i >= 54 ? i - 3 : i) % 25}`;
      const r = await t.db
        .insertInto('authors')
        .values({ stream_id: 7 + (i % 3), external_id: `pi-a${i}`, name: `Person  ${i % 25}`, handle, followers: Math.floor(rand() * 5) * 1000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      authorIds.push(Number(r.id));
    }
    // Created two hours ago: read by the bin's load (the later posts, created now, by its reads of new rows).
    const earlier = new Date(Date.now() - 7_200_000);
    await post(600, earlier);
    // A post whose author row is gone: counted in the range, but nobody's (as the SQL's join has it).
    const orphan = await t.db
      .insertInto('clips')
      .values({ stream_id: 7, external_id: 'pi-orphan', author_id: null, body: 'acme', posted_at: new Date(START + DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('bin_clips')
      .values({
        bin_id: binId,
        project_id: project.id,
        clip_id: orphan.id,
        stream_id: 7,
        posted_at: new Date(START + DAY),
        author_id: 987_654_321,
        created_at: earlier,
      })
      .execute();
    await rebuildRollups(t.db, [binId]);
    forgetRangePeople(t.db, { index: true });
    // Small blocks and tail: ranges are counted from checkpoints and the rows between, and new
    // rows are sorted in (the checkpoints after them worked out again), as at millions of posts.
    postsIndex(t.db).blockRows = 16;
    postsIndex(t.db).tailRows = 20;
    await postsIndex(t.db).warm(t.db, binId);
  });
  afterAll(async () => {
    arrayPool.minBytes = 65_536;
    await t.close();
  });

  it('answers every range as the SQL grouping does', async () => {
    await expectSameAsSql();
  });

  it('picks a page near the top without sorting everyone, and in the same order as a full sort', async () => {
    const s = scope(0, 10);
    const index = postsIndex(t.db);
    const expected = await t.db
      .selectFrom('bin_hourly')
      .select((eb) => eb.fn.sum<number>('clips').as('n'))
      .where('bin_id', '=', binId)
      .where('stream_id', 'in', s.streams)
      .where('hour', '>=', s.from)
      .where('hour', '<', s.to)
      .executeTakeFirstOrThrow();
    const c = (await index.exclusive(() => index.counts(t.db, s, Number(expected.n))))!;
    const partial = countedPeople(index.accounts, c.counts);
    const sorted = countedPeople(index.accounts, c.counts, 0);
    for (const sort of ['followers', 'clips'] as const)
      for (const [offset, limit] of [
        [0, 10],
        [7, 9],
        [30, 50],
      ])
        expect(partial.page(sort, offset, limit).map((x) => x.key)).toEqual(sorted.page(sort, offset, limit).map((x) => x.key));
  });

  const loads = () => postsIndex(t.db).loads;

  it('takes in new posts, rejections and restores at once', async () => {
    await rangePeople(t.db, scope(0, 10), view);
    const before = loads();
    await post(50); // more than the tail holds: sorted in
    await expectSameAsSql();
    // New posts in a range that held none: only in the index's unsorted tail.
    await post(3, undefined, [12, 14]);
    await expectSameAsSql();
    expect(loads()).toBe(before); // read as new rows, not by loading the bin again
    const some = (await t.db.selectFrom('bin_clips').select('id').where('bin_id', '=', binId).orderBy('id').limit(40).execute()).map((r) => Number(r.id));
    await changeBinClips(t.db, some, { rejected: true });
    await expectSameAsSql();
    await changeBinClips(t.db, some.slice(0, 15), { rejected: false });
    await expectSameAsSql();
    expect(loads()).toBe(before); // the rejected rows read again explained the difference
  });

  it('reads rejected rows again in the background when told they moved, or once due: a rejection and a restore that cancel out', async () => {
    const s = scope(0, 10);
    const index = postsIndex(t.db);
    const one = async (rejected: boolean, notAuthor?: number) =>
      t.db
        .selectFrom('bin_clips')
        .select(['id', 'author_id'])
        .where('bin_id', '=', binId)
        .where('rejected', '=', rejected)
        .where('author_id', 'in', authorIds)
        .$if(notAuthor !== undefined, (q) => q.where('author_id', '<>', notAuthor!))
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const first = await one(false);
    await changeBinClips(t.db, [Number(first.id)], { rejected: true });
    const restored = await one(true);
    const rejected = await one(false, Number(restored.author_id));
    const viaSql = async () => everyone(groupPeople(await rangeAccounts(t.db, s)), 'clips');
    const viaIndex = async () => (forgetRangePeople(t.db), await rangePeople(t.db, s, (p) => everyone(p, 'clips')));
    expect(await viaIndex()).toEqual(await viaSql());
    // The range's count does not move, so the index answers with the rejected rows it holds.
    await changeBinClips(t.db, [Number(rejected.id)], { rejected: true });
    await changeBinClips(t.db, [Number(restored.id)], { rejected: false });
    expect(await viaIndex()).not.toEqual(await viaSql());
    // Told that the bin's rejected rows moved (as the clips module says once a reject or restore commits).
    rejectionsMoved(t.db, [binId]);
    await index.idle();
    expect(await viaIndex()).toEqual(await viaSql());
    // Moved by someone else (another server process): read again once they are due.
    await changeBinClips(t.db, [Number(rejected.id)], { rejected: false });
    await changeBinClips(t.db, [Number(restored.id)], { rejected: true });
    expect(await viaIndex()).not.toEqual(await viaSql());
    index.keepMs = 0;
    try {
      await viaIndex();
      await index.idle();
    } finally {
      index.keepMs = undefined;
    }
    expect(await viaIndex()).toEqual(await viaSql());
  });

  it('reads the rejected rows at once when told they moved (analytics/rejections.ts)', async () => {
    const s = scope(0, 10);
    const index = postsIndex(t.db);
    await rangePeople(t.db, s, view);
    await index.idle();
    const before = index.rejectedReads;
    rejectionsMoved(t.db, [binId]);
    await index.idle();
    expect(index.rejectedReads).toBe(before + 1); // read in the background, not waiting for a request
  });

  it('loads the bin again when posts are deleted or a post committed late', async () => {
    const gone = await t.db.selectFrom('bin_clips').select('clip_id').where('bin_id', '=', binId).orderBy('id', 'desc').limit(30).execute();
    await t.db
      .deleteFrom('clips')
      .where(
        'id',
        'in',
        gone.map((r) => r.clip_id),
      )
      .execute();
    const before = loads();
    await expectSameAsSql();
    expect(loads()).toBe(before + 1);
    // Created an hour ago but visible only now: older than the rows read again on each use.
    await post(5, new Date(Date.now() - 3_600_000));
    await expectSameAsSql();
    expect(loads()).toBe(before + 2);
  });

  it("reads an account's new followers within its keep, at once when forgotten", async () => {
    const s = scope(0, 10);
    const top = await rangePeople(t.db, s, (p) => p.page('followers', 0, 1)[0]);
    const id = top.accounts[0].id;
    await t.db.updateTable('authors').set({ followers: 9_000_000, updated_at: new Date() }).where('id', '=', id).execute();
    forgetRangePeople(t.db);
    postsIndex(t.db).accounts.stale();
    const after = await rangePeople(t.db, s, (p) => p.page('followers', 0, 1)[0]);
    expect(after.accounts.find((a) => a.id === id)?.followers).toBe(9_000_000);
    await expectSameAsSql();
  });

  it('moves an account whose handle changed to its new person, and keeps names of any script', async () => {
    // Three accounts renamed at once: two join people on networks those have no account on
    // (Person24 is on 7 and 8, Person23 on 9 and 7), one takes a handle no other account has.
    const s = scope(0, 10);
    const moves: [number, string, string][] = [
      [authorIds[2], '@Person24', 'Zoë Ångström 雪'],
      [authorIds[13], '@Person23', 'Ελένη'],
      [authorIds[28], '@BrandNew', 'Łukasz'],
    ];
    for (const [id, handle, name] of moves) await t.db.updateTable('authors').set({ handle, name, updated_at: new Date() }).where('id', '=', id).execute();
    forgetRangePeople(t.db);
    postsIndex(t.db).accounts.stale();
    const people = await rangePeople(t.db, s, (p) => p.page('clips', 0, 10_000));
    for (const [id, handle, name] of moves) {
      const theirs = people.filter((p) => p.accounts.some((a) => a.id === id));
      expect(theirs).toHaveLength(1); // gone from the person it left
      const person = theirs[0];
      expect(person?.key).toBe(`h:${handle.slice(1).toLowerCase()}`);
      expect(person?.accounts.find((a) => a.id === id)?.name).toBe(name);
    }
    await expectSameAsSql();
  });
});
