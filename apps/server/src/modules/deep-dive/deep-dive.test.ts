// Deep dive over the analytic fixture: hashtags #acme (c1, c2 and c7 in range; c2 stored with
// '#'), handle @acmecola (c1), entities Thandi and Acme (c3). Range 2024-03-01..02 (UTC+2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('deepdive/ownedcontent', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: { authorization: string };
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
  });
  afterAll(() => t.close());

  const get = async (query: string, headers = analyst) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/deepdive/ownedcontent?${query}`, headers });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  it('breaks the hashtag rail (the default) down by brand association, one item whatever the stored form', async () => {
    const r = await get(`projectId=${fx.projectId}&${range}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.RailType).toBe('hashtag');
    expect(r.body.Items).toEqual([{ Value: '#acme', Count: 3, Previous: 0, Owned: 0, Earned: 1, Chatter: 2 }]);
    expect(r.body.Posts).toEqual({ Value: 3, Previous: 0 });
    expect(r.body.Charted).toEqual(['#acme']);
  });

  it('draws the charted items per day bucket of the range', async () => {
    const r = await get(`projectId=${fx.projectId}&${range}&period=daily`);
    expect(r.body.Bucket).toBe('day');
    expect(r.body.Series).toEqual([
      { Date: '2024-03-01T00:00:00', Counts: [2] },
      { Date: '2024-03-02T00:00:00', Counts: [1] },
    ]);
  });

  it('compares with the previous period of equal length: the items, the distinct items and the posts', async () => {
    const r = await get(`projectId=${fx.projectId}&startDate=2024-03-02&endDate=2024-03-02&streamIds=7,8`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Items.map((i: { Value: string; Count: number; Previous: number }) => [i.Value, i.Count, i.Previous])).toEqual([['#acme', 1, 2]]);
    expect(r.body.Distinct).toEqual({ Value: 1, Previous: 1 });
    expect(r.body.Posts).toEqual({ Value: 1, Previous: 2 });
  });

  it('reads handles and named entities, and compares chosen items even when the range lacks one', async () => {
    expect((await get(`projectId=${fx.projectId}&${range}&railType=handle`)).body.Items.map((i: { Value: string }) => i.Value)).toEqual(['@acmecola']);
    const e = await get(`projectId=${fx.projectId}&${range}&railType=entity&compare=Thandi,Nobody`);
    expect(e.body.Items.map((i: { Value: string; Count: number }) => [i.Value, i.Count])).toEqual([
      ['Thandi', 1],
      ['Nobody', 0],
    ]);
    expect(e.body.Charted).toEqual(['Thandi', 'Nobody']);
  });

  it('answers 204 when no post of the range carries an item of the rail', async () => {
    const r = await get(`projectId=${fx.projectId}&${range}&railType=url`);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
  });

  it('refuses an unknown rail, more than 5 items to compare, none, and bad dates with 400', async () => {
    const bad = [
      [`railType=tags`, 'railType must be one of hashtag, url, handle, entity'],
      [`compare=a,b,c,d,e,f`, 'at most 5 can be compared'],
      [`compare=,`, 'Choose at least 1 item to compare'],
    ];
    for (const [q, msg] of bad) {
      const r = await get(`projectId=${fx.projectId}&${range}&${q}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(msg);
    }
    expect((await get(`projectId=${fx.projectId}&startDate=2024-13-45&endDate=2024-03-02&streamIds=7`)).status).toBe(400);
  });

  it('is offered to project types 1 and 5 with the Deep Dive product only, and hides other clients', async () => {
    const summer = await get(`projectId=${t.projects['acme-summer']}&${range}`);
    expect(summer.status).toBe(403);
    expect(summer.body.message).toContain('project types 1, 5');
    const admin = await authHeader(t.app, 'admin@demo.example');
    const karoo = await get(`projectId=${t.projects['karoo-brand']}&${range}`, admin);
    expect(karoo.status).toBe(403);
    expect(karoo.body.message).toContain('Deep Dive');
    expect((await get(`projectId=${t.projects['karoo-brand']}&${range}`)).status).toBe(404);
  });
});
