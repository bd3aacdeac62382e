// The connector job's schedule against one fake of every network's documented answers: each kind
// it schedules (page feed, comments and replies, hashtag and keyword search) stores every item
// the fake serves exactly once, skips nothing without a counted reason, classifies visitors'
// posts to the page as Earned, records what it collected per project and connector kind, and
// keeps each kind within its budget.
import { BRAND_ASSOCIATION } from '@listening/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import type { FakeServer } from '../ingest/connectors/fakes/server.ts';
import { NETWORK_TOKENS, seedLinkedNetworks, served, startNetworks } from '../test/collection-networks.ts';
import type { SeededProject } from '../ingest/testing.ts';
import { migratedTestDb } from '../test/harness.ts';
import { DAY, hashtagsOf, youtubeQueriesOf, youtubeSearchEveryMs } from './collection-plan.ts';
import { runConnectorTick, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('12'.repeat(32)));
const log = { info() {}, warn() {} };
let h: DbHandle;
let p: SeededProject;
let fake: FakeServer;
let cfg: ConnectorJobConfig;

beforeAll(async () => {
  h = await migratedTestDb();
  p = await seedLinkedNetworks(h.db, keys, [8, 9, 10, 11, 12]);
  fake = await startNetworks(NETWORK_TOKENS);
  const base = { graph: `${fake.url}/v18.0`, youtube: fake.url, linkedin: fake.url, tiktok: fake.url };
  cfg = {
    intervalMs: 60_000,
    xBearerToken: null,
    tiktokResearch: { clientKey: 'research-key', clientSecret: 'research-secret' },
    baseUrls: base,
    blogFeeds: [],
    tokenKeys: keys,
    outbound: TEST_OUTBOUND,
  };
});
afterAll(async () => {
  await fake?.close();
  await h?.close();
});

