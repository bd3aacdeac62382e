// Top authors as people: one author posting on several networks is one row with their
// networks, followers and posts summed; the clip tray lists the posts of all their accounts.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticSuite, deckFigures, insertBinPost } from '../../test/analytic-fixture.ts';

type Account = { AuthorId: number; StreamId: number; Handle: string | null; FollowerCount: number; ClipCount: number };
type Row = { AuthorId: number; AuthorName: string; Handle: string | null; StreamId: number; FollowerCount: number; ClipCount: number; Accounts: Account[] };

describe('top authors: one row per person across networks', () => {
  // X, Facebook and Instagram; the fixture's own authors (Carol, Alice, Bob) post here too.
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8,9';
  const a: Record<string, number> = {};
  const posts: Record<string, number[]> = {};
  let seq = 0;

  /** An author account (an `authors` row) with `n` posts in the project's root bin in range. */
  const account = async (key: string, stream: number, name: string, handle: string | null, followers: number, n: number) => {
    const author = await ctx.t.db
      .insertInto('authors')
      .values({ stream_id: stream, external_id: `ta-${key}`, name, handle, followers })
      .returning('id')
      .executeTakeFirstOrThrow();
    a[key] = Number(author.id);
    posts[key] = [];
    for (let i = 0; i < n; i++) {
      const at = `2024-03-01T1${i}:0${++seq % 10}:00Z`;
      const body = `Post ${i} by ${name} about acme`;
      const { rootBinId: binId, projectId } = ctx.fx;
      posts[key].push(await insertBinPost(ctx.t.db, { binId, projectId, streamId: stream, externalId: `ta-${key}-${i}`, authorId: a[key], body, at }));
    }
  };

  const ctx = analyticSuite(['analyst']);
  beforeAll(async () => {
    // One person on X and Instagram: the same handle, written differently.
    await account('milaX', 7, 'Mila K', '@Mila_K', 3000, 2);
    await account('milaIG', 9, 'Mila Khumalo', 'mila_k', 9000, 1);
    // A different person on X with Mila's display name and no handle: not merged.
    await account('otherMila', 7, 'Mila K', null, 4000, 1);
    // Three accounts without a handle named Sam Lee, two of them on X: not known to be one person.
    await account('samX1', 7, 'Sam Lee', null, 50, 1);
    await account('samX2', 7, 'Sam  lee', null, 40, 1);
    await account('samFB', 8, 'Sam Lee', null, 60, 1);
    // One person on three networks with few followers, and two more people.
    await account('zedX', 7, 'Zed', 'zed', 1, 1);
    await account('zedFB', 8, 'Zed', 'ZED', 1, 1);
    await account('zedIG', 9, 'Zed', '@zed', 1, 1);
    await account('yan', 7, 'Yan', 'yan', 2, 1);
    await account('xu', 7, 'Xu', 'xu', 0, 1);
  });

  const get = async (path: string) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/${path}`, headers: ctx.as.analyst });
    return { status: res.statusCode, body: res.json() };
  };
  const topAuthors = async (extra = ''): Promise<Row[]> => {
    const r = await get(`topauthors?projectId=${ctx.fx.projectId}&${range}${extra}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  it('merges the accounts sharing a handle on several networks into one row, summing followers and posts', async () => {
    const rows = await topAuthors();
    const mila = rows.find((r) => r.AuthorId === a.milaIG)!;
    // The largest-audience account speaks for the row: its id, stream, name and handle.
    expect(mila).toMatchObject({ AuthorName: 'Mila Khumalo', Handle: 'mila_k', StreamId: 9, FollowerCount: 12_000, ClipCount: 3 });
    expect(mila.Accounts).toEqual([
      { AuthorId: a.milaIG, StreamId: 9, Handle: 'mila_k', FollowerCount: 9000, ClipCount: 1 },
      { AuthorId: a.milaX, StreamId: 7, Handle: '@Mila_K', FollowerCount: 3000, ClipCount: 2 },
    ]);
    // The same-named person on X without a handle stays a row of their own.
    expect(rows.find((r) => r.AuthorId === a.otherMila)).toMatchObject({
      AuthorName: 'Mila K',
      FollowerCount: 4000,
      ClipCount: 1,
      Accounts: [{ AuthorId: a.otherMila }],
    });
    expect(rows.filter((r) => r.Accounts.some((x) => x.AuthorId === a.milaX))).toHaveLength(1);
  });

  it("lists the same people in a report's figures (the PDF's and the workbook's top authors), one row per person", async () => {
    const figures = await deckFigures(ctx.t.db, ctx.fx.projectId, '2024-02-29T22:00:00Z', '2024-03-02T22:00:00Z');
    const rows = await topAuthors();
    expect(figures.topAuthors.map((r) => [r.name, r.followers, r.clips])).toEqual(rows.map((r) => [r.AuthorName, r.FollowerCount, r.ClipCount]));
    const mila = figures.topAuthors.filter((r) => r.name === 'Mila Khumalo');
    expect(mila).toEqual([{ name: 'Mila Khumalo', handle: 'mila_k', streamId: 9, streamIds: [9, 7], followers: 12_000, clips: 3, ave: 3 }]);
    expect(figures.topAuthors.find((r) => r.name === 'Zed')).toMatchObject({ streamIds: [7, 8, 9], clips: 3 });
  });

  it('does not merge a name that two accounts on one network share', async () => {
    const rows = await topAuthors('&showAll=true');
    const sams = rows.filter((r) => r.AuthorName.toLowerCase().startsWith('sam'));
    expect(sams.map((r) => r.Accounts.map((x) => x.AuthorId))).toEqual([[a.samFB], [a.samX1], [a.samX2]]);
  });

  it('counts the top ten and Show All in people, by summed followers', async () => {
    const all = await topAuthors('&showAll=true');
    // 14 accounts with posts in range (the fixture's Carol, Alice and Bob among them), 11 people.
    expect(all.map((r) => [r.AuthorName, r.FollowerCount, r.Accounts.length])).toEqual([
      ['Carol', 20_000, 1],
      ['Mila Khumalo', 12_000, 2],
      ['Alice', 5000, 1],
      ['Mila K', 4000, 1],
      ['Bob', 100, 1],
      ['Sam Lee', 60, 1],
      ['Sam Lee', 50, 1],
      ['Sam  lee', 40, 1],
      ['Zed', 3, 3],
      ['Yan', 2, 1],
      ['Xu', 0, 1],
    ]);
    const top = await topAuthors();
    expect(top).toHaveLength(10);
    expect(top.map((r) => r.AuthorName)).toEqual(all.slice(0, 10).map((r) => r.AuthorName));
    expect(top.find((r) => r.AuthorName === 'Zed')).toMatchObject({ FollowerCount: 3, ClipCount: 3 });
  });

  it('lists the posts of all of a person’s accounts in the clip tray (authorIds), and 400 on a bad list', async () => {
    const list = (extra: string) => get(`clip/getall?projectId=${ctx.fx.projectId}&${range}${extra}`);
    const ids = (r: { body: { Data: { Id: number }[] } }) => r.body.Data.map((c) => c.Id).sort((x, y) => x - y);
    const mila = await list(`&authorIds=${a.milaX},${a.milaIG}`);
    expect(mila.status, JSON.stringify(mila.body)).toBe(200);
    expect(ids(mila)).toEqual([...posts.milaX, ...posts.milaIG].sort((x, y) => x - y));
    expect(mila.body.Total).toBe(3);
    // authorId still names one account; with authorIds both must hold.
    expect(ids(await list(`&authorId=${a.milaX}`))).toEqual(posts.milaX);
    expect(ids(await list(`&authorId=${a.milaX}&authorIds=${a.milaX},${a.milaIG}`))).toEqual(posts.milaX);
    // The new-post count and the export take the same filter.
    expect(
      (await get(`clip/getall/new?projectId=${ctx.fx.projectId}&${range}&authorIds=${a.milaX},${a.milaIG}&snapshotId=${mila.body.SnapshotId}`)).body,
    ).toEqual({
      Count: 0,
    });
    for (const bad of ['abc', `${a.milaX},x`, '0', '', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      const r = await list(`&authorIds=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/^authorIds /);
    }
  });
});
