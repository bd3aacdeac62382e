// Deep dive over the analytic fixture: hashtags #acme (c1, c2 and c7 in range; c2 stored with
// '#'), handle @acmecola (c1), entities Thandi and Acme (c3). Range 2024-03-01..02 (UTC+2).
import { describe, expect, it } from 'vitest';
import { analyticSuite, RANGE } from '../../test/analytic-fixture.ts';
import { authHeader } from '../../test/harness.ts';

describe('deepdive/ownedcontent', () => {
  const range = RANGE;

  const ctx = analyticSuite(['analyst']);

  const get = async (query: string, headers = ctx.as.analyst) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/deepdive/ownedcontent?${query}`, headers });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  it('breaks the hashtag rail (the default) down by brand association, one item whatever the stored form', async () => {
    const r = await get(`projectId=${ctx.fx.projectId}&${range}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.RailType).toBe('hashtag');
    expect(r.body.Items).toEqual([{ Value: '#acme', Count: 3, Previous: 0, Owned: 0, Earned: 1, Chatter: 2 }]);
    expect(r.body.Posts).toEqual({ Value: 3, Previous: 0 });
    expect(r.body.Charted).toEqual(['#acme']);
  });

  it('draws the charted items per day bucket of the range', async () => {
    const r = await get(`projectId=${ctx.fx.projectId}&${range}&period=daily`);
    expect(r.body.Bucket).toBe('day');
    expect(r.body.Series).toEqual([
      { Date: '2024-03-01T00:00:00', From: '2024-03-01T00:00:00', To: '2024-03-01T23:59:59', Label: '1 Mar 2024', Partial: false, Counts: [2] },
      { Date: '2024-03-02T00:00:00', From: '2024-03-02T00:00:00', To: '2024-03-02T23:59:59', Label: '2 Mar 2024', Partial: false, Counts: [1] },
    ]);
  });

  it('reads the range asked, not the weeks before now, in weeks from Monday (the default period) cut by the range', async () => {
    // Wednesday 28 February to Tuesday 12 March 2024: #acme's three posts fall on 1 and 2 March.
    const r = await get(`projectId=${ctx.fx.projectId}&startDate=2024-02-28&endDate=2024-03-12&streamIds=7,8`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Bucket).toBe('week');
    expect(r.body.Series).toEqual([
      { Date: '2024-02-26T00:00:00', From: '2024-02-28T00:00:00', To: '2024-03-03T23:59:59', Label: '26 Feb 2024', Partial: true, Counts: [3] },
      { Date: '2024-03-04T00:00:00', From: '2024-03-04T00:00:00', To: '2024-03-10T23:59:59', Label: '4 Mar 2024', Partial: false, Counts: [0] },
      { Date: '2024-03-11T00:00:00', From: '2024-03-11T00:00:00', To: '2024-03-12T23:59:59', Label: '11 Mar 2024', Partial: true, Counts: [0] },
    ]);
    // The previous period is the 14 days before: 14 to 27 February.
    expect(r.body.Items).toEqual([{ Value: '#acme', Count: 3, Previous: 0, Owned: 0, Earned: 1, Chatter: 2 }]);
  });

  it("counts an item's posts as the clip tray lists them for the same range and streams", async () => {
    for (const [q, n] of [
      ['startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8', 3],
      ['startDate=2024-03-02&endDate=2024-03-09&streamIds=7', 1],
    ] as const) {
      const dive = await get(`projectId=${ctx.fx.projectId}&${q}`);
      const item = dive.body.Items.find((i: { Value: string }) => i.Value === '#acme');
      const tray = await ctx.t.app.inject({ method: 'GET', url: `/api/clip/getall?projectId=${ctx.fx.projectId}&${q}&word=%23acme`, headers: ctx.as.analyst });
      expect([item.Count, tray.json().Total]).toEqual([n, n]);
    }
  });

  it('draws hours for a range of at most 7 days, and says so for a longer one', async () => {
    const hours = await get(`projectId=${ctx.fx.projectId}&${range}&period=hourly`);
    expect(hours.body.Bucket).toBe('hour');
    expect(hours.body.Series).toHaveLength(48);
    expect(hours.body.Series[10]).toEqual({
      Date: '2024-03-01T10:00:00',
      From: '2024-03-01T10:00:00',
      To: '2024-03-01T10:59:59',
      Label: '1 Mar 10:00',
      Partial: false,
      Counts: [2],
    });
    const long = await get(`projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-08&streamIds=7,8&period=hourly`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('period hourly draws a range of at most 7 days; this one has 8: choose daily or weekly');
  });

  it('compares with the previous period of equal length: the items, the distinct items and the posts', async () => {
    const r = await get(`projectId=${ctx.fx.projectId}&startDate=2024-03-02&endDate=2024-03-02&streamIds=7,8`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Items.map((i: { Value: string; Count: number; Previous: number }) => [i.Value, i.Count, i.Previous])).toEqual([['#acme', 1, 2]]);
    expect(r.body.Distinct).toEqual({ Value: 1, Previous: 1 });
    expect(r.body.Posts).toEqual({ Value: 1, Previous: 2 });
  });

  it('reads handles and named entities, and compares chosen items even when the range lacks one', async () => {
    expect((await get(`projectId=${ctx.fx.projectId}&${range}&railType=handle`)).body.Items.map((i: { Value: string }) => i.Value)).toEqual(['@acmecola']);
    const e = await get(`projectId=${ctx.fx.projectId}&${range}&railType=entity&compare=Thandi,Nobody`);
    expect(e.body.Items.map((i: { Value: string; Count: number }) => [i.Value, i.Count])).toEqual([
      ['Thandi', 1],
      ['Nobody', 0],
    ]);
    expect(e.body.Charted).toEqual(['Thandi', 'Nobody']);
  });

  it('answers 204 when no post of the range carries an item of the rail', async () => {
    const r = await get(`projectId=${ctx.fx.projectId}&${range}&railType=url`);
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
      const r = await get(`projectId=${ctx.fx.projectId}&${range}&${q}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(msg);
    }
    expect((await get(`projectId=${ctx.fx.projectId}&startDate=2024-13-45&endDate=2024-03-02&streamIds=7`)).status).toBe(400);
  });

  it('is offered to project types 1 and 5 with the Deep Dive product only, and hides other clients', async () => {
    const summer = await get(`projectId=${ctx.t.projects['acme-summer']}&${range}`);
    expect(summer.status).toBe(403);
    expect(summer.body.message).toContain('project types 1, 5');
    const admin = await authHeader(ctx.t.app, 'admin@demo.example');
    const karoo = await get(`projectId=${ctx.t.projects['karoo-brand']}&${range}`, admin);
    expect(karoo.status).toBe(403);
    expect(karoo.body.message).toContain('Deep Dive');
    expect((await get(`projectId=${ctx.t.projects['karoo-brand']}&${range}`)).status).toBe(404);
  });
});
