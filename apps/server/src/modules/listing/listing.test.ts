// Post Listing on the analytic fixture (acme-brand, 2024-03-01..02, streams 7 and 8: c1, c2, c3
// and c7): every sort order paged by the keyset cursor, the text search, the filters, the
// answers to bad input, tenant isolation, and paging while posts arrive.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeListingCursor, encodeListingCursor, type ListingSort } from '@listening/contract';
import { analyticSuite, RANGE } from '../../test/analytic-fixture.ts';
import { containsPattern } from './queries.ts';

type H = { authorization: string };
interface Page {
  Data: { Id: number; ClipId: number; Reach: number; Engagement: number; AuthorName: string; AuthorHandle: string | null; BinId: number }[];
  Next: string | null;
  Total: number | null;
}

describe('Post Listing', () => {
  const range = RANGE;
  const ctx = analyticSuite(['analyst', 'viewer']);
  beforeAll(async () => {
    // Reach: c7 the widest, c1 and c3 level (the posting time breaks the tie), c2 the narrowest.
    for (const [name, reach] of [
      ['c1', 500],
      ['c2', 10],
      ['c3', 500],
      ['c7', 2000],
    ] as const)
      await ctx.t.db.updateTable('clips').set({ reach }).where('id', '=', ctx.fx.clip[name]).execute();
    // AVE: c2 the highest, c1 and c7 level at a fraction of a rand (the cursor carries it exactly), c3
    // the lowest. Engagement (likes + comments + shares): c2 50, c1 6, c7 5, c3 none.
    for (const [name, ave, likes, comments, shares] of [
      ['c1', 12.34, 3, 2, 1],
      ['c2', 99.5, 40, 5, 5],
      ['c3', 0.1, 0, 0, 0],
      ['c7', 12.34, 2, 2, 1],
    ] as const) {
      await ctx.t.db.updateTable('bin_clips').set({ ave }).where('clip_id', '=', ctx.fx.clip[name]).execute();
      await ctx.t.db.updateTable('clips').set({ likes, comments, shares }).where('id', '=', ctx.fx.clip[name]).execute();
    }
  });

  const get = async (extra = '', h: H = ctx.as.analyst, scope = `projectId=${ctx.fx.projectId}`) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/listing/posts?${scope}&${range}${extra}`, headers: h });
    return { status: res.statusCode, body: res.json() };
  };
  const clipIds = (p: Page) => p.Data.map((d) => d.ClipId);
  /** Every page of a sort, one post at a time, following Next. */
  const walk = async (sort: ListingSort, extra = '') => {
    const seen: number[] = [];
    const totals: (number | null)[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await get(`&sort=${sort}&limit=1${extra}${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as Page;
      seen.push(...clipIds(page));
      totals.push(page.Total);
      after = page.Next;
      if (!after) break;
    }
    return { seen, totals };
  };

  it('lists the posts newest first by default, with reach, handle, bin and a count of all that match', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(clipIds(body)).toEqual([ctx.fx.clip.c3, ctx.fx.clip.c7, ctx.fx.clip.c2, ctx.fx.clip.c1]);
    expect(body.Total).toBe(4);
    expect(body.Next).toBeNull();
    expect(body.Data[3]).toMatchObject({
      Id: ctx.fx.root.c1,
      AuthorName: 'Alice',
      AuthorHandle: 'alice',
      Reach: 500,
      BinId: ctx.fx.rootBinId,
      FavourabilityId: 1,
    });
  });

  it('pages every sort order by its cursor, each post once, in the order the sort names', async () => {
    const { c1, c2, c3, c7 } = ctx.fx.clip;
    const expected: Record<ListingSort, number[]> = {
      newest: [c3, c7, c2, c1],
      oldest: [c1, c2, c7, c3],
      reach: [c7, c3, c1, c2],
      ave: [c2, c7, c1, c3],
      engagement: [c2, c1, c7, c3],
      negative: [c3, c7, c2, c1],
      positive: [c1, c7, c2, c3],
    };
    for (const [sort, order] of Object.entries(expected) as [ListingSort, number[]][]) {
      const { seen, totals } = await walk(sort);
      expect(seen, sort).toEqual(order);
      // The count comes with the first page only.
      expect(totals, sort).toEqual([4, null, null, null]);
    }
  });

  it('searches the text and the author, case-insensitively, with % and _ taken as themselves', async () => {
    expect(clipIds((await get('&q=PRICE')).body)).toEqual([ctx.fx.clip.c3]);
    expect(clipIds((await get('&q=bob')).body)).toEqual([ctx.fx.clip.c7, ctx.fx.clip.c2]);
    expect(clipIds((await get('&q=%20%20tastes%20great%20')).body)).toEqual([ctx.fx.clip.c7, ctx.fx.clip.c1]);
    for (const wild of ['%25', '_']) {
      const res = await get(`&q=${wild}`);
      expect(res.body.Data).toEqual([]);
      expect(res.body.Total).toBe(0);
    }
    // A search pages like the rest.
    expect((await walk('reach', '&q=acme')).seen).toEqual([ctx.fx.clip.c7, ctx.fx.clip.c3, ctx.fx.clip.c1]);
    expect(containsPattern('100%_off\\')).toBe('%100\\%\\_off\\\\%');
  });

  it('filters by stream, sentiment, brand association and sub-bin', async () => {
    const ids = async (extra: string, scope?: string) => clipIds((await get(extra, ctx.as.analyst, scope)).body);
    expect(await ids('&favourabilityId=2')).toEqual([ctx.fx.clip.c7, ctx.fx.clip.c2]);
    expect(await ids('&brandAssociationId=3')).toEqual([ctx.fx.clip.c7, ctx.fx.clip.c2]);
    expect(await ids('&brandAssociationId=1')).toEqual([ctx.fx.clip.c3]);
    expect(await ids('&brandAssociationId=0')).toHaveLength(4);
    const onlyFacebook = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/listing/posts?projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-02&streamIds=8`,
      headers: ctx.as.analyst,
    });
    expect(clipIds(onlyFacebook.json())).toEqual([ctx.fx.clip.c3]);
    const bin = (await get('', ctx.as.analyst, `projectId=${ctx.fx.projectId}&binId=${ctx.fx.productBinId}`)).body as Page;
    expect(clipIds(bin)).toEqual([ctx.fx.clip.c3, ctx.fx.clip.c1]);
    expect(bin.Data.every((d) => d.BinId === ctx.fx.productBinId)).toBe(true);
    expect(await ids('&favourabilityId=3&q=price&brandAssociationId=1')).toEqual([ctx.fx.clip.c3]);
  });

  it('answers bad input with 400 naming the parameter in the product’s words', async () => {
    const message = async (extra: string) => {
      const res = await get(extra);
      expect(res.status, extra).toBe(400);
      return res.body.message as string;
    };
    expect(await message('&sort=popular')).toMatch(/sort must be one of newest, oldest, reach, ave, engagement, negative, positive/);
    expect(await message('&after=not-a-cursor')).toMatch(/after is not a position this listing gave/);
    expect(await message(`&after=${encodeListingCursor({ sort: 'newest', postedAt: '2024-03-02T00:00:00.000Z', id: 1 })}&sort=reach`)).toMatch(
      /after belongs to another sort order/,
    );
    expect(await message(`&q=${'x'.repeat(101)}`)).toMatch(/q is at most 100 characters/);
    expect(await message('&q=a%00b')).toMatch(/q contains a character that is not allowed/);
    expect(await message('&q=a%01b')).toMatch(/q must be plain text/);
    expect(await message('&limit=51')).toMatch(/limit is at most 50/);
    expect(await message('&favourabilityId=4')).toMatch(/favourabilityId must be 1 \(Positive\), 2 \(Neutral\) or 3 \(Negative\)/);
    expect(decodeListingCursor(encodeListingCursor({ sort: 'reach', value: 12, postedAt: '2024-03-02T00:00:00.000Z', id: 9 }))).toEqual({
      sort: 'reach',
      value: 12,
      postedAt: '2024-03-02T00:00:00.000Z',
      id: 9,
    });
  });

  it("answers 404 for another client's project or bin, and for a bin of another project", async () => {
    expect((await get('', ctx.as.viewer)).status).toBe(404);
    expect((await get('', ctx.as.viewer, `binId=${ctx.fx.productBinId}`)).status).toBe(404);
    const otherBin = await ctx.t.db
      .selectFrom('bins')
      .select('id')
      .where('project_id', '=', ctx.t.projects['acme-owned'])
      .where('bin_type_id', '=', 2)
      .executeTakeFirstOrThrow();
    const res = await get('', ctx.as.analyst, `projectId=${ctx.fx.projectId}&binId=${otherBin.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not found in project/);
  });

  it('never repeats or skips a post when posts arrive between pages', async () => {
    const first = (await get('&limit=2')).body as Page;
    expect(clipIds(first)).toEqual([ctx.fx.clip.c3, ctx.fx.clip.c7]);
    // One post newer than the page's last, one older: the next page shows the older one in its
    // place and none of the first page again.
    const add = async (name: string, at: string) => {
      const clip = await ctx.t.db
        .insertInto('clips')
        .values({ stream_id: 7, external_id: `listing-${name}`, author_id: ctx.fx.authors.alice, body: `${name} about acme`, posted_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.t.db
        .insertInto('bin_clips')
        .values({ bin_id: ctx.fx.rootBinId, project_id: ctx.fx.projectId, clip_id: clip.id, stream_id: 7, posted_at: at, author_id: ctx.fx.authors.alice })
        .execute();
      return Number(clip.id);
    };
    await add('newer', '2024-03-02T12:00:00Z');
    const older = await add('older', '2024-03-01T09:00:00Z');
    const rest = (await get(`&limit=10&after=${first.Next}`)).body as Page;
    expect(clipIds(rest)).toEqual([older, ctx.fx.clip.c2, ctx.fx.clip.c1]);
    expect(rest.Total).toBeNull();
  });
});
