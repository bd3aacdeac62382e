// A small known set of clips for the tests of the analytic reads (the dashboard, the clip tray,
// the word cloud), inserted directly (not through the pipeline) into the demo project acme-brand, with the rollups built the way ingestion builds them.
// Client time zone Africa/Johannesburg (UTC+2). The range 2024-03-01..2024-03-02 holds c1, c2,
// c3 and c7 (streams 7 and 8); c4 is past midnight local time, c5 before the range, c6 on
// Instagram.
import { afterAll, beforeAll } from 'vitest';
import { resolveScope, type Scope } from '../analytics/scope.ts';
import type { Db } from '../db/connection.ts';
import { rebuildRollups as rebuildFromClips } from '../ledger/index.ts';
import { readFigures, type ReportFigures } from '../reports/figures.ts';
import { createTestApp, demoSuite, type Auth, type DemoSuite, type TestContext } from './harness.ts';

export const LONG_BODY = `Long review of the cola ${'x'.repeat(40_000)}`;

export interface Fixture {
  projectId: number;
  rootBinId: number;
  productBinId: number;
  authors: Record<'alice' | 'bob' | 'carol' | 'dave', number>;
  /** Root-bin bin_clips ids (binClipBaseIds) by clip name. */
  root: Record<string, number>;
  /** clips.id by clip name. */
  clip: Record<string, number>;
}

/** The rollups as ingestion keeps them (bin_hourly and bin_hourly_sentiment), rebuilt from bin_clips. */
export async function rebuildRollups(db: Db): Promise<void> {
  await rebuildFromClips(db);
}

