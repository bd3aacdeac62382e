// Tenancy of the connector job: posts read with a project's own profile token are filed under
// that project only, never matched against other tenants' rules; and outbound addresses are
// public only unless the config says otherwise.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { Db } from '../db/connection.ts';
import { FB_VERSION, fbComments, fbPosts, startFacebookFake } from '../networks/facebook/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import type { FakeServer } from '../ingest/connectors/fakes/server.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { loadConfig } from '../config.ts';
import { linkBrandPage } from '../test/facebook-page.ts';
import { useMigratedDb } from '../test/harness.ts';
import { buildConnectorSpecs, runConnectorTick, type ConnectorJobConfig } from './connectors.ts';

const keys = keyring(parseTokenKey('ef'.repeat(32)));
const log = { info() {}, warn() {} };

let db: Db;
let owner: SeededProject;
let colinked: SeededProject;
let stranger: SeededProject;
let fb: FakeServer;
let cfg: ConnectorJobConfig;

useMigratedDb((d) => (db = d));
beforeAll(async () => {
  // Three clients. The owner links page 100 with its token; a second client links the same page
  // with its own token; a third only has a rule that every page post would satisfy.
  owner = await seedProject(db, {
    name: 'Brand SA',
    rules: [
      { bin: 'root', expression: 'nothing-here' },
      { bin: 'sort', expression: 'page' },
    ],
  });
  colinked = await seedProject(db, { name: 'Agency', rules: [{ bin: 'root', expression: 'nothing-either' }] });
  stranger = await seedProject(db, { name: 'Competitor', rules: [{ bin: 'root', expression: 'page OR post OR comment' }] });
  for (const p of [owner, colinked]) await linkBrandPage(db, p.projectId, 'ft', keys);
  invalidateRules(db);
  const posts = fbPosts();
  // What only the page's admins see: an unpublished post and one shared with no one.
  posts.push({ ...posts[0], id: '100_9', message: 'page post draft', is_published: false });
  posts.push({ ...posts[0], id: '100_10', message: 'page post hidden', privacy: { value: 'SELF', description: 'Only me' } });
  fb = await startFacebookFake({ token: 'ft', posts });
  cfg = { intervalMs: 60_000, xBearerToken: null, baseUrls: { graph: fb.url + FB_VERSION }, blogFeeds: [], tokenKeys: keys, outbound: TEST_OUTBOUND };
});
afterAll(() => fb?.close());

const clipsIn = async (p: SeededProject) =>
  (
    await sql<{
      external_id: string;
    }>`select distinct c.external_id from bin_clips bc join clips c on c.id = bc.clip_id where bc.project_id = ${p.projectId} order by 1`.execute(db)
  ).rows.map((r) => r.external_id);

describe('connector job tenancy', () => {
  it('reads the outbound settings from the environment, refusing private addresses by default', () => {
    expect(loadConfig({})).toMatchObject({ outboundAllowPrivate: false, outboundAllowHosts: [], connectorMaxBodyBytes: 10 * 1024 * 1024 });
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '1', OUTBOUND_ALLOW_HOSTS: 'feeds.internal, 10.0.0.5', CONNECTOR_MAX_BODY_BYTES: '1000' })).toMatchObject({
      outboundAllowPrivate: true,
      outboundAllowHosts: ['feeds.internal', '10.0.0.5'],
      connectorMaxBodyBytes: 1000,
    });
  });

  it('refuses the fakes on 127.0.0.1 when the config does not allow private addresses (the production default)', async () => {
    const { outbound: _, ...production } = cfg;
    const reports = await runConnectorTick(db, production, { log, http: fakeClock() });
    expect(reports.map((r) => [r.connector, r.ended, r.reason])).toEqual([
      ['facebook.page', 'stopped', 'blocked_address'],
      ['facebook.page', 'stopped', 'blocked_address'],
    ]);
    expect(fb.requests).toHaveLength(0);
  });

  it("runs one connector per linking project with that project's token, and files its posts under that project only", async () => {
    const { specs } = await buildConnectorSpecs(db, cfg);
    expect(specs.map((s) => [s.kind, s.ownerProjectId])).toEqual([
      ['facebook.page', owner.projectId],
      ['facebook.page', colinked.projectId],
    ]);
    const reports = await runConnectorTick(db, cfg, { log, http: fakeClock() });
    expect(reports.slice(0, 2).map((r) => [r.connector, r.key, r.ended])).toEqual([
      ['facebook.page', `project:${owner.projectId}:100`, 'done'],
      ['facebook.page', `project:${colinked.projectId}:100`, 'done'],
    ]);
    // Then the comments of each stored post, read by each linking project with its own token.
    const published = fbPosts().map((p) => String(p.id));
    expect(reports.slice(2).map((r) => [r.connector, r.key, r.ended])).toEqual(
      [owner, colinked].flatMap((p) => published.map((id) => ['facebook.comments', `project:${p.projectId}:${id}`, 'done'])),
    );
    // Each linking project: the page's posts, the comments inline with them and the threads read
    // after them (comments on the page's posts are addressed to it: Earned, in the root bin).
    const all = [...published, ...published.map((id) => `${id}_c1`), ...fbComments().map((c) => String(c.id))].sort();
    expect(await clipsIn(owner)).toEqual(all);
    expect(await clipsIn(colinked)).toEqual(all);
    // The competitor's rule matches every one of them, but it never sees them.
    expect(await clipsIn(stranger)).toEqual([]);
    // Items only the page's admins can see are not stored at all, and are counted.
    expect(await db.selectFrom('clips').select('external_id').where('external_id', 'in', ['100_9', '100_10']).execute()).toEqual([]);
    const rejections = await db.selectFrom('ingest_rejections').select(['reason', 'count']).where('reason', '=', 'facebook.page:not_public').execute();
    expect(rejections).toEqual([{ reason: 'facebook.page:not_public', count: 8 }]); // two posts and their inline comments, read by two connectors
  });

  it("never reads with a token copied from another tenant's profile row: it does not decrypt there", async () => {
    const source = await db.selectFrom('profiles').select('access_token_enc').where('project_id', '=', owner.projectId).executeTakeFirstOrThrow();
    const copy = await db
      .insertInto('profiles')
      .values({
        project_id: stranger.projectId,
        stream_id: 8,
        external_id: '100',
        name: 'Brand SA',
        handle: 'brandsa',
        access_token_enc: source.access_token_enc,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { specs, problems } = await buildConnectorSpecs(db, cfg);
    expect(specs.map((s) => s.ownerProjectId)).toEqual([owner.projectId, colinked.projectId]);
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^profile ${copy.id}: token cannot be decrypted \\(.*does not decrypt`))]);
    await db.deleteFrom('profiles').where('id', '=', copy.id).execute();
  });

  it('does not read with a token the network refused until it is working again', async () => {
    const prof = await db.selectFrom('profiles').select('id').where('project_id', '=', owner.projectId).executeTakeFirstOrThrow();
    await db.updateTable('profiles').set({ token_valid: false }).where('id', '=', prof.id).execute();
    const refused = await buildConnectorSpecs(db, cfg);
    expect(refused.specs.map((s) => s.ownerProjectId)).toEqual([colinked.projectId]);
    expect(refused.problems).toEqual([`profile ${prof.id}: its access token is invalid; re-grant it`]);
    await db.updateTable('profiles').set({ token_valid: true }).where('id', '=', prof.id).execute();
    const working = await buildConnectorSpecs(db, cfg);
    expect(working.specs.map((s) => s.ownerProjectId)).toEqual([owner.projectId, colinked.projectId]);
  });
});
