// A small known set of clips for the tests of the analytic reads (the dashboard, the clip tray,
// the word cloud), inserted directly (not through the pipeline) into the demo project acme-brand, with the rollups built the way ingestion builds them.
// Client time zone Africa/Johannesburg (UTC+2). The range 2024-03-01..2024-03-02 holds c1, c2,
// c3 and c7 (streams 7 and 8); c4 is past midnight local time, c5 before the range, c6 on
// Instagram.
import type { Db } from '../db/connection.ts';
import { rebuildRollups as rebuildFromClips } from '../ledger/index.ts';

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
