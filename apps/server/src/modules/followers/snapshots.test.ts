// The follower-snapshot job against the local fakes of X, Facebook, Instagram, YouTube, LinkedIn
// and TikTok: each linked profile's count is read with its own token and recorded; failures are
// named, not fatal; it runs as a scheduled job of the durable runner; the simulator's growth
// covers the profiles without a token, once a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileToken } from '../../crypto/profile-tokens.ts';
import { keyring, parseTokenKey } from '../../crypto/tokens.ts';
import type { DbHandle } from '../../db/connection.ts';
import { FB_VERSION, startFacebookFake } from '../../networks/facebook/fake.ts';
import { TEST_OUTBOUND, testHttp } from '../../ingest/connectors/fakes/harness.ts';
import { IG_USER, startInstagramFake } from '../../networks/instagram/fake.ts';
import { ORG, startLinkedInFake } from '../../networks/linkedin/fake.ts';
import type { FakeServer } from '../../ingest/connectors/fakes/server.ts';
import { startTikTokFake, TT_OPEN_ID } from '../../networks/tiktok/fake.ts';
import { startXFake } from '../../networks/x/fake.ts';
import { CHANNEL, startYouTubeFake } from '../../networks/youtube/fake.ts';
import { seedProject, type SeededProject } from '../../ingest/testing.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { readFollowers, runFollowerSnapshots, simulateFollowerGrowth, type FollowerJobConfig } from './snapshots.ts';
import { productRunner } from '../../jobs/product-jobs.ts';
import { schedule } from '../../jobs/runner.ts';

const keys = keyring(parseTokenKey('ab'.repeat(32)));
const warnings: string[] = [];
const log = { info: () => {}, warn: (o: Record<string, unknown>, msg: string) => void warnings.push(`${msg} ${JSON.stringify(o)}`) };
const T = new Date('2024-05-01T06:00:00Z');

let h: DbHandle;
let p: SeededProject;
const fakes: FakeServer[] = [];
let cfg: FollowerJobConfig;
let igUrl: string;
let liUrl: string;
let ttUrl: string;
const profile: Record<string, number> = {};

