import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';

type H = { authorization: string };

describe('narratives over the API', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
  });
  afterAll(() => t.close());
  const find = async (body: object, h: H = analyst) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/narratives/find', headers: h, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  const range = { startDate: '2024-03-01', endDate: '2024-03-02', streamIds: '7,8' };

  it("reads the range's posts and answers each narrative's figures, largest first", async () => {
    const r = await find({ projectId: fx.projectId, ...range });
    expect(r.status).toBe(200);
    expect(r.body.Posts).toBeGreaterThan(0);
    expect(r.body.Sampled).toBe(false);
    const sizes = r.body.Narratives.map((n: { Posts: number }) => n.Posts);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => b - a));
    for (const n of r.body.Narratives) {
      expect(n.PostIds).toHaveLength(n.Posts);
      expect(n.Sentiment.Positive + n.Sentiment.Neutral + n.Sentiment.Negative).toBe(n.Posts);
      expect(n.Association.Owned + n.Association.Earned + n.Association.Chatter).toBe(n.Posts);
      expect(n.Trend.map((d: { Day: string }) => d.Day)).toEqual(['2024-03-01', '2024-03-02']);
      expect(n.Representative.length).toBeLessThanOrEqual(3);
    }
  });

  it('keeps only the posts the query matches, and says in words when the query does not parse', async () => {
    const all = await find({ projectId: fx.projectId, ...range });
    const none = await find({ projectId: fx.projectId, ...range, query: 'zzzunmatchedword' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ Posts: 0, Sampled: false, Narratives: [] });
    const cola = await find({ projectId: fx.projectId, ...range, query: 'cola OR "too high"' });
    expect(cola.body.Posts).toBeGreaterThan(0);
    expect(cola.body.Posts).toBeLessThanOrEqual(all.body.Posts);
    const bad = await find({ projectId: fx.projectId, ...range, query: 'cola AND (' });
    expect(bad.status).toBe(400);
    expect(bad.body.message ?? bad.body.Message ?? JSON.stringify(bad.body)).toMatch(/query/i);
  });
});
