// A network that changes its answer is noticed: when the items of one connector kind start
// failing a check (a field renamed or gone), admins get one notification naming the network and
// the field, not one per run, and again only after the kind has recovered and broken anew.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { FB_VERSION, fbPosts, startFacebookFake } from '../networks/facebook/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import type { ConnectorReport } from '../ingest/connectors/index.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject } from '../ingest/testing.ts';
import { linkBrandPage } from '../test/facebook-page.ts';
import { migratedTestDb } from '../test/harness.ts';
import { recordRuns, SKIP_RATE_MIN_SAMPLE, STOP_STREAK_THRESHOLD, watchSkipRates } from './connector-stats.ts';
import { runConnectorTick } from './connectors.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await migratedTestDb();
  await h.db
    .insertInto('users')
    .values([
      { email: 'root@example.com', name: 'Root', is_admin: true },
      { email: 'ops@example.com', name: 'Ops', is_admin: true },
      { email: 'analyst@example.com', name: 'Analyst', is_admin: false },
    ])
    .execute();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.db.deleteFrom('notifications').execute();
  await h.db.deleteFrom('connector_skip_windows').execute();
});

const report = (connector: string, posts: number, skipped: Record<string, number> = {}): ConnectorReport => ({
  connector,
  key: 'k',
  pages: 1,
  posts,
  skipped,
  ended: 'done',
});
const notes = () => h.db.selectFrom('notifications').innerJoin('users', 'users.id', 'notifications.user_id').select(['users.email', 'description']).execute();

describe('skip-rate watch', () => {
  it('tells every admin once, naming the network and the field, when a kind skips more than the threshold', async () => {
    // A small sample is not judged yet.
    expect(await watchSkipRates(h.db, [report('instagram.comments', 5, { missing_author: 5 })])).toEqual([]);
    const [alert] = await watchSkipRates(h.db, [report('instagram.comments', 5, { missing_author: 10 })]);
    expect(alert).toMatchObject({ connector: 'instagram.comments', network: 'Instagram', sample: 25 });
    expect(alert.reasons.missing_author).toBeCloseTo(0.6);
    const sent = await notes();
    expect(sent.map((n) => n.email).sort()).toEqual(['ops@example.com', 'root@example.com']);
    expect(sent[0].description).toBe(
      'Instagram answers have changed: of the last 25 instagram.comments items, 60% without a usable "username" (missing_author). The network may have renamed or dropped the field; see Admin › Collection.',
    );
    // Still broken on the next windows: nothing more.
    expect(await watchSkipRates(h.db, [report('instagram.comments', 0, { missing_author: SKIP_RATE_MIN_SAMPLE })])).toEqual([]);
    expect(await notes()).toHaveLength(2);
    // Recovered, then broken again: told again.
    expect(await watchSkipRates(h.db, [report('instagram.comments', 30)])).toEqual([]);
    expect(await watchSkipRates(h.db, [report('instagram.comments', 0, { missing_author: SKIP_RATE_MIN_SAMPLE })])).toHaveLength(1);
    expect(await notes()).toHaveLength(4);
  });

  it('does not count what is not a change of shape (items that are not public, rate limits), nor a rate under the threshold', async () => {
    expect(await watchSkipRates(h.db, [report('facebook.page', 10, { not_public: 30, rate_limited: 5 })])).toEqual([]);
    expect(await watchSkipRates(h.db, [report('youtube.channel', 90, { bad_date: 10 })])).toEqual([]);
    expect(await notes()).toEqual([]);
  });

  it('adds each run to its instance: collected, skipped by reason, last run, and keeps the last error', async () => {
    const t1 = new Date('2024-01-10T10:00:00Z');
    const t2 = new Date('2024-01-10T11:00:00Z');
    await recordRuns(h.db, [{ report: { ...report('x.search', 4, { missing_id: 1 }), ended: 'stopped', reason: 'unauthorized' }, projectId: null }], t1);
    await recordRuns(h.db, [{ report: report('x.search', 6, { missing_id: 2, empty_body: 1 }), projectId: null }], t2);
    const row = await h.db.selectFrom('connector_stats').selectAll().where('connector', '=', 'x.search').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      runs: 2,
      collected: 10,
      skipped: { missing_id: 3, empty_body: 1 },
      last_run_at: t2,
      last_ended: 'done',
      last_error: 'unauthorized',
    });
    expect(row.last_error_at).toEqual(t1);
  });

  it('notices through the job when a network renames a field: Facebook posts without `from`', async () => {
    const keys = keyring(parseTokenKey('34'.repeat(32)));
    const p = await seedProject(h.db, { name: 'Brand SA', streamIds: [8] });
    await linkBrandPage(h.db, p.projectId, 'ft', keys);
    invalidateRules(h.db);
    // The author now comes as `author`: every post fails its check.
    const posts = Array.from({ length: 3 }, () => fbPosts())
      .flat()
      .map((x, i) => {
        const { from, ...rest } = x;
        return { ...rest, id: `100_${i}`, author: from, comments: { data: [] } };
      });
    const fb = await startFacebookFake({ token: 'ft', posts });
    const cfg = { intervalMs: 0, xBearerToken: null, baseUrls: { graph: fb.url + FB_VERSION }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
    const lines: string[] = [];
    const log = { info() {}, warn: (_: unknown, m: string) => void lines.push(m) };
    const reports = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    await fb.close();
    expect(reports[0]).toMatchObject({ connector: 'facebook.page', posts: 0, skipped: { missing_author: 24 } });
    const sent = await notes();
    expect(sent).toHaveLength(2);
    expect(sent[0].description).toMatch(/^Facebook answers have changed: .*100% without a usable "from" \(missing_author\)/);
    expect(lines).toContain('connectors: Facebook skip rate over threshold, admins notified');
  });
});

