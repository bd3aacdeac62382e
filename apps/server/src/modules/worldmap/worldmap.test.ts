// World map over the analytic fixture, with places given to its clips: c1 and c2 from
// Johannesburg, c3 from Nairobi, c7 only a country (ZA), c5 before the range. Range 2024-03-01..02.
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestPosts } from '../../ingest/index.ts';
import { rebuildRollups, analyticSuite, RANGE } from '../../test/analytic-fixture.ts';

describe('world map', () => {
  const range = RANGE;

  const ctx = analyticSuite(['analyst']);
  beforeAll(async () => {
    const jhb = { country_code: 'ZA', place: 'Johannesburg', latitude: -26.17, longitude: 28.03 };
    await ctx.t.db
      .insertInto('clip_locations')
      .values([
        { clip_id: ctx.fx.clip.c1, ...jhb },
        { clip_id: ctx.fx.clip.c2, ...jhb },
        { clip_id: ctx.fx.clip.c3, country_code: 'KE', place: 'Nairobi', latitude: -1.28, longitude: 36.82 },
        { clip_id: ctx.fx.clip.c7, country_code: 'ZA' },
        { clip_id: ctx.fx.clip.c5, country_code: 'ZA' },
      ])
      .execute();
    // Locations written directly, as the fixture writes bin_clips: the map reads its rollup (0023).
    await rebuildRollups(ctx.t.db);
  });

  const get = async (path: string) => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/worldmap/${path}`, headers: ctx.as.analyst });
    return { status: res.statusCode, body: res.json() };
  };

  it('counts posts per country, with the unlocated apart and the previous period beside', async () => {
    const r = await get(`countries?projectId=${ctx.fx.projectId}&${range}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Countries).toEqual([
      { CountryCode: 'ZA', IsoNumeric: '710', Name: 'South Africa', Count: 3, Previous: 0 },
      { CountryCode: 'KE', IsoNumeric: '404', Name: 'Kenya', Count: 1, Previous: 0 },
    ]);
    expect(r.body.Located).toEqual({ Value: 4, Previous: 0 });
    expect(r.body.Unlocated).toEqual({ Value: 0, Previous: 0 });
    // A range that starts before c5 (20 Feb): the earlier period holds it.
    const wide = await get(`countries?projectId=${ctx.fx.projectId}&startDate=2024-02-22&endDate=2024-03-02&streamIds=7,8`);
    expect(wide.body.Located).toEqual({ Value: 4, Previous: 1 });
  });

  it('clusters places with coordinates, busiest first, optionally of one country', async () => {
    const all = await get(`cluster?projectId=${ctx.fx.projectId}&${range}`);
    expect(all.body).toEqual([
      { Place: 'Johannesburg', CountryCode: 'ZA', Latitude: -26.17, Longitude: 28.03, Count: 2 },
      { Place: 'Nairobi', CountryCode: 'KE', Latitude: -1.28, Longitude: 36.82, Count: 1 },
    ]);
    expect((await get(`cluster?projectId=${ctx.fx.projectId}&${range}&countryCode=ke`)).body.map((p: { Place: string }) => p.Place)).toEqual(['Nairobi']);
    const bad = await get(`cluster?projectId=${ctx.fx.projectId}&${range}&countryCode=Kenya`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('two-letter country code');
  });

  it("opens a country's posts in the clip tray", async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/clip/getall?projectId=${ctx.fx.projectId}&${range}&countryCode=ZA`,
      headers: ctx.as.analyst,
    });
    expect(
      res
        .json()
        .Data.map((c: { ClipId: number }) => c.ClipId)
        .sort(),
    ).toEqual([ctx.fx.clip.c1, ctx.fx.clip.c2, ctx.fx.clip.c7].sort());
  });

  it("hides another client's project", async () => {
    expect((await get(`countries?projectId=${ctx.t.projects['karoo-brand']}&${range}`)).status).toBe(404);
  });

  it("stores where a post comes from at ingestion, from its author's profile location", async () => {
    const at = new Date('2024-03-01T10:00:00Z');
    const author = (externalId: string, location: string) => ({ externalId, name: externalId, location });
    await ingestPosts(ctx.t.db, [
      { streamId: 7, externalId: 'loc-1', author: author('loc-a', 'Cape Town, South Africa'), body: 'hello acme', postedAt: at },
      { streamId: 7, externalId: 'loc-2', author: author('loc-b', 'somewhere nice'), body: 'hello acme', postedAt: at },
      { streamId: 7, externalId: 'loc-3', author: author('loc-c', 'Lagos'), body: 'hello acme', postedAt: at, country: 'GH' },
    ]);
    const rows = await ctx.t.db
      .selectFrom('clip_locations')
      .innerJoin('clips', 'clips.id', 'clip_locations.clip_id')
      .select(['clips.external_id', 'clip_locations.country_code', 'clip_locations.place'])
      .where('clips.external_id', 'like', 'loc-%')
      .orderBy('clips.external_id')
      .execute();
    expect(rows.map((r) => [r.external_id, r.country_code.trim(), r.place])).toEqual([
      ['loc-1', 'ZA', 'Cape Town'],
      ['loc-3', 'GH', null],
    ]);
  });
});
