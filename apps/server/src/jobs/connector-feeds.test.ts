// Tenancy of blog feeds: an item is keyed by its feed and its guid, so two feeds publishing the
// same guid are two posts and neither can overwrite the other's; a feed named only by projects'
// url rules is filed under those projects only, never matched into another tenant's bins by its
// keywords; a feed named by the configuration (BLOG_FEEDS) is public, matched against every
// project's rules, as before.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyring, parseTokenKey } from '../crypto/tokens.ts';
import type { DbHandle } from '../db/connection.ts';
import { articles, startBlogFake } from '../networks/blog/fake.ts';
import { fakeClock, TEST_OUTBOUND } from '../ingest/connectors/fakes/harness.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { seedProject, type SeededProject } from '../ingest/testing.ts';
import { migratedTestDb } from '../test/harness.ts';
import { buildConnectorSpecs, runConnectorTick, type ConnectorJobConfig } from './connectors.ts';

const log = { info() {}, warn() {} };
const BLOG = 13;

let h: DbHandle;
let acme: SeededProject;
let agency: SeededProject;
let karoo: SeededProject;
let stranger: SeededProject;
let acmeBlog: Awaited<ReturnType<typeof startBlogFake>>;
let karooBlog: Awaited<ReturnType<typeof startBlogFake>>;
let cfg: ConnectorJobConfig;

beforeAll(async () => {
  h = await migratedTestDb();
  acmeBlog = await startBlogFake();
  // Another blog publishing the very same guids, with its own words.
  karooBlog = await startBlogFake({ articles: articles().map((a) => ({ ...a, title: a.title.replace('Post', 'Trail'), html: '<p>Karoo trail notes</p>' })) });
  const project = (name: string, rules: { expression: string; kind?: string }[]) =>
    seedProject(h.db, { name, streamIds: [BLOG], rules: rules.map((r) => ({ bin: 'root' as const, ...r })) });
  // Acme and an agency both name Acme's feed; Karoo names its own; the stranger names no feed, but
  // its keywords match every item of both.
  acme = await project('Acme', [{ expression: 'launch' }, { kind: 'url', expression: `${acmeBlog.url}/feed` }]);
  agency = await project('Agency', [{ expression: 'launch' }, { kind: 'url', expression: `${acmeBlog.url}/feed` }]);
  karoo = await project('Karoo', [{ expression: 'trail' }, { kind: 'url', expression: `${karooBlog.url}/feed` }]);
  stranger = await project('Stranger', [{ expression: 'launch OR trail OR post' }]);
  invalidateRules(h.db);
  // The configuration names Acme's blog's Atom feed (the same guids again): public, for everyone.
  cfg = {
    intervalMs: 60_000,
    xBearerToken: null,
    baseUrls: {},
    blogFeeds: [`${acmeBlog.url}/atom`],
    tokenKeys: keyring(parseTokenKey('3c'.repeat(32))),
    outbound: TEST_OUTBOUND,
  };
});
afterAll(async () => {
  await Promise.all([acmeBlog?.close(), karooBlog?.close()]);
  await h?.close();
});

/** The blog clips filed under a project: [external id, body's first line]. */
const clipsIn = async (p: SeededProject) =>
  (
    await sql<{ external_id: string; body: string }>`
      select distinct c.external_id, c.body from bin_clips bc join clips c on c.id = bc.clip_id
       where bc.project_id = ${p.projectId} and c.stream_id = ${BLOG} order by 1`.execute(h.db)
  ).rows.map((r) => [r.external_id, r.body.split('\n')[0]]);

describe('blog feeds and tenancy', () => {
  it("reads a feed named by projects' url rules once, for those projects only; a configured feed for everyone", async () => {
    const { specs } = await buildConnectorSpecs(h.db, cfg);
    expect(specs.map((s) => (s.kind === 'blog.feed' ? [s.feedUrl, s.feedProjectIds ?? null] : s.kind))).toEqual([
      [`${acmeBlog.url}/atom`, null],
      [`${acmeBlog.url}/feed`, [acme.projectId, agency.projectId]],
      [`${karooBlog.url}/feed`, [karoo.projectId]],
    ]);
  });

  it("keys items by feed and guid, and files a project's feed under that project only", async () => {
    const reports = await runConnectorTick(h.db, cfg, { log, http: fakeClock() });
    expect(reports.map((r) => [r.key, r.ended, r.posts])).toEqual([
      [`${acmeBlog.url}/atom`, 'done', 5],
      [`${acmeBlog.url}/feed`, 'done', 5],
      [`${karooBlog.url}/feed`, 'done', 5],
    ]);
    const guids = articles().map((a) => a.id);
    const items = (feed: string, title: (n: number) => string) => guids.map((g, i) => [`${feed} ${g}`, title(5 - i)]);
    const acmeFeed = items(`${acmeBlog.url}/feed`, (n) => `Post ${n} & more`);
    const acmeAtom = items(`${acmeBlog.url}/atom`, (n) => `Post ${n} & more`);
    const karooFeed = items(`${karooBlog.url}/feed`, (n) => `Trail ${n} & more`);
    const sorted = (xs: string[][]) => [...xs].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    // Three feeds with the same five guids: fifteen posts, each with its own feed's words.
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from clips where stream_id = ${BLOG}`.execute(h.db)).rows[0].n)).toBe(15);
    expect(await clipsIn(acme)).toEqual(sorted([...acmeAtom, ...acmeFeed]));
    expect(await clipsIn(agency)).toEqual(sorted([...acmeAtom, ...acmeFeed]));
    expect(await clipsIn(karoo)).toEqual(sorted(karooFeed));
    // The stranger's keywords match every item, but only the configured feed's reach it.
    expect(await clipsIn(stranger)).toEqual(sorted(acmeAtom));
  });
});
