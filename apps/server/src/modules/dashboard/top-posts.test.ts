// Top posts ranked by a stated metric: impact, then engagement, then AVE, then the newest, then
// the id; at most two posts per author (a person, as Top authors counts them: their accounts on
// several networks together) unless the call asks for more; the report's figures (the PDF and the
// workbook) read the same ranking. Checked against a ranking computed here from every post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckFigures } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };
type Post = { Id: number; AuthorId: number | null; ImpactScore: number; Engagement: number; AVE: number; DatePosted: string };
interface Made {
  id: number;
  /** Who holds the post for the cap: a person, an account or the post itself. */
  who: string;
  impact: number;
  engagement: number;
  ave: number;
  at: string;
}

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The ranking, computed from every post: sort by the five keys, then take posts in turn, skipping an author once they hold `perAuthor`. */
function expected(posts: Made[], limit: number, perAuthor: number): number[] {
  // The posts of the range the tests read (June; one test adds July's).
  const sorted = posts
    .filter((p) => p.at < '2024-06-04')
    .sort((a, b) => b.impact - a.impact || b.engagement - a.engagement || b.ave - a.ave || b.at.localeCompare(a.at) || b.id - a.id);
  const held = new Map<string, number>();
  const out: number[] = [];
  for (const p of sorted) {
    if ((held.get(p.who) ?? 0) >= perAuthor) continue;
    held.set(p.who, (held.get(p.who) ?? 0) + 1);
    out.push(p.id);
    if (out.length === limit) break;
  }
  return out;
}