describe('stop watch', () => {
  const said = 'graph_error_100: (#100) Tried accessing nonexisting field (permalink_url) on node type (Page)';
  const stopped = (key: string): ConnectorReport => ({
    ...report('facebook.page', 0),
    key,
    ended: 'stopped',
    reason: 'graph_error_100',
    detail: '(#100) Tried accessing nonexisting field (permalink_url) on node type (Page)',
  });
  const run = (r: ConnectorReport) => recordRuns(h.db, [{ report: r, projectId: null }]);
  const streak = async (key: string) =>
    (await h.db.selectFrom('connector_stats').select('stopped_runs').where('connector', '=', 'facebook.page').where('key', '=', key).executeTakeFirstOrThrow())
      .stopped_runs;

  it('tells every admin once when an instance stops on STOP_STREAK_THRESHOLD runs in a row, whatever the reason; again only after a clean run', async () => {
    expect(STOP_STREAK_THRESHOLD).toBe(3);
    const key = 'project:3:100';
    await run(stopped(key));
    await run(stopped(key));
    expect(await notes()).toEqual([]);
    await run(stopped(key));
    const sent = await notes();
    expect(sent.map((n) => n.email).sort()).toEqual(['ops@example.com', 'root@example.com']);
    expect(sent[0].description).toBe(
      `Facebook collection has stopped on 3 runs in a row: facebook.page ${key}. Facebook said: ${said}. See Admin › Collection.`,
    );

    // A 4th stop (and a failure, and a give-up) tells no one again.
    await run(stopped(key));
    await run({ ...stopped(key), ended: 'failed', reason: 'connector_error', detail: undefined });
    await run({ ...report('facebook.page', 0), key, ended: 'retries_exhausted', reason: 'http_5xx' });
    expect(await notes()).toHaveLength(2);
    expect(await streak(key)).toBe(6);

    // An interrupted run (a shutdown) neither ends the streak nor adds to it; a clean one ends it.
    await run({ ...report('facebook.page', 0), key, ended: 'aborted' });
    expect(await streak(key)).toBe(6);
    await run({ ...report('facebook.page', 3), key });
    expect(await streak(key)).toBe(0);
    await run(stopped(key));
    await run(stopped(key));
    expect(await notes()).toHaveLength(2);
    await run(stopped(key));
    expect(await notes()).toHaveLength(4);

    // 404s are counted as any other stop; the streak is each instance's own.
    const gone = { ...report('facebook.page', 0), key: 'project:3:200', ended: 'stopped' as const, reason: 'http_404', detail: 'Not Found' };
    await run(gone);
    await run({ ...report('facebook.page', 1), key: 'project:3:300' });
    await run(gone);
    await run(gone);
    expect((await notes()).filter((n) => n.description.includes('project:3:200')).map((n) => n.description)).toEqual([
      'Facebook collection has stopped on 3 runs in a row: facebook.page project:3:200. Facebook said: http_404: Not Found. See Admin › Collection.',
      'Facebook collection has stopped on 3 runs in a row: facebook.page project:3:200. Facebook said: http_404: Not Found. See Admin › Collection.',
    ]);
  });
});
