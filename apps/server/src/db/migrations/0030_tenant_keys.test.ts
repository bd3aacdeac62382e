// Migration 0030 on rows written before it: a manual post and its author shared by two projects
// become one per project, with everything that named them; blog items whose guid reads like a
// feed's new key are renamed; word bins without a board get one. Nothing else changes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../connection.ts';
import { seedProject, type SeededProject } from '../../ingest/testing.ts';
import { migratedTestDb } from '../../test/harness.ts';
import * as m0030 from './0030_tenant_keys.ts';

const HASH = 'a'.repeat(32);
const GHOST = 'b'.repeat(32);

let h: DbHandle;
let a: SeededProject;
let b: SeededProject;
let ids: Record<string, number>;

beforeAll(async () => {
  // On the schema before 0054, which moved the key 0030's statements name (clips' unique
  // (stream_id, external_id)) to clip_keys: 0030 ran on databases of that shape, never on later ones.
  h = await migratedTestDb('0053_bin_clips_engagement');
  a = await seedProject(h.db, { name: 'Acme' });
  b = await seedProject(h.db, { name: 'Karoo' });
  const db = h.db;
  const author = (external_id: string, name: string, followers: number) =>
    db
      .insertInto('authors')
      .values({ stream_id: 7, external_id, name, handle: name.slice(1), followers })
      .returning('id')
      .executeTakeFirstOrThrow();
  const clip = (external_id: string, stream_id: number, author_id: number | null, likes = 0) =>
    db
      .insertInto('clips')
      .values({ stream_id, external_id, author_id, body: `body of ${external_id}`, posted_at: new Date('2024-05-01T06:00:00Z'), likes })
      .returning('id')
      .executeTakeFirstOrThrow();
  // As the old code left them: Karoo's figures overwrote Acme's on the one author and clip.
  const shared = await author('manual:@trailrunner', '@trailrunner', 98_000);
  const ghost = await author('manual:@ghost', '@ghost', 1);
  const post = await clip(`manual:${HASH}`, 7, shared.id, 4_000);
  const orphan = await clip(`manual:${GHOST}`, 7, ghost.id);
  await db
    .insertInto('clip_enrichment')
    .values({ clip_id: post.id, classification_id: 3, sentiment_score: 0.5, hashtags: ['#trail'] })
    .execute();
  await db.insertInto('clip_locations').values({ clip_id: post.id, country_code: 'ZA', place: 'Cape Town' }).execute();
  for (const [p, bins] of [
    [a, [a.inputBinId, a.rootBinId]],
    [b, [b.inputBinId, b.rootBinId]],
  ] as const)
    for (const bin_id of bins)
      await db
        .insertInto('bin_clips')
        .values({ bin_id, project_id: p.projectId, clip_id: post.id, stream_id: 7, posted_at: new Date('2024-05-01T06:00:00Z'), author_id: shared.id })
        .execute();
  await db.insertInto('sentiment_labels').values({ project_id: b.projectId, clip_id: post.id, favourability_id: 1 }).execute();
  await db.insertInto('influencers').values({ project_id: a.projectId, author_id: shared.id, author_name: '@trailrunner', stream_id: 7 }).execute();
  const wordBin = (p: SeededProject, description: string) =>
    db
      .insertInto('word_bins')
      .values({ client_id: p.clientId, project_id: p.projectId, description, start_date: new Date('2024-01-01'), stop_date: new Date('2030-01-01') })
      .returning('id')
      .executeTakeFirstOrThrow();
  const bare = await wordBin(b, 'Trail talk');
  const boarded = await wordBin(a, 'Has a board');
  const board = await db.insertInto('workflows').values({ word_bin_id: boarded.id, description: 'Has a board' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('workflow_groups').values({ workflow_id: board.id, description: 'Inbox', is_default: true }).execute();
  await db.insertInto('word_bin_clips').values({ word_bin_id: bare.id, clip_id: post.id }).execute();
  // Blog items keyed by their guid alone; two read like a feed's new key.
  await clip('https://blog.example/?p=1', 13, null);
  await clip('https://victim.example/feed urn:1', 13, null);
  await clip('https://victim.example/feed urn:2', 13, null);
  await clip('legacy https://victim.example/feed urn:2', 13, null);
  ids = { shared: shared.id, ghost: ghost.id, post: post.id, orphan: orphan.id, bare: bare.id, boarded: boarded.id, board: board.id };

  await h.db.transaction().execute((trx) => m0030.up(trx));
});
afterAll(() => h?.close());

const clipOf = (external_id: string) =>
  h.db
    .selectFrom('clips')
    .leftJoin('authors', 'authors.id', 'clips.author_id')
    .select(['clips.id', 'clips.likes', 'clips.body', 'clips.author_id', 'authors.external_id as author', 'authors.name', 'authors.followers'])
    .where('clips.stream_id', '=', 7)
    .where('clips.external_id', '=', external_id)
    .executeTakeFirstOrThrow();

describe('migration 0030: rows keyed per tenant', () => {
  it("gives each project its own copy of a manual post and its author, with that project's rows", async () => {
    const [mine, theirs] = [await clipOf(`manual:${a.projectId}:${HASH}`), await clipOf(`manual:${b.projectId}:${HASH}`)];
    // The lower project keeps the row; the other's is a copy of it.
    expect(mine.id).toBe(ids.post);
    const same = { likes: 4_000, body: `body of manual:${HASH}`, name: '@trailrunner', followers: 98_000 };
    expect(mine).toMatchObject({ ...same, author: `manual:${a.projectId}:@trailrunner` });
    expect(theirs).toMatchObject({ ...same, author: `manual:${b.projectId}:@trailrunner` });
    expect(theirs.author_id).not.toBe(mine.author_id);
    expect(await h.db.selectFrom('clip_enrichment').select(['classification_id', 'hashtags']).where('clip_id', '=', theirs.id).execute()).toEqual([
      { classification_id: 3, hashtags: ['#trail'] },
    ]);
    expect(await h.db.selectFrom('clip_locations').select('place').where('clip_id', '=', theirs.id).execute()).toEqual([{ place: 'Cape Town' }]);

    const binRows = await h.db.selectFrom('bin_clips').select(['project_id', 'clip_id', 'author_id']).orderBy('project_id').orderBy('bin_id').execute();
    expect(binRows).toEqual([
      ...[1, 2].map(() => ({ project_id: a.projectId, clip_id: mine.id, author_id: mine.author_id })),
      ...[1, 2].map(() => ({ project_id: b.projectId, clip_id: theirs.id, author_id: theirs.author_id })),
    ]);
    expect(await h.db.selectFrom('sentiment_labels').select(['project_id', 'clip_id']).execute()).toEqual([{ project_id: b.projectId, clip_id: theirs.id }]);
    expect(await h.db.selectFrom('word_bin_clips').select('clip_id').where('word_bin_id', '=', ids.bare).execute()).toEqual([{ clip_id: theirs.id }]);
    expect(await h.db.selectFrom('influencers').select(['project_id', 'author_id']).execute()).toEqual([
      { project_id: a.projectId, author_id: mine.author_id },
    ]);
  });

  it('removes the shared author once nothing names it, and leaves a manual post no project holds as it was', async () => {
    expect(await h.db.selectFrom('authors').select('id').where('id', '=', ids.shared).execute()).toEqual([]);
    expect(await clipOf(`manual:${GHOST}`)).toMatchObject({ id: ids.orphan, author: 'manual:@ghost' });
    const manual = await sql<{ external_id: string }>`select external_id from clips where external_id like 'manual:%' order by 1`.execute(h.db);
    expect(manual.rows.map((r) => r.external_id).sort()).toEqual([`manual:${a.projectId}:${HASH}`, `manual:${b.projectId}:${HASH}`, `manual:${GHOST}`].sort());
  });

  it("renames the blog items whose guid reads like a feed's key, and no other", async () => {
    const blog = await h.db.selectFrom('clips').select('external_id').where('stream_id', '=', 13).orderBy('id').execute();
    expect(blog.map((r) => r.external_id)).toEqual([
      'https://blog.example/?p=1',
      'legacy https://victim.example/feed urn:1',
      'legacy legacy https://victim.example/feed urn:2',
      'legacy https://victim.example/feed urn:2',
    ]);
  });

  it("gives a word bin without a board its workflow and default group 'New', and leaves other boards alone", async () => {
    const boards = await h.db
      .selectFrom('workflows')
      .innerJoin('workflow_groups', 'workflow_groups.workflow_id', 'workflows.id')
      .select(['workflows.id', 'workflows.word_bin_id', 'workflows.description', 'workflow_groups.description as group', 'workflow_groups.is_default'])
      .orderBy('workflows.word_bin_id')
      .execute();
    expect(boards).toEqual([
      { id: expect.any(Number), word_bin_id: ids.bare, description: 'Trail talk', group: 'New', is_default: true },
      { id: ids.board, word_bin_id: ids.boarded, description: 'Has a board', group: 'Inbox', is_default: true },
    ]);
  });
});
