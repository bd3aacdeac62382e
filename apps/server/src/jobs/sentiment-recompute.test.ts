import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ratedExamples } from '../../scripts/sentiment-ratings.ts';
import { rebuildRollups } from '../ledger/index.ts';
import { modelVersion } from '../nlp/sentiment-model.ts';
import { explainSentiment, scoreSentiment } from '../nlp/sentiment.ts';
import { analyse } from '../nlp/text.ts';
import { analyticSuite, rateAsAnalyst } from '../test/analytic-fixture.ts';
import { migratedTestDb, type TestContext } from '../test/harness.ts';
import { queueRecompute, recomputeSentiment, RECOMPUTE_QUEUE } from './sentiment-recompute.ts';

/** Both rollups, in a stable order, to compare before and after a rebuild from bin_clips. */
async function rollups(t: TestContext) {
  const h = await sql<object>`select bin_id, stream_id, hour, clips, positive, neutral, negative, ave from bin_hourly order by 1, 2, 3`.execute(t.db);
  const s = await sql<object>`select bin_id, stream_id, hour, brand_association_id, positive, neutral, negative, ave
                                from bin_hourly_sentiment order by 1, 2, 3, 4`.execute(t.db);
  return { h: h.rows, s: s.rows };
}

describe('sentiment labels, explanations and the recompute job', () => {
  const ctx = analyticSuite(['analyst']);

  it('keeps a rating as a labelled example, the latest rating replacing the one before', async () => {
    const rate = (favourabilityId: number) => rateAsAnalyst(ctx, 'c2', favourabilityId);
    expect((await rate(1)).statusCode).toBe(200);
    expect((await rate(3)).statusCode).toBe(200);
    const labels = await ctx.t.db.selectFrom('sentiment_labels').selectAll().execute();
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ project_id: ctx.fx.projectId, clip_id: ctx.fx.clip.c2, favourability_id: 3 });
    expect(labels[0].rated_by).not.toBeNull();
    // What `npm run sentiment:train -- --with-ratings` trains on: the clip's text and its latest rating.
    const body = (await ctx.t.db.selectFrom('clips').select('body').where('id', '=', ctx.fx.clip.c2).executeTakeFirstOrThrow()).body;
    expect(await ratedExamples(ctx.t.db)).toEqual([{ text: body, label: 'negative', source: 'ratings' }]);
    // A refused rating (another client's project) keeps nothing.
    const other = ctx.t.projects['globex-retail'] ?? Object.values(ctx.t.projects).find((p) => p !== ctx.fx.projectId)!;
    const refused = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/clip/favourability/update',
      headers: ctx.as.analyst,
      payload: { binClipBaseIds: [ctx.fx.root.c1], favourabilityId: 2, projectId: other },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await ctx.t.db.selectFrom('sentiment_labels').select('id').execute()).toHaveLength(1);
  });

  it('says why each clip of the tray got its sentiment', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/clip/getall?projectId=${ctx.fx.projectId}&startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8`,
      headers: ctx.as.analyst,
    });
    expect(res.statusCode).toBe(200);
    const clips = res.json().Data as {
      Body: string;
      SentimentWhy: { Scorer: string; FavourabilityId: number; Reasons: { Feature: string; Weight: number }[] };
    }[];
    const great = clips.find((c) => c.Body.startsWith('Acme cola tastes great'))!;
    // This short post reads as French to the language detector, so the word lists decide it.
    expect(great.SentimentWhy).toEqual({
      Scorer: explainSentiment(great.Body).scorer,
      FavourabilityId: 1,
      Reasons: explainSentiment(great.Body).reasons.map((r) => ({ Feature: r.feature, Weight: r.weight })),
    });
    expect(great.SentimentWhy.Reasons.length).toBeGreaterThan(0);
    for (const c of clips) expect(c.SentimentWhy.Reasons.length).toBeLessThanOrEqual(5);
    // Strongest first.
    const w = great.SentimentWhy.Reasons.map((r) => Math.abs(r.Weight));
    expect(w).toEqual([...w].sort((a, b) => b - a));
    const byIds = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/clip/getall/ids?binId=${ctx.fx.rootBinId}&clipIds=${ctx.fx.clip.c1}`,
      headers: ctx.as.analyst,
    });
    expect(byIds.json()[0].SentimentWhy.Reasons.length).toBeGreaterThan(0);
  });

  it('recomputes stored clips in resumable batches, keeps the rollups exact and user ratings as rated', async () => {
    // Stored sentiment that the model would not give: every row Neutral except the rated c2.
    await ctx.t.db.updateTable('bin_clips').set({ favourability_id: 2 }).where('clip_id', '!=', ctx.fx.clip.c2).execute();
    await ctx.t.db.updateTable('clip_enrichment').set({ classification_id: 0, sentiment_score: 0 }).execute();
    await rebuildRollups(ctx.t.db);
    const clipCount = Number(
      (
        await ctx.t.db
          .selectFrom('clips')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    // One batch of two clips, then stopped: progress is kept, nothing is done twice.
    const first = await recomputeSentiment(ctx.t.db, { batch: 2, maxBatches: 1 });
    expect(first).toMatchObject({ version: modelVersion(), clipsDone: 2, finished: false });
    const rest = await recomputeSentiment(ctx.t.db, { batch: 2 });
    expect(rest.finished).toBe(true);
    expect(rest.clipsDone).toBe(clipCount);
    expect(rest.rowsChanged).toBeGreaterThan(0);

    // Every unrated row now holds the model's verdict; the rated clip keeps its rating (Negative).
    const rows = await ctx.t.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['bin_clips.clip_id', 'bin_clips.favourability_id', 'clips.body', 'clips.language'])
      .execute();
    for (const r of rows) {
      if (Number(r.clip_id) === ctx.fx.clip.c2) expect(r.favourability_id).toBe(3);
      else expect(r.favourability_id).toBe(scoreSentiment(analyse(r.body), r.body, r.language).favourabilityId);
    }
    const enriched = await ctx.t.db.selectFrom('clip_enrichment').select('classification_id').execute();
    expect(enriched.every((e) => e.classification_id !== 0)).toBe(true);

    // The rollups moved by exactly the difference: the same as rebuilt from bin_clips.
    const moved = await rollups(ctx.t);
    await rebuildRollups(ctx.t.db);
    expect(moved).toEqual(await rollups(ctx.t));

    // Done for this model: running again changes nothing and a second queueing adds no job.
    const again = await recomputeSentiment(ctx.t.db);
    expect(again).toMatchObject({ clipsDone: clipCount, finished: true });
    expect(await queueRecompute(ctx.t.db)).toMatchObject({ queued: false });
    expect(await ctx.t.db.selectFrom('jobs').select('id').where('queue', '=', RECOMPUTE_QUEUE).execute()).toHaveLength(0);
  });

  it('queues one recompute job per model version', async () => {
    await ctx.t.db.deleteFrom('sentiment_recompute').execute();
    expect(await queueRecompute(ctx.t.db)).toMatchObject({ queued: true, version: modelVersion() });
    expect(await queueRecompute(ctx.t.db)).toMatchObject({ queued: false });
    const jobs = await ctx.t.db.selectFrom('jobs').select(['key', 'state']).where('queue', '=', RECOMPUTE_QUEUE).execute();
    expect(jobs).toEqual([{ key: `model:${modelVersion()}`, state: 'queued' }]);
  });
});

describe('the recompute on a database with no clips', () => {
  it('records the model on disk as applied and queues nothing: the clips to come are scored by it', async () => {
    const h = await migratedTestDb();
    try {
      expect(await queueRecompute(h.db)).toEqual({ version: modelVersion(), queued: false });
      const row = await h.db.selectFrom('sentiment_recompute').selectAll().where('model_version', '=', modelVersion()).executeTakeFirstOrThrow();
      expect(row.finished_at).not.toBeNull();
      expect(await h.db.selectFrom('jobs').select('id').where('queue', '=', RECOMPUTE_QUEUE).execute()).toHaveLength(0);
    } finally {
      await h.close();
    }
  });
});
