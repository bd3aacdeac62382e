// clips partitioned by month of posted_at (migration 0054): the key table that keeps a post stored
// once, the triggers that stand in for the foreign keys a partitioned table cannot be the target
// of, and a month moved out of the default partition. Runs on PGlite and on PostgreSQL (npm run
// test:pg).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.ts';
import { useFixtureApp, type Fixture } from '../test/analytic-fixture.ts';
import { binClipsMonths, binClipsPartitioned, makeBinClipsMonths, monthPartition, monthStart } from './index.ts';

describe('clips partitioned by month', () => {
  let t: TestContext;
  let fx: Fixture;
  useFixtureApp((app, fixture) => ([t, fx] = [app, fixture]));

  const count = async (table: string, from?: Date, to?: Date) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
        where ${from ? sql`posted_at >= ${from} and posted_at < ${to}` : sql`true`}`.execute(t.db)
    ).rows[0].n;
  const keysAgree = async () =>
    (
      await sql<{ clips: number; keys: number; matched: number }>`
        select (select count(*)::int from clips) as clips, (select count(*)::int from clip_keys) as keys,
               (select count(*)::int from clips c join clip_keys k
                   on k.stream_id = c.stream_id and k.external_id = c.external_id and k.clip_id = c.id and k.posted_at = c.posted_at) as matched`.execute(t.db)
    ).rows[0];

  it('is a partitioned table with this month and the next two made, and every clip has its key', async () => {
    expect(await binClipsPartitioned(t.db, 'clips')).toBe(true);
    const names = (await binClipsMonths(t.db, 'clips')).map((m) => m.name);
    for (const i of [0, 1, 2]) expect(names).toContain(monthPartition(monthStart(new Date(), i), 'clips'));
    expect(await makeBinClipsMonths(t.db, new Date(), 3, 'clips')).toEqual([]);
    const k = await keysAgree();
    expect(k.clips).toBeGreaterThan(0);
    expect(k).toEqual({ clips: k.clips, keys: k.clips, matched: k.clips });
  });

  it('moves a month out of the default partition when it is made, losing no post or key', async () => {
    const at = await t.db.selectFrom('clips').select('posted_at').where('id', '=', fx.clip.c1).executeTakeFirstOrThrow();
    const lo = monthStart(new Date(at.posted_at));
    const hi = monthStart(lo, 1);
    const name = monthPartition(lo, 'clips');
    const total = await count('clips');
    const inMonth = await count('clips', lo, hi);
    expect(inMonth).toBeGreaterThan(0);
    expect(await count('clips_default', lo, hi)).toBe(inMonth);
    expect(await makeBinClipsMonths(t.db, lo, 1, 'clips')).toEqual([name]);
    expect(await count(name)).toBe(inMonth);
    expect(await count('clips_default', lo, hi)).toBe(0);
    expect(await count('clips')).toBe(total);
    // Moving rows is not deleting posts: the keys and the enrichment stay.
    const k = await keysAgree();
    expect(k).toEqual({ clips: total, keys: total, matched: total });
    expect(await t.db.selectFrom('clip_enrichment').select('clip_id').where('clip_id', '=', fx.clip.c1).execute()).toHaveLength(1);
  });

  it('gives a clip written by anything but filing (a fixture, a bulk load) its key', async () => {
    const { id } = await t.db
      .insertInto('clips')
      .values({ stream_id: 1, external_id: 'direct-1', body: 'Written directly', posted_at: new Date('2026-03-04T05:06:07Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = await t.db.selectFrom('clip_keys').selectAll().where('stream_id', '=', 1).where('external_id', '=', 'direct-1').executeTakeFirstOrThrow();
    expect({ id: key.clip_id, at: new Date(key.posted_at).toISOString() }).toEqual({ id, at: '2026-03-04T05:06:07.000Z' });
  });

  it("a deleted post takes its key, word-bin matches, ratings, response marks and alerts along, and no other post's", async () => {
    const project = await t.db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', fx.projectId).executeTakeFirstOrThrow();
    const wb = await t.db
      .insertInto('word_bins')
      .values({
        client_id: project.client_id,
        project_id: project.id,
        description: 'Refs',
        start_date: new Date('2024-01-01'),
        stop_date: new Date('2030-01-01'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [gone, kept] = [fx.clip.c2, fx.clip.c3];
    for (const clip_id of [gone, kept]) {
      await t.db.insertInto('word_bin_clips').values({ word_bin_id: wb.id, clip_id }).execute();
      await t.db
        .insertInto('sentiment_labels')
        .values({ project_id: project.id, clip_id, favourability_id: 1 })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await t.db.insertInto('response_marks').values({ project_id: project.id, clip_id, status: 'answered' }).execute();
      await t.db.insertInto('response_alerts').values({ project_id: project.id, clip_id }).execute();
    }
    const refs = async (clipId: number) =>
      (
        await sql<{ n: number }>`select (select count(*) from word_bin_clips where clip_id = ${clipId})
          + (select count(*) from sentiment_labels where clip_id = ${clipId}) + (select count(*) from response_marks where clip_id = ${clipId})
          + (select count(*) from response_alerts where clip_id = ${clipId}) + (select count(*) from clip_keys where clip_id = ${clipId}) as n`.execute(t.db)
      ).rows[0].n;
    expect(Number(await refs(gone))).toBe(5);
    expect(Number(await refs(kept))).toBe(5);
    await t.db.deleteFrom('clips').where('id', '=', gone).execute();
    expect(Number(await refs(gone))).toBe(0);
    expect(Number(await refs(kept))).toBe(5);
    const k = await keysAgree();
    expect(k).toEqual({ clips: k.clips, keys: k.clips, matched: k.clips });
  });
});