export async function insertFixture(db: Db, projectId: number): Promise<Fixture> {
  const project = await db.selectFrom('projects').select(['bin_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const rootBinId = project.bin_id!;
  const productBin = await db
    .selectFrom('bins')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', 'Product mentions')
    .executeTakeFirstOrThrow();
  const author = async (stream_id: number, name: string, followers: number) =>
    Number(
      (
        await db
          .insertInto('authors')
          .values({ stream_id, external_id: `fx-${name}`, name, handle: name.toLowerCase(), followers })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const authors = {
    alice: await author(7, 'Alice', 5000),
    bob: await author(7, 'Bob', 100),
    carol: await author(8, 'Carol', 20_000),
    dave: await author(7, 'Dave', 1_000_000),
  };

  const clips: Record<
    string,
    {
      stream: number;
      author: number;
      at: string;
      body: string;
      fav: number;
      ba: number;
      ave: number;
      impact: number;
      terms: string[];
      hashtags?: string[];
      handles?: string[];
      people?: string[];
      organisations?: string[];
      inProduct?: boolean;
    }
  > = {
    c1: {
      stream: 7,
      author: authors.alice,
      at: '2024-03-01T08:30:00Z',
      body: 'Acme cola tastes great #acme @acmecola',
      fav: 1,
      ba: 2,
      ave: 10.5,
      impact: 50,
      terms: ['acme', 'cola', 'tastes', 'great'],
      hashtags: ['acme'],
      handles: ['acmecola'],
      inProduct: true,
    },
    c2: {
      stream: 7,
      author: authors.bob,
      at: '2024-03-01T08:45:00Z',
      body: LONG_BODY,
      fav: 2,
      ba: 3,
      ave: 2.25,
      impact: 10,
      terms: ['acme', 'cola', 'tastes', 'great'],
      hashtags: ['#acme'],
    },
    c3: {
      stream: 8,
      author: authors.carol,
      at: '2024-03-02T20:10:00Z',
      body: 'Price of acme is too high',
      fav: 3,
      ba: 1,
      ave: 100,
      impact: 90,
      terms: ['acme', 'price', 'high'],
      people: ['Thandi'],
      organisations: ['Acme'],
      inProduct: true,
    },
    c4: {
      stream: 8,
      author: authors.carol,
      at: '2024-03-02T22:30:00Z',
      body: 'A late post about acme',
      fav: 2,
      ba: 3,
      ave: 7,
      impact: 99,
      terms: ['acme', 'late'],
    },
    c5: {
      stream: 7,
      author: authors.dave,
      at: '2024-02-20T10:00:00Z',
      body: 'Earlier acme news',
      fav: 1,
      ba: 2,
      ave: 50,
      impact: 100,
      terms: ['acme', 'news'],
    },
    c6: { stream: 9, author: authors.alice, at: '2024-03-01T12:00:00Z', body: 'Insta acme', fav: 1, ba: 2, ave: 1, impact: 95, terms: ['acme', 'insta'] },
    c7: {
      stream: 7,
      author: authors.bob,
      at: '2024-03-02T06:00:00Z',
      body: 'Acme cola tastes GREAT!! #acme https://t.co/x',
      fav: 2,
      ba: 3,
      ave: 0.25,
      impact: 5,
      terms: ['acme', 'cola', 'tastes', 'great'],
      hashtags: ['acme'],
    },
  };
  const root: Record<string, number> = {};
  const clip: Record<string, number> = {};
  for (const [name, c] of Object.entries(clips)) {
    const id = Number(
      (
        await db
          .insertInto('clips')
          .values({ stream_id: c.stream, external_id: `fx-${name}`, author_id: c.author, body: c.body, posted_at: c.at, link: `https://example.test/${name}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    clip[name] = id;
    await db
      .insertInto('clip_enrichment')
      .values({
        clip_id: id,
        terms: c.terms,
        hashtags: c.hashtags ?? [],
        handles: c.handles ?? [],
        people: c.people ?? [],
        organisations: c.organisations ?? [],
      })
      .execute();
    for (const binId of c.inProduct ? [rootBinId, productBin.id] : [rootBinId]) {
      const row = await db
        .insertInto('bin_clips')
        .values({
          bin_id: binId,
          project_id: projectId,
          clip_id: id,
          stream_id: c.stream,
          posted_at: c.at,
          author_id: c.author,
          classification_id: 0,
          favourability_id: c.fav,
          brand_association_id: c.ba,
          ave: c.ave,
          impact_score: c.impact,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (binId === rootBinId) root[name] = Number(row.id);
    }
  }
  await rebuildRollups(db);
  return { projectId, rootBinId, productBinId: productBin.id, authors, root, clip };
}

/** The fixture's range and streams, as a query string. */
export const RANGE = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';

export type { Auth };

export interface AnalyticSuite<U extends string> extends DemoSuite<U> {
  /** The fixture, inserted into acme-brand. */
  fx: Fixture;
}

/**
 * For a describe block: the demo app with the fixture inserted into acme-brand and the named demo
 * users signed in, ready in a beforeAll (a later beforeAll of the block can add to it) and closed
 * in an afterAll. Its fields are there once the block's tests run.
 */
export function analyticSuite<U extends string>(users: readonly U[]): AnalyticSuite<U> {
  const suite = demoSuite(users) as AnalyticSuite<U>;
  beforeAll(async () => {
    suite.fx = await insertFixture(suite.t.db, suite.t.projects['acme-brand']);
  });
  return suite;
}

/** Rates one of the fixture's root-bin clips (`c1`, ...) as the analyst does in the clip tray. */
export function rateAsAnalyst(suite: AnalyticSuite<'analyst'>, clip: string, favourabilityId: number) {
  return suite.t.app.inject({
    method: 'PUT',
    url: '/api/clip/favourability/update',
    headers: suite.as.analyst,
    payload: { binClipBaseIds: [suite.fx.root[clip]], favourabilityId, projectId: suite.fx.projectId },
  });
}

/**
 * For a test file or a describe block: the demo app with the fixture inserted into acme-brand,
 * made in a beforeAll and handed to `use`, closed in an afterAll.
 */
export function useFixtureApp(use: (t: TestContext, fx: Fixture) => void): void {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use(t, await insertFixture(t.db, t.projects['acme-brand']));
  });
  afterAll(() => t?.close());
}

/**
 * A post stored directly, as ingestion stores one: its clips row and its row in `binId` (chatter,
 * no classification, AVE and impact 1; neutral unless told). The bin_clips id.
 */
export async function insertBinPost(
  db: Db,
  p: { binId: number; projectId: number; streamId: number; externalId: string; authorId: number; body: string; at: string; favourabilityId?: number },
): Promise<number> {
  const clip = await db
    .insertInto('clips')
    .values({ stream_id: p.streamId, external_id: p.externalId, author_id: p.authorId, body: p.body, posted_at: p.at, link: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('bin_clips')
    .values({
      bin_id: p.binId,
      project_id: p.projectId,
      clip_id: clip.id,
      stream_id: p.streamId,
      posted_at: p.at,
      author_id: p.authorId,
      classification_id: 0,
      favourability_id: p.favourabilityId ?? 2,
      brand_association_id: 3,
      ave: 1,
      impact_score: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The fixture's range and streams (RANGE) as an administrator's resolved scope of the project. */
export function fixtureScope(db: Db, projectId: number): Promise<Scope> {
  const admin = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };
  return resolveScope(db, admin, { projectId, startDate: new Date('2024-03-01'), endDate: new Date('2024-03-02'), streamIds: [7, 8] });
}

/**
 * What a stats report ('Deck') of an Acme Beverages project reads over streams 7, 8 and 9 from
 * `from` to `to` (in Johannesburg): the figures its PDF and workbook show.
 */
export async function deckFigures(db: Db, projectId: number, from: string, to: string): Promise<ReportFigures> {
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  return readFigures(db, {
    reportName: 'Deck',
    kind: 'stats',
    project,
    clientName: 'Acme Beverages',
    timeZone: 'Africa/Johannesburg',
    streams: [7, 8, 9],
    binIds: [],
    from: new Date(from),
    to: new Date(to),
  });
}