beforeAll(async () => {
  h = await migratedTestDb();
  p = await seedProject(h.db, { name: 'Brand SA', rules: [{ bin: 'root', expression: 'brandsa' }] });
  const add = async (key: string, stream_id: number, external_id: string, token: string | null) => {
    const r = await h.db
      .insertInto('profiles')
      .values({ project_id: p.projectId, stream_id, external_id, name: key, followers: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    profile[key] = r.id;
    if (token) await setProfileToken(h.db, r.id, token, keys);
  };
  await add('x', 7, '12', 'xt');
  await add('xGone', 7, '999', 'xt');
  await add('fb', 8, '100', 'ft');
  await add('yt', 10, CHANNEL.id, 'yt');
  // LinkedIn's profile is the organisation by its number (as linked); the job asks for its URN.
  await add('linkedin', 11, ORG.replace('urn:li:organization:', ''), 'lt');
  await add('tiktok', 12, TT_OPEN_ID, 'tt');
  await add('demo', 7, 'demo-only', null);
  const [x, fb, ig, yt, li, tt] = await Promise.all([
    startXFake({ token: 'xt' }),
    startFacebookFake({ token: 'ft', followers: 4321 }),
    startInstagramFake({ token: 'it', followers: 777 }),
    startYouTubeFake({ apiKey: 'yk', subscribers: 12_400 }),
    startLinkedInFake({ token: 'lt', followers: 8_765 }),
    startTikTokFake({ token: 'tt', followers: 2_468 }),
  ]);
  fakes.push(x, fb, ig, yt, li, tt);
  cfg = {
    baseUrls: { x: x.url, graph: fb.url + FB_VERSION, youtube: yt.url, linkedin: li.url, tiktok: tt.url },
    linkedInVersion: '202607',
    youtubeApiKey: 'yk',
    tokenKeys: keys,
  };
  igUrl = ig.url;
  liUrl = li.url;
  ttUrl = tt.url;
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await h?.close();
});

const snapshots = () => h.db.selectFrom('follower_snapshots').selectAll().orderBy('profile_id').execute();

describe('follower-snapshot job', () => {
  it('records each linked profile’s count from its network and names what it could not read', async () => {
    const http = testHttp();
    const r = await runFollowerSnapshots(h.db, cfg, { log, http, now: () => T.getTime() });
    expect(r.recorded).toBe(5);
    const rows = await snapshots();
    const of = (key: string) => rows.find((s) => s.profile_id === profile[key])?.followers;
    expect(of('x')).toBe(50_000);
    expect(of('fb')).toBe(4321);
    expect(of('yt')).toBe(12_400);
    expect(of('linkedin')).toBe(8_765);
    expect(of('tiktok')).toBe(2_468);
    // An unknown X user: no count, no snapshot, and a warning naming the profile.
    expect(of('xGone')).toBeUndefined();
    expect(r.failed.map((f) => f.profileId)).toContain(profile.xGone);
    expect(warnings.some((w) => w.includes('count not read') && w.includes(`"profileId":${profile.xGone}`))).toBe(true);
    expect(rows.every((s) => new Date(s.taken_at).getTime() === T.getTime())).toBe(true);
    const fb = await h.db.selectFrom('profiles').select('followers').where('id', '=', profile.fb).executeTakeFirstOrThrow();
    expect(fb.followers).toBe(4321);
  });

  it('reads an Instagram account’s followers_count and refuses a wrong token', async () => {
    const base = { baseUrls: { graph: igUrl + FB_VERSION } };
    expect(await readFollowers(testHttp(), { id: 1, stream_id: 9, external_id: IG_USER, token: 'it' }, base)).toEqual({ ok: true, followers: 777 });
    const wrong = await readFollowers(testHttp(), { id: 1, stream_id: 9, external_id: IG_USER, token: 'nope' }, base);
    expect(wrong.ok).toBe(false);
  });

  it('reads a LinkedIn organisation’s follower count with the configured version, and names a version LinkedIn no longer serves', async () => {
    const li = { id: 1, stream_id: 11, external_id: ORG, token: 'lt' };
    expect(await readFollowers(testHttp(), li, { baseUrls: { linkedin: liUrl }, linkedInVersion: '202607' })).toEqual({ ok: true, followers: 8_765 });
    expect(await readFollowers(testHttp(), li, { baseUrls: { linkedin: liUrl }, linkedInVersion: '202401' })).toMatchObject({
      ok: false,
      reason: 'version_not_served',
    });
    expect(await readFollowers(testHttp(), { ...li, token: 'nope' }, { baseUrls: { linkedin: liUrl }, linkedInVersion: '202607' })).toMatchObject({
      ok: false,
      reason: 'unauthorized',
    });
  });

  it('reads a TikTok account’s follower_count, and does not count another account’s for the profile', async () => {
    const tt = { id: 1, stream_id: 12, external_id: TT_OPEN_ID, token: 'tt' };
    expect(await readFollowers(testHttp(), tt, { baseUrls: { tiktok: ttUrl } })).toEqual({ ok: true, followers: 2_468 });
    expect(await readFollowers(testHttp(), { ...tt, external_id: 'another-open-id' }, { baseUrls: { tiktok: ttUrl } })).toEqual({
      ok: false,
      reason: 'token_of_another_account',
    });
    expect(await readFollowers(testHttp(), { ...tt, token: 'nope' }, { baseUrls: { tiktok: ttUrl } })).toMatchObject({
      ok: false,
      reason: 'access_token_invalid',
    });
  });

  it('runs once a day as a scheduled job of the durable runner', async () => {
    const before = (await snapshots()).length;
    // The handler makes its own HTTP client from the configuration, as in production (the fakes are local).
    const runner = productRunner(h.db, { publicUrl: 'http://localhost', smtp: false, followers: { ...cfg, outbound: TEST_OUTBOUND } });
    await schedule(h.db, 'follower-snapshots', 'follower-snapshots', 86_400_000);
    await runner.tick();
    const jobs = await h.db.selectFrom('jobs').select(['queue', 'state']).where('queue', '=', 'follower-snapshots').execute();
    expect(jobs).toEqual([{ queue: 'follower-snapshots', state: 'done' }]);
    expect((await snapshots()).length).toBe(before + 5);
    // The next tick is a day away: a second round reads nothing.
    await runner.tick();
    expect((await snapshots()).length).toBe(before + 5);
    // Network reads off (CONNECTOR_INTERVAL_MS=0): the job runs and reads nothing.
    const off = productRunner(h.db, { publicUrl: 'http://localhost', smtp: false, followers: null });
    await h.db
      .updateTable('job_schedules')
      .set({ next_run_at: new Date(0) })
      .where('name', '=', 'follower-snapshots')
      .execute();
    await off.tick();
    expect(await h.db.selectFrom('jobs').select('state').where('queue', '=', 'follower-snapshots').execute()).toEqual([{ state: 'done' }, { state: 'done' }]);
    expect((await snapshots()).length).toBe(before + 5);
  });

  it('grows the profiles without a token once a day, for the demo', async () => {
    const rnd = () => 0.5;
    expect(await simulateFollowerGrowth(h.db, T, rnd)).toBe(1);
    // Within the day: nothing new.
    expect(await simulateFollowerGrowth(h.db, new Date(T.getTime() + 3_600_000), rnd)).toBe(0);
    expect(await simulateFollowerGrowth(h.db, new Date(T.getTime() + 86_400_000 + 1), rnd)).toBe(1);
    const demo = (await snapshots()).filter((s) => s.profile_id === profile.demo).map((s) => s.followers);
    expect(demo).toEqual([1002, 1004]);
  });
});