describe('top posts: one stated ranking for the widget, the PDF and the workbook', () => {
  let t: TestContext;
  let analyst: H;
  let projectId: number;
  let binId: number;
  let seq = 0;
  const made: Made[] = [];
  // June 2024, away from the other tests' posts; the client's clock is UTC+2.
  const range = 'startDate=2024-06-01&endDate=2024-06-03&streamIds=7,8,9';

  /** An account, and who it is for the cap (its person, or itself: `who`). */
  type Account = { id: number; stream: number; who: string };
  const author = async (name: string, stream = 7, handle: string | null = name.toLowerCase(), who = `person:${name}`): Promise<Account> => {
    const row = await t.db
      .insertInto('authors')
      .values({ stream_id: stream, external_id: `tp-${name}-${stream}-${++seq}`, name, handle, followers: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), stream, who };
  };

  const post = async (a: Account | null, impact: number, likes: number, comments: number, shares: number, ave: number, at: string, rejected = false) => {
    const stream = a?.stream ?? 7;
    const clip = await t.db
      .insertInto('clips')
      .values({ stream_id: stream, external_id: `tp-${++seq}`, author_id: a?.id ?? null, body: `Top post test ${seq}`, posted_at: at, likes, comments, shares })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('bin_clips')
      .values({
        bin_id: binId,
        project_id: projectId,
        clip_id: clip.id,
        stream_id: stream,
        posted_at: at,
        author_id: a?.id ?? null,
        favourability_id: 2,
        brand_association_id: 3,
        ave,
        impact_score: impact,
        // As filing keeps it (ledger/file-posts.ts): the clip's likes + comments + shares.
        engagement: likes + comments + shares,
        rejected,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    if (!rejected) made.push({ id, who: a?.who ?? `post:${id}`, impact, engagement: likes + comments + shares, ave, at: new Date(at).toISOString() });
    return id;
  };

  const top = async (extra = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/topposts/getall?projectId=${projectId}&${range}${extra}`, headers: analyst });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Post[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    analyst = await authHeader(t.app, 'analyst@demo.example');
    projectId = t.projects['acme-brand'];
    binId = (await t.db.selectFrom('projects').select('bin_id').where('id', '=', projectId).executeTakeFirstOrThrow()).bin_id!;
    // A corpus like the demo's: many posts tied at the impact cap (10.0), one prolific author, ties
    // in engagement, AVE and posting time too, posts without an author, and a rejected post on top.
    const rnd = random(17);
    const authors: Account[] = [];
    for (let i = 0; i < 12; i++) authors.push(await author(`Author ${i}`));
    const levels = [10, 10, 10, 10, 9.9, 9.9, 9.5, 8.2, 7];
    const times = ['2024-06-01T08:00:00Z', '2024-06-01T09:30:00Z', '2024-06-02T12:00:00Z'];
    for (let i = 0; i < 260; i++) {
      const prolific = rnd() < 0.4;
      const a = prolific ? authors[0] : rnd() < 0.05 ? null : authors[1 + Math.floor(rnd() * 11)];
      const likes = [0, 5, 40, 120][Math.floor(rnd() * 4)];
      await post(
        a,
        levels[Math.floor(rnd() * levels.length)],
        likes,
        Math.floor(rnd() * 3),
        Math.floor(rnd() * 2),
        [10, 25.5, 80][Math.floor(rnd() * 3)],
        times[Math.floor(rnd() * 3)],
      );
    }
    // The prolific author's posts outrank everyone's at the cap.
    for (let i = 0; i < 8; i++) await post(authors[0], 10, 5000 + i, 0, 0, 900, '2024-06-02T10:00:00Z');
    // The most valuable post tied at the cap, by a quiet author: higher engagement than any but the prolific author's.
    await post(authors[11], 10, 4000, 0, 0, 5000, '2024-06-01T07:00:00Z');
    // Rejected posts never rank.
    await post(authors[5], 10, 99_999, 0, 0, 99_999, '2024-06-01T07:00:00Z', true);
    // One person on three networks (one handle, written three ways): two places between the accounts.
    const mila = [
      await author('Mila K', 7, '@Mila_K', 'person:mila'),
      await author('Mila Khumalo', 9, 'mila_k', 'person:mila'),
      await author('MILA', 8, 'MILA_K', 'person:mila'),
    ];
    for (const [i, account] of mila.entries()) await post(account, 10, 3000 - i, 0, 0, 50, '2024-06-01T06:00:00Z');
    // Two people on X called Sam Lee, without handles: not known to be one person, so each holds two.
    const sams = [await author('Sam Lee', 7, null, 'account:sam1'), await author('Sam  lee', 7, null, 'account:sam2')];
    for (const sam of sams) for (let i = 0; i < 3; i++) await post(sam, 10, 2000 - i, 0, 0, 40, '2024-06-01T05:00:00Z');
  });
  afterAll(() => t.close());

  it('ranks by impact, then engagement, then AVE, then the newest, then the id, with at most two posts per author', async () => {
    const posts = await top();
    expect(posts.map((p) => p.Id)).toEqual(expected(made, 10, 2));
    expect(posts).toHaveLength(10);
    const whose = new Map(made.map((m) => [m.id, m.who]));
    const perAuthor = new Map<string, number>();
    for (const p of posts) perAuthor.set(whose.get(p.Id)!, (perAuthor.get(whose.get(p.Id)!) ?? 0) + 1);
    expect(Math.max(...perAuthor.values())).toBe(2);
    // Mila's three accounts are one author: two of her posts; each Sam Lee is their own: two each.
    expect(perAuthor.get('person:mila')).toBe(2);
    expect([perAuthor.get('account:sam1'), perAuthor.get('account:sam2')]).toEqual([2, 2]);
    // Each post carries the figures it is ranked by, and the order holds between neighbours.
    for (let i = 1; i < posts.length; i++) {
      const [a, b] = [posts[i - 1], posts[i]];
      expect(a.ImpactScore > b.ImpactScore || (a.ImpactScore === b.ImpactScore && a.Engagement >= b.Engagement)).toBe(true);
    }
    // The most valuable post at the cap is there: the prolific author's two best come first, then it.
    expect(posts[2]).toMatchObject({ AVE: 5000, Engagement: 4000, ImpactScore: 10 });
  });

  it('gives the same order on every read, and the same ranking for other limits and caps', async () => {
    expect((await top()).map((p) => p.Id)).toEqual((await top()).map((p) => p.Id));
    for (const [limit, perAuthor] of [
      [1, 1],
      [7, 1],
      [25, 2],
      [50, 3],
    ])
      expect(
        (await top(`&limit=${limit}&maxPerAuthor=${perAuthor}`)).map((p) => p.Id),
        `limit ${limit}, ${perAuthor} per author`,
      ).toEqual(expected(made, limit, perAuthor));
  });

  it('lifts the cap when asked: maxPerAuthor as large as the limit lets the prolific author hold every place they earn', async () => {
    const posts = await top('&maxPerAuthor=10');
    expect(posts.map((p) => p.Id)).toEqual(expected(made, 10, 10));
    expect(posts.filter((p) => p.AuthorId === posts[0].AuthorId).length).toBeGreaterThanOrEqual(8);
  });

  it("reads further into a tie when people's other accounts fill the first posts it reads", async () => {
    // July: two people on three networks each, all above a third author, one post per account.
    const july = 'startDate=2024-07-01&endDate=2024-07-02&streamIds=7,8,9';
    const zed = [7, 8, 9].map((stream) => author(`Zed ${stream}`, stream, '@zed', 'person:zed'));
    const yan = [7, 8, 9].map((stream) => author(`Yan ${stream}`, stream, 'yan', 'person:yan'));
    const ids: number[] = [];
    for (const [i, a] of [...(await Promise.all(zed)), ...(await Promise.all(yan))].entries())
      ids.push(await post(a, 10, 906 - i, 0, 0, 1, '2024-07-01T10:00:00Z'));
    const other = await post(await author('Other'), 10, 100, 0, 0, 1, '2024-07-01T10:00:00Z');
    const res = await t.app.inject({ method: 'GET', url: `/api/topposts/getall?projectId=${projectId}&${july}&limit=3&maxPerAuthor=1`, headers: analyst });
    expect((res.json() as Post[]).map((p) => p.Id)).toEqual([ids[0], ids[3], other]);
  });

  it('refuses a cap that is not a whole number from 1 to 50, naming the parameter', async () => {
    for (const bad of ['0', '51', 'two', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/topposts/getall?projectId=${projectId}&${range}&maxPerAuthor=${bad}`, headers: analyst });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/maxPerAuthor/);
    }
  });

  it("puts the same posts, in the same order, in a report's figures (the PDF's and the workbook's top posts)", async () => {
    const figures = await deckFigures(t.db, projectId, '2024-05-31T22:00:00Z', '2024-06-03T22:00:00Z');
    expect(figures.topPosts.map((p) => p.Id)).toEqual((await top()).map((p) => p.Id));
  });
});
