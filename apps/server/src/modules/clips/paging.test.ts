// The clip tray's listing over a live table: keyset pages inside a snapshot, posts that
// arrive meanwhile counted as new instead of shifting pages, 'select all' by the listing's filter,
// and the narrower filters every figure opens the tray with.
import { describe, expect, it } from 'vitest';
import { RATE_MAX_CLIPS } from '@listening/contract';
import { analyticSuite, insertBinPost, RANGE } from '../../test/analytic-fixture.ts';

type H = { authorization: string };
type Page = { Data: { Id: number; FavourabilityId: number }[]; HasMore: boolean; NextCursor: string | null; SnapshotId: number; Total: number | null };

describe('the clip listing: keyset pages, new posts, select all and narrower filters', () => {
  const range = RANGE;
  const body = { startDate: '2024-03-01', endDate: '2024-03-02', streamIds: '7,8' };
  let seq = 0;
  const ctx = analyticSuite(['analyst', 'viewer']);

  const call = async (method: 'GET' | 'PUT', path: string, h: H = ctx.as.analyst, payload?: object) => {
    const res = await ctx.t.app.inject({ method, url: `/api/${path}`, headers: h, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async (extra = '', h: H = ctx.as.analyst): Promise<Page> => {
    const r = await call('GET', `clip/getall?projectId=${ctx.fx.projectId}&${range}${extra}`, h);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const ids = (p: Page) => p.Data.map((c) => c.Id);
  /** A post of the project's root bin, as ingestion would store it (the listing reads bin_clips, not the rollups). */
  const insertPost = async (at: string, fav = 2, stream = 7) => {
    const external = `paging-${++seq}`;
    return insertBinPost(ctx.t.db, {
      binId: ctx.fx.rootBinId,
      projectId: ctx.fx.projectId,
      streamId: stream,
      externalId: external,
      authorId: ctx.fx.authors.bob,
      body: `Live post ${seq} about acme`,
      at,
      favourabilityId: fav,
    });
  };

  it('pages by cursor inside a snapshot: a post inserted between pages is never repeated nor skipped, it is counted as new', async () => {
    const first = await list('&limit=2');
    expect(ids(first)).toEqual([ctx.fx.root.c3, ctx.fx.root.c7]);
    expect(first).toMatchObject({ HasMore: true, Total: 4 });
    expect(first.NextCursor).toBe(`2024-03-02T06:00:00.000000Z,${ctx.fx.root.c7}`);
    // Between pages: one post newer than everything listed, one older than the cursor.
    const newer = await insertPost('2024-03-02T21:00:00Z');
    const older = await insertPost('2024-03-01T07:00:00Z');
    const second = await list(`&limit=2&cursor=${first.NextCursor}&snapshotId=${first.SnapshotId}`);
    expect(ids(second)).toEqual([ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(second).toMatchObject({ HasMore: false, NextCursor: null, Total: null, SnapshotId: first.SnapshotId });
    // Both arrived after the snapshot: counted as new, and listed when the tray loads them.
    const count = await call('GET', `clip/getall/new?projectId=${ctx.fx.projectId}&${range}&snapshotId=${first.SnapshotId}`);
    expect(count).toEqual({ status: 200, body: { Count: 2 } });
    const fresh = await list(`&newerThan=${first.SnapshotId}`);
    expect(ids(fresh)).toEqual([newer, older]);
    expect(fresh.SnapshotId).toBeGreaterThanOrEqual(older);
    expect((await call('GET', `clip/getall/new?projectId=${ctx.fx.projectId}&${range}&snapshotId=${fresh.SnapshotId}`)).body).toEqual({ Count: 0 });
    // A new first page sees them in place.
    expect(ids(await list())).toEqual([newer, ctx.fx.root.c3, ctx.fx.root.c7, ctx.fx.root.c2, ctx.fx.root.c1, older]);
    await ctx.t.db.deleteFrom('bin_clips').where('id', 'in', [newer, older]).execute();
  });

  it('keeps posts of the same instant apart by id, to the microsecond', async () => {
    const at = '2024-03-01T09:00:00.123456Z';
    const same = [await insertPost(at), await insertPost(at), await insertPost(at)];
    const seen: number[] = [];
    let page = await list('&limit=1&hourStart=2024-03-01T11:00:00');
    const snapshot = page.SnapshotId;
    seen.push(...ids(page));
    while (page.HasMore && seen.length < 10) {
      page = await list(`&limit=1&hourStart=2024-03-01T11:00:00&cursor=${page.NextCursor}&snapshotId=${snapshot}`);
      seen.push(...ids(page));
    }
    expect(seen).toEqual([...same].reverse());
    await ctx.t.db.deleteFrom('bin_clips').where('id', 'in', same).execute();
  });

  it('refuses unknown and malformed paging parameters with a 400 naming them', async () => {
    const bad = async (extra: string) => call('GET', `clip/getall?projectId=${ctx.fx.projectId}&${range}${extra}`);
    const offset = await bad('&offset=10');
    expect(offset.status).toBe(400);
    expect(offset.body.message).toMatch(/^'offset': not a parameter of the clip listing \(it takes projectId, .*cursor/);
    expect((await bad('&favorability=1')).body.message).toMatch(/'favorability': not a parameter/);
    for (const cursor of [
      'abc',
      '2024-03-01T10:00:00Z',
      '2024-03-01T10:00:00Z,0',
      '2024-13-45T10:00:00Z,5',
      '0001-03-01T10:00:00Z,5',
      '2024-03-01T10:00:00Z,99999999999',
    ]) {
      const r = await bad(`&cursor=${encodeURIComponent(cursor)}`);
      expect([cursor, r.status, r.body.message]).toEqual([
        cursor,
        400,
        expect.stringMatching(/^cursor must be the NextCursor of the page before \(a posting instant and a post id\), got /),
      ]);
    }
    expect((await bad('&snapshotId=-1')).status).toBe(400);
    expect((await bad('&word=')).body.message).toMatch(/word must not be empty/);
    expect((await bad(`&word=${'w'.repeat(101)}`)).body.message).toMatch(/word is at most 100 characters/);
    expect((await bad('&word=a%00b')).body.message).toMatch(/^word /);
    expect((await bad('&authorId=abc')).status).toBe(400);
    const count = await call('GET', `clip/getall/new?projectId=${ctx.fx.projectId}&${range}`);
    expect(count.status).toBe(400);
    expect(count.body.message).toMatch(/snapshotId/);
    expect((await call('GET', `clip/listing/export?projectId=${ctx.fx.projectId}&${range}&limit=5`)).body.message).toMatch(
      /'limit': not a parameter of the listing export/,
    );
  });

  it('narrows to what a figure counts: rating within owned/earned/chatter, author, word, stream and a sub-range', async () => {
    // The sentiment card's '% neg' of Owned: Owned and Negative (c3), not all Owned posts.
    expect(ids(await list('&brandAssociationId=1&favourabilityId=3'))).toEqual([ctx.fx.root.c3]);
    expect(ids(await list('&brandAssociationId=3&favourabilityId=3'))).toEqual([]);
    expect(ids(await list('&brandAssociationId=3&favourabilityId=2'))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2]);
    // A top author's post count.
    expect(ids(await list(`&authorId=${ctx.fx.authors.bob}`))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2]);
    // Word-cloud entries: a word, a hashtag stored with or without '#', a handle, a named entity.
    expect(ids(await list('&word=cola'))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(ids(await list('&word=COLA'))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(ids(await list(`&word=${encodeURIComponent('#acme')}`))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(ids(await list('&word=@acmecola'))).toEqual([ctx.fx.root.c1]);
    expect(ids(await list('&word=Thandi'))).toEqual([ctx.fx.root.c3]);
    expect(ids(await list('&word=nothing'))).toEqual([]);
    // An included phrase is found in the text, as the cloud counts it.
    expect(ids(await list('&word=too%20high'))).toEqual([]);
    await ctx.t.app.inject({ method: 'POST', url: '/api/include', headers: ctx.as.analyst, payload: { projectId: ctx.fx.projectId, phrase: 'too high' } });
    expect(ids(await list('&word=Too%20High'))).toEqual([ctx.fx.root.c3]);
    // A mention card of one stream, and a daily-insights bar (one day of the range).
    const x = await call('GET', `clip/getall?projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-02&streamIds=8`);
    expect(ids(x.body)).toEqual([ctx.fx.root.c3]);
    const day = await call('GET', `clip/getall?projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-01&streamIds=7,8`);
    expect(ids(day.body)).toEqual([ctx.fx.root.c2, ctx.fx.root.c1]);
    expect(day.body.Total).toBe(2);
  });

  it("rates, rejects and restores every post of a filter as of the listing's snapshot ('select all')", async () => {
    // The Neutral posts (c7, c2), one of them loaded, rated Negative; a post that arrived after the snapshot stays as it was.
    const first = await list('&favourabilityId=2&limit=1');
    expect(first.Total).toBe(2);
    const late = await insertPost('2024-03-02T10:00:00Z', 2);
    const neutral = { ...body, projectId: ctx.fx.projectId, favourabilityId: 2, snapshotId: first.SnapshotId };
    expect(await call('PUT', 'clip/favourability/update/matching', ctx.as.analyst, { ...neutral, newFavourabilityId: 3 })).toEqual({
      status: 200,
      body: { Updated: 2 },
    });
    const favs = await ctx.t.db.selectFrom('bin_clips').select(['id', 'favourability_id']).where('id', 'in', [ctx.fx.root.c7, ctx.fx.root.c2, late]).execute();
    expect(Object.fromEntries(favs.map((r) => [Number(r.id), r.favourability_id]))).toEqual({ [ctx.fx.root.c7]: 3, [ctx.fx.root.c2]: 3, [late]: 2 });
    expect((await call('PUT', 'clip/favourability/update/matching', ctx.as.analyst, { ...neutral, newFavourabilityId: 4 })).body.message).toMatch(
      /newFavourabilityId must be 1 \(Positive\), 2 \(Neutral\) or 3 \(Negative\)/,
    );
    // Chatter (c7, c2 and the late post) as of the snapshot.
    const chatter = { ...body, projectId: ctx.fx.projectId, brandAssociationId: 3, snapshotId: first.SnapshotId };
    // Reject them all, then restore them all from the Rejected view, with the audit log keeping both.
    expect(await call('PUT', 'clip/reject/matching', ctx.as.analyst, chatter)).toEqual({ status: 200, body: { Updated: 2 } });
    expect(ids(await list('&brandAssociationId=3'))).toEqual([late]);
    expect(ids(await list('&brandAssociationId=3&rejected=true'))).toEqual([ctx.fx.root.c7, ctx.fx.root.c2]);
    expect(await call('PUT', 'clip/restore/matching', ctx.as.analyst, chatter)).toEqual({ status: 200, body: { Updated: 2 } });
    expect(ids(await list('&brandAssociationId=3'))).toEqual([late, ctx.fx.root.c7, ctx.fx.root.c2]);
    const audit = await ctx.t.db.selectFrom('audit_log').select('action').where('action', 'in', ['clips.reject', 'clips.restore']).execute();
    expect(audit.map((a) => a.action)).toEqual(['clips.reject', 'clips.restore']);
    // A filter that matches nothing changes nothing.
    expect(await call('PUT', 'clip/reject/matching', ctx.as.analyst, { ...chatter, word: 'nothing' })).toEqual({ status: 200, body: { Updated: 0 } });
    // Another client's user: 404, nothing changes.
    const refused = await call('PUT', 'clip/reject/matching', ctx.as.viewer, chatter);
    expect(refused.status).toBe(404);
    expect(ids(await list('&brandAssociationId=3'))).toEqual([late, ctx.fx.root.c7, ctx.fx.root.c2]);
    await ctx.t.db.deleteFrom('bin_clips').where('id', '=', late).execute();
  });

  it(`refuses to change more than ${RATE_MAX_CLIPS} posts at once, naming how many the selection has`, async () => {
    const n = RATE_MAX_CLIPS + 2;
    const clips = await ctx.t.db
      .insertInto('clips')
      .values(Array.from({ length: n }, (_, i) => ({ stream_id: 8, external_id: `bulk-${i}`, body: `Bulk ${i}`, posted_at: '2024-03-01T12:00:00Z' })))
      .returning('id')
      .execute();
    await ctx.t.db
      .insertInto('bin_clips')
      .values(
        clips.map((c) => ({
          bin_id: ctx.fx.rootBinId,
          project_id: ctx.fx.projectId,
          clip_id: c.id,
          stream_id: 8,
          posted_at: '2024-03-01T12:00:00Z',
          classification_id: 0,
          favourability_id: 2,
          brand_association_id: 2,
          ave: 0,
          impact_score: 0,
        })),
      )
      .execute();
    const first = await list('&hourStart=2024-03-01T14:00:00');
    expect(first.Total).toBe(n);
    const over = await call('PUT', 'clip/reject/matching', ctx.as.analyst, {
      ...body,
      projectId: ctx.fx.projectId,
      hourStart: '2024-03-01T14:00:00',
      snapshotId: first.SnapshotId,
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('This selection has 1,002 posts; at most 1,000 can be rejected at once: narrow the date range or the filters');
    expect(ids(await list('&hourStart=2024-03-01T14:00:00&rejected=true'))).toEqual([]);
  });
});