describe('the collection schedule', () => {
  it('stores once every item each scheduled kind serves: feeds, comments, replies, hashtag and keyword search', async () => {
    const reports = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    const kinds = [...new Set(reports.map((r) => r.connector))].sort();
    expect(kinds).toEqual([
      'facebook.comments',
      'facebook.page',
      'instagram.comments',
      'instagram.hashtag',
      'instagram.media',
      'linkedin.comments',
      'linkedin.posts',
      'tiktok.comments',
      'tiktok.replies',
      'tiktok.videos',
      'youtube.channel',
      'youtube.comments',
      'youtube.replies',
      'youtube.search',
    ]);
    expect(reports.filter((r) => r.ended !== 'done')).toEqual([]);
    // Nothing skipped: every item served was whole.
    expect(reports.filter((r) => Object.keys(r.skipped).length)).toEqual([]);
    for (const [stream, ids] of served) {
      const rows = await h.db.selectFrom('clips').select('external_id').where('stream_id', '=', stream).execute();
      expect(rows.map((r) => r.external_id).sort(), `stream ${stream}`).toEqual([...ids].sort());
    }
    // Replies name the comment they answer.
    const parent = async (id: string) =>
      (await h.db.selectFrom('clips').select('parent_external_id').where('external_id', '=', id).executeTakeFirstOrThrow()).parent_external_id;
    expect(await parent('100_2_c1_r1')).toBe('100_2_c1');
    expect(await parent('100_2_c2')).toBe('100_2');
    expect(await parent('100_v1_c1')).toBe('100_v1'); // the conversation under a visitor's post to the page
    expect(await parent('1790000000000002r1')).toBe('1790000000000002c1');
    expect(await parent('vid2-t2-r1')).toBe('vid2-t2');
    expect(await parent('73000000000000000021')).toBe('7300000000000000002'); // a TikTok comment on its video
    expect(await parent('730000000000000000212')).toBe('73000000000000000021'); // and its reply, read by comment_id
    expect(await parent('urn:li:comment:(urn:li:comment:(urn:li:share:702,1),1)')).toBe('urn:li:comment:(urn:li:share:702,1)');
  });

  it("files visitors' posts to the page and comments on the profiles' posts as Earned, the page's own posts as Owned", async () => {
    const rows = await sql<{ external_id: string; brand_association_id: number }>`
      select c.external_id, bc.brand_association_id from bin_clips bc join clips c on c.id = bc.clip_id
      where bc.bin_id = ${p.rootBinId} and c.external_id in ('100_1', '100_2', '100_v1', '100_2_c1', '100_2_c1_r1', '1790000000000001c2', 'vid1-t1')
      order by 1`.execute(h.db);
    expect(rows.rows).toEqual([
      { external_id: '100_1', brand_association_id: BRAND_ASSOCIATION.Owned },
      { external_id: '100_2', brand_association_id: BRAND_ASSOCIATION.Owned },
      { external_id: '100_2_c1', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: '100_2_c1_r1', brand_association_id: BRAND_ASSOCIATION.Owned }, // the page answering
      { external_id: '100_v1', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: '1790000000000001c2', brand_association_id: BRAND_ASSOCIATION.Earned },
      { external_id: 'vid1-t1', brand_association_id: BRAND_ASSOCIATION.Earned },
    ]);
  });

  it("files every linked account's own posts in its project as Owned, whatever form of its id linking stored", async () => {
    // The profiles hold the ids linking stores (LinkedIn: the organisation's number); the posts
    // carry each network's own form (LinkedIn: urn:li:organization:<number>).
    const own = ['100_1', '1790000000000002', 'vid2', 'urn:li:share:702', '7300000000000000002'];
    const rows = await sql<{ external_id: string; brand_association_id: number }>`
      select c.external_id, bc.brand_association_id from bin_clips bc join clips c on c.id = bc.clip_id
      where bc.bin_id = ${p.rootBinId} and c.external_id in (${sql.join(own)})`.execute(h.db);
    const got = Object.fromEntries(rows.rows.map((r) => [r.external_id, r.brand_association_id]));
    expect(got).toEqual(Object.fromEntries(own.map((id) => [id, BRAND_ASSOCIATION.Owned])));
  });

  it('records per instance what it collected and when it ran, and runs each kind no more often than its budget', async () => {
    const stats = await h.db
      .selectFrom('connector_stats')
      .select(['connector', sql<number>`sum(collected)::int`.as('collected'), sql<number>`count(*)::int`.as('instances')])
      .where('project_id', '=', p.projectId)
      .groupBy('connector')
      .orderBy('connector')
      .execute();
    expect(Object.fromEntries(stats.map((s) => [s.connector, [s.instances, s.collected]]))).toMatchObject({
      'facebook.page': [1, 3],
      'facebook.comments': [3, 9], // the page's own two posts and the visitor's post to it
      'instagram.comments': [2, 6],
      'instagram.hashtag': [1, 2],
      'youtube.search': [1, 2], // the two rules ask the same
      'youtube.comments': [2, 4],
      'youtube.replies': [2, 2],
      'tiktok.comments': [2, 2],
      'tiktok.replies': [2, 2], // read by comment_id, with the research client token
      'linkedin.comments': [4, 6], // two posts, and the replies of one comment of each
    });
    const before = fake.requests.length;
    const again = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    // Every run: the page's feed, the account media, the organisation's posts; the rest waits for its interval.
    expect([...new Set(again.map((r) => r.connector))].sort()).toEqual(['facebook.page', 'instagram.media', 'linkedin.posts']);
    expect(fake.requests.length - before).toBe(3);
    // An hour later the hashtag and the keyword searches are due again, and the 30-minute kinds.
    const later = await runConnectorTick(h.db, cfg, { log, http: fakeClock(), now: () => Date.now() + 61 * 60_000 });
    expect([...new Set(later.map((r) => r.connector))]).toEqual(
      expect.arrayContaining(['instagram.hashtag', 'youtube.search', 'facebook.comments', 'tiktok.videos']),
    );
    expect(later.map((r) => r.connector)).not.toContain('tiktok.comments');
  });

  it('keeps keyword search inside its share of the YouTube quota, and reads hashtags and queries from the rules', () => {
    // 5,000 units a day at 101 a search page: one query every hour, thirty every 14.5 hours.
    expect(youtubeSearchEveryMs(1)).toBe(60 * 60_000);
    expect((DAY / youtubeSearchEveryMs(30)) * 30 * 101).toBeLessThanOrEqual(5_000);
    expect(
      hashtagsOf([
        { kind: 'hashtag', expression: '#AcmeCola OR acme NOT #spam' },
        { kind: 'phrase', expression: '"acme cola" OR #summer' },
        { kind: 'handle', expression: '@acme' },
      ]),
    ).toEqual(['acmecola', 'acme', 'summer']);
    expect(
      youtubeQueriesOf([
        { kind: 'phrase', expression: '"acme cola" OR acme NOT spam' },
        { kind: 'profile', expression: '@acme' },
      ]),
    ).toEqual(['"acme cola" | acme -spam']);
  });
});
