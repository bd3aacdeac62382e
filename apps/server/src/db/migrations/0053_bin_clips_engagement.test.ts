// Migration 0053 on rows written before it: each bin row gets its clip's likes + comments + shares,
// a clip without engagement stays 0, and the impact index carries the columns top posts ranks by.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../connection.ts';
import { seedProject } from '../../ingest/testing.ts';
import { migratedTestDb } from '../../test/harness.ts';
import * as m0053 from './0053_bin_clips_engagement.ts';

describe('migration 0053', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
  });
  afterAll(() => h?.close());

  it('fills each bin row with its clip’s engagement and rebuilds the impact index with it', async () => {
    const p = await seedProject(h.db, { name: 'Acme' });
    const at = new Date('2024-05-01T06:00:00Z');
    const clip = (external_id: string, likes: number, comments: number, shares: number) =>
      h.db
        .insertInto('clips')
        .values({ stream_id: 7, external_id, body: external_id, posted_at: at, likes, comments, shares })
        .returning('id')
        .executeTakeFirstOrThrow();
    const engaged = await clip('engaged', 5, 2, 1);
    const quiet = await clip('quiet', 0, 0, 0);
    // As before the migration: the rows have no engagement of their own.
    await m0053.down(h.db);
    for (const c of [engaged, quiet])
      for (const bin_id of [p.rootBinId, p.inputBinId])
        await h.db.insertInto('bin_clips').values({ bin_id, project_id: p.projectId, clip_id: c.id, stream_id: 7, posted_at: at }).execute();

    await m0053.up(h.db);
    const rows = await h.db.selectFrom('bin_clips').select(['clip_id', 'engagement']).orderBy('clip_id').orderBy('bin_id').execute();
    expect(rows.map((r) => [Number(r.clip_id), Number(r.engagement)])).toEqual([
      [Number(engaged.id), 8],
      [Number(engaged.id), 8],
      [Number(quiet.id), 0],
      [Number(quiet.id), 0],
    ]);
    const { rows: index } = await sql<{ def: string }>`select pg_get_indexdef('bin_clips_bin_impact'::regclass) as def`.execute(h.db);
    expect(index[0].def).toMatch(/INCLUDE \(stream_id, posted_at, author_id, engagement, ave\) WHERE \(NOT rejected\)/);
  });
});
