// Follower Growth over the API: the 8 weeks ending on endDate, each week's count the last
// snapshot before it ended, headline figures against the 8 weeks before, and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { weekBoundaries } from './service.ts';

type H = { authorization: string };
const DAY = 86_400_000;

describe('GET /api/profile/followers/get', () => {
  let t: TestContext;
  let analyst: H;
  let viewer: H;
  let xProfile: number;
  // Client time zone Africa/Johannesburg: the lookback ends at 2024-04-01 00:00 local.
  const range = 'startDate=2024-03-30&endDate=2024-03-31T23:59:59';

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all([authHeader(t.app, 'analyst@demo.example'), authHeader(t.app, 'viewer@demo.example')]);
    const x = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', t.projects['acme-brand'])
      .where('stream_id', '=', 7)
      .executeTakeFirstOrThrow();
    xProfile = x.id;
    // One snapshot a day at 12:00 UTC from 1 January 2024 (day 0: 1000 followers, +10 a day).
    const days = 91;
    await t.db
      .insertInto('follower_snapshots')
      .values(
        Array.from({ length: days }, (_, d) => ({ profile_id: xProfile, taken_at: new Date(Date.UTC(2024, 0, 1, 12) + d * DAY), followers: 1000 + d * 10 })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const get = async (query: string, h: H = analyst) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profile/followers/get?${query}`, headers: h });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers 8 weeks ending on the end day, each with the last snapshot before it ended', async () => {
    const { status, body } = await get(`projectId=${t.projects['acme-brand']}&${range}&streamIds=7,8,9`);
    expect(status).toBe(200);
    expect(body.Weeks).toEqual(['2024-02-05', '2024-02-12', '2024-02-19', '2024-02-26', '2024-03-04', '2024-03-11', '2024-03-18', '2024-03-25']);
    // Weeks long past are whole.
    expect(body.Partial).toEqual(Array(8).fill(null));
    expect(body.Profiles.map((p: { StreamId: number }) => p.StreamId)).toEqual([7, 8, 9]);
    const x = body.Profiles[0];
    expect(x.Id).toBe(xProfile);
    // 31 March is day 90; the week of 5 February ends before 12 February 00:00 local (day 41).
    expect(x.FollowerCount).toBe(1900);
    expect(x.Weeks[0]).toEqual({ Date: '2024-02-05', FollowerCount: 1410, Change: 70 });
    expect(x.Weeks[7]).toEqual({ Date: '2024-03-25', FollowerCount: 1900, Change: 70 });
    // Profiles without snapshots: null weeks, never a guess.
    expect(body.Profiles[1].Weeks.every((w: { FollowerCount: number | null }) => w.FollowerCount === null)).toBe(true);
    expect(body.Snapshots).toHaveLength(8);
    expect(body.Snapshots[7]).toEqual({ ProfileId: xProfile, StreamId: 7, DateCaptured: '2024-03-31T12:00:00.000Z', FollowerCount: 1900 });
    // Followers at the end against the lookback's start (4 Feb, day 34); gained 560, and nothing
    // known 16 weeks back, so the previous gain counts nothing.
    expect(body.Followers).toEqual({ Value: 1900, Previous: 1340 });
    expect(body.Gained).toEqual({ Value: 560, Previous: 0 });
  });

  it('marks the last week partial, so far, when the range ends today', async () => {
    // Today on the client's clock (Johannesburg, UTC+2): the last week ends tonight.
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const { body } = await get(`projectId=${t.projects['acme-brand']}&startDate=${today}&endDate=${today}&streamIds=7,8,9`);
    expect(body.Partial.slice(0, 7)).toEqual(Array(7).fill(null));
    expect(body.Partial[7]).toMatchObject({ Of: 7, Unit: 'day', SoFar: true });
    expect(body.Partial[7].Covered).toBe(7);
  });

  it('keeps to the chosen streams and answers every project type', async () => {
    const fb = await get(`projectId=${t.projects['acme-brand']}&${range}&streamIds=8`);
    expect(fb.body.Profiles.map((p: { StreamId: number }) => p.StreamId)).toEqual([8]);
    expect(fb.body.Followers).toEqual({ Value: 0, Previous: 0 });
    const summer = await get(`projectId=${t.projects['acme-summer']}&${range}&streamIds=7,8,9`);
    expect(summer.status).toBe(200);
    expect(summer.body.Profiles).toEqual([]);
  });

  it("answers 404 for another client's project and 400 naming bad input", async () => {
    expect((await get(`projectId=${t.projects['acme-brand']}&${range}&streamIds=7`, viewer)).status).toBe(404);
    const bad = await get(`projectId=${t.projects['acme-brand']}&startDate=2024-03-30&endDate=nope&streamIds=7`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/endDate is not a date/);
    expect((await get(`projectId=${t.projects['acme-brand']}&${range}&streamIds=7,99`)).status).toBe(400);
  });

  it('puts week boundaries on midnights, the last after the end day', () => {
    const b = weekBoundaries(new Date('2024-03-31T23:59:59.999Z'));
    expect(b).toHaveLength(17);
    expect(b[16].toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(b[8].toISOString()).toBe('2024-02-05T00:00:00.000Z');
  });
});
