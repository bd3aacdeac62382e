// Top authors as people: one author posting on several networks is one row with their
// networks, followers and posts summed; the clip tray lists the posts of all their accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFigures } from '../../reports/figures.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';

type H = { authorization: string };
type Account = { AuthorId: number; StreamId: number; Handle: string | null; FollowerCount: number; ClipCount: number };
type Row = { AuthorId: number; AuthorName: string; Handle: string | null; StreamId: number; FollowerCount: number; ClipCount: number; Accounts: Account[] };

describe('top authors: one row per person across networks', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  // X, Facebook and Instagram; the fixture's own authors (Carol, Alice, Bob) post here too.
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8,9';
  const a: Record<string, number> = {};
  const posts: Record<string, number[]> = {};
  let seq = 0;

  /** An author account (an `authors` row) with `n` posts in the project's root bin in range. */
  const account = async (key: string, stream: number, name: string, handle: string | null, followers: number, n: number) => {
    const author = await t.db
      .insertInto('authors')
      .values({ stream_id: stream, external_id: `ta-${key}`, name, handle, followers })
      .returning('id')
      .executeTakeFirstOrThrow();
    a[key] = Number(author.id);
    posts[key] = [];
    for (let i = 0; i < n; i++) {
      const at = `2024-03-01T1${i}:0${++seq % 10}:00Z`;
      const clip = await t.db
        .insertInto('clips')
        .values({ stream_id: stream, external_id: `ta-${key}-${i}`, author_id: a[key], body: `Post ${i} by ${name} about acme`, posted_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await t.db
        .insertInto('bin_clips')
        .values({
          bin_id: fx.rootBinId,
          project_id: fx.projectId,
          clip_id: clip.id,
          stream_id: stream,
          posted_at: at,
          author_id: a[key],
          classification_id: 0,
          favourability_id: 2,
          brand_association_id: 3,
          ave: 1,
          impact_score: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      posts[key].push(Number(row.id));
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
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
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: analyst });
    return { status: res.statusCode, body: res.json() };
  };
  const topAuthors = async (extra = ''): Promise<Row[]> => {
    const r = await get(`topauthors?projectId=${fx.projectId}&${range}${extra}`);
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
    const project = await t.db.selectFrom('projects').selectAll().where('id', '=', fx.projectId).executeTakeFirstOrThrow();
    const figures = await readFigures(t.db, {
      reportName: 'Deck',
      kind: 'stats',
      project,
      clientName: 'Acme Beverages',
      timeZone: 'Africa/Johannesburg',
      streams: [7, 8, 9],
      binIds: [],
      from: new Date('2024-02-29T22:00:00Z'),
      to: new Date('2024-03-02T22:00:00Z'),
    });
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
    const list = (extra: string) => get(`clip/getall?projectId=${fx.projectId}&${range}${extra}`);
    const ids = (r: { body: { Data: { Id: number }[] } }) => r.body.Data.map((c) => c.Id).sort((x, y) => x - y);
    const mila = await list(`&authorIds=${a.milaX},${a.milaIG}`);
    expect(mila.status, JSON.stringify(mila.body)).toBe(200);
    expect(ids(mila)).toEqual([...posts.milaX, ...posts.milaIG].sort((x, y) => x - y));
    expect(mila.body.Total).toBe(3);
    // authorId still names one account; with authorIds both must hold.
    expect(ids(await list(`&authorId=${a.milaX}`))).toEqual(posts.milaX);
    expect(ids(await list(`&authorId=${a.milaX}&authorIds=${a.milaX},${a.milaIG}`))).toEqual(posts.milaX);
    // The new-post count and the export take the same filter.
    expect((await get(`clip/getall/new?projectId=${fx.projectId}&${range}&authorIds=${a.milaX},${a.milaIG}&snapshotId=${mila.body.SnapshotId}`)).body).toEqual({
      Count: 0,
    });
    for (const bad of ['abc', `${a.milaX},x`, '0', '', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      const r = await list(`&authorIds=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/^authorIds /);
    }
  });
});
